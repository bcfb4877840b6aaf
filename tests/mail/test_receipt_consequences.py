"""The mail answering a player's own move tells them what it cost or
brought them, in the second person: the tile they sold and the toll they
paid (Atlantis), which the engine words in events the receipt used to
leave out as "their own moves".  It does not say the move again: its
headline names it ("your move “take denar 8” was played" is not followed
by "You take denar 8.")."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _answers(game, language, now, capture, moves, reply="1"):
    """A 2-player game whose movers reply ``reply`` ("1": a step; "A": a
    whole turn) to each mail; the mails that answered them, as (the step
    they last sent, body)."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game=game, now=now)
    answers = []
    for _ in range(moves):
        match.refresh_from_db()
        if not match.is_active:
            break
        seat = mover_of(match)
        last = [m for m in mails_to(seat.user.email) if m.reply_to][-1]
        # A mail whose options are all whole turns lists no letters (the
        # seed is drawn anew each run): its "A" is option 1.
        line = reply if reply.isdigit() or re.search(rf"^  {reply}\. ", last.body, re.MULTILINE) else "1"
        mail.outbox.clear()
        record = ingest(bytes(message(last.reply_to[0], line, sender=seat.user.email)), capture)
        assert record.outcome == "accepted", record.detail
        for answer in mails_to(seat.user.email):
            played = re.search(r"[“\"]([^”\"]*)[”\"]", answer.subject)
            if played:
                answers.append((played.group(1).split("; ")[-1], answer.body.split("-" * 70)[0]))
    return answers


@pytest.mark.parametrize(
    ("game", "steps"),
    [
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


#: What the mover's mail said again of a move its headline names (Alta's
#: step 3, Alhambra's money taken), by game and language; and what it
#: still says of the move's consequences (the card turned face up, the
#: money put on display).
RESTATED = {
    "alta": {"en": "You took face-up ", "nl": "Je nam de open kaart "},
    "alhambra": {"en": "You take ", "nl": "Je neemt "},
}
KEPT = {
    "alta": {"en": "Your other hand card, ", "nl": "Je andere handkaart, "},
    "alhambra": {"en": "New money on display: ", "nl": "Nieuw open geld: "},
}


@pytest.mark.parametrize("game", ["alta", "alhambra"])
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("reply", ["1", "A"])
def test_the_answer_to_a_move_does_not_say_the_move_again(
    game, language, reply, now, django_capture_on_commit_callbacks
):
    answers = _answers(game, language, now, django_capture_on_commit_callbacks, moves=8, reply=reply)
    for _step, body in answers:
        assert RESTATED[game][language] not in " ".join(body.split()), body
    assert any(KEPT[game][language] in " ".join(body.split()) for _step, body in answers), answers
