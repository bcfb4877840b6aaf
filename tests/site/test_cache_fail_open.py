"""With the cache's Redis unreachable, the site works unthrottled: a login,
a page and a rate-limited API move all succeed (``alta_site.cache``).

The cache points at a loopback port nothing listens on (refused at once),
as a stopped Redis is.  tests/faults/test_redis_down.py stops a real one.
"""

from __future__ import annotations

import collections
import socket
from types import SimpleNamespace

import pytest
from django.core import mail
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCacheClient
from django.test import Client, override_settings
from django.utils import timezone
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from alta_site.accounts.tokens import ApiToken
from alta_site.cache import SKIP_SECONDS, FailOpenRedisCache
from games.engine import get_rules
from games.models import Match, MoveRecord
from games.services import match_create, match_create_seated
from mail.services import inbound_email_process

from ..conftest import PASSWORD
from ..mail.test_inbound_service import latest_reply_to, reply


def _dead_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # closed again: connections are refused


@pytest.fixture
def redis_away():
    dead = {
        "default": {
            "BACKEND": "alta_site.cache.FailOpenRedisCache",
            "LOCATION": f"redis://127.0.0.1:{_dead_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    with override_settings(CACHES=dead):
        yield
    FailOpenRedisCache._skip_until = float("-inf")  # the next test's Redis is not this one


def test_every_cache_operation_answers_as_an_empty_cache(redis_away):
    assert cache.get("k", "default") == "default"
    cache.set("k", 1)
    assert cache.add("k", 1) is True  # a lock taken with add is granted
    assert cache.get_or_set("k", 2) == 2
    assert cache.get_many(["k"]) == {}
    assert cache.has_key("k") is False
    assert cache.incr("k") == 1
    assert cache.delete("k") is False
    cache.delete_many(["k"])
    assert cache.touch("k") is False
    cache.clear()


@pytest.mark.django_db
def test_login_and_pages_work_with_the_cache_away(redis_away, alice):
    client = Client()
    answer = client.post("/accounts/login/", {"login": alice.email, "password": PASSWORD})
    assert answer.status_code == 302, answer.content[:500]
    assert client.get("/profile/").status_code == 200
    assert client.get("/").status_code == 200


@pytest.mark.django_db
def test_a_join_a_sign_up_and_an_emailed_move_work_with_the_cache_away(
    redis_away, alice, bob, django_capture_on_commit_callbacks
):
    """Each is answered as done, stored once and mailed once (the emailed
    move's whole-turn options are cached per position: computed instead)."""
    match = match_create(creator=alice, game="alta", players=2, now=timezone.now())
    client = Client()
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        joined = client.post(f"/games/{match.pk}/join/")
    assert joined.status_code == 302 and joined.url == f"/games/{match.pk}/"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    rules = get_rules(match.game)
    state = rules.load(match.state)
    seat = match.seats.get(index=min(rules.to_move(state)))
    address = latest_reply_to(seat.user.email)
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(
            raw=reply(address, rules.move_options(state, seat.index)[0][0], sender=seat.user.email),
            source="test",
            now=timezone.now(),
        )
    assert record.outcome == "accepted" and MoveRecord.objects.filter(match=match).count() == 1
    client.logout()
    password = "correct horse battery staple"
    data = {"email": "erin@example.com", "display_name": "Erin", "password1": password, "password2": password}
    with django_capture_on_commit_callbacks(execute=True):
        signed_up = client.post("/accounts/signup/", data)
    assert signed_up.status_code == 302 and signed_up.url == "/accounts/confirm-email/"
    subjects = collections.Counter(m.subject for m in mail.outbox)
    assert subjects[f"Alta #{match.pk}: the game has started"] == 2
    assert subjects["[Alta] Please Confirm Your Email Address"] == 1
    assert sum(1 for m in mail.outbox if "was played" in m.subject) == 1


def _two_moves(alice, bob) -> list[int]:
    """The answers to the first two API moves of a game under a 1/min write
    limit (both by the start player: an Alta turn is several moves)."""
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    rules = get_rules(match.game)
    codes = []
    for ply in (0, 1):
        match.refresh_from_db()
        state = rules.load(match.state)
        seat = match.seats.get(index=min(rules.to_move(state)))
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.issue(user=seat.user, name='t')[1]}")
        option = rules.move_options(state, seat.index)[0][0]
        codes.append(api.post(f"/api/games/{match.pk}/moves/", {"ply": ply, "move": option}, format="json").status_code)
    return codes


@pytest.fixture
def one_write_a_minute(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "1/min"})


