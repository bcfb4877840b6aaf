"""The rules file (shared/rules/alta.md), sentence by sentence, where the
other test files leave an edge open: each test names the rule it holds."""

import json
import random

import pytest

from games.engine import GameOver, IllegalMove, get_rules
from games.rules.alta import score_island, score_layout
from games.rules.alta.components import MERCHANTS, TYPES
from games.rules.alta.legal import draws_still_needed
from games.rules.alta.moves import BLIND, UP, ChooseMerchant, PlaceHand, Refresh, Take
from games.rules.alta.state import HAND, HAND_MERCHANT, OVER, TAKE, TAKE_MERCHANT
from games.rules.alta.testing import island, merchant, position

RULES = get_rules("alta")
FAR, SET, TAV, HUT, MIL, WHE, HAR, TOW, MAR = TYPES


def play(state, seat, *moves):
    for move in moves:
        state = RULES.apply(state, seat, move).state
    return state


def names(cards):
    return [TYPES[c] for c in cards]


# ----------------------------------------------------------- components
def test_the_merchant_cards_are_exactly_the_nine_of_the_decision():
    assert MERCHANTS == (
        ("farmers_hut", "wheat_field"),
        ("wheat_field", "mill"),
        ("mill", "settlement"),
        ("settlement", "fishing_harbour"),
        ("fishing_harbour", "tavern"),
        ("tavern", "market"),
        ("market", "farmer"),
        ("farmer", "tower"),
        ("tower", "farmers_hut"),
    )


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_and_every_deck_starts_as_the_rules_say(players):
    state = RULES.setup(players, seed=11)
    assert all(len(hand) == 2 for hand in state.hands)
    assert all(isl.occupied == 0 for isl in state.islands)
    assert state.merchants == ((),) * players and state.out_of_game == ()
    assert len(state.secret.deck) == 81 - 2 * players - 2
    assert len(state.secret.merchant_deck) == 8
    # The island deck always holds every draw still to come and more:
    # 2 per turn but each player's 8th.
    assert len(state.secret.deck) >= draws_still_needed(state) == 14 * players


def test_the_deal_and_the_start_seat_follow_the_seed():
    """D: the seat order is drawn from the seed before the engine (the
    match shuffles who sits where); the engine plays seat 1 first and then
    in seat order, and the same seed deals the same game."""
    assert RULES.setup(3, 8) == RULES.setup(3, 8)
    assert RULES.setup(3, 8) != RULES.setup(3, 9)
    state = RULES.setup(4, 8)
    order = []
    while len(order) < 8:
        (seat,) = RULES.to_move(state)
        if state.step == HAND:
            order.append(seat)
        state = play(state, seat, RULES.default_move(state, seat))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


# ------------------------------------------------------------ the turn
def test_step_4_puts_the_other_hand_card_into_slot_1_when_slot_1_was_taken():
    state = position(hands={0: ["mill", "tower"]}, face_up=("wheat", "farmer"))
    state = play(state, 0, PlaceHand("mill", "D4"), Take(1, "D5"))
    assert names(state.face_up) == ["tower", "farmer"]


def test_a_refresh_is_allowed_after_the_merchant_choice_of_a_market_from_the_hand():
    state = position(hands={0: ["market", "tower"]}, face_up=("mill", "mill"))
    state = play(state, 0, PlaceHand("market", "D4"))
    assert state.step == HAND_MERCHANT
    with pytest.raises(IllegalMove, match="You placed a market: first choose a merchant card"):
        RULES.apply(state, 0, Refresh())
    state = play(state, 0, ChooseMerchant(UP))
    assert Refresh() in RULES.legal_moves(state, 0)


