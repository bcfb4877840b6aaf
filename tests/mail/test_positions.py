"""Positions and whole-turn lists computed once for a move's mails and its
reply: a cached copy is exactly what a fresh computation gives."""

import pytest
from django.core.cache import cache

from games.engine import get_rules
from games.models import MoveRecord
from games.selectors import match_state_at
from games.services import move_submit
from mail import positions
from mail.reply_text import read_reply
from mail.turns import whole_turns

from .conftest import mover_of

pytestmark = pytest.mark.django_db


def _play(game, now, count: int) -> None:
    rules = get_rules(game.game)
    for _ in range(count):
        game.refresh_from_db()
        mover = mover_of(game)
        state = rules.load(game.state)
        text = rules.format_move(state, mover.index, rules.default_move(state, mover.index))
        move_submit(match_id=game.pk, user=mover.user, text=text, ply=game.ply, source=MoveRecord.Source.WEB, now=now)
    game.refresh_from_db()


def _same(rules, one, other) -> bool:
    return rules.dump(one) == rules.dump(other)


def test_an_earlier_position_is_the_replayed_one_whether_cached_or_not(game, now):
    _play(game, now, 6)
    rules = get_rules(game.game)
    cache.clear()
    replayed = [match_state_at(game, ply) for ply in range(game.ply + 1)]
    # A miss replays (and keeps it); the next ply advances from the kept one.
    for ply in range(game.ply + 1):
        assert _same(rules, positions.state_at(game, ply), replayed[ply])
    assert cache.get(f"mail:state:{game.pk}:3") is not None
    # Hits give the same positions.
    for ply in range(game.ply + 1):
        assert _same(rules, positions.state_at(game, ply), replayed[ply])
    # Advancing one record from a kept position, not replaying from the seed.
    cache.delete(f"mail:state:{game.pk}:4")
    assert _same(rules, positions.state_at(game, 4), replayed[4])


def test_a_cached_turn_list_is_the_computed_one_and_reads_back_its_letters():
    rules = get_rules("alhambra")
    state = rules.setup(3, 4)
    seat = min(rules.to_move(state))
    cache.clear()
    computed = whole_turns(rules, state, seat)
    assert computed, "a turn of several steps is offered by letter"
    assert positions.listed_turns(rules, state, seat) == computed  # a miss
    assert positions.listed_turns(rules, state, seat) == computed  # a hit
    last = computed[-1]
    assert read_reply(rules, state, seat, last.letter, turns=positions.listed_turns).moves == list(last.steps)


def test_turn_lists_are_kept_per_position_and_seat():
    """Another position, or another seat in it, never gets this one's list."""
    rules = get_rules("alta")
    state = rules.setup(2, 3)
    seat = min(rules.to_move(state))
    listed = positions.listed_turns(rules, state, seat)
    after = rules.apply(state, seat, rules.parse_move(state, seat, listed[0].steps[0])).state
    assert positions.listed_turns(rules, after, seat) == whole_turns(rules, after, seat)
    assert positions.listed_turns(rules, state, 1 - seat) == whole_turns(rules, state, 1 - seat) == []
