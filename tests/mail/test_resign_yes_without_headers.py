"""Yes to the question whether to resign, from a mail program that sends
no In-Reply-To or References: the quote of the question (its code) tells
which mail it answers; without one the player is asked again, told why,
and never read a refusal about cards."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Match
from tests.conftest import living_in

from .conftest import mover_of
from .intake import ingest, message
from .test_commands import command

pytestmark = pytest.mark.django_db

RESIGN = {"en": "resign", "nl": "opgeven"}
RESIGNED = {"en": "You resigned this game.", "nl": "Je hebt deze partij opgegeven."}
ASKED = {"en": "Do you really want to resign this game?", "nl": "Wil je deze partij echt opgeven?"}


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    return seat, [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]


def _asked(turn, language, capture):
    seat, _address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _record, asked = command(turn, RESIGN[language], capture)
    mail.outbox.clear()
    return seat, asked


def _reply(seat, asked, text: str, capture):
    """``text`` sent to the question's reply address with no header naming it."""
    reply = message(asked.reply_to[0], text, sender=seat.user.email, subject="Re: " + asked.subject, quote=False)
    assert "In-Reply-To" not in reply and "References" not in reply
    return ingest(bytes(reply), capture)


def _said(seat) -> str:
    return "\n".join(" ".join(m.body.split()) for m in mail.outbox if m.to == [seat.user.email])


@pytest.mark.parametrize(("language", "yes"), [("nl", "ja"), ("en", "Yes.")])
def test_yes_above_the_quoted_question_resigns(language, yes, turn, game, django_capture_on_commit_callbacks):
    seat, asked = _asked(turn, language, django_capture_on_commit_callbacks)
    quoted = "\n".join("> " + line for line in asked.body.splitlines())
    record = _reply(seat, asked, f"{yes}\n\nOn Mon, Alta wrote:\n{quoted}", django_capture_on_commit_callbacks)
    assert record.detail == "resigned", record.detail
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED
    assert RESIGNED[language] in _said(seat)


def test_yes_above_an_outlook_copy_of_the_question_resigns(turn, game, django_capture_on_commit_callbacks):
    """Outlook quotes without ">": a header block, then the mail as it was."""
    seat, asked = _asked(turn, "nl", django_capture_on_commit_callbacks)
    copy = f"Van: Alta <games@localhost>\nVerzonden: maandag 5 januari 2026 10:00\nOnderwerp: {asked.subject}\n\n"
    record = _reply(seat, asked, "Ja\n\n" + copy + asked.body, django_capture_on_commit_callbacks)
    assert record.detail == "resigned", record.detail


@pytest.mark.parametrize("language", ["nl", "en"])
def test_a_bare_yes_is_asked_again_not_refused_as_a_card(language, turn, game, django_capture_on_commit_callbacks):
    """It was refused as "Onbekende kaart 'ja'" with the position and the
    notation, as if the player had tried a move."""
    seat, asked = _asked(turn, language, django_capture_on_commit_callbacks)
    record = _reply(seat, asked, {"nl": "ja", "en": "yes"}[language], django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    said = _said(seat)
    why = {
        "nl": 'Uit je mail blijkt niet op welke van onze mails hij antwoordt, dus je "ja" is niet als opgeven gelezen',
        "en": 'Your email does not show which of our emails it answers, so your "yes" was not taken as a resignation',
    }[language]
    assert why in said and ASKED[language] in said
    assert "kaart" not in said.lower() and "card" not in said.lower()
    game.refresh_from_db()
    assert game.is_active
    # The code in the new question confirms, as the first one did.
    [again] = [m for m in mail.outbox if m.to == [seat.user.email]]
    code_line = next(line for line in again.body.splitlines() if line.startswith(RESIGN[language] + " "))
    mail.outbox.clear()
    assert _reply(seat, again, code_line, django_capture_on_commit_callbacks).detail == "resigned"


def test_a_bare_no_after_the_question_is_answered_as_no(turn, game, django_capture_on_commit_callbacks):
    seat, asked = _asked(turn, "nl", django_capture_on_commit_callbacks)
    record = _reply(seat, asked, "Nee, toch maar niet", django_capture_on_commit_callbacks)
    assert record.detail == "stay"
    assert "de partij gaat door" in _said(seat)


def test_a_bare_yes_with_no_question_asked_resigns_nothing(turn, game, django_capture_on_commit_callbacks):
    seat, address = turn
    reply = message(address, "ja", sender=seat.user.email)
    record = ingest(bytes(reply), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    game.refresh_from_db()
    assert game.is_active
