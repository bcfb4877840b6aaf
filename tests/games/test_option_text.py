"""A move chosen by option number is the option the player was shown:
``_option_text`` writes out only the chosen move, and must give the text
``move_options`` lists at that number, for every game."""

from __future__ import annotations

import random

import pytest

from core.errors import MoveRejected
from games.engine import get_rules, registered_slugs
from games.services.moves import _option_text


def _positions(slug: str):
    rules = get_rules(slug)
    chooser = random.Random(7)
    state = rules.setup(rules.min_players, 11)
    for _ in range(12):
        movers = rules.to_move(state)
        if not movers:
            return
        seat = min(movers)
        yield rules, state, seat
        moves = rules.legal_moves(state, seat)
        state = rules.apply(state, seat, moves[chooser.randrange(len(moves))]).state


@pytest.mark.parametrize("slug", registered_slugs())
def test_option_text_is_the_listed_option(slug):
    for rules, state, seat in _positions(slug):
        options = rules.move_options(state, seat)
        assert [_option_text(rules, state, seat, n) for n in range(1, len(options) + 1)] == [t for t, _ in options]
        for wrong in (0, len(options) + 1):
            with pytest.raises(MoveRejected) as refused:
                _option_text(rules, state, seat, wrong)
            assert refused.value.code == "invalid_option"
            assert f"1 to {len(options)}" in str(refused.value)
