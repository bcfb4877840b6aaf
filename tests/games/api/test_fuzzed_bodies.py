"""Property-based bodies for the API's writes (a move, a chat line, a new
game, resigning): random nested JSON, each field of the wrong type, out of
range, huge or odd unicode, null, a move in a made-up JSON form, and bodies
that are no JSON at all.  The answer is never a server error; a refusal is
the API's JSON error (``code`` and a ``detail`` in the token owner's
language, as ``test_api_language`` says), and changes nothing."""

from __future__ import annotations

import functools
import json

import pytest
from django.db import connection, transaction
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from games.engine import get_rules
from games.models import ChatMessage, Match
from tests.conftest import living_in
from tests.fuzzing import FUZZ_SETTINGS as SETTINGS
from tests.fuzzing import language_of
from tests.mail.test_inbound_service import _refuse_nul_as_postgresql_does

from ..conftest import first_legal_text, mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([0, -1, 1, 2, 10**6, 2**31, 2**63, -(2**63), 10**40]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["", " ", "1", "0x10", "1e309", "\u200f1", "\x00", "😀" * 3, "ply", "\ud7ff", "٣"]),
    st.integers(1, 3).map(lambda kb: "x" * (kb * 10_000)),
)
#: A value of the wrong type for any field.
WRONG = [None, True, False, [], {}, [1], ["a"], {"a": 1}, 1.5, "", " ", 0, -1, 10**40, "x" * 20_000, "\x00", "1"]
wrong = st.sampled_from(WRONG)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def objects(valid: st.SearchStrategy[dict], fields: dict[str, st.SearchStrategy]) -> st.SearchStrategy[dict]:
    """A body the endpoint takes (``valid``) with up to three changes: a
    field left out, given a plausible value of ``fields`` or any value at
    all, or a key nobody asked for added."""
    names = sorted(fields)
    change = st.one_of(
        st.tuples(st.just("drop"), st.sampled_from(names), st.none()),
        st.sampled_from(names).flatmap(lambda name: st.tuples(st.just("set"), st.just(name), fields[name] | wrong)),
        st.sampled_from(names).flatmap(lambda name: st.tuples(st.just("set"), st.just(name), values)),
        st.tuples(st.just("set"), st.text(max_size=10), values),
    )

    def changed(body: dict, changes: list) -> dict:
        body = dict(body)
        for kind, name, value in changes:
            if kind == "drop":
                body.pop(name, None)
            else:
                body[name] = value
        return body

    return st.builds(changed, valid, st.lists(change, max_size=2))


def structured_moves(rules, state, seat) -> st.SearchStrategy:
    """A move in the engine's JSON form: a legal one's keys with values of
    any kind, or with one value swapped for another legal move's."""
    dumped = [rules.dump_move(move) for move in rules.legal_moves(state, seat)[:20]]
    keys = sorted({key for move in dumped if isinstance(move, dict) for key in move})
    leaves = st.sampled_from([v for move in dumped if isinstance(move, dict) for v in move.values()] or [None])
    return st.one_of(
        st.sampled_from(dumped),
        st.dictionaries(st.sampled_from(keys or ["kind"]), leaves | values, max_size=6),
        st.builds(
            lambda move, key, value: {**move, key: value} if isinstance(move, dict) else move,
            st.sampled_from(dumped),
            st.sampled_from(keys or ["kind"]),
            values,
        ),
    )


def bodies(json_bodies: st.SearchStrategy) -> st.SearchStrategy[tuple[bytes, str]]:
    """``(body, content type)``: JSON, broken JSON, or no JSON at all."""
    encoded = json_bodies.map(lambda value: (json.dumps(value).encode(), "application/json"))
    broken = st.one_of(
        st.binary(max_size=200),
        st.sampled_from(
            [
                b"{x",
                b"[",
                b'{"ply": NaN}',
                b'{"ply": Infinity, "option": 1}',
                b"\xff\xfe{}",
                b"null",
                b'{"ply": 0, "ply": "a"}',
                b"{" * 5000,
                b"[" * 100_000,
                b'"' + b"a" * 50_000,
            ]
        ),
        json_bodies.map(lambda value: json.dumps(value).encode("utf-16")),
    )
    types = st.sampled_from(
        [
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=B",
            "multipart/form-data",
            "application/xml",
            "",
            "application/json; charset=latin-1",
        ]
    )
    mislabelled = st.tuples(json_bodies.map(lambda value: json.dumps(value).encode()), types)
    return st.one_of(encoded, encoded, encoded, st.tuples(broken, types), mislabelled)


