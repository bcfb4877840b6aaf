"""A refused move's mail names what is there when the move named something
that is not (public information only): the reader can answer right."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from mail.models import InboundEmail
from mail.services import inbound_email_process

from .conftest import mover_of
from .intake import message


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "take", "shown"), [("en", "take", "On display now:"), ("nl", "neem", "ligt nu:")])
def test_money_not_on_display_is_answered_with_the_display(
    language, take, shown, now, django_capture_on_commit_callbacks
):
    """The refusal mail of "take ducat 1" with no ducat 1 on display names
    the money that is there, in the reader's language."""
    from games.rules.alhambra.components import CURRENCIES
    from games.services import match_create_seated
    from tests.conftest import make_user

    users = [make_user(f"{language}{i}@example.com", f"P{i}", language=language) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alhambra", now=now)
    seat = mover_of(match)
    state = get_rules("alhambra").load(match.state)
    code = next(c for c in range(40) if 1 <= c % 10 <= 9 and c not in state.display)
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    body = f"{take} {CURRENCIES[code // 10]} {code % 10}"
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(
            raw=bytes(message(address, body, sender=seat.user.email)), source="test", now=now
        )
    assert record.outcome == InboundEmail.Outcome.REJECTED
    [answer] = [m for m in mail.outbox if m.to == [seat.user.email]]
    assert shown in " ".join(answer.body.split()), answer.body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "buy", "held", "none"),
    [
        ("en", "buy 1 with", "You hold denar", "You hold no denar."),
        ("nl", "koop 1 met", "Je hebt denar", "Je hebt geen denar"),
    ],
)
def test_money_not_in_hand_is_answered_with_the_payers_own_money_to_them_alone(
    language, buy, held, none, now, django_capture_on_commit_callbacks
):
    """The refusal mail of a payment with a denar card the payer does not
    hold names their own denar cards (or none); only the payer is mailed."""
    from games.services import match_create_seated
    from tests.conftest import make_user

    users = [make_user(f"{language}{i}@example.com", f"P{i}", language=language) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alhambra", now=now)
    seat = mover_of(match)
    state = get_rules("alhambra").load(match.state)
    hand = state.seats[seat.index].hand
    value = next(v for v in range(9, 0, -1) if v not in hand)  # denar is currency 0: its codes are 1 to 9
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(
            raw=bytes(message(address, f"{buy} denar {value}", sender=seat.user.email)), source="test", now=now
        )
    assert record.outcome == InboundEmail.Outcome.REJECTED, record.detail
    own = [str(c) for c in hand if c // 10 == 0]
    said = f"{held} {', '.join(own)}" if own else none
    [answer] = mail.outbox
    assert answer.to == [seat.user.email] and said in " ".join(answer.body.split()), answer.body


#: A refusal of a payment naming a card more often than held, by language:
#: the one sentence it must be, and the second one it must no longer add.
ONLY = {
    "en": ("You hold only {count} {card} (your {currency}: {values}).", "You hold {currency} {values}."),
    "nl": ("Je hebt maar {count} keer {card} (je {currency}: {values}).", "Je hebt {currency} {values} in je hand."),
}


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "buy"), [("en", "buy {slot} with"), ("nl", "koop {slot} met")])
def test_more_copies_than_held_are_answered_in_one_sentence_to_the_payer_alone(
    language, buy, now, django_capture_on_commit_callbacks
):
    """A payment naming a held card once more than held is refused in one
    sentence that says how many are held and names the payer's cards of
    that currency ("You hold only 2 denar 3 (your denar: 3, 3, 4)."), not
    "You hold only 2 of denar 3. You hold denar 3, 3, 4."; only the payer
    is mailed."""
    from django.utils import translation

    from games.engine import message as sentence
    from games.i18n import translate
    from games.rules.alhambra.components import CURRENCIES, CURRENCY_TERMS
    from games.services import match_create_seated
    from tests.conftest import make_user

    users = [make_user(f"{language}{i}@example.com", f"P{i}", language=language) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alhambra", now=now)
    seat = mover_of(match)
    hand = get_rules("alhambra").load(match.state).seats[seat.index].hand
    card, slot = hand[0], hand[0] // 10
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    paid = "+".join([str(card % 10)] * (hand.count(card) + 1))
    body = f"{buy.format(slot=slot + 1)} {CURRENCIES[slot]} {paid}"
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(
            raw=bytes(message(address, body, sender=seat.user.email)), source="test", now=now
        )
    assert record.outcome == InboundEmail.Outcome.REJECTED, record.detail
    with translation.override(language):
        currency = translate("alhambra", sentence("%(c)s", c=CURRENCY_TERMS[slot])).lower()
    values = ", ".join(str(c % 10) for c in hand if c // 10 == slot)
    said, dropped = (
        text.format(count=hand.count(card), card=f"{currency} {card % 10}", currency=currency, values=values)
        for text in ONLY[language]
    )
    [answer] = mail.outbox
    text = " ".join(answer.body.split())
    assert answer.to == [seat.user.email] and said in text, (said, answer.body)
    assert dropped not in text, answer.body
