"""Fixtures for ratings and ladders: rated games finished for real, through
the games app's move and resignation services."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from games import services as game_services
from games.engine import get_rules
from games.models import Match, MoveRecord
from tests.conftest import make_user

_names = itertools.count(1)


def new_player(name: str | None = None):
    """A fresh verified user (beyond the four personas)."""
    number = next(_names)
    name = name or f"Player {number}"
    return make_user(f"player{number}@example.com", name)


def _to_move(match):
    rules = get_rules(match.game)
    index = min(rules.to_move(rules.load(match.state)))
    return match.seats.get(index=index).user, index


def submit_first_option(match, now):
    """The seat to move plays its first legal option (in notation)."""
    user, index = _to_move(match)
    rules = get_rules(match.game)
    state = rules.load(match.state)
    text = rules.move_options(state, index)[0][0]
    game_services.move_submit(
        match_id=match.pk,
        user=user,
        text=text,
        ply=match.ply,
        source=MoveRecord.Source.WEB,
        now=now,
    )
    match.refresh_from_db()


def everyone_moves_once(match, now):
    """Play until every seat has made at least one move of its own."""
    while match.moves.filter(kind="move").values("seat_index").distinct().count() < match.players:
        submit_first_option(match, now)


def finish_by_resignations(match, ranking, now):
    """Finish ``match`` so that ``ranking`` (users, best first) is the final
    order: every seat moves once, then the players resign from last place
    up until one is left."""
    everyone_moves_once(match, now)
    for user in reversed(ranking[1:]):
        game_services.match_resign(match_id=match.pk, user=user, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def play_to_the_end(match, now):
    """Play the game out with the engine's default moves (a normal finish)."""
    rules = get_rules(match.game)
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        user, index = _to_move(match)
        state = rules.load(match.state)
        text = rules.format_move(state, index, rules.default_move(state, index))
        game_services.move_submit(
            match_id=match.pk,
            user=user,
            text=text,
            ply=match.ply,
            source=MoveRecord.Source.WEB,
            now=now,
        )


def rated_match(users, *, now, game="alta", rated=True):
    return game_services.match_create_seated(users=users, game=game, now=now, rated=rated)


def rated_result(ranking, *, now, game="alta"):
    """A rated game between ``ranking``'s users, finished in that order."""
    return finish_by_resignations(rated_match(list(ranking), now=now, game=game), list(ranking), now)


@pytest.fixture
def later():
    """``later(n)``: n hours after the fixed epoch (games finish in order)."""
    from tests.conftest import EPOCH

    return lambda hours: EPOCH + dt.timedelta(hours=hours)


def make_ladder(*, game="alta", players=2, **fields):
    """A ladder as staff would set it up in the admin."""
    from ratings.models import Ladder

    return Ladder.objects.create(game=game, players=players, **fields)


def join(ladder, user, now, *, capacity=1, rating=None, games=20):
    """``user`` joins ``ladder``; with ``rating``, give them that rating in
    the ladder's game kind (as if earned over ``games`` games)."""
    from ratings.models import Rating
    from ratings.services import ladder_join

    membership = ladder_join(ladder_id=ladder.pk, user=user, now=now, capacity=capacity)
    if rating is not None:
        Rating.objects.update_or_create(
            user=user,
            game=ladder.game,
            defaults={
                "value": float(rating),
                "games": games,
                "peak": max(1500.0, float(rating)),
            },
        )
    return membership


def ladder_players(ladder):
    """The sets of players of the ladder's games, newest first."""
    return [
        frozenset(g.match.seats.values_list("user__display_name", flat=True))
        for g in ladder.games.select_related("match")
    ]