@pytest.mark.django_db
def test_the_write_limit_holds_with_the_cache_up(one_write_a_minute, alice, bob):
    assert _two_moves(alice, bob) == [201, 429]


@pytest.mark.django_db
def test_a_throttled_api_move_is_played_with_the_cache_away(redis_away, one_write_a_minute, alice, bob):
    # The limit cannot be counted, so it is not applied.
    assert _two_moves(alice, bob) == [201, 201]
    assert MoveRecord.objects.filter(kind="move").count() == 2


@pytest.mark.django_db
def test_the_limit_logs_its_cache_failure_once_not_per_request(
    redis_away, one_write_a_minute, alice, bob, monkeypatch, caplog
):
    from core.throttling import WriteRateThrottle

    monkeypatch.setattr(WriteRateThrottle, "_warned_at", float("-inf"))
    with caplog.at_level("WARNING", logger="core.throttling"):
        assert _two_moves(alice, bob) == [201, 201]
    warnings = [r for r in caplog.records if r.name == "core.throttling"]
    assert len(warnings) == 1 and warnings[0].exc_info, caplog.text


class _HungRedis:
    """A cache client whose every command times out (a Redis that hangs),
    counting the commands that reached it."""

    def __init__(self):
        self.calls = 0

    def __getattr__(self, name):
        def command(*args, **kwargs):
            self.calls += 1
            raise RedisTimeoutError("Timeout reading from socket")

        return command


def test_a_hung_redis_is_skipped_for_a_while_then_tried_again(monkeypatch):
    """One timeout, not one per cache call: a login's score of calls would
    otherwise wait a second each."""
    clock = [1000.0]
    monkeypatch.setattr("alta_site.cache.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(FailOpenRedisCache, "_skip_until", float("-inf"))
    hung = _HungRedis()
    cache_ = FailOpenRedisCache("redis://127.0.0.1:6379/0", {})
    cache_.__dict__["_cache"] = hung
    for _ in range(20):
        assert cache_.get("k", "miss") == "miss"
        cache_.set("k", 1)
        assert cache_.add("k", 1) is True
    assert hung.calls == 1
    clock[0] += SKIP_SECONDS + 1
    assert cache_.get("k", "miss") == "miss" and cache_.get("k") is None
    assert hung.calls == 2


class _HungRedisCacheClient(RedisCacheClient):
    """Django's Redis cache client around a Redis that hangs: the write
    limit's script times out (registering it is local, as in redis-py)."""

    def __init__(self, hung: _HungRedis):
        self.client = type("Client", (), {"register_script": lambda client, text: hung.evalsha})()

    def get_client(self, key=None, *, write=False):
        return self.client


def test_the_write_limit_skips_a_hung_redis_with_the_cache_and_lets_requests_through(monkeypatch):
    """The write limit's script goes through the cache's breaker: one
    timeout, then the requests of the next SKIP_SECONDS pass at once."""
    from core.throttling import WriteRateThrottle, form_write_allowed

    clock = [1000.0]
    monkeypatch.setattr("alta_site.cache.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(FailOpenRedisCache, "_skip_until", float("-inf"))
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "1/min"})
    hung = _HungRedis()
    site_cache = {"default": {"BACKEND": "alta_site.cache.FailOpenRedisCache", "LOCATION": "redis://127.0.0.1:6379/0"}}
    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=7))
    with override_settings(CACHES=site_cache):
        caches["default"].__dict__["_cache"] = _HungRedisCacheClient(hung)
        assert all(form_write_allowed(request) for _ in range(20))  # the limit fails open...
        assert hung.calls == 1  # ...after one timeout, not twenty
        clock[0] += SKIP_SECONDS + 1
        assert form_write_allowed(request) and hung.calls == 2  # Redis is tried again
        assert cache.get("k", "miss") == "miss" and hung.calls == 2  # the cache skips it too now
    assert WriteRateThrottle._warned_at > float("-inf")  # logged (once a WARN_EVERY), not silent
