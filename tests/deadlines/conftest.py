"""Fixtures for deadlines: matches with a chosen time control, and ways to
make seats due or to read what the sweeper did."""

from __future__ import annotations

import datetime as dt

import pytest

from games import services
from games.engine import get_rules
from games.models import Match, MatchEvent, Seat
from games.timing.clock import time_control_clean

DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)


def start_match(creator, *others, now, timeout_policy="auto", **time_control):
    """Create an Alta match with ``time_control`` (see ``time_control_clean``)
    and have ``others`` join it, which starts it at ``now``."""
    fields = time_control_clean(days_per_move=time_control.pop("days_per_move", 3), **time_control)
    match = services.match_create(
        creator=creator,
        game="alta",
        players=1 + len(others),
        now=now,
        days_per_move=fields["days_per_move"],
        timeout_policy=timeout_policy,
    )
    Match.objects.filter(pk=match.pk).update(**fields)
    for user in others:
        services.match_join(match_id=match.pk, user=user, now=now)
    match.refresh_from_db()
    return match


def mover_seat(match) -> Seat:
    """The seat to move in a strictly sequential game (refreshes ``match``)."""
    match.refresh_from_db()
    rules = get_rules(match.game)
    index = min(rules.to_move(rules.load(match.state)))
    return Seat.objects.select_related("user").get(match=match, index=index)


def play_turn(match, now):
    """The mover plays a whole turn (the first listed legal move, step by
    step) through the write path; returns the seat that moved."""
    match.refresh_from_db()
    seat = mover_seat(match)
    rules = get_rules(match.game)
    while True:
        match.refresh_from_db()
        state = rules.load(match.state)
        if seat.index not in rules.to_move(state):
            return seat
        text = rules.move_options(state, seat.index)[0][0]
        services.move_submit(
            match_id=match.pk,
            user=seat.user,
            ply=match.ply,
            text=text,
            source="web",
            now=now,
        )


def events(match, kind):
    return list(MatchEvent.objects.filter(match=match, kind=kind).order_by("pk"))


@pytest.fixture
def duel(alice, bob, now):
    """A started 2-player Alta match, 3 days per move, auto policy."""
    return start_match(alice, bob, now=now)
