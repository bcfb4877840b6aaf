"""The rules file (shared/rules/alhambra.md) read sentence by sentence: each
test names the rule or decision (D) it holds the engine to, where the other
test files leave it open."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alhambra.components import SCORING_CARDS
from games.rules.alhambra.moves import Buy, Gift, Place, Take
from games.rules.alhambra.scoring import longest_wall
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


def test_only_a_building_bought_this_turn_can_be_given_to_dirk():
    """Two players: "Instead of placing the tiles bought in this turn, the
    active player may give them to Dirk": a reserve building is not one of
    them, so it is neither offered nor accepted, and stays in the reserve."""
    state = position([seat(hand="dirham 9", reserve=("tow13E",)), seat()], market=MARKET)
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    gifts = [m for m in RULES.legal_moves(state, 0) if isinstance(m, Gift)]
    assert gifts == [Gift(tile("gar8NE"))]
    with pytest.raises(IllegalMove, match="not waiting to be placed"):
        RULES.apply(state, 0, Gift(tile("tow13E")))
    after = RULES.apply(state, 0, Gift(tile("gar8NE"))).state
    assert after.dirk == (tile("gar8NE"),)
    assert after.seats[0].reserve == (tile("tow13E"),)


# ------------------------------------------------------------------ done
def test_a_player_with_no_possible_action_is_told_to_end_the_turn():
    """Rules D: "A player for whom no action is possible may end the turn
    (done)": the step says so instead of asking for an action."""
    state = position(display="", deck=(), market=MARKET)
    assert "'done'" in RULES.view(state, 0)["step"]
    assert "'done'" not in RULES.view(position(market=MARKET), 0)["step"]


# --------------------------------------------------------------- scoring
def test_two_scoring_cards_turned_up_in_one_refill_score_in_order():
    """ "A scoring card turned up during refill triggers that scoring at the
    end of the turn; the refill continues": both cards, each with Dirk's
    tiles right after it (6, then a third of what is left, rounded down)."""
    bag = ("tow12", "tow11-", "cha11", "arc10", "ser9", "pav2", "pav3", "gar11", "tow7", "arc4")
    state = position(
        [seat("F gar10-"), seat()],
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], SCORING_CARDS[1], 35, 36),
        bag=bag,
        dirk=(),
    )
    after = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert [r.round for r in after.scorings] == [1, 2]
    assert after.display == cards("dirham 2, ducat 8, florin 5, florin 9")
    assert after.seats[0].score == 5 + 12  # first in gardens twice
    assert len(after.dirk) == 6 + (len(bag) - 6) // 3


def test_reserve_tiles_never_score():
    state = position(
        [seat(reserve=("gar11", "gar10-")), seat("F gar11-")],
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35),
    )
    after = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert after.scorings[0].points == (0, 5)


def test_dirk_takes_his_tiles_from_the_bag_after_the_market_is_refilled():
    """The market is refilled first; the scoring (and Dirk's six tiles
    right after it) comes at the end of the turn."""
    state = position(
        [seat(hand="dirham 8"), seat()],
        market=MARKET,
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35),
        bag=("tow12", "gar11", "pav2"),
        dirk=(),
    )
    state = RULES.apply(state, 0, Buy(1, cards("dirham 8"))).state  # exact: act again
    state = RULES.apply(state, 0, Take(cards("denar 1"))).state
    after = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    assert after.market[1] == tile("tow12")
    assert after.dirk == tuple(sorted(tile(t) for t in ("gar11", "pav2")))
    assert after.phase == "action" and after.current == 1


def test_dirks_score_shown_at_the_end_adds_up_all_three_scorings():
    """Dirk: "His score is computed and shown": his points of scoring 1 (a
    garden: 5) and of the final scoring (his garden alone: 20) add up in
    the outcome and in the view, as a player's do."""
    state = position(
        [seat(hand="dirham 9"), seat()],
        market=MARKET,
        display="denar 1, dirham 2, ducat 8, florin 9",
        deck=(SCORING_CARDS[0], 35, 36),
        bag=(),
        dirk=("gar10N",),
    )
    state = RULES.apply(state, 0, Take(cards("denar 1"))).state
    assert [(r.round, r.dirk) for r in state.scorings] == [(1, 5)]
    state = RULES.apply(state, 1, Take(cards("dirham 2"))).state
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state  # the bag is empty: the end
    state = RULES.apply(state, 0, Place(tile("pav8"), None)).state  # most denar: the pavilion
    assert state.phase == "over"
    assert [(r.round, r.dirk) for r in state.scorings] == [(1, 5), (3, 20)]
    assert RULES.outcome(state).details[0]["dirk_score"] == 25
    assert RULES.view(state, None)["dirk"]["score"] == 25