def test_refreshed_cards_never_return_and_the_new_pair_comes_from_the_top_of_the_deck():
    deck = ["farmer"] * 30 + ["hut", "wheat"]  # top last: wheat, then hut
    state = position(hands={0: ["tower", "tower"]}, face_up=("mill", "mill"), deck=deck)
    state = play(state, 0, PlaceHand("tower", "D4"), Refresh())
    assert names(state.face_up) == ["wheat_field", "farmers_hut"]
    assert names(state.out_of_game) == ["mill", "mill"]
    assert TYPES.index("mill") not in state.secret.deck
    state = play(state, 0, Take(1, "D5"))
    assert names(state.face_up) == ["tower", "farmers_hut"]
    assert names(state.out_of_game) == ["mill", "mill"]


@pytest.mark.parametrize(("players", "turn"), [(3, 4), (4, 5), (4, 27), (4, 28)])
def test_the_refresh_guard_counts_every_players_remaining_draws(players, turn):
    """D: refresh only while the deck holds 2 + the cards still needed for
    the remaining draws of all players (none from anyone's 8th turn)."""
    needed = 2 * max(0, 7 * players - turn)
    assert draws_still_needed(position(players=players, turn=turn)) == needed
    seat = turn % players
    kw = {"players": players, "turn": turn, "face_up": ("mill", "mill")}
    kw["islands"] = {seat: island("TOW", top_left="D4")}
    kw["hands"] = {seat: ["tower"]}
    kw["step"] = TAKE
    just = position(deck=["farmer"] * (2 + needed), **kw)
    assert Refresh() in RULES.legal_moves(just, seat)
    short = position(deck=["farmer"] * (1 + needed), **kw)
    assert Refresh() not in RULES.legal_moves(short, seat)
    with pytest.raises(IllegalMove, match=f"it holds {1 + needed} cards and {needed} are still needed"):
        RULES.apply(short, seat, Refresh())


def test_a_market_taken_face_up_asks_for_the_merchant_before_the_draw():
    deck = ["farmer"] * 30 + ["hut", "wheat"]
    state = position(hands={0: ["mill", "tower"]}, face_up=("market", "farmer"), deck=deck)
    state = play(state, 0, PlaceHand("mill", "D4"), Take(1, "D5"))
    assert state.step == TAKE_MERCHANT and state.hands[0] == ()
    assert names(state.face_up) == ["tower", "farmer"]
    assert len(state.secret.deck) == 32
    state = play(state, 0, ChooseMerchant(BLIND))
    assert names(state.hands[0]) == ["wheat_field", "farmers_hut"]
    assert state.step == HAND and RULES.to_move(state) == {1}


def test_the_face_up_merchant_is_refilled_from_the_top_of_the_merchant_deck():
    state = position(
        hands={0: ["market", "mill"]},
        merchant_up=("tavern", "market"),
        merchant_deck=[("mill", "settlement"), ("farmer", "tower")],
    )
    state = play(state, 0, PlaceHand("market", "D4"), ChooseMerchant(UP))
    assert state.merchant_up == merchant("farmer", "tower")
    assert state.merchants[0] == ((merchant("tavern", "market"), False),)


def test_nine_markets_always_find_a_merchant_card():
    """9 markets and 9 merchant cards: the supply cannot run out."""
    for seed in range(4):
        chooser = random.Random(seed)
        state = RULES.setup(4, seed)
        markets = 0
        while RULES.to_move(state):
            (seat,) = RULES.to_move(state)
            moves = RULES.legal_moves(state, seat)
            assert moves
            before = state.step
            state = play(state, seat, chooser.choice(moves))
            if before in (HAND, TAKE) and state.step in (HAND_MERCHANT, TAKE_MERCHANT):
                markets += 1
        assert sum(len(m) for m in state.merchants) == markets
        assert sum(isl.cells.count(TYPES.index("market")) for isl in state.islands) == markets
        assert markets + len(state.secret.merchant_deck) + (state.merchant_up is not None) == 9


