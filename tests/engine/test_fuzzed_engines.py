"""Property-based (fuzzed) checks of every game through the public protocol.

Positions come from seeded random games at every player count each game
allows; hypothesis picks among them and makes up what a player might type:
any text at all, or a listed move's text (in English or another language
of the game's notation) with words dropped, doubled, swapped, re-cased,
replaced by huge or negative numbers or separators.  Whatever it is, the
engine answers with a move or an ``EngineError`` (the player's refusal),
never another exception (a server error, a mail left unanswered).
"""

from __future__ import annotations

import pytest

from games.engine import NotationError, get_rules, registered_slugs

from .playing import random_playthrough

SLUGS = registered_slugs()
#: Digits Python's ``int`` refuses to read (more than ``sys.get_int_max_str_digits()``).
LONG_NUMBER = "9" * 5000


def _first_position(slug: str):
    rules = get_rules(slug)
    step = next(iter(random_playthrough(rules, rules.min_players, seed=1)))
    return rules, step.state, step.seat


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "words",
    [
        LONG_NUMBER,
        f"#{LONG_NUMBER}",
        f"take {LONG_NUMBER}",
        f"buy {LONG_NUMBER}",
        f"pay {LONG_NUMBER}",
        f"pay 3 {LONG_NUMBER}x blue",
        f"sell {LONG_NUMBER}",
        f"A blue -> {LONG_NUMBER}",
        f"rbg at {LONG_NUMBER},0",
        f"bonus rotate {LONG_NUMBER},0 to 1",
    ],
)
def test_a_number_too_long_to_read_is_a_notation_error(slug, words):
    """A mail may hold a line of thousands of digits: Python's ``int`` refuses
    to read it (a ``ValueError``, no ``EngineError``: a server error)."""
    rules, state, seat = _first_position(slug)
    with pytest.raises(NotationError):
        rules.parse_move(state, seat, words)