# ------------------------------------------------------------------- end
def test_equal_totals_share_the_victory():
    """ "Highest total wins; ties share the victory": nobody scored."""
    state = end_of_game(3)
    final = RULES.apply(state, 0, Place(tile("pav8"), None)).state
    assert final.phase == "over"
    assert RULES.outcome(final).ranking == ((0, 1, 2),)


# ----------------------------------------------------- hidden information
def scoring_card_depths(state) -> list[int]:
    """How many cards lie above each scoring card still in the deck."""
    return [state.secret.deck.index(code) for code in SCORING_CARDS if code in state.secret.deck]


@pytest.mark.parametrize("players", [2, 4])
def test_a_re_deal_hides_where_the_scoring_cards_lie_within_their_piles(players):
    """Deck order is hidden, scoring cards included: a position re-dealt for
    a seat puts each scoring card anywhere in what is left of its pile (2 or
    4), not where it really lies."""
    state = RULES.setup(players, 7)
    for _ in range(6):  # a few turns draw cards from the top of the deck
        seat_to_move = min(RULES.to_move(state))
        state = RULES.apply(state, seat_to_move, RULES.default_move(state, seat_to_move)).state
    depths = scoring_card_depths(state)
    assert len(depths) == 2
    rest = len(RULES.setup(players, 7).secret.deck) - 2
    sizes = [rest // 5 + (1 if i < rest % 5 else 0) for i in range(5)]
    drawn = rest + 2 - len(state.secret.deck)
    pile2 = range(sizes[0] - drawn, sizes[0] + sizes[1] + 1 - drawn)
    start4 = sizes[0] + sizes[1] + 1 + sizes[2] - drawn
    pile4 = range(start4, start4 + sizes[3] + 1)
    seen = set()
    for seed in range(20):
        other = RULES.randomize_hidden(state, 0, seed)
        first, second = scoring_card_depths(other)
        assert first in pile2 and second in pile4
        assert len(other.secret.deck) == len(state.secret.deck)
        seen.add((first, second))
    assert len(seen) > 5, seen


def test_a_stored_game_from_before_the_piles_were_kept_still_loads():
    data = RULES.dump(RULES.setup(3, 7))
    del data["state"]["secret"]["spans"]
    state = RULES.load(data)
    assert state.secret.spans == ()
    assert scoring_card_depths(RULES.randomize_hidden(state, 0, 1)) == scoring_card_depths(state)


def test_every_alhambra_reserve_and_score_so_far_is_public():
    """Rules: "Public: every Alhambra and reserve, the market, the money display,
    counts, scores so far": the other seat and a spectator see seat 1's
    buildings, reserve, score and number of cards (not the cards)."""
    state = position(
        [seat("F gar8NE", reserve=("tow13E",), hand="denar 3 4", score=7), seat()],
        market=MARKET,
    )
    for viewer in (1, None):
        shown = RULES.view(state, viewer)["seats"][0]
        assert shown["alhambra"] == {"F": "fountain", "E1": "garden 8 NE"}
        assert shown["reserve"] == ["tower 13 E"]
        assert shown["score"] == 7
        assert shown["hand_size"] == 2 and "hand" not in shown


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


@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("en", ["at least one building of a type", "the next player takes the place after them", "72 cards"]),
        ("nl", ["minstens één gebouw van een soort", "de volgende speler krijgt de plaats daarna", "72 kaarten"]),
    ],
)
def test_the_help_tells_who_scores_a_type_after_a_tie_and_the_two_player_deck(language, phrases):
    """Scoring: "a player needs at least one"; "the next player takes the
    place after the whole tied group"; two players: "Money deck of 72
    cards"."""
    text = " ".join(RULES.help_text(language).split())
    assert [p for p in phrases if p not in text] == []


@pytest.mark.parametrize(
    ("language", "phrase"),
    [
        ("en", "it may pass the same corner twice but never uses a segment twice"),
        ("nl", "hij mag twee keer langs dezelfde hoek maar gebruikt geen stuk twee keer"),
    ],
)
def test_the_help_says_a_wall_may_pass_a_corner_twice(language, phrase):
    """Rules D: "'Continuous' = a trail in the graph of outer wall segments
    (corners are nodes): segments are distinct, corners may repeat". Two
    walled squares meeting at one corner make one wall of 8: the help said
    only that a wall may turn corners."""
    assert longest_wall({(0, 0): "NESW", (1, 1): "NESW"}) == 8
    assert phrase in " ".join(RULES.help_text(language).split())