# ----------------------------------------------------- the end of a game
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_exactly_after_the_last_seats_eighth_turn(players):
    state = RULES.setup(players, seed=3)
    while state.turn < 8 * players - 1:
        (seat,) = RULES.to_move(state)
        state = play(state, seat, RULES.default_move(state, seat))
    last = players - 1
    assert RULES.to_move(state) == {last} and RULES.outcome(state) is None
    assert all(isl.occupied.bit_count() == 16 for isl in state.islands[:last])
    assert state.islands[last].occupied.bit_count() == 14
    deck = len(state.secret.deck)
    while RULES.to_move(state):
        state = play(state, last, RULES.default_move(state, last))
    assert state.step == OVER and len(state.secret.deck) == deck
    assert all(isl.occupied.bit_count() == 16 for isl in state.islands)
    assert all(hand == () for hand in state.hands)
    with pytest.raises(GameOver):
        RULES.apply(state, 0, PlaceHand("mill", "D4"))


def test_a_market_taken_as_the_last_card_of_the_game_still_gives_its_merchant_card():
    """The last seat's 8th turn takes a face-up market as its 16th card:
    the merchant card comes before the end (rules: Whenever a market is
    placed ...), no card is drawn after an 8th turn, and the final score
    counts the card taken."""
    towers = ("TOW TOW TOW TOW",) * 3
    state = position(
        players=2,
        turn=15,
        islands={0: island(*towers, "TOW TOW TOW TOW"), 1: island(*towers, "TOW TOW . .")},
        hands={0: [], 1: ["farmer", "mill"]},
        face_up=("mill", "market"),
        merchant_up=("market", "farmer"),
        deck=["hut"] * 6,
    )
    state = play(state, 1, PlaceHand("farmer", "E6"), Take(2, "F6"))
    assert state.step == TAKE_MERCHANT and RULES.to_move(state) == {1}
    assert RULES.outcome(state) is None
    state = play(state, 1, ChooseMerchant(UP))
    assert state.step == OVER and RULES.to_move(state) == frozenset()
    assert state.hands[1] == () and len(state.secret.deck) == 6
    assert state.merchants[1] == ((merchant("market", "farmer"), False),)
    # The farmer at E6 is adjacent to the market at F6: one adjacent pair, 5.
    detail = RULES.outcome(state).details[1]
    assert detail["merchants"] == [{"cards": ["market", "farmer"], "points": 5}]


def test_an_inland_harbour_that_scores_nothing_still_counts_for_the_tie_break():
    """Tie: most fishing harbours *anywhere on the island*: a harbour inside
    the ring scores 0 but is counted."""
    mills = "MIL MIL MIL MIL"
    inland_market = island(mills, "MIL MAR MIL MIL", mills, mills)
    inland_harbour = island(mills, "MIL HAR MIL MIL", mills, mills)
    state = position(
        players=2,
        islands={0: inland_market, 1: inland_harbour},
        hands={0: [], 1: []},
        turn=16,
        step=OVER,
    )
    outcome = RULES.outcome(state)
    assert outcome.scores == (45, 45)
    assert outcome.details[1]["cells"]["D4"] == 0 and outcome.details[1]["harbours"] == 1
    assert outcome.ranking == ((1,), (0,))


def test_a_three_way_tie_on_points_and_harbours_is_shared_and_the_rest_follows():
    towers = ["TOW TOW TOW TOW"] * 3
    market_corner = island("MAR TOW TOW TOW", *towers)
    harbour_corner = island("HAR TOW TOW TOW", *towers)
    state = position(
        players=4,
        islands={0: market_corner, 1: harbour_corner, 2: harbour_corner, 3: harbour_corner},
        hands={s: [] for s in range(4)},
        turn=32,
        step=OVER,
        merchants={3: [("farmer", "tower")]},  # no farmer: 0 points
    )
    outcome = RULES.outcome(state)
    assert outcome.scores == (15, 15, 15, 15)
    assert outcome.ranking == ((1, 2, 3), (0,))


# -------------------------------------------------------------- scoring
def points(rows, row, col):
    return score_island(rows, []).cells[row][col]


def test_towers_in_the_four_corners_each_score_seven():
    rows = [
        [TOW, MIL, MIL, TOW],
        [MIL, MIL, MIL, MIL],
        [MIL, MIL, MIL, MIL],
        [TOW, MIL, MIL, TOW],
    ]
    assert [points(rows, r, c) for r, c in ((0, 0), (0, 3), (3, 0), (3, 3))] == [7, 7, 7, 7]


