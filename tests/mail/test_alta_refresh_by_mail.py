"""Refreshing the face-up cards (two of a kind) by reply in a 3-player
Alta, read in every player's mail: the mover's answer, the next mover's
turn and the third player's next turn each tell it once; a refresh the
deck cannot pay for is refused with the counts, and nothing changes."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from games.rules.alta.testing import position
from games.services import match_create_seated
from tests.conftest import living_in, make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

TOLD = {"nl": "ververste de open kaarten", "en": "refreshed the face-up cards"}


def _two_towers_face_up(now, capture, *, deck: int):
    users = [make_user(f"p{i}@example.com", name) for i, name in enumerate(["Anna", "Bram", "Cor"])]
    for user, language in zip(users, ("nl", "en", "nl"), strict=True):
        living_in(language, "Europe/Amsterdam", user)
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    seat = mover_of(match)
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    state = position(
        players=3,
        turn=3,
        first=seat.index,
        face_up=("tower", "tower"),
        hands={s: ["mill", "farmer"] for s in range(3)},
        deck=["farmer's hut", "market", "wheat field", "settlement"] * (deck // 4),
    )
    match.state = get_rules("alta").dump(state)
    match.save(update_fields=["state"])
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    return match, seat.user, address, users


def _flat(message_) -> str:
    return " ".join(message_.body.split("-" * 70)[0].split())


def test_a_refresh_by_reply_is_told_to_every_player_once(now, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    match, mover, address, users = _two_towers_face_up(now, capture, deck=60)
    record = ingest(bytes(message(address, "molen D4; ververs; neem 1 D3", sender=mover.email)), capture)
    assert record.outcome == "accepted", record.detail
    [answer] = mails_to(mover.email)
    assert "Je ververste de open kaarten: beide kaarten toren gaan uit het spel" in _flat(answer)
    [turn] = [m for m in mail.outbox if m.reply_to]
    reader = next(u for u in users if u.email == turn.to[0])
    assert _flat(turn).count(f"{mover} {TOLD[reader.language]}") == 1
    third = next(u for u in users if u not in (mover, reader))
    assert not mails_to(third.email)  # told in their own turn mail, not before
    mail.outbox.clear()
    ingest(bytes(message(turn.reply_to[0], "A", sender=reader.email)), capture)
    [their_turn] = [m for m in mails_to(third.email) if m.reply_to]
    assert _flat(their_turn).count(f"{mover} {TOLD[third.language]}") == 1


def test_a_refresh_the_deck_cannot_pay_for_is_refused_and_changes_nothing(now, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    match, mover, address, users = _two_towers_face_up(now, capture, deck=20)
    before = match.state
    record = ingest(bytes(message(address, "molen D4; ververs; neem 1 D3", sender=mover.email)), capture)
    assert record.outcome == "rejected"
    [answer] = mail.outbox
    assert answer.to == [mover.email]
    said = _flat(answer)
    assert "De stapel is te klein om te verversen: er liggen 20 kaarten en er zijn er nog 36 nodig" in said
    assert "Er is niets veranderd." in said
    match.refresh_from_db()
    assert match.state == before
