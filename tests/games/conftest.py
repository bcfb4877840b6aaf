"""Fixtures for the games app: started matches between the personas."""

from __future__ import annotations

import pytest


def start_match(creator, *others, game="alta", now, **options):
    """Create a match for ``creator`` and have ``others`` join it."""
    # Imported here: engine tests in this folder run without Django.
    from games import services

    match = services.match_create(creator=creator, game=game, players=1 + len(others), now=now, **options)
    for user in others:
        match = services.match_join(match_id=match.pk, user=user, now=now)
    match.refresh_from_db()
    return match


def play_default_moves(match, now, *, submissions: int | None = None) -> None:
    """The seat to move plays the engine's default move, through the write
    path, until the game ends (or for ``submissions`` moves)."""
    from games.engine import get_rules
    from games.models import Match, MoveRecord
    from games.services import move_submit

    rules = get_rules(match.game)
    played = 0
    while submissions is None or played < submissions:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        state = rules.load(match.state)
        index = min(rules.to_move(state))
        move_submit(
            match_id=match.pk,
            user=match.seats.get(index=index).user,
            ply=match.ply,
            text=rules.format_move(state, index, rules.default_move(state, index)),
            source=MoveRecord.Source.WEB,
            now=now,
        )
        played += 1


def play_random_option(match, rules, state, chooser, now) -> None:
    """The first seat to move in ``state`` (the match's position) plays one
    of its options, picked by ``chooser``, through the write path."""
    from games.models import MoveRecord
    from games.services import move_submit

    index = min(rules.to_move(state))
    text, _ = chooser.choice(rules.move_options(state, index))
    move_submit(
        match_id=match.pk,
        user=match.seats.get(index=index).user,
        text=text,
        ply=match.ply,
        source=MoveRecord.Source.WEB,
        now=now,
    )


def seat_user(match, index):
    return match.seats.get(index=index).user


def mover(match):
    """(user, seat index) of the seat to move in a strictly sequential game."""
    from games.engine import get_rules

    rules = get_rules(match.game)
    index = min(rules.to_move(rules.load(match.state)))
    return seat_user(match, index), index


def first_legal_text(match, index):
    from games.engine import get_rules

    rules = get_rules(match.game)
    state = rules.load(match.state)
    return rules.move_options(state, index)[0][0]


@pytest.fixture
def duel(alice, bob, now):
    """A started 2-player Alta match: alice created it, bob joined."""
    return start_match(alice, bob, now=now)