def test_a_tower_row_full_of_towers_scores_no_bonus():
    rows = [[TOW] * 4, [MIL] * 4, [MIL] * 4, [MIL] * 4]
    assert [points(rows, 0, c) for c in range(4)] == [1, 1, 1, 1]


def test_the_most_each_card_can_score():
    assert points([[MIL] * 4, [MIL, SET, MIL, MIL], [MIL, MIL, MIL, MIL], [MIL] * 4], 1, 1) == 9
    assert points([[WHE] * 4, [WHE, FAR, MAR, WHE], [WHE, WHE, WHE, WHE], [WHE] * 4], 1, 1) == 5
    assert points([[HAR] * 4, [HAR, TAV, MAR, HAR], [HAR] * 4, [HAR] * 4], 1, 1) == 6
    field = [[MIL, FAR, MIL, MIL], [TAV, WHE, HAR, MIL], [MIL, MAR, MIL, MIL], [MIL] * 4]
    assert points(field, 1, 1) == 8
    harbour = [[HUT, HAR, HUT, MIL], [MIL, HUT, MIL, MIL], [MIL] * 4, [MIL] * 4]
    assert points(harbour, 0, 1) == 9


def test_a_coastal_harbour_on_a_side_counts_all_three_neighbours():
    rows = [[MIL] * 4, [HAR, HUT, MIL, MIL], [MIL] * 4, [MIL] * 4]
    rows[0][0] = WHE
    rows[2][0] = HUT
    assert points(rows, 1, 0) == 2 + 3 + 3


def test_hut_and_mill_without_a_farmer_score_their_fixed_points():
    rows = [[SET] * 4, [SET, HUT, MIL, SET], [SET] * 4, [SET] * 4]
    assert (points(rows, 1, 1), points(rows, 1, 2)) == (2, 3)


def test_an_empty_island_and_a_lone_card_score_their_fixed_points_only():
    assert score_layout({}, [("farmer", "tower")]).total == 0
    for kind, fixed in zip(TYPES, (1, 1, 2, 2, 3, 0, 0, 1, 0), strict=True):
        assert score_layout({(0, 0): kind}, []).total == fixed


def test_a_merchant_card_counts_markets_as_island_cards():
    rows = [[MAR, FAR, MIL, MIL], [MIL] * 4, [MIL] * 4, [FAR, MIL, MIL, MAR]]
    score = score_island(rows, [("market", "farmer")])
    assert score.merchants == [5 + 3]


# ------------------------------------------------------ hidden information
def test_no_view_during_the_game_names_another_seats_hand_or_the_deck_order():
    state = RULES.setup(3, seed=21)
    chooser = random.Random(2)
    while RULES.to_move(state):
        (seat,) = RULES.to_move(state)
        for viewer in (None, 0, 1, 2):
            view = RULES.view(state, viewer)
            assert all("hand" not in entry and "merchants" not in entry for entry in view["islands"])
            assert view.get("hand", []) == ([] if viewer is None else names(state.hands[viewer]))
            assert [e["hand_size"] for e in view["islands"]] == [len(h) for h in state.hands]
            assert [e["merchant_count"] for e in view["islands"]] == [len(m) for m in state.merchants]
            assert view["deck"] == len(state.secret.deck)
            assert view["merchant_deck"] == len(state.secret.merchant_deck)
            text = json.dumps(view)
            assert "secret" not in text and "rng" not in text and str(state.secret.rng) not in text
        state = play(state, seat, chooser.choice(RULES.legal_moves(state, seat)))
    final = RULES.view(state, None)
    assert [e["merchants"] for e in final["islands"]] == [
        [list(MERCHANTS[m]) for m, _ in state.merchants[s]] for s in range(3)
    ]
    assert all("score" in e for e in final["islands"])


