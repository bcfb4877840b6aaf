"""A reply of one letter names a whole turn the mail listed, and only one
the player saw: a letter the mail did not list is refused as such (never
read as a card it abbreviates), and a letter after other steps is refused
whole (it would name a turn from a list no mail showed)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from games.engine import IllegalMove, get_rules
from games.i18n import error_text
from mail.models import InboundEmail
from mail.reply_text import read_reply
from mail.services import inbound_email_process
from mail.turns import LETTERS, whole_turns
from tests.conftest import make_user

from .intake import message


def _unlisted(rules, state, seat) -> list[str]:
    listed = {turn.letter for turn in whole_turns(rules, state, seat)}
    assert listed, "the first Alta turn has two steps: letters are listed"
    return [letter for letter in LETTERS if letter not in listed]


@pytest.mark.parametrize("seed", range(1, 6))
def test_no_unlisted_letter_plays_as_a_card(seed):
    """English two-player Alta lists A and B; "C" or "D" (the cards the
    Dutch names abbreviate) must not play a step: each is refused, and the
    refusal names the letters listed."""
    rules = get_rules("alta")
    state = rules.setup(2, seed)
    seat = min(rules.to_move(state))
    for letter in _unlisted(rules, state, seat):
        for written in (letter, letter.lower()):
            reply = read_reply(rules, state, seat, written)
            assert reply.moves == [] and reply.stop_error is not None, (written, reply)
            text = error_text("alta", reply.stop_error)
            assert f"no whole turn {letter} in the list" in text and "(A, B)" in text, text


def _started(language: str, now, capture, monkeypatch):
    """A two-player Alta game dealt from a fixed seed (a hand of two markets
    would leave no step before a letter), its first mover's position and
    reply address."""
    from games.services import lifecycle, match_create_seated

    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 1)
    users = [make_user(f"{language}{i}@example.com", f"P{i}", language=language) for i in range(2)]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    rules = get_rules("alta")
    state = rules.load(match.state)
    seat = match.seats.get(index=min(rules.to_move(state)))
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    return match, rules, state, seat, address


def _answer(match, seat, address, body, now, capture):
    """Mail ``body`` as ``seat``'s reply: the stored row and its answer."""
    with capture(execute=True):
        record = inbound_email_process(
            raw=bytes(message(address, body, sender=seat.user.email)), source="test", now=now
        )
    [answer] = [m for m in mail.outbox if m.to == [seat.user.email]]
    return record, " ".join(answer.body.split())


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "said"), [("en", "no whole turn D in the list"), ("nl", "geen hele beurt D")])
def test_an_unlisted_letter_by_mail_is_refused_and_nothing_is_played(
    language, said, now, monkeypatch, django_capture_on_commit_callbacks
):
    match, rules, state, seat, address = _started(language, now, django_capture_on_commit_callbacks, monkeypatch)
    assert "D" in _unlisted(rules, state, seat.index)
    record, answer = _answer(match, seat, address, "D", now, django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.REJECTED, record.detail
    # The letters the mail listed, named again (the deal decides how many).
    listed = ", ".join(turn.letter for turn in whole_turns(rules, state, seat.index))
    assert said in answer and f"({listed})" in answer, answer
    match.refresh_from_db()
    assert match.ply == 0


def test_a_bare_letter_stays_notation_where_no_letters_are_listed():
    """Alta's "b" is a blind merchant where the mail lists no whole turns
    (the merchant chosen last in a turn)."""
    rules = get_rules("alta")
    for seed in range(1, 40):
        state = rules.setup(2, seed)
        seat = min(rules.to_move(state))
        turn = next((t for t in whole_turns(rules, state, seat) if t.steps[-1] == "merchant up"), None)
        if turn is None:
            continue
        for step in turn.steps[:-1]:
            state = rules.apply_text(state, seat, step).state
        assert whole_turns(rules, state, seat) == []
        assert read_reply(rules, state, seat, "b").moves == ["b"]
        return
    pytest.fail("no turn ending with a merchant choice in these seeds")


#: What the refusal of a letter after other steps says, by language.
AFTER_STEPS = {"en": "a letter stands for a whole turn", "nl": "een letter staat voor een hele beurt"}


@pytest.mark.parametrize("seed", range(1, 6))
@pytest.mark.parametrize("body", ["1; B", "1 ; b", "1\nA", "1\nOption A please", "1\nB\nthanks"])
def test_a_letter_after_a_step_is_refused_whole(seed, body):
    """The mail listed the letters of the position before step 1; a letter
    after it would name a turn of a list no mail showed (or, unread, leave
    the turn half played with the letter posted as chat): the reply is
    refused, nothing played, and the refusal says why in both languages."""
    rules = get_rules("alta")
    state = rules.setup(2, seed)
    seat = min(rules.to_move(state))
    with pytest.raises(IllegalMove) as refused:
        read_reply(rules, state, seat, body)
    for language, said in AFTER_STEPS.items():
        with translation.override(language):
            assert said in error_text("alta", refused.value), language


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("body", ["{}; B", "{}\nA"])
def test_a_letter_after_a_step_by_mail_plays_nothing(
    language, body, now, monkeypatch, django_capture_on_commit_callbacks
):
    match, rules, state, seat, address = _started(language, now, django_capture_on_commit_callbacks, monkeypatch)
    # After a market "B" is Alta's blind merchant: a step before any other.
    options = [text for text, _move in rules.move_options(state, seat.index)]
    number = next(n for n, text in enumerate(options, 1) if not text.startswith("market"))
    record, answer = _answer(match, seat, address, body.format(number), now, django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.REJECTED, record.detail
    assert AFTER_STEPS[language] in answer, answer
    match.refresh_from_db()
    assert match.ply == 0
    assert not match.chat_messages.exists()  # no letter posted as chat


@pytest.mark.django_db
def test_the_first_alpaca_mail_lists_no_letters_when_every_option_ends_the_turn(
    alice, bob, now, monkeypatch, django_capture_on_commit_callbacks
):
    """Seed 1: 28 tile placements, each a whole turn.  The mail numbers
    them and says a number is the turn, never that the next mail asks for
    the rest of it."""
    from games.services import lifecycle, match_create_seated

    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 1)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    rules = get_rules("alpaca")
    state = rules.load(match.state)
    seat = match.seats.get(index=min(rules.to_move(state)))
    assert len(rules.move_options(state, seat.index)) > 24
    [turn_mail] = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to]
    body = " ".join(turn_mail.body.split())
    assert "Reply with just the number of one of these options" in body, body
    assert "the next mail then asks" not in body and "reply with just its letter" not in body, body