@pytest.fixture(autouse=True)
def no_write_limit(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})


@pytest.fixture(params=GAMES)
def table(request, alice, bob, now):
    """A running two-player game of each kind: ``(match, its mover, their seat)``."""
    match = start_match(alice, bob, game=request.param, now=now)
    user, index = mover(match)
    return match, user, index


def what_is_there(match) -> tuple:
    match.refresh_from_db()
    return match.ply, match.status, match.state, ChatMessage.objects.count(), Match.objects.count()


def post(user, path: str, body: bytes, content_type: str):
    """``body`` posted by ``user`` (Accept-Language naming the other language:
    the owner's own is the one to answer in)."""
    other = "en" if user.language == "nl" else "nl"
    client = client_for(user)
    return client.generic("POST", path, body, content_type=content_type, HTTP_ACCEPT_LANGUAGE=other)


def check(answer, user, body: bytes, before: tuple, match) -> str:
    """The contract every answer keeps; returns what it changed."""
    assert answer.status_code < 500, answer.content[:500]
    after = what_is_there(match)
    if answer.status_code >= 400:
        error = answer.json()
        assert isinstance(error, dict) and isinstance(error.get("code"), str), error
        assert isinstance(error.get("detail"), str) and error["detail"].strip(), error
        assert answer["Content-Language"] == user.language
        assert language_of(error["detail"], body) in {user.language, ""}, error
        assert after == before, (answer.status_code, error)
        return ""
    return (
        "moved"
        if after[0] == before[0] + 1
        else "chat"
        if after[3] == before[3] + 1
        else "game"
        if after[4] == before[4] + 1
        else "other"
    )


def _in_savepoint(user, language, send):
    """``send()`` in a savepoint rolled back after it, its queries refusing
    a NUL as PostgreSQL does (SQLite would store it)."""
    with transaction.atomic():
        living_in(language, "Europe/Amsterdam", user)
        with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
            result = send()
        transaction.set_rollback(True)
    return result