# ------------------------------------- scoring against the table, literally
def _reference_points(rows, r, c):
    """A card's points written straight from the rules file's table."""
    kind = rows[r][c]
    around = [
        rows[r + dr][c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 4 and 0 <= c + dc < 4
    ]
    if kind == FAR:
        return 1 + sum(k in (WHE, MAR) for k in around)
    if kind == SET:
        return 1 + 2 * sum(k in (MIL, HAR) for k in around)
    if kind == TAV:
        return 2 + 2 * min(2, sum(k in (HAR, MAR) for k in around))
    if kind == HUT:
        return 2 + (3 if around.count(FAR) == 1 else 0)
    if kind == MIL:
        return 3 + (2 if around.count(FAR) == 1 else 0)
    if kind == WHE:
        return {0: 0, 1: 1, 2: 3, 3: 5, 4: 8}[len({k for k in around if k != WHE})]
    if kind == HAR:
        coast = r in (0, 3) or c in (0, 3)
        return 2 * around.count(WHE) + 3 * around.count(HUT) if coast else 0
    if kind == TOW:
        row = [rows[r][x] for x in range(4)]
        col = [rows[y][c] for y in range(4)]
        return 1 + 3 * _sees_a_tower(row, c) + 3 * _sees_a_tower(col, r)
    return 0


def _sees_a_tower(line, at):
    """Another tower in ``line`` with a card of another type between."""
    return any(
        line[other] == TOW and any(line[x] != TOW for x in range(min(at, other) + 1, max(at, other)))
        for other in range(4)
        if other != at
    )


def _reference_merchant(rows, first, second):
    """Every way of pairing the A and B cards, the best kept (5 adjacent,
    3 not; each card in one pair at most)."""
    cells = [(r, c) for r in range(4) for c in range(4)]
    a_cards = [p for p in cells if rows[p[0]][p[1]] == first]
    b_cards = [p for p in cells if rows[p[0]][p[1]] == second]

    def best(i, used):
        if i == len(a_cards):
            return 0
        options = [best(i + 1, used)]
        for j, b in enumerate(b_cards):
            if not used >> j & 1:
                (ar, ac), (br, bc) = a_cards[i], b
                pair = 5 if abs(ar - br) + abs(ac - bc) == 1 else 3
                options.append(pair + best(i + 1, used | 1 << j))
        return max(options)

    return best(0, 0)


@pytest.mark.parametrize("seed", range(40))
def test_scoring_equals_the_rules_table_read_literally(seed):
    chooser = random.Random(seed)
    weights = [1, 1, 1, 2, 1, 2, 2, 3, 1]  # more towers, huts, fields, harbours
    rows = [chooser.choices(TYPES, weights, k=4) for _ in range(4)]
    merchants = chooser.sample(MERCHANTS, 3)
    score = score_island(rows, merchants)
    assert score.cells == [[_reference_points(rows, r, c) for c in range(4)] for r in range(4)]
    assert score.merchants == [_reference_merchant(rows, a, b) for a, b in merchants]
    assert score.total == sum(map(sum, score.cells)) + sum(score.merchants)


def test_refreshing_at_every_chance_never_leaves_a_draw_short():
    """D: with the refresh guard the island deck cannot run out, however
    often players refresh (here every face-up pair is two mills)."""
    state = position(players=4, hands={s: ["mill", "mill"] for s in range(4)}, face_up=("mill", "mill"))
    state = position(
        players=4,
        hands={s: ["mill", "mill"] for s in range(4)},
        face_up=("mill", "mill"),
        deck=["mill"] * (draws_still_needed(state) + 10),
    )
    refreshes = 0
    while RULES.to_move(state):
        (seat,) = RULES.to_move(state)
        moves = RULES.legal_moves(state, seat)
        move = Refresh() if Refresh() in moves else RULES.default_move(state, seat)
        refreshes += move == Refresh()
        state = play(state, seat, move)
        assert len(state.secret.deck) >= draws_still_needed(state)
    assert refreshes == 5 and len(state.secret.deck) == 0
    assert all(isl.occupied.bit_count() == 16 for isl in state.islands)
