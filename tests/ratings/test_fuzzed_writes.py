"""Garbage sent to the ladder and challenge writes, by the API and by the
ladder page's forms: random JSON, each field of the wrong type, a NUL or
control character, numbers beyond PostgreSQL's integer and bigint,
negative ones, long texts, unknown ids in the URL.  The answer is never a
server error; a refusal is in the sender's language and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from tests.conftest import living_in
from tests.fuzzing import (
    BAD_IDS,
    FUZZ_SETTINGS,
    api_answer_checked,
    api_post,
    form_answer_checked,
    form_bodies,
    form_posted_checked,
    in_savepoint,
    json_bodies,
    what_is_there,
)
from tests.games.api.test_fuzzed_bodies import bodies
from tests.games.api.test_games_api import client_for

from .conftest import join, make_ladder

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_write_limit(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})


@pytest.fixture
def ladders(alice, bob, carol, now):
    """Ladder ``two`` has alice, bob and carol (carol challenged alice);
    ladder ``three`` nobody yet."""
    from ratings.services import challenge_create

    two, three = make_ladder(), make_ladder(players=3)
    for user in (alice, bob, carol):
        join(two, user, now)
    challenge = challenge_create(ladder_id=two.pk, challenger=carol, opponent=alice, now=now)
    return two, three, challenge


@pytest.fixture
def api_writes(ladders):
    two, three, challenge = ladders
    return [
        (f"/api/ladders/{three.pk}/join/", {"capacity": 2}),
        (f"/api/ladders/{two.pk}/leave/", {}),
        (f"/api/ladders/{two.pk}/capacity/", {"capacity": 3}),
        (f"/api/ladders/{two.pk}/challenges/", {"opponent": "Bob"}),
        (f"/api/challenges/{challenge.pk}/accept/", {}),
        (f"/api/challenges/{challenge.pk}/decline/", {}),
    ]


@pytest.fixture
def form_writes(ladders, bob):
    two, three, challenge = ladders
    return [
        (f"/ladders/{three.pk}/join/", {"capacity": "2"}),
        (f"/ladders/{two.pk}/leave/", {}),
        (f"/ladders/{two.pk}/capacity/", {"capacity": "3"}),
        (f"/ladders/{two.pk}/challenge/", {"opponent": str(bob.pk)}),
        (f"/challenges/{challenge.pk}/accept/", {}),
        (f"/challenges/{challenge.pk}/decline/", {}),
    ]


@pytest.mark.parametrize("which", range(6))
@settings(FUZZ_SETTINGS, max_examples=20)
@given(data=st.data())
def test_any_ladder_write_is_done_or_refused_without_a_server_error(data, which, api_writes, alice):
    path, valid = api_writes[which]
    body, content_type = data.draw(bodies(json_bodies(valid, ("capacity", "opponent"))), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = client_for(alice)

    def send():
        living_in(language, "Europe/Amsterdam", alice)
        before = what_is_there()
        api_answer_checked(api_post(client, alice, "POST", path, body, content_type), alice, body, before)

    in_savepoint(send)


@pytest.mark.parametrize("which", range(6))
@settings(FUZZ_SETTINGS, max_examples=20)
@given(data=st.data())
def test_any_ladder_form_is_done_or_refused_without_a_server_error(data, which, form_writes, alice):
    path, valid = form_writes[which]
    body = data.draw(form_bodies(valid, extra=("capacity", "opponent")), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    form_posted_checked(client, alice, path, body, language)


@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_ladder_write_to_an_unknown_id_or_player_is_refused(bad, api_writes, form_writes, alice):
    """An unknown ladder or challenge (beyond bigint among them), and an
    unknown opponent: refused in Dutch for alice, nothing changed."""
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    page = Client(raise_request_exception=False)
    page.force_login(alice)
    for path, valid in api_writes:
        wrong = "/".join(str(bad) if part.isdigit() else part for part in path.split("/"))
        body = json.dumps(valid).encode()
        in_savepoint(lambda wrong=wrong, body=body: _refused(client, alice, wrong, body))
    for path, valid in form_writes:
        wrong = "/".join(str(bad) if part.isdigit() else part for part in path.split("/"))
        in_savepoint(lambda wrong=wrong, valid=valid: _form_refused(page, alice, wrong, valid))
    challenge = form_writes[3][0]
    in_savepoint(lambda: _form_refused(page, alice, challenge, {"opponent": str(bad)}))


def _refused(client, user, path, body):
    before = what_is_there()
    answer = api_post(client, user, "POST", path, body)
    assert answer.status_code in (400, 403, 404, 409), answer.status_code
    api_answer_checked(answer, user, body, before)


def _form_refused(page, user, path, body):
    before = what_is_there()
    response = page.post(path, body)
    assert response.status_code in (302, 404), response.status_code
    form_answer_checked(response, user, repr(body), before)
