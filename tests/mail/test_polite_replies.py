"""A reply of a letter or an option number wrapped in polite words ("Option
B please", "optie 2 graag", "I choose B") is read as that letter or number;
anything with more than one letter or number in it is not guessed at, and
its refusal explains."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from games.engine import get_rules
from games.i18n import error_text
from mail.models import InboundEmail
from mail.reply_text import read_reply
from mail.services import inbound_email_process
from mail.turns import whole_turns

from .conftest import mover_of
from .intake import message

POLITE_LETTERS = [
    "Option B please",
    "option b",
    "optie B",
    "Optie B graag",
    "turn B please",
    "beurt B alsjeblieft",
    "B please",
    "B graag",
    "B.",
    "B!",
    "I choose B",
    "I choose B, please.",
    "ik kies B",
    "Ik kies B graag",
    "(B)",
    '"B"',
    "Yes, B",
    "Ja, B graag",
    "OK B",
    "My move: B",
    "Mijn zet: B",
    "B 👍",
]
POLITE_NUMBERS = [
    "option 2",
    "Option 2 please",
    "optie 2 graag",
    "2 please",
    "2.",
    "#2",
    "I choose 2",
    "ik kies 2",
    "Ik kies optie 2, alsjeblieft",
    "number 2",
    "nummer 2",
    "OK, 2",
    "Okay 2",
    "Move: 2",
    "Zet: 2",
    "optie2",
    "2 👍",
    "2 🙂 thanks",
]
#: Two letters, two numbers, or a letter and a number: not guessed at.
#: Two whole turns' letters side by side too (Alta's notation read "A B"
#: as "a boer", a farmer placed).
AMBIGUOUS = [
    "B or C",
    "option B or C please",
    "2 or 3 please",
    "B of C",
    "optie 2 of 3 graag",
    "B or 2",
    "A B",
    "A, B",
    "A en B",
    "B and A please",
]


def _alta():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    return rules, state, min(rules.to_move(state))


@pytest.mark.parametrize("text", POLITE_LETTERS)
def test_a_letter_in_polite_words_reads_as_that_whole_turn(text):
    rules, state, seat = _alta()
    second = whole_turns(rules, state, seat)[1]
    assert second.letter == "B"
    reply = read_reply(rules, state, seat, f"{text}\nthanks!")
    assert reply.moves == list(second.steps)
    assert reply.message == "thanks!"


@pytest.mark.parametrize("text", POLITE_NUMBERS)
def test_a_number_in_polite_words_reads_as_that_option(text):
    rules, state, seat = _alta()
    assert read_reply(rules, state, seat, text).moves == [rules.move_options(state, seat)[1][0]]


@pytest.mark.parametrize("text", AMBIGUOUS)
def test_more_than_one_letter_or_number_is_not_guessed_at(text):
    rules, state, seat = _alta()
    reply = read_reply(rules, state, seat, text)
    assert reply.moves == [] and reply.stop_error is not None
    # The refusal says why, not "Unknown card 'b or c'".
    assert "more than one" in error_text("alta", reply.stop_error)
    with translation.override("nl"):
        assert "meer dan een" in error_text("alta", reply.stop_error)


@pytest.mark.parametrize(("language", "said"), [("en", "no whole turn H"), ("nl", "geen hele beurt H")])
def test_a_polite_letter_the_mail_did_not_list_is_refused_with_the_letters_it_did(language, said):
    rules, state, seat = _alta()
    letters = [turn.letter for turn in whole_turns(rules, state, seat)]
    assert "H" not in letters
    reply = read_reply(rules, state, seat, "Option H please")
    assert reply.moves == [] and reply.stop_error is not None
    with translation.override(language):
        text = error_text("alta", reply.stop_error)
    assert said in text and f"{letters[0]}" in text and f"{letters[-1]}" in text, text
    assert "Unknown card" not in text and "Onbekende kaart" not in text


@pytest.mark.parametrize("body", ["Option {} please", "optie {} graag", "I choose {}."])
def test_a_polite_letter_by_mail_plays_that_whole_turn(game, now, body, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    rules = get_rules(game.game)
    turns = whole_turns(rules, rules.load(game.state), seat.index)
    assert turns, "the first Alta turn has two steps: letters are listed"
    turn = turns[-1]
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    raw = bytes(message(address, body.format(turn.letter), sender=seat.user.email))
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(raw=raw, source="test", now=now)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert record.move.text == turn.text
