"""The per-user write limit: counted in one cache round trip, refusing with
429 and a Retry-After beyond the rate, and letting writes through when the
cache fails."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.throttling import ScopedRateThrottle

from core import throttling

from .test_games_api import client_for

pytestmark = pytest.mark.django_db

CREATE = {"game": "alta", "players": 2}


@pytest.fixture
def two_per_minute(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "2/min"})
    cache.clear()


def creations(user, count: int):
    client = client_for(user)
    return [client.post("/api/games/", CREATE, format="json") for _ in range(count)]


def test_writes_beyond_the_rate_are_refused_with_a_retry_after(alice, two_per_minute):
    answers = creations(alice, 3)
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert 0 < int(answers[2]["Retry-After"]) <= 60


def test_each_user_has_a_limit_of_their_own(alice, bob, two_per_minute):
    assert [a.status_code for a in creations(alice, 3)] == [201, 201, 429]
    assert [a.status_code for a in creations(bob, 1)] == [201]


def test_a_failing_cache_lets_writes_through(alice, two_per_minute, monkeypatch):
    def down(key, seconds):
        raise ConnectionError("cache down")

    monkeypatch.setattr(throttling, "window_hit", down)
    assert [a.status_code for a in creations(alice, 4)] == [201] * 4


def _redis_url() -> str | None:
    """The suite's Redis cache (CI's ``CACHE_URL``), else ``TEST_REDIS_URL``
    (db 10 of a local Redis); tests/parallel.py gives each xdist worker its own db."""
    from django.conf import settings

    try:
        import redis

        url = settings.CACHE_URL
        if not url.startswith(("redis://", "rediss://")):
            url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/10")
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
        return url
    except Exception:
        return None


@pytest.mark.skipif(_redis_url() is None, reason="needs a Redis server")
def test_on_redis_one_script_counts_the_window():
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": _redis_url()}}
    ):
        cache.delete("throttle-test")
        assert throttling.window_hit("throttle-test", 60)[0] == 1
        count, left = throttling.window_hit("throttle-test", 60)
        assert (count, 0 < left <= 60) == (2, True)
        assert cache.get("throttle-test") == 2  # the same key Django's cache reads
        cache.delete("throttle-test")


@pytest.mark.skipif(_redis_url() is None, reason="needs a Redis server")
def test_the_site_cache_reuses_one_redis_client_and_counts_on_it():
    with override_settings(CACHES={"default": {"BACKEND": "core.cache.RedisCache", "LOCATION": _redis_url()}}):
        backend = cache._cache  # type: ignore[attr-defined]
        assert backend.get_client(write=True) is backend.get_client("any", write=True)
        cache.delete("throttle-test")
        assert [throttling.window_hit("throttle-test", 60)[0] for _ in range(3)] == [1, 2, 3]
        cache.set("other", {"a": 1})
        assert cache.get("other") == {"a": 1}
        cache.delete_many(["throttle-test", "other"])


def test_the_counter_does_not_share_drf_s_key(alice, two_per_minute):
    # A worker still on DRF's throttle (a deploy under way) reads its own key.
    creations(alice, 1)
    assert cache.get(f"throttle_game_write_{alice.pk}") is None
    assert cache.get(f"throttle-count_game_write_{alice.pk}") == 1


def test_a_dutch_player_is_told_in_dutch_how_long_to_wait(alice, two_per_minute):
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    refused = creations(alice, 3)[2].json()
    assert refused["code"] == "throttled"
    assert refused["detail"].startswith("Te veel verzoeken: probeer het over ")
    assert str(refused["retry_after"]) in refused["detail"]
