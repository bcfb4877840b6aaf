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
    # Positions where a later default move follows one that turns up cards.
    [("alhambra", 2, 0, 213, 1)],
)
def test_a_default_turn_whose_moves_turn_up_cards_is_played(game, players, seed, steps, seat, now):
    rules = get_rules(game)
    state = position(game, players, seed, steps)
    assert len(deadlines._default_turn(rules, state, seat).split(";")) > 1
    match = match_at(game, state, seat, now)
    assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {"auto": 1}
    record = MoveRecord.objects.get(match=match)
    assert (record.source, record.seat_index) == ("system", seat)
    match.refresh_from_db()
    assert seat not in rules.to_move(rules.load(match.state))
    assert Seat.objects.get(match=match, index=seat).auto_moves == 1


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
