"""A player who stops playing a tournament game is dropped from it after
missing deadlines (issue 6); the organisers are told once, with what they
can do before later rounds pair that player again."""

import datetime as dt

import pytest

from games.deadlines.sweeps import deadlines_sweep
from games.models import Seat
from mail.models import OutgoingEmail
from tests.deadlines.conftest import play_turn

from .conftest import new_players, started

pytestmark = pytest.mark.django_db
MINUTE = dt.timedelta(minutes=1)


def _seat_to_move(tournament):
    return (
        Seat.objects.select_related("user", "match")
        .filter(match__tournament_game__tournament=tournament, deadline_at__isnull=False)
        .order_by("pk")
        .first()
    )


def test_the_organisers_are_told_once_when_a_player_is_dropped_for_missing_deadlines(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    match, at, missed = sleeper.match, now, 0
    while missed < 3:  # the sleeper misses each deadline; the opponent moves at once
        seat = Seat.objects.get(pk=sleeper.pk)
        if seat.deadline_at is None:
            play_turn(match, at + MINUTE)
            continue
        at = seat.deadline_at + MINUTE
        deadlines_sweep(now=at)
        missed += 1
    sleeper.refresh_from_db()
    assert sleeper.departed == "timeout"
    told = OutgoingEmail.objects.filter(to=alice.email, subject__contains="was dropped from a game")
    assert told.count() == 1
    text = " ".join(told.get().text.split())
    assert f"{sleeper.user} missed too many deadlines in a row in {match}" in text and "disqualify" in text
    assert t.events.filter(kind="dropped", user=sleeper.user).count() == 1
    assert not OutgoingEmail.objects.filter(to=sleeper.user.email, subject__contains="was dropped from a game")
