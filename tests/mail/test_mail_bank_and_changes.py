"""A "your move" mail tells the reader's time bank (with a Fischer bank:
when it runs out, in their zone, the zone named) and what changed for
them since their last turn (score, new cards), in both parts and in
either language."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_create_seated, move_submit
from mail.turns import whole_turns
from tests.conftest import make_user

from .playing import html_of

pytestmark = pytest.mark.django_db


def _text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _two_turns(now, capture, *, language="en", **time_control):
    """Alta, 2 players in Amsterdam; the first mover plays a whole turn,
    then the other one: returns the first mover and their next mail."""
    users = [
        make_user(f"bank{i}@example.com", f"Player {i}", language=language, time_zone="Europe/Amsterdam")
        for i in range(2)
    ]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now, keep_seat_order=True, **time_control)
    rules = get_rules("alta")
    first = None
    for _ in range(2):
        match.refresh_from_db()
        state = rules.load(match.state)
        seat = min(rules.to_move(state))
        mover = match.seats.get(index=seat).user
        first = first or mover
        turn = whole_turns(rules, state, seat)[0]
        mail.outbox.clear()
        with capture(execute=True):
            move_submit(
                match_id=match.pk, user=mover, ply=match.ply, source=MoveRecord.Source.WEB, now=now, text=turn.text
            )
    [message] = [m for m in mail.outbox if m.to == [first.email]]
    return match, first, message


def test_the_turn_mail_tells_the_bank_and_what_changed(now, django_capture_on_commit_callbacks):
    match, reader, message = _two_turns(
        now, django_capture_on_commit_callbacks, bank_initial_days=5, bank_increment_days=1, bank_cap_days=9
    )
    body = " ".join(message.body.split())
    bank = re.search(
        r"Your time bank: (.+?) when this turn began; it runs out on (.+?) \(Europe/Amsterdam time\)\.",
        body,
    )
    assert bank, body
    seat = match.seats.get(user=reader)
    seat.refresh_from_db()
    local = seat.deadline_at.astimezone(reader.zone)
    assert bank.group(2) == local.strftime("%A ") + f"{local.day} " + local.strftime("%B %Y, %H:%M")
    assert "Each move adds 1 day, up to 9 days." in body
    change = re.search(r"For you since your last turn: (.+?)\.(?: |$)", body)
    assert change, body
    assert re.match(r"your score (is still \d+|went from \d+ to \d+ \([+-]\d+\))", change.group(1)), change.group(1)
    # Alta draws a hand card at the end of each turn: it is named.
    assert "new in your hand: " in change.group(1) and "_" not in change.group(1)
    html = _text_of(html_of(message))
    assert bank.group(0) in html and change.group(0).rstrip() in html
    assert [line for line in message.body.splitlines() if len(line) > 72 and "http" not in line] == []


def test_the_bank_and_changes_in_dutch(now, django_capture_on_commit_callbacks):
    _, _, message = _two_turns(
        now, django_capture_on_commit_callbacks, language="nl", bank_initial_days=2, bank_increment_days=1
    )
    body = " ".join(message.body.split())
    assert "Je tijdbank: 2 dagen toen deze beurt begon; die is verbruikt op " in body
    assert "(tijdzone Europe/Amsterdam). Elke zet voegt 1 dag toe, tot 2 dagen." in body
    assert "Voor jou sinds je vorige beurt: je score " in body and "nieuw in je hand: " in body


def test_no_bank_line_without_a_bank(now, django_capture_on_commit_callbacks):
    _, _, message = _two_turns(now, django_capture_on_commit_callbacks)
    assert "time bank" not in message.body
    assert "For you since your last turn:" in " ".join(message.body.split())


def test_every_card_drawn_is_told_even_of_a_kind_just_played(now):
    """An Alta player draws 2 cards at the end of each of their first 7
    turns; the change line names both at every turn start, also when one
    is of the same kind as the hand card played that turn (comparing only
    the hands at both ends would lose it)."""
    from mail.changes import change_line
    from tests.games.conftest import play_default_moves

    users = [make_user(f"draw{i}@example.com", f"Drawer {i}") for i in range(2)]
    match = match_create_seated(users=users, game="alta", now=now, keep_seat_order=True)
    rules = get_rules("alta")
    told, last_seat = 0, None
    while match.status == match.Status.ACTIVE:
        play_default_moves(match, now, submissions=1)
        match.refresh_from_db()
        record = match.moves.order_by("-ply").first()
        state = rules.load(match.state)
        if match.status != match.Status.ACTIVE or record.seat_index in rules.to_move(state):
            continue
        reader = min(rules.to_move(state))
        line = change_line(match=match, seat_index=reader, up_to_ply=match.ply, view_now=rules.view(state, reader))
        last_seat = record.seat_index
        if not line:
            continue  # the reader's first turn
        found = re.search(r"new in your hand: (.+?)\.$", line)
        assert found, line
        assert len(found.group(1).split(", ")) == 2, line
        told += 1
    assert told >= 12 and last_seat is not None