@SETTINGS
@given(data=st.data())
def test_any_move_body_is_played_or_refused_without_a_server_error(data, table):
    match, user, seat = table
    match.refresh_from_db()  # as the last example's rollback left it
    rules = get_rules(match.game)
    state = rules.load(match.state)
    options = [text for text, _move in rules.move_options(state, seat)]
    fields = {
        "ply": st.sampled_from([0, 1, -1]) | scalars,
        "move": st.sampled_from(options) | structured_moves(rules, state, seat) | st.text(max_size=40),
        "option": st.integers(-2, len(options) + 2) | scalars,
    }
    legal = st.sampled_from(options) | structured_moves(rules, state, seat)
    valid = st.one_of(
        st.builds(lambda move: {"ply": match.ply, "move": move}, legal),
        st.builds(lambda number: {"ply": match.ply, "option": number}, st.integers(1, len(options))),
    )
    body, content_type = data.draw(bodies(objects(valid, fields)), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")

    def send():
        before = what_is_there(match)
        answer = post(user, f"/api/games/{match.pk}/moves/", body, content_type)
        changed = check(answer, user, body, before, match)
        assert changed in {"", "moved"}, (changed, answer.status_code)

    _in_savepoint(user, language, send)


@SETTINGS
@given(data=st.data())
def test_any_chat_body_is_posted_or_refused_without_a_server_error(data, table):
    match, user, _seat = table
    text = st.text(max_size=50) | st.sampled_from(["", " ", "\u200b", "x" * 5000, "\x00", "<script>"])
    body, content_type = data.draw(bodies(objects(st.just({"text": "Good luck!"}), {"text": text})), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")

    def send():
        before = what_is_there(match)
        answer = post(user, f"/api/games/{match.pk}/chat/", body, content_type)
        assert check(answer, user, body, before, match) in {"", "chat"}, answer.status_code

    _in_savepoint(user, language, send)


@SETTINGS
@given(data=st.data())
def test_any_new_game_body_is_created_or_refused_without_a_server_error(data, table):
    match, user, _seat = table
    fields = {
        "game": st.sampled_from(GAMES + ["chess", "ALTA", ""]),
        "players": st.integers(-1, 8),
        "days_per_move": st.integers(-1, 400),
        "rated": st.booleans(),
        "timeout_policy": st.sampled_from(["auto", "forfeit", "x"]),
        "vacation_allowed": st.booleans(),
        "invite": st.lists(st.sampled_from(["bob@example.com", "Bob", "nobody@example.com", "", "x" * 300])),
        "bank_initial_days": st.integers(-1, 400),
        "bank_increment_days": st.integers(-1, 400),
        "bank_cap_days": st.integers(-1, 400),
        "weekends_off": st.booleans(),
    }
    valid = st.builds(lambda game: {"game": game, "players": 2}, st.sampled_from(GAMES))
    body, content_type = data.draw(bodies(objects(valid, fields)), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")

    def send():
        before = what_is_there(match)
        answer = post(user, "/api/games/", body, content_type)
        assert check(answer, user, body, before, match) in {"", "game"}, answer.status_code

    _in_savepoint(user, language, send)


@SETTINGS
@given(data=st.data())
def test_a_resign_with_a_body_it_cannot_read_is_refused_and_changes_nothing(data, table):
    match, user, _seat = table
    body, content_type = data.draw(bodies(values), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")

    def send():
        before = what_is_there(match)
        answer = post(user, f"/api/games/{match.pk}/resign/", body, content_type)
        changed = check(answer, user, body, before, match)
        if answer.status_code < 400:  # a body it reads (JSON, form) resigns: the action takes none
            assert answer.status_code == 200 and what_is_there(match)[1] != before[1] or changed, answer.status_code

    _in_savepoint(user, language, send)


@pytest.mark.parametrize("game", ["alta"])
def test_each_field_of_each_write_given_a_value_of_the_wrong_kind_is_refused(game, alice, bob, now):
    """Every field of every write body, one at a time, given each value of
    ``WRONG`` (and left out): the contract of ``check``, each time."""
    match = start_match(alice, bob, game=game, now=now)
    user, _seat = mover(match)
    writes = {
        f"/api/games/{match.pk}/moves/": [{"ply": 0, "option": 1}, {"ply": 0, "move": first_legal_text(match, _seat)}],
        f"/api/games/{match.pk}/chat/": [{"text": "Good luck!"}],
        "/api/games/": [{"game": "alta", "players": 2, "days_per_move": 3, "invite": ["bob@example.com"]}],
    }
    for path, valid_bodies in writes.items():
        for valid in valid_bodies:
            for name in valid:
                for value in [*WRONG, "left out"]:
                    sent = {key: given for key, given in valid.items() if key != name or value != "left out"}
                    if value != "left out":
                        sent[name] = value
                    body = json.dumps(sent).encode()
                    _in_savepoint(user, "nl", functools.partial(_check_post, user, path, body, match))


def _check_post(user, path: str, body: bytes, match) -> None:
    before = what_is_there(match)
    answer = post(user, path, body, "application/json")
    check(answer, user, body, before, match)


def test_the_language_check_reads_a_refusal_of_the_player_count_in_its_language():
    """A refusal holding "is" in both languages reads as the language it is in."""
    sent = b'{"game": "alta", "players": 0}'
    assert language_of("Alta is played by 2 to 4 players.", sent) == "en"
    assert language_of("Alta wordt gespeeld met 2 tot 4 spelers.", sent) == "nl"
