"""Setup, the end of a turn (refills, scoring cards, reshuffles) and the
end of the game (hand-out, final scoring)."""

from __future__ import annotations

import re

import pytest

from games.engine import IllegalMove, NotationError, get_rules
from games.rules.alhambra.components import BUILDINGS, SCORING_CARDS
from games.rules.alhambra.moves import Buy, Done, Gift, Place, Take
from games.rules.alhambra.testing import cards, position, seat, tile

RULES = get_rules("alhambra")


def total(hand):
    return sum(c % 10 for c in hand)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_hand_is_dealt_until_it_totals_twenty(players):
    for seed in range(20):
        state = RULES.setup(players, seed)
        for s in state.seats:
            # Dealt one card at a time: without its highest card the hand
            # was still below 20.
            assert total(s.hand) >= 20
            assert total(s.hand) - max(c % 10 for c in s.hand) < 20


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_start_player_has_fewest_cards_then_the_lowest_total(players):
    for seed in range(30):
        state = RULES.setup(players, seed)
        keys = [(len(s.hand), total(s.hand)) for s in state.seats]
        assert keys[state.start_player] == min(keys)
        assert state.current == state.start_player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ties_for_start_player_are_drawn_from_the_seed(players):
    drawn = []  # per tie: did a seat other than the first tied one start?
    for seed in range(300):
        state = RULES.setup(players, seed)
        keys = [(len(s.hand), total(s.hand)) for s in state.seats]
        tied = [s for s, key in enumerate(keys) if key == min(keys)]
        if len(tied) > 1:
            assert state.start_player in tied
            assert RULES.setup(players, seed).start_player == state.start_player
            drawn.append(state.start_player != tied[0])
    # Not "the first seat among the tied": every tied seat can be drawn.
    assert any(drawn) and not all(drawn), drawn


@pytest.mark.parametrize(("players", "money"), [(2, 72), (3, 108), (6, 108)])
def test_money_deck_size_and_the_two_scoring_cards_in_piles_two_and_four(players, money):
    state = RULES.setup(players, 7)
    deck = state.secret.deck
    dealt = sum(len(s.hand) for s in state.seats) + len(state.display)
    assert len(deck) == money - dealt + 2
    rest = money - dealt
    sizes = [rest // 5 + (1 if i < rest % 5 else 0) for i in range(5)]
    pile2 = range(sizes[0], sizes[0] + sizes[1] + 1)
    start4 = sizes[0] + sizes[1] + 1 + sizes[2]
    pile4 = range(start4, start4 + sizes[3] + 1)
    assert deck.index(SCORING_CARDS[0]) in pile2
    assert deck.index(SCORING_CARDS[1]) in pile4


def test_the_market_is_full_and_dirk_gets_six_tiles_with_two_players():
    state = RULES.setup(2, 3)
    assert None not in state.market
    assert len(state.dirk) == 6
    assert len(state.secret.bag) == 54 - 4 - 6
    assert RULES.setup(3, 3).dirk is None
    assert len(RULES.setup(3, 3).secret.bag) == 50


def test_every_tile_is_somewhere_exactly_once():
    state = RULES.setup(2, 11)
    everywhere = list(state.market) + list(state.dirk) + list(state.secret.bag)
    assert sorted(everywhere) == list(BUILDINGS)


def test_player_counts_outside_two_to_six_are_refused():
    with pytest.raises(ValueError, match="2 to 6 players"):
        RULES.setup(7, 1)


# ---------------------------------------------------------- end of a turn
def test_a_scoring_card_scores_at_the_end_of_the_turn_and_the_refill_goes_on():
    state = position(
        [seat("F gar11", hand=""), seat("F tow12")],
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(35, SCORING_CARDS[0], 36, 37),
        dirk=(),
    )
    transition = RULES.apply(state, 0, Take(cards("denar 1, dirham 2")))
    after = transition.state
    assert after.display == cards("ducat 8, florin 5, florin 6, florin 9")
    assert after.secret.deck == (37,)
    assert [r.round for r in after.scorings] == [1]
    assert [s.score for s in after.seats] == [5, 6]  # garden 5, tower 6
    kinds = [e.kind for e in transition.events]
    assert kinds.index("display") < kinds.index("scoring")


def test_dirk_receives_six_tiles_after_scoring_one():
    state = position(
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35, 36),
        dirk=("pav8",),
    )
    bag = state.secret.bag
    after = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert len(after.dirk) == 7
    assert set(after.dirk) == {tile("pav8"), *bag[:6]}
    assert after.secret.bag == bag[6:]


