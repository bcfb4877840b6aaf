"""A match whose clocks are on hold (``clock_hold_register``): a turn that
begins then starts with its clock stopped; the others run as before."""

from __future__ import annotations

import pytest

from games.models import Seat
from games.timing import clock
from games.timing.clock import clock_hold_register

from .conftest import DAY, mover_seat, play_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def held_matches(monkeypatch):
    """Match ids whose clocks are held (the registry restored afterwards)."""
    held: set[int] = set()
    monkeypatch.setattr(clock, "_clock_holds", list(clock._clock_holds))
    clock_hold_register(lambda match: match.pk in held)
    return held


def test_a_turn_that_begins_on_hold_starts_stopped(duel, held_matches, now):
    held_matches.add(duel.pk)
    moved = play_turn(duel, now + DAY)
    nxt = mover_seat(duel)
    assert nxt.pk != moved.pk
    assert nxt.turn_started_at == now + DAY and nxt.turn_seconds == 3 * 86400
    assert nxt.deadline_at is None and nxt.reminder_at is None
    moved = Seat.objects.get(pk=moved.pk)
    assert moved.deadline_at is None and moved.turn_started_at is None


def test_without_a_hold_the_next_turn_runs(duel, held_matches, now):
    play_turn(duel, now + DAY)
    nxt = mover_seat(duel)
    assert nxt.deadline_at == now + 4 * DAY


def test_registering_twice_asks_once(monkeypatch):
    monkeypatch.setattr(clock, "_clock_holds", [])
    asked = []

    def hold(match):
        asked.append(match)
        return False

    clock_hold_register(hold)
    clock_hold_register(hold)
    assert clock._held(object()) is False and len(asked) == 1
