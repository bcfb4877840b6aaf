"""The rules file (shared/rules/alhambra.md) read sentence by sentence: each
test names the rule or decision (D) it holds the engine to, where the other
test files leave it open."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alhambra.moves import Buy, Gift, Place, Take
from games.rules.alhambra.testing import cards, position, seat, tile

RULES = get_rules("alhambra")
MARKET = ("pav8", "gar8NE", "arc9", "cha10")


def end_of_game(players: int):
    """The hand-out at the end: seat 1 holds the most denar, so the
    pavilion 8 of slot 1 waits for it to place."""
    seats = [seat(hand="denar 9, dirham 9")] + [seat() for _ in range(players - 1)]
    state = position(seats, market=MARKET, bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert state.phase == "handout" and state.seats[0].pending == (tile("pav8"),)
    return state


# ------------------------------------------------------------------ Dirk
def test_without_dirk_the_placing_step_does_not_offer_him():
    """Dirk plays only in a two-player game."""
    state = position([seat(hand="dirham 9"), seat(), seat()], market=MARKET)
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    assert "Dirk" not in RULES.view(state, 0)["step"]
    two = position([seat(hand="dirham 9"), seat()], market=MARKET)
    two = RULES.apply(two, 0, Buy(1, cards("dirham 9"))).state
    assert "Dirk" in RULES.view(two, 0)["step"]


def test_dirk_is_not_offered_the_tiles_handed_out_at_the_end():
    """Dirk "never receives end-of-game tiles": in a two-player hand-out the
    refusal of another move does not suggest giving the tile to him, and a
    gift says why it is refused."""
    state = end_of_game(2)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Take(cards("denar 1")))
    assert "Dirk" not in str(refused.value)
    with pytest.raises(IllegalMove, match="Dirk never receives the buildings handed out at the end"):
        RULES.apply(state, 0, Gift(tile("pav8")))


# ------------------------------------------------------------------ help
@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("en", ["reshuffled from the discards", "(rounded down)", "scores no walls", "handed out at the end"]),
        ("nl", ["opnieuw geschud", "(naar beneden afgerond)", "geen muren", "aan het einde uitgedeeld"]),
    ],
)
def test_the_help_tells_the_rules_a_player_could_not_guess(language, phrases):
    """The help says what the rules file says of the reshuffle and of Dirk
    (a third of the bag rounded down, no walls, no end-of-game tiles)."""
    text = " ".join(RULES.help_text(language).split())
    assert [p for p in phrases if p not in text] == []
