"""The mail answering a player's own move tells them what it cost or
brought them, in the second person: the money they took or paid
(Alhambra), the tile they sold and the toll they paid (Atlantis), which
the engine words in events the receipt used to leave out as "their own
moves"."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _answers(game, language, now, capture, moves):
    """A 2-player game whose movers reply "1" to each mail; the mails that
    answered them, as (the step they last sent, body)."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game=game, now=now)
    answers = []
    for _ in range(moves):
        match.refresh_from_db()
        if not match.is_active:
            break
        seat = mover_of(match)
        address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
        mail.outbox.clear()
        record = ingest(bytes(message(address, "1", sender=seat.user.email)), capture)
        assert record.outcome == "accepted", record.detail
        for answer in mails_to(seat.user.email):
            played = re.search(r"[“\"]([^”\"]*)[”\"]", answer.subject)
            if played:
                answers.append((played.group(1).split("; ")[-1], answer.body.split("-" * 70)[0]))
    return answers


@pytest.mark.parametrize(
    ("game", "steps"),
    [
        ("alhambra", {"take": "You take ", "neem": "Je neemt "}),
        (
            "atlantis",
            {
                "sell": "You sell tile ",
                "pay": "You pay the toll of ",
                "verkoop": "Je verkoopt tegel ",
                "betaal": "Je betaalt de tol van ",
            },
        ),
    ],
)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_answer_to_a_move_says_what_it_cost_or_brought(
    game, steps, language, now, django_capture_on_commit_callbacks
):
    answers = _answers(game, language, now, django_capture_on_commit_callbacks, moves=40)
    checked = 0
    for step, body in answers:
        said = next((words for verb, words in steps.items() if step.startswith(verb + " ")), None)
        if said is not None:
            checked += 1
            assert said in body, (step, body)
    assert checked, answers
