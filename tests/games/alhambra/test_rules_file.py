"""The rules file (shared/rules/alhambra.md) to the letter, for the lines no
other test file pins: the component tables, the money deck, the player
count, and the timing of a scoring card against the rest of the turn
(buildings placed or given to Dirk in that turn, a deck that runs out)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import get_rules
from games.rules.alhambra import majority_scores
from games.rules.alhambra.components import BUILDINGS, CURRENCIES, SCORING_CARDS, TILES, TYPES, money_deck, walls_text
from games.rules.alhambra.moves import Buy, Done, Gift, Place, Take
from games.rules.alhambra.testing import cards, position, seat, tile

RULES = get_rules("alhambra")

#: "Components": the building table, ``price:walls`` per tile, as written there.
BUILDING_TABLE = {
    "pavilion": "2:NEW 3:SW 4:ES 5:NW 6:N 7:E 8:-",
    "seraglio": "3:ESW 4:NE 5:SW 6:ES 7:W 8:S 9:-",
    "arcades": "4:NES 5:NW 6:NE 6:SW 7:ES 8:N 8:E 9:- 10:-",
    "chambers": "5:NSW 6:ES 7:NE 7:SW 8:NW 9:S 9:W 10:- 11:-",
    "garden": "6:ESW 7:NSW 8:NE 8:NW 8:SW 9:E 10:N 10:W 10:- 11:- 12:S",
    "tower": "7:NEW 8:NES 9:NE 9:ES 9:NW 10:W 11:N 11:S 11:- 12:- 13:E",
}
#: "Scoring": the majority table, per type: scoring 1, 2 and 3.
SCORING_TABLE = {
    "pavilion": ((1,), (8, 1), (16, 8, 1)),
    "seraglio": ((2,), (9, 2), (17, 9, 2)),
    "arcades": ((3,), (10, 3), (18, 10, 3)),
    "chambers": ((4,), (11, 4), (19, 11, 4)),
    "garden": ((5,), (12, 5), (20, 12, 5)),
    "tower": ((6,), (13, 6), (21, 13, 6)),
}


# ------------------------------------------------------------ components
def test_the_54_buildings_are_the_table_of_the_rules_file():
    engine = {name: [] for name in TYPES}
    for t in BUILDINGS:
        kind, price, walls = TILES[t]
        engine[TYPES[kind]].append(f"{price}:{walls_text(walls)}")
    assert {name: " ".join(entries) for name, entries in engine.items()} == BUILDING_TABLE
    counts = {name: len(text.split()) for name, text in BUILDING_TABLE.items()}
    assert counts == {"pavilion": 7, "seraglio": 7, "arcades": 9, "chambers": 9, "garden": 11, "tower": 11}
    assert len(BUILDINGS) == 54


@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_each_place_of_each_type_pays_what_the_scoring_table_says(round_number):
    # Three players with 3, 2 and 1 buildings of one type take places 1, 2, 3.
    for name, rows in SCORING_TABLE.items():
        paid = majority_scores([{name: 3}, {name: 2}, {name: 1}], round_number)
        assert paid == [*rows[round_number - 1], 0, 0][:3], name


@pytest.mark.parametrize(("players", "copies"), [(2, 2), (3, 3), (6, 3)])
def test_the_money_is_four_currencies_of_values_one_to_nine(players, copies):
    """108 cards, three of each (two players: 72, two of each), plus the two
    scoring cards: every card of a new game is in a hand, on display or in
    the deck."""
    assert CURRENCIES == ("denar", "dirham", "ducat", "florin")
    expected = Counter({currency * 10 + value: copies for currency in range(4) for value in range(1, 10)})
    assert Counter(money_deck(players)) == expected
    state = RULES.setup(players, 3)
    everywhere = [c for s in state.seats for c in s.hand] + list(state.display) + list(state.secret.deck)
    assert Counter(everywhere) == expected + Counter(SCORING_CARDS)
    assert len(state.display) == 4


@pytest.mark.parametrize("players", [0, 1, 7])
def test_fewer_than_two_or_more_than_six_players_are_refused(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        RULES.setup(players, 1)


@pytest.mark.parametrize("players", [2, 6])
def test_two_and_six_players_each_get_a_start_tile_and_an_empty_reserve(players):
    state = RULES.setup(players, 5)
    assert [len(s.alhambra) for s in state.seats] == [1] * players
    assert all(s.reserve == () and s.pending == () and s.score == 0 for s in state.seats)


# ------------------------------------------------- scoring card timing
def _exact_buy_then_money(dirk=None):
    """Seat 1 pays the pavilion 8 exactly (another action), takes money and
    so must place the pavilion; the display's refill turns up scoring card 1."""
    return position(
        [seat(hand="denar 8"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35, 36),
        dirk=dirk,
    )


def test_a_scoring_counts_the_building_placed_in_the_turn_its_card_turned_up():
    """ "Bought tiles are placed at the end of the turn", and the scoring
    card "triggers that scoring at the end of the turn": after the placing."""
    state = RULES.apply(_exact_buy_then_money(), 0, Buy(0, cards("denar 8"))).state
    state = RULES.apply(state, 0, Take(cards("dirham 2"))).state
    assert state.scorings == ()  # the display is refilled after the turn, not now
    transition = RULES.apply(state, 0, Place(tile("pav8"), (0, -1)))
    after = transition.state
    assert [r.round for r in after.scorings] == [1]
    assert after.scorings[0].points == (1, 0)  # first in pavilions: 1
    kinds = [e.kind for e in transition.events]
    assert kinds.index("place") < kinds.index("scoring")


def test_a_building_given_to_dirk_in_that_turn_counts_for_him():
    state = RULES.apply(_exact_buy_then_money(dirk=()), 0, Buy(0, cards("denar 8"))).state
    state = RULES.apply(state, 0, Take(cards("dirham 2"))).state
    after = RULES.apply(state, 0, Gift(tile("pav8"))).state
    assert after.scorings[0].dirk == 1 and after.scorings[0].points == (0, 0)


def test_a_scoring_card_at_the_bottom_of_the_deck_scores_and_the_discards_refill_the_display():
    """ "An empty money deck is reshuffled from the discards" while the
    refill goes on after a scoring card."""
    state = position(
        [seat("F gar11"), seat()],
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[1],),
        discard="denar 5, denar 6",
    )
    transition = RULES.apply(state, 0, Take(cards("denar 1, dirham 2")))
    after = transition.state
    assert [r.round for r in after.scorings] == [2]
    assert after.seats[0].score == 12  # garden, scoring 2, first place
    assert after.display == cards("denar 5, denar 6, ducat 8, florin 9")
    assert after.secret.deck == () and after.discard == ()
    kinds = [e.kind for e in transition.events]
    assert kinds.index("reshuffle") < kinds.index("scoring")


# ------------------------------------------------------- running out of tiles
def test_a_market_the_bag_can_still_fill_completely_does_not_end_the_game():
    """ "The game ends when the market cannot be completely refilled from
    the bag": the last tile filling the last empty slot is not the end; the
    next slot left empty is."""
    state = position(
        [seat(hand="denar 8, dirham 9"), seat(hand="ducat 9")],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        bag=("tow12",),
    )
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state  # exact: another action
    state = RULES.apply(state, 0, Take(cards("denar 1"))).state
    state = RULES.apply(state, 0, Place(tile("pav8"), None)).state
    assert state.phase == "action" and state.current == 1
    assert state.market == (tile("tow12"), tile("gar8NE"), tile("arc9"), tile("cha10"))
    assert state.secret.bag == ()
    state = RULES.apply(state, 1, Buy(2, cards("ducat 9"))).state  # exact too
    state = RULES.apply(state, 1, Done()).state
    transition = RULES.apply(state, 1, Place(tile("arc9"), None))
    assert "end" in [e.kind for e in transition.events]
    # Denar and dirham: seat 1 alone holds some; florin: nobody.
    assert transition.state.handout == ((tile("tow12"), 0), (tile("gar8NE"), 0), (tile("cha10"), None))
