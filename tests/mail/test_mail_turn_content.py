"""What a turn mail says: the other seats' steps since the reader's last
move, every seat's public counts, the notation help, in either language,
with any display name as typed."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import MoveRecord
from games.services import match_create_seated, move_submit
from mail.turns import whole_turns
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

ODD = ["O'Neil & <Co>", "\u200fשרה"]


def _played_turn(now, capture, *, language="en"):
    """A 2-player Alta game whose first mover played a whole turn by web;
    returns the other player and the mails sent by that turn."""
    users = [make_user(f"odd{i}@example.com", name, language=language) for i, name in enumerate(ODD)]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now, keep_seat_order=True)
    from games.engine import get_rules

    rules = get_rules("alta")
    seat = min(rules.to_move(rules.load(match.state)))
    mover = match.seats.get(index=seat).user
    turn = whole_turns(rules, rules.load(match.state), seat)[0]
    mail.outbox.clear()
    with capture(execute=True):
        move_submit(match_id=match.pk, user=mover, ply=match.ply, source=MoveRecord.Source.WEB, now=now, text=turn.text)
    other = next(u for u in users if u != mover)
    return mover, other, list(mail.outbox)


def test_the_next_mail_tells_every_step_of_the_turn_in_words(now, django_capture_on_commit_callbacks):
    mover, other, sent = _played_turn(now, django_capture_on_commit_callbacks)
    [message] = sent  # a move on the web sends the mover nothing
    assert message.to == [other.email]
    assert message.subject.endswith(f"your move ({mover.display_name} has played)")
    since = message.body.split("Since your last move:")[1].split("---")[0]
    steps = [line for line in since.splitlines() if line.startswith("- ")]
    assert len(steps) >= 2 and all(mover.display_name in line for line in steps[:2]), since
    assert "_" not in since  # card names, never slugs
    assert f"Merchant cards held: {ODD[0]} " in message.body
    assert "NOTATION" in message.body and "Example: mill D3; take 2 E4; merchant up" in message.body
    assert "To play a whole turn, reply with just its letter:" in " ".join(message.body.split())
    html = message.alternatives[0][0]
    assert "O&#x27;Neil &amp; &lt;Co&gt;" in html and "<Co>" not in html
    assert "Since your last move:" in html and "Example: mill D3; take 2 E4; merchant up" in html


def test_the_turn_mail_in_dutch(now, django_capture_on_commit_callbacks):
    _, _, [message] = _played_turn(now, django_capture_on_commit_callbacks, language="nl")
    assert "Sinds je vorige zet:" in message.body
    assert "NOTATIE" in message.body and "Voorbeeld: molen D3; neem 2 E4; koopman open" in message.body
    assert "Koopmankaarten in bezit:" in message.body


def _web_turn(match, now, capture) -> MoveRecord:
    """The seat to move plays its first option on the site; returns the
    stored submission."""
    from tests.mail.conftest import mover_of

    match.refresh_from_db()
    seat = mover_of(match)
    with capture(execute=True):
        move_submit(match_id=match.pk, user=seat.user, option=1, ply=match.ply, source=MoveRecord.Source.WEB, now=now)
    return MoveRecord.objects.get(match=match, ply=match.ply + 1)


def test_a_scoring_at_the_end_of_a_site_movers_turn_is_in_their_next_turn_mail(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """An Alhambra scoring card turns up at the end of a turn played on the
    site: its mover reads the scoring (and what else the turn's end did) in
    their next "your move" mail, before the other player's turn, and not
    their own moves, which they chose."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alhambra", now=now)
    while True:
        record = _web_turn(match, now, django_capture_on_commit_callbacks)
        if any(e["kind"] == "scoring" for e in record.events):
            break
    scorer = match.seats.get(index=record.seat_index).user
    mail.outbox.clear()
    while True:  # the other seat's turn, to the scorer's next turn mail
        answer = _web_turn(match, now, django_capture_on_commit_callbacks)
        mine = [m for m in mail.outbox if m.to == [scorer.email] and "your move (" in m.subject]
        if mine:
            break
        assert answer.seat_index != record.seat_index
    since = [line for line in mine[0].body.split("Since your last move:")[1].splitlines() if line.startswith("- ")]
    assert "- Scoring card 1 turned up." in since, since
    scoring = next(i for i, line in enumerate(since) if line.startswith("- Scoring 1: "))
    assert f"{alice} +" in since[scoring] and f"{bob} +" in since[scoring]
    # Then the other player's turn, told as before.
    other = str(match.seats.get(index=answer.seat_index).user)
    assert any(line.startswith(f"- {other} ") for line in since[scoring + 1 :]), since
    # The scorer's own moves are not told back to them.
    assert not any(line.startswith(f"- {scorer} ") for line in since), since


def test_the_cards_drawn_at_the_end_of_a_site_turn_are_told_only_to_their_drawer(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """Alta's draw at the end of a turn is the drawer's alone: their next
    turn mail tells it (they moved on the site) once, in the line of what is
    new in their hand, not again as a since-line; the other's draw it does
    not tell."""
    from games.engine import get_rules
    from games.terms import term

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    rules = get_rules("alta")
    records = []
    for _turn in range(2):
        match.refresh_from_db()
        state = rules.load(match.state)
        seat = min(rules.to_move(state))
        user = match.seats.get(index=seat).user
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(
                match_id=match.pk,
                user=user,
                ply=match.ply,
                source=MoveRecord.Source.WEB,
                now=now,
                text=whole_turns(rules, state, seat)[0].text,
            )
        records.append(MoveRecord.objects.get(match=match, ply=match.ply + 1))
    first = match.seats.get(index=records[0].seat_index).user
    [turn_mail] = [m for m in mail.outbox if m.to == [first.email]]
    since = turn_mail.body.split("Since your last move:")[1]
    [mine] = [e for e in records[0].events if e["kind"] == "draw"]
    [theirs] = [e for e in records[1].events if e["kind"] == "draw"]
    cards = ", ".join(sorted(term("alta", card) for card in mine["data"]["cards"]))
    assert f"new in your hand: {cards}" in " ".join(since.split())  # lines may wrap
    assert "You drew" not in since
    assert theirs["to"] == [records[1].seat_index]


def test_the_turn_mail_leaves_one_blank_line_between_its_parts(now, django_capture_on_commit_callbacks):
    """Read as plain text, the mail's parts (the headline, what happened
    since, your move, the board) are set apart by one blank line, never two."""
    _, _, [message] = _played_turn(now, django_capture_on_commit_callbacks)
    headline, rest = message.body.split("\n", 1)
    assert rest.startswith("\nSince your last move:"), message.body[:200]
    assert "\n\n\n" not in message.body
