"""The rules file (shared/rules/alhambra.md) read sentence by sentence: each
test names the rule or decision (D) it holds the engine to, where the other
test files leave it open."""

from __future__ import annotations

from games.engine import get_rules
from games.rules.alhambra.moves import Buy
from games.rules.alhambra.testing import cards, position, seat

RULES = get_rules("alhambra")
MARKET = ("pav8", "gar8NE", "arc9", "cha10")


# ------------------------------------------------------------------ Dirk
def test_without_dirk_the_placing_step_does_not_offer_him():
    """Dirk plays only in a two-player game."""
    state = position([seat(hand="dirham 9"), seat(), seat()], market=MARKET)
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    assert "Dirk" not in RULES.view(state, 0)["step"]
    two = position([seat(hand="dirham 9"), seat()], market=MARKET)
    two = RULES.apply(two, 0, Buy(1, cards("dirham 9"))).state
    assert "Dirk" in RULES.view(two, 0)["step"]