def test_dirk_receives_a_third_of_the_bag_after_scoring_two():
    bag = ("gar11", "tow12", "tow11-", "cha11", "arc10", "ser9", "pav2", "pav3")
    state = position(
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[1], 35),
        dirk=(),
        bag=bag,
    )
    after = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert [r.round for r in after.scorings] == [2]
    assert sorted(after.dirk) == sorted(tile(t) for t in bag[:2])  # 8 // 3
    assert len(after.secret.bag) == 6


def test_dirk_counts_in_the_majorities_but_scores_no_walls():
    state = position(
        [seat("F gar11"), seat("F \n gar6ESW")],
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35, 36),
        dirk=("gar10N", "gar10W"),
    )
    after = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert after.scorings[0].dirk == 5  # two gardens beat one each
    assert after.scorings[0].walls == (0, 3)
    assert after.scorings[0].points == (0, 3)  # scoring 1 pays no second place


def test_an_empty_deck_is_reshuffled_from_the_discards():
    state = position(
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(),
        discard="denar 5, denar 6",
    )
    transition = RULES.apply(state, 0, Take(cards("denar 1, dirham 2")))
    after = transition.state
    assert after.display == cards("denar 5, denar 6, ducat 8, florin 9")
    assert after.discard == ()
    assert "reshuffle" in [e.kind for e in transition.events]


def test_an_unfillable_display_stays_short():
    state = position(display="denar 1, dirham 2, ducat 8, florin 9", deck=())
    after = RULES.apply(state, 0, Take(cards("florin 9"))).state
    assert after.display == cards("denar 1, dirham 2, ducat 8")


