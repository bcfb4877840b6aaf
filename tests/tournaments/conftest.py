"""Fixtures for the Django side of tournaments: a club run by alice,
tournaments with registered fields of players, and games finished for real
through the games app's write path (resignations or default moves).

The pure pairing tests in this folder need none of these (they import
nothing from Django); the fixtures ask for the database themselves.
"""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)
_numbers = itertools.count(1)


def new_players(count: int, prefix: str = "Player"):
    """``count`` fresh verified users with distinct display names."""
    from tests.conftest import make_user

    users = []
    for _ in range(count):
        n = next(_numbers)
        users.append(make_user(f"{prefix.lower()}{n}@example.com", f"{prefix} {n}"))
    return users


def make_tournament(organiser, club, *, now, **settings):
    """A club tournament whose registration closes a week after ``now``."""
    from tournaments.services import tournament_create

    settings.setdefault("name", "Winter cup")
    settings.setdefault("registration_closes_at", now + 7 * DAY)
    return tournament_create(creator=organiser, club_id=club.pk if club else None, now=now, **settings)


def register(tournament, users, now):
    from tournaments.services import tournament_register

    for user in users:
        tournament_register(tournament_id=tournament.pk, user=user, now=now)


def started(organiser, club, users, *, now, **settings):
    """A tournament with ``users`` registered, started by its organiser."""
    from tournaments.services import tournament_start

    tournament = make_tournament(organiser, club, now=now, **settings)
    register(tournament, users, now)
    tournament_start(tournament_id=tournament.pk, now=now, by=organiser)
    tournament.refresh_from_db()
    return tournament


def running_games(tournament):
    """Undecided tournament games whose match is in play, in key order."""
    from games.models import Match

    return list(
        tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
        .select_related("match", "round")
        .order_by("round__number", "key")
    )


def finish(game, winner, now):
    """Finish ``game``'s match with ``winner`` (a user) first: the others
    resign, the lowest seat first, through ``games.services.match_resign``."""
    from games.models import Match
    from games.services import match_resign

    match = game.match
    others = [
        s.user
        for s in match.seats.select_related("user").order_by("index")
        if s.user_id != winner.pk and not s.departed
    ]
    for user in others:
        match.refresh_from_db(fields=["status"])
        if match.status != Match.Status.ACTIVE:
            break
        match_resign(match_id=match.pk, user=user, now=now, source="web")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def user_of(tournament, participant_id):
    return tournament.participants.select_related("user").get(pk=participant_id).user


def best_seed_wins(tournament, game, now):
    """Finish ``game`` with its best-seeded player winning."""
    best = min(tournament.participants.filter(pk__in=game.players), key=lambda p: p.seed)
    return finish(game, best.user, now)


def play_out(tournament, now, pick=best_seed_wins, advance=None, limit=200):
    """Finish every running game round after round, advancing after each
    game (``advance`` defaults to the service), until nothing runs."""
    from tournaments.services import tournament_game_finished

    for _ in range(limit):
        games = running_games(tournament)
        if not games:
            tournament.refresh_from_db()
            return tournament
        for game in games:
            pick(tournament, game, now)
            if advance is None:
                tournament_game_finished(match_id=game.match_id, now=now)
            else:
                advance(game.match_id)
    raise AssertionError("the tournament did not end")


@pytest.fixture
def club(alice, now):
    """Alice's club, open to anyone; alice organises it."""
    from tournaments.services import club_create

    return club_create(
        creator=alice,
        name="Harbour club",
        description="Slow games by the sea.",
        now=now,
    )
