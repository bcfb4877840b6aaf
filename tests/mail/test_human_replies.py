"""Replies as people write them: quoted mail below, a signature, capitals,
a trailing dot, full-width characters (a Japanese or Chinese keyboard), a
greeting on the first line.  Each is read as the move it names, through
the intake's own cleaning and reading (``clean_reply``, ``read_reply``)."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from mail.models import InboundEmail
from mail.reply_cleaning import clean_reply
from mail.reply_text import read_reply
from mail.services import inbound_email_process
from mail.since import words
from mail.turns import whole_turns

from .conftest import mover_of
from .intake import message

QUOTED = "\n\nOn Fri, 4 Dec 2026 at 10:00, Alta <play@alta.example> wrote:\n> Your move\n> 1. take\n"
QUOTED_NL = "\n\nOp vr 4 dec. 2026 om 10:00 schreef Alta <play@alta.example>:\n> Je zet\n"


def _alta():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    return rules, state, min(rules.to_move(state))


def _read(body: str):
    rules, state, seat = _alta()
    return read_reply(rules, state, seat, clean_reply(body))


@pytest.mark.parametrize(
    "body",
    [
        "2" + QUOTED,
        "2" + QUOTED_NL,
        "On Fri, 4 Dec 2026, Alta wrote:\n> Your move\n\n2\n",
        "2\n\n-- \nJan Jansen\nAmsterdam\n",
        "OPTION 2",
        "2.",
        "\u00a02\u00a0",
        "２",
        "２．",
        "#２",
    ],
)
def test_an_option_number_as_people_write_it(body):
    rules, state, seat = _alta()
    reply = _read(body)
    assert reply.moves == [rules.move_options(state, seat)[1][0]], reply
    assert reply.message == ""


@pytest.mark.parametrize("body", ["B", "Ｂ", "Ｂ．", "ｂ"])
def test_a_whole_turn_letter_in_full_width_characters(body):
    rules, state, seat = _alta()
    assert _read(body).moves == list(whole_turns(rules, state, seat)[1].steps)


@pytest.mark.parametrize("body", ["WHEAT FIELD D4", "wheat field D４", "ＷＨＥＡＴ ＦＩＥＬＤ Ｄ４", "Wheat field d4."])
def test_a_move_in_capitals_or_full_width_characters(body):
    reply = _read(body)
    assert len(reply.moves) == 1 and reply.message == "", reply
    rules, state, seat = _alta()
    assert rules.parse_move(state, seat, reply.moves[0]) == rules.parse_move(state, seat, "wheat_field D4")


def test_a_full_width_reply_by_mail_is_played(game, now, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    rules = get_rules(game.game)
    options = rules.move_options(rules.load(game.state), seat.index)
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    raw = bytes(message(address, "１．", sender=seat.user.email))
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(raw=raw, source="test", now=now)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert record.move.text == options[0][0]


@pytest.mark.parametrize(
    "body",
    [
        "Hi,\n\n2\n\nCheers, Jan",
        "Hoi allemaal,\n2",
        "Dear Alta,\n\n2" + QUOTED,
        "Goedemorgen!\n2.\nGroet, Jan",
        "Ciao,\n2",
    ],
)
def test_a_greeting_above_the_move_is_not_read_as_the_move(body):
    rules, state, seat = _alta()
    reply = _read(body)
    assert reply.moves == [rules.move_options(state, seat)[1][0]], reply
    assert not reply.message.lower().startswith(("hi", "hoi", "dear", "goedemorgen", "ciao")), reply


@pytest.mark.parametrize("body", ["Hi all, 2", "Hoi Bram, 2\n\nGroetjes, Jan", "Hello! 2", "Beste allemaal: 2"])
def test_a_greeting_opening_the_line_of_the_move_is_not_read_as_the_move(body):
    """ "Hi all, 2" was refused: its first line was no move ("'hi' is not
    a colour or a position" in Atlantis)."""
    rules, state, seat = _alta()
    reply = _read(body)
    assert reply.moves == [rules.move_options(state, seat)[1][0]], reply


@pytest.mark.parametrize("greeting", ["Hi all, ", "Hoi allemaal, "])
@pytest.mark.parametrize("slug", ["alhambra", "atlantis", "alpaca"])
def test_a_move_written_after_a_greeting_on_its_line_is_that_move(slug, greeting):
    rules = get_rules(slug)
    state = rules.setup(3, 2)
    seat = min(rules.to_move(state))
    text, move = rules.move_options(state, seat)[-1]
    reply = read_reply(rules, state, seat, clean_reply(greeting + words(slug, text) + QUOTED))
    assert len(reply.moves) == 1 and reply.message == "", reply
    assert rules.parse_move(state, seat, reply.moves[0]) == move


def test_a_greeting_opening_words_that_are_no_move_stays_with_them():
    reply = _read("Hi all, sorry for the slow moves this week")
    assert reply.moves == [] and reply.message == "Hi all, sorry for the slow moves this week"


def test_a_greeting_above_words_that_are_no_move_stays_with_them():
    """Without a move below it the greeting is part of the message (chat
    from a waiting player keeps it; a refusal quotes the first line)."""
    reply = _read("Hi all,\n\nsorry for the slow moves this week")
    assert reply.moves == [] and reply.message.startswith("Hi all,") and reply.stop_error is not None
    assert "sorry" in str(reply.stop_error)  # why the line below it is no move
    hesitant = _read("Hi,\nB or C")
    assert hesitant.message.startswith("Hi,") and "more than one" in str(hesitant.stop_error)
    lone = _read("Hello!")
    assert lone.moves == [] and lone.message == "Hello!" and lone.stop_error is not None


@pytest.mark.parametrize("slug", ["alta", "alhambra", "atlantis", "alpaca"])
@pytest.mark.parametrize(
    "wrapped", ["{} please", "{}, thanks!", "Please: {}", "{} graag", "{}, alsjeblieft.", "{} grazie"]
)
def test_a_move_with_please_or_thanks_around_it_is_that_move(slug, wrapped):
    rules = get_rules(slug)
    state = rules.setup(2, 1)
    seat = min(rules.to_move(state))
    text, move = rules.move_options(state, seat)[0]
    reply = read_reply(rules, state, seat, clean_reply(wrapped.format(text)))
    assert len(reply.moves) == 1 and reply.message == "", reply
    assert rules.parse_move(state, seat, reply.moves[0]) == move


@pytest.mark.parametrize("body", ["1 2", "1 and 2", "1 en 2", "1, then 2", "1 and then 2", "1 en dan 2", "1, 2."])
def test_two_option_numbers_joined_by_and_or_then_are_read_step_after_step(body):
    rules, state, seat = _alta()
    first = rules.move_options(state, seat)[0][0]
    after = rules.apply(state, seat, rules.parse_move(state, seat, first)).state
    second = rules.move_options(after, seat)[1][0]
    assert _read(body).moves == [first, second]


def test_an_option_line_copied_from_the_mail_plays_that_option():
    rules, state, seat = _alta()
    options = rules.move_options(state, seat)
    shown = options[1][0].replace("_", " ")  # as the mail writes it: "wheat field D4"
    for body in (f"2. {shown}", f"  2) {shown}", f"2. {options[1][0]}\nthanks"):
        reply = _read(body)
        assert reply.moves == [options[1][0]], (body, reply)
    alhambra = get_rules("alhambra")
    start = alhambra.setup(2, 1)
    first = min(alhambra.to_move(start))
    text = alhambra.move_options(start, first)[1][0]
    assert read_reply(alhambra, start, first, f"2. {text}").moves == [text]


def test_a_whole_turn_line_copied_from_the_mail_plays_that_turn():
    rules, state, seat = _alta()
    turn = whole_turns(rules, state, seat)[1]
    assert _read(f"{turn.letter}. " + turn.text.replace("_", " ")).moves == list(turn.steps)


def test_a_copied_option_line_whose_number_and_move_disagree_is_refused_with_both():
    """ "1. wheat field D4" when option 1 is another move: which one is meant
    is not guessed; the refusal names what option 1 is."""
    from games.i18n import error_text

    rules, state, seat = _alta()
    options = rules.move_options(state, seat)
    reply = _read(f"1. {options[1][0]}")
    assert reply.moves == [] and reply.stop_error is not None
    said = error_text("alta", reply.stop_error)
    assert "option 1 is" in said and "not" in said, said
    # The option as the mail lists it ("farmers hut D4"), not the engine's slug.
    assert f"option 1 is {words('alta', options[0][0])}," in said, said