def test_the_market_is_refilled_in_slot_order_after_the_turn():
    state = position(
        [seat(hand="denar 8, dirham 9"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        bag=("tow12", "gar11", "pav2"),
    )
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert state.market == (tile("pav8"), tile("tow12"), tile("arc9"), tile("cha10"))
    assert state.secret.bag == (tile("gar11"), tile("pav2"))


# ---------------------------------------------------------------- Dirk gifts
def test_a_bought_tile_may_be_given_to_dirk_with_two_players():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    assert Gift(tile("gar8NE")) in RULES.legal_moves(state, 0)
    after = RULES.apply(state, 0, Gift(tile("gar8NE"))).state
    assert after.dirk == (tile("gar8NE"),)
    assert after.current == 1


def test_no_dirk_with_three_players():
    state = position(
        [seat(hand="dirham 9"), seat(), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
    )
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    assert not any(isinstance(m, Gift) for m in RULES.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="Only in a two-player game"):
        RULES.apply(state, 0, Gift(tile("gar8NE")))


# ------------------------------------------------------------- game end
def end_position(hands, bag=()):
    return position(
        [seat(hand=h) for h in hands],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        bag=bag,
        display="denar 1, dirham 2, ducat 8, florin 9",
    )


def test_the_game_ends_when_the_market_cannot_be_refilled():
    state = end_position(["denar 9, dirham 9", "dirham 3 6"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    transition = RULES.apply(state, 0, Place(tile("gar8NE"), None))
    after = transition.state
    assert "end" in [e.kind for e in transition.events]
    # denar: seat 1 alone; dirham: 0 vs 9 -> seat 2; ducat, florin: nobody.
    assert after.handout == (
        (tile("pav8"), 0),
        (tile("arc9"), None),
        (tile("cha10"), None),
    )
    assert after.phase == "handout"
    assert RULES.to_move(after) == frozenset({0})
    assert Gift(tile("pav8")) not in RULES.legal_moves(after, 0)  # Dirk gets none
    final = RULES.apply(after, 0, Place(tile("pav8"), (0, -1))).state
    assert final.phase == "over"
    assert [r.round for r in final.scorings] == [3]
    assert RULES.outcome(final) is not None


def test_a_tie_for_most_money_hands_the_tile_to_nobody():
    state = end_position(["denar 4 5, dirham 9", "denar 9"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    after = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert (tile("pav8"), None) in after.handout  # denar 9 against 4 + 5
    assert after.phase == "over"  # nobody had anything to place


def test_most_money_is_the_total_value_not_the_number_of_cards():
    state = end_position(["denar 1 2 3, dirham 9", "denar 7"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    after = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert (tile("pav8"), 1) in after.handout


def test_several_receivers_place_their_tiles_in_any_order():
    state = end_position(["denar 9, dirham 9", "ducat 5"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    after = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert RULES.to_move(after) == frozenset({0, 1})
    after = RULES.apply(after, 1, Place(tile("arc9"), None)).state
    assert RULES.to_move(after) == frozenset({0})
    after = RULES.apply(after, 0, Place(tile("pav8"), None)).state
    assert after.phase == "over"


def test_a_partly_refilled_market_is_handed_out_with_the_new_tiles():
    # Dirham 9 overpays the garden 8, which ends the actions: no exact payment is held.
    state = end_position(["denar 8, dirham 9", "florin 5"], bag=("tow12",))
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("pav8"), None)).state
    after = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert after.handout == (
        (tile("tow12"), None),
        (tile("arc9"), None),
        (tile("cha10"), 1),
    )


def test_at_the_end_the_display_is_not_refilled_so_a_waiting_scoring_card_never_scores():
    # Rules D: the money display is not refilled once the market cannot be.
    state = position(
        [seat(hand="denar 8"), seat(hand="florin 5")],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        bag=(),
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[1], 35),
    )
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state  # exact: act again
    state = RULES.apply(state, 0, Take(cards("denar 1"))).state
    after = RULES.apply(state, 0, Place(tile("pav8"), None)).state
    assert after.phase == "handout" and len(after.display) == 3
    assert after.secret.deck == (SCORING_CARDS[1], 35)
    final = RULES.apply(after, 1, Place(tile("cha10"), None)).state
    assert final.phase == "over"
    assert [r.round for r in final.scorings] == [3]


def test_the_final_scoring_counts_the_third_scoring_table():
    state = end_position(["denar 9, dirham 9", "dirham 3 6"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), (0, -1))).state
    final = RULES.apply(state, 0, Place(tile("pav8"), (1, 0))).state
    # garden 20, pavilion 16, walls: garden 8 NE has two joined outer walls.
    assert final.seats[0].score == 20 + 16 + 2
    outcome = RULES.outcome(final)
    assert outcome.scores == (38, 0)
    assert outcome.ranking == ((0,), (1,))


def test_done_is_refused_in_the_placing_phase():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    with pytest.raises(IllegalMove, match="First place your new building"):
        RULES.apply(state, 0, Done())


def test_the_reminder_to_place_counts_the_new_buildings():
    state = position([seat(hand="denar 8, dirham 8"), seat(), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    one = RULES.apply(state, 0, Done()).state
    with pytest.raises(IllegalMove, match=r"^First place your new building: "):
        RULES.apply(one, 0, Done())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 8"))).state
    two = RULES.apply(state, 0, Done()).state
    assert len(two.seats[0].pending) == 2
    with pytest.raises(IllegalMove, match=r"^First place your new buildings: "):
        RULES.apply(two, 0, Done())
    with pytest.raises(NotationError, match=r"'swap' is not a move now: place your new buildings with"):
        RULES.apply_text(two, 0, "swap tower 12 with N1")


def test_with_two_players_dirk_is_scored_but_not_ranked():
    state = end_position(["denar 9, dirham 9", "dirham 3 6"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Gift(tile("gar8NE"))).state
    final = RULES.apply(state, 0, Place(tile("pav8"), (1, 0))).state
    outcome = RULES.outcome(final)
    assert len(outcome.scores) == 2
    assert sorted(s for group in outcome.ranking for s in group) == [0, 1]
    assert outcome.details[0]["dirk_score"] == 20  # his garden: first place
    assert outcome.scores == (16, 0)  # the pavilion; pavilion 8 has no walls


@pytest.mark.parametrize("then", ["buy 4 with florin 5+7", "take denar 1"])
def test_an_action_after_the_last_one_says_the_actions_are_over(then):
    """An overpaid building ends the actions: a second purchase in the same
    message was answered only "First place your new building", as if
    it could follow the placing; the reply now says why."""
    state = position([seat(hand="dirham 9, florin 5 7"), seat(), seat()], market=("pav8", "gar8NE", "arc10", "tow12"))
    with pytest.raises(
        IllegalMove,
        match=r"\("
        + re.escape(f'"{then}"')
        + r"\): Your actions this turn are over \(only an exact payment gives another one\)\. First place your new"
        r" building: 'place <building> at <cell>' or 'reserve <building>'\.$",
    ):
        RULES.apply_text(state, 0, f"buy 2 with dirham 9; {then}")


def test_a_redesign_after_the_last_action_says_the_actions_are_over():
    state = position(
        [seat(hand="dirham 9", reserve=("tow12",)), seat(), seat()], market=("pav8", "gar8NE", "arc10", "tow12")
    )
    with pytest.raises(
        NotationError,
        match=r"\): Your actions this turn are over \(only an exact payment gives another one\)\. 'redesign' is not"
        r" a move now",
    ):
        RULES.apply_text(state, 0, "buy 2 with dirham 9; redesign tower to N1")


def test_a_building_handed_out_at_the_end_is_placed_without_talk_of_actions():
    state = end_position(["denar 9, dirham 9", "dirham 3 6"], bag=())
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert state.phase == "handout"
    with pytest.raises(IllegalMove, match=r"^First place your new building"):
        RULES.apply(state, 0, Done())
