"""Default turns the sweeper plays in positions where a turn has several
moves: parts that turn up cards, a failing turn that must not be retried
forever."""

from __future__ import annotations

import logging
import random

import pytest

from games import services
from games.deadlines import sweeps as deadlines
from games.deadlines.sweeps import GIVE_UP_AFTER, RETRY_AFTER, deadlines_sweep
from games.engine import get_rules
from games.models import Match, MoveRecord, Seat
from tests.conftest import make_user

from .conftest import DAY, HOUR, events, mover_seat

pytestmark = pytest.mark.django_db


def position(game: str, players: int, seed: int, steps: int):
    """The state after ``steps`` random legal moves (the lowest mover first)."""
    rules = get_rules(game)
    rnd = random.Random(seed)
    state = rules.setup(players, seed * 7919 + players)
    for _ in range(steps):
        seat = min(rules.to_move(state))
        state = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat)))).state
    return state


def match_at(game: str, state, seat: int, now):
    """A running match in ``state`` where only ``seat``'s clock runs (3 days from ``now``)."""
    rules = get_rules(game)
    players = [make_user(f"p{i}@example.com", f"P{i}") for i in range(rules.players(state))]
    match = services.match_create_seated(users=players, game=game, now=now, keep_seat_order=True)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state), ply=10)
    seats = Seat.objects.filter(match=match)
    seats.update(deadline_at=None, reminder_at=None, turn_started_at=None, turn_seconds=None)
    seats.filter(index=seat).update(turn_started_at=now, turn_seconds=3 * 86400, deadline_at=now + 3 * DAY)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize(
    ("game", "players", "seed", "steps", "seat"),
    # Positions where a later default move follows one that turns up cards
    # (the Alhambra seat's next turn places tiles handed out at the end).
    [("alhambra", 2, 0, 213, 1), ("alpaca", 3, 5, 37, 2)],
)
def test_a_default_turn_whose_moves_turn_up_cards_is_played(game, players, seed, steps, seat, now):
    rules = get_rules(game)
    state = position(game, players, seed, steps)
    match = match_at(game, state, seat, now)
    at = now + 3 * DAY + HOUR
    assert deadlines_sweep(now=at) == {"auto": 1}
    record = MoveRecord.objects.get(match=match)
    assert (record.source, record.seat_index) == ("system", seat)
    assert record.text == deadlines._default_turn(rules, state, seat)
    # The seat's next turn (it is to move again) gets a clock of its own.
    match.refresh_from_db()
    after = rules.load(match.state)
    assert seat in rules.to_move(after) and rules.turn_number(after, seat) != rules.turn_number(state, seat)
    sleeper = Seat.objects.get(match=match, index=seat)
    assert (sleeper.auto_moves, sleeper.turn_started_at, sleeper.deadline_at) == (1, at, at + 3 * DAY)


def test_a_timeout_plays_one_alpaca_round_not_the_next_one_too(now):
    rules = get_rules("alpaca")
    state = position("alpaca", 2, 0, 4)  # seat 0 closes round 2 and leads round 3
    match = match_at("alpaca", state, 0, now)
    at = now + 3 * DAY + HOUR
    assert deadlines_sweep(now=at) == {"auto": 1}
    record = MoveRecord.objects.get(match=match)
    match.refresh_from_db()
    after = rules.load(match.state)
    assert (state.round, after.round, rules.to_move(after)) == (2, 3, {0})
    assert record.text == rules.apply_text_moves(state, 0, record.text)[2]
    assert len(record.moves) == len(deadlines._default_turn(rules, state, 0).split(";"))
    sleeper = Seat.objects.get(match=match, index=0)
    assert (sleeper.turn_started_at, sleeper.deadline_at) == (at, at + 3 * DAY)
    # The next round is a turn of its own: enforced at its own deadline.
    assert deadlines_sweep(now=at + DAY) == {}


def test_an_alpaca_player_who_leads_the_next_round_gets_a_fresh_clock(now):
    rules = get_rules("alpaca")
    state = position("alpaca", 2, 0, 4)
    match = match_at("alpaca", state, 0, now)
    Match.objects.filter(pk=match.pk).update(bank_initial_days=3, bank_increment_days=1, bank_cap_days=10)
    me = Seat.objects.select_related("user").get(match=match, index=0)
    moved = now + 3 * DAY - HOUR  # an hour before the deadline
    while True:
        match.refresh_from_db()
        current = rules.load(match.state)
        if rules.turn_number(current, 0) != state.round:
            break
        text = rules.format_move(current, 0, rules.default_move(current, 0))
        services.move_submit(match_id=match.pk, user=me.user, ply=match.ply, text=text, source="web", now=moved)
    me.refresh_from_db()
    assert 0 in rules.to_move(current)
    # An hour left, plus the day added per move.
    assert (me.turn_started_at, me.bank_seconds, me.turn_seconds) == (moved, 3600 + 86400, 3600 + 86400)
    assert me.deadline_at == moved + HOUR + DAY


def test_a_default_turn_that_keeps_failing_forfeits_instead_of_being_retried_forever(
    alice, bob, now, monkeypatch, caplog
):
    from .conftest import start_match

    match = start_match(alice, bob, now=now)
    sleeper = mover_seat(match)

    def move_play(*args, **kwargs):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(deadlines, "move_play", move_play)
    at = sleeper.deadline_at + HOUR / 60
    reports = []
    with caplog.at_level(logging.ERROR, logger="games.deadlines.sweeps"):
        while len(reports) < 10 and match.is_active:
            reports.append(dict(deadlines_sweep(now=at)))
            at += RETRY_AFTER
            match.refresh_from_db()
    retries = GIVE_UP_AFTER // RETRY_AFTER
    assert reports == [{"failed": 1}] * retries + [{"forfeit": 1}]
    assert "failed since its deadline; it forfeits" in caplog.text
    sleeper.refresh_from_db()
    assert sleeper.departed == "timeout" and sleeper.deadline_at is None
    assert [e.user for e in events(match, "timeout_forfeit")] == [sleeper.user]
