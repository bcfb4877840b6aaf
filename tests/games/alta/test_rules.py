"""Turn structure, placement, refresh, markets and the end of an Alta game."""

import dataclasses
import random
from collections import Counter

import pytest
from django.utils import translation

from games.engine import GameOver, IllegalMove, Message, NotYourTurn, Termination, get_rules
from games.i18n import event_text, translate
from games.rules.alta.board import CELL_NAMES, bit_indices
from games.rules.alta.components import MERCHANTS, TYPES
from games.rules.alta.legal import draws_still_needed
from games.rules.alta.moves import BLIND, UP, ChooseMerchant, PlaceHand, Refresh, Take
from games.rules.alta.state import (
    HAND,
    HAND_MERCHANT,
    OVER,
    TAKE,
    TAKE_MERCHANT,
)
from games.rules.alta.testing import cells_of, island, merchant, position

RULES = get_rules("alta")
TOWERS_14 = ("TOW TOW TOW TOW", "TOW TOW TOW TOW", "TOW TOW TOW TOW", "TOW TOW . .")


def play(state, seat, *moves):
    for move in moves:
        state = RULES.apply(state, seat, move).state
    return state


def open_cells(state, seat):
    return [CELL_NAMES[i] for i in bit_indices(state.islands[seat].open)]


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_hands_face_up_cards_and_a_merchant(players):
    state = RULES.setup(players, seed=5)
    assert [len(h) for h in state.hands] == [2] * players
    assert len(state.face_up) == 2
    assert len(state.secret.deck) == 79 - 2 * players
    cards = [c for h in state.hands for c in h] + list(state.face_up) + list(state.secret.deck)
    assert Counter(cards) == Counter({t: 9 for t in range(9)})
    assert state.merchant_up is not None and len(state.secret.merchant_deck) == 8
    assert sorted([state.merchant_up, *state.secret.merchant_deck]) == list(range(9))
    assert state.step == HAND and state.turn == 0
    assert RULES.to_move(state) == {state.first}


def test_the_first_seat_starts_whatever_the_seed():
    # The seat order is drawn (casual games) or chosen (tournaments) before
    # the engine, so the engine never redraws who starts (decision D).
    for players in (2, 3, 4):
        for seed in range(20):
            state = RULES.setup(players, seed)
            assert state.first == 0
            assert RULES.to_move(state) == {0}
    assert len({RULES.setup(4, seed).hands for seed in range(10)}) == 10


@pytest.mark.parametrize("players", [1, 5])
def test_setup_refuses_other_player_counts(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        RULES.setup(players, 1)


# ------------------------------------------------------------ turn flow
def test_a_plain_turn_places_two_cards_refills_face_up_and_draws_two():
    state = position(
        hands={0: ["mill", "tower"]},
        face_up=("wheat", "farmer"),
        deck=["market", "hut", "harbour"],
    )
    state = play(state, 0, PlaceHand("mill", "D4"))
    assert state.step == TAKE and RULES.to_move(state) == {0}
    assert [TYPES[c] for c in state.hands[0]] == ["tower"]
    transition = RULES.apply(state, 0, Take(2, "D5"))
    state = transition.state
    assert cells_of(state.islands[0]) == {"D4": "mill", "D5": "farmer"}
    assert [TYPES[c] for c in state.face_up] == ["wheat_field", "tower"]
    # Top of the deck is the last card: harbour first, then hut.
    assert [TYPES[c] for c in state.hands[0]] == ["fishing_harbour", "farmers_hut"]
    assert [TYPES[c] for c in state.secret.deck] == ["market"]
    assert state.turn == 1 and state.step == HAND and RULES.to_move(state) == {1}
    draw = [e for e in transition.events if e.kind == "draw"]
    assert draw[0].to == (0,) and "fishing_harbour" in draw[0].text


def test_turn_order_follows_the_seats_from_the_start_seat():
    state = position(players=3, first=2)
    seats = []
    for _ in range(4):
        seat = min(RULES.to_move(state))
        seats.append(seat)
        move = RULES.default_move(state, seat)
        state = play(state, seat, move)
        while RULES.to_move(state) == {seat}:
            state = play(state, seat, RULES.default_move(state, seat))
    assert seats == [2, 0, 1, 2]


def test_other_seats_cannot_move_and_steps_come_in_order():
    state = position()
    with pytest.raises(NotYourTurn, match="not your turn"):
        RULES.apply(state, 1, PlaceHand("mill", "D4"))
    with pytest.raises(IllegalMove, match=r"First place one of your hand cards \(step 1\)"):
        RULES.apply(state, 0, Take(1, "D4"))
    state = play(state, 0, PlaceHand("mill", "D4"))
    with pytest.raises(IllegalMove, match=r"Now take a face-up card and place it \(step 3\)"):
        RULES.apply(state, 0, PlaceHand("tower", "D5"))


def test_hand_card_must_be_in_the_hand():
    state = position(hands={0: ["mill", "tower"]})
    with pytest.raises(
        IllegalMove,
        match="You have no wheat field in your hand; you hold mill and tower.",
    ):
        RULES.apply(state, 0, PlaceHand("wheat_field", "D4"))


def test_face_up_card_named_in_step_1_gets_a_hint():
    state = position(hands={0: ["mill", "tower"]}, face_up=("wheat", "farmer"))
    with pytest.raises(
        IllegalMove,
        match=r"You have no farmer in your hand; you hold mill and tower \(a "
        r"face-up card is taken in step 3, after your hand card\)\.",
    ):
        RULES.apply(state, 0, PlaceHand("farmer", "D4"))


def test_market_without_any_merchant_card_left_asks_for_none():
    state = position(hands={0: ["market", "mill"]}, merchant_up=None, merchant_deck=[])
    state = play(state, 0, PlaceHand("market", "D4"))
    assert state.step == TAKE


def test_two_identical_hand_cards_give_one_set_of_moves():
    state = position(hands={0: ["mill", "mill"]})
    assert RULES.legal_moves(state, 0) == [PlaceHand("mill", "D4")]
    state = play(state, 0, PlaceHand("mill", "D4"))
    assert [TYPES[c] for c in state.hands[0]] == ["mill"]


# ------------------------------------------------------------ placement
def test_first_card_goes_to_d4_only():
    state = position()
    assert open_cells(state, 0) == ["D4"]
    with pytest.raises(IllegalMove, match=r"first card goes in the centre of the frame, D4 \(not C3\)"):
        RULES.apply(state, 0, PlaceHand("mill", "C3"))


def test_occupied_cell_is_refused():
    state = position(islands={0: island(". . .", ". MIL .")})
    with pytest.raises(IllegalMove, match="D4 already holds a card; cards never move."):
        RULES.apply(state, 0, PlaceHand("tower", "D4"))


def test_corner_only_contact_is_refused():
    state = position(islands={0: island(". . .", ". MIL .")})
    with pytest.raises(
        IllegalMove,
        match="E5 touches your island only at a corner; a card must share an edge with a card already placed.",
    ):
        RULES.apply(state, 0, PlaceHand("tower", "E5"))


def test_card_away_from_the_island_is_refused():
    state = position(islands={0: island(". . .", ". MIL .")})
    with pytest.raises(IllegalMove, match="F4 does not touch your island"):
        RULES.apply(state, 0, PlaceHand("tower", "F4"))


def test_box_larger_than_4_by_4_is_refused():
    row = position(islands={0: island("MIL MIL MIL MIL", top_left="C4")})
    with pytest.raises(
        IllegalMove,
        match="would make your island 5 wide and 1 high; it may never be larger than 4 x 4",
    ):
        RULES.apply(row, 0, PlaceHand("tower", "G4"))
    with pytest.raises(IllegalMove, match="5 wide"):
        RULES.apply(row, 0, PlaceHand("tower", "B4"))
    column = position(islands={0: island("MIL", "MIL", "MIL", "MIL", top_left="D1")})
    with pytest.raises(IllegalMove, match="1 wide and 5 high"):
        RULES.apply(column, 0, PlaceHand("tower", "D5"))


def test_open_cells_follow_edges_and_the_box():
    state = position(islands={0: island("MIL MIL MIL MIL", top_left="C4")})
    assert open_cells(state, 0) == ["C3", "D3", "E3", "F3", "C5", "D5", "E5", "F5"]
    l_shape = position(islands={0: island("MIL . .", "MIL MIL MIL", top_left="C3")})
    assert open_cells(l_shape, 0) == [
        "C2",
        "B3",
        "D3",
        "E3",
        "B4",
        "F4",
        "C5",
        "D5",
        "E5",
    ]


def test_a_full_island_has_no_open_cell():
    full = island(*["TOW TOW TOW TOW"] * 4)
    assert full.open == 0 and full.occupied.bit_count() == 16


# -------------------------------------------------------------- refresh
def refresh_position(**kw):
    kw.setdefault("face_up", ("mill", "mill"))
    kw.setdefault("deck", ["farmer"] * 30 + ["hut", "wheat"])
    state = position(islands={0: island(". . .", ". TOW .")}, step=TAKE, hands={0: ["tower"]}, **kw)
    return state


def test_refresh_removes_identical_face_up_cards_and_turns_up_two_new():
    state = refresh_position()
    assert RULES.legal_moves(state, 0)[0] == Refresh()
    state = play(state, 0, Refresh())
    assert [TYPES[c] for c in state.face_up] == ["wheat_field", "farmers_hut"]
    assert [TYPES[c] for c in state.out_of_game] == ["mill", "mill"]
    assert len(state.secret.deck) == 30 and state.refreshed
    assert state.step == TAKE and RULES.to_move(state) == {0}


def test_refresh_at_most_once_even_if_the_new_pair_is_identical():
    state = play(refresh_position(deck=["farmer"] * 34), 0, Refresh())
    assert state.face_up == (0, 0)
    assert Refresh() not in RULES.legal_moves(state, 0)
    with pytest.raises(
        IllegalMove,
        match="You already refreshed this turn; now take one of the face-up cards.",
    ):
        RULES.apply(state, 0, Refresh())
    state = play(state, 0, Take(1, "D5"))
    assert not state.refreshed


def test_refresh_needs_two_cards_of_the_same_type():
    state = refresh_position(face_up=("mill", "tower"))
    assert Refresh() not in RULES.legal_moves(state, 0)
    with pytest.raises(
        IllegalMove,
        match=r"only when both face-up cards are the same type "
        r"\(they are mill and tower\)",
    ):
        RULES.apply(state, 0, Refresh())


def test_refresh_comes_after_step_1():
    state = position(face_up=("mill", "mill"))
    with pytest.raises(IllegalMove, match=r"First place one of your hand cards"):
        RULES.apply(state, 0, Refresh())


def test_refresh_deck_guard_keeps_the_cards_needed_for_every_draw():
    # 2 players, turn 0: 14 draws of 2 are still needed (28 cards).
    assert draws_still_needed(position(players=2)) == 28
    short = refresh_position(deck=["farmer"] * 29)
    assert Refresh() not in RULES.legal_moves(short, 0)
    with pytest.raises(
        IllegalMove,
        match="The deck is too small to refresh: it holds 29 cards and 28 are still needed for the players' draws.",
    ):
        RULES.apply(short, 0, Refresh())
    enough = refresh_position(deck=["farmer"] * 30)
    assert Refresh() in RULES.legal_moves(enough, 0)


def test_refresh_deck_guard_in_the_last_rounds():
    # Turn 13 of 2 players (seat 1's 7th turn): only its own draw remains.
    assert draws_still_needed(position(players=2, turn=13)) == 2
    # From the 8th round on nobody draws any more: 2 cards suffice.
    last = refresh_position(turn=14, deck=["farmer", "farmer"])
    assert draws_still_needed(last) == 0
    assert Refresh() in RULES.legal_moves(last, 0)
    one = refresh_position(turn=14, deck=["farmer"])
    assert Refresh() not in RULES.legal_moves(one, 0)


# -------------------------------------------------------------- markets
def test_market_from_the_hand_asks_for_a_merchant_before_step_3():
    state = position(
        hands={0: ["market", "mill"]},
        merchant_up=("tavern", "market"),
        merchant_deck=[("mill", "settlement"), ("farmer", "tower")],
    )
    state = play(state, 0, PlaceHand("market", "D4"))
    assert state.step == HAND_MERCHANT
    assert RULES.legal_moves(state, 0) == [ChooseMerchant(UP), ChooseMerchant(BLIND)]
    with pytest.raises(IllegalMove, match="You placed a market: first choose a merchant card"):
        RULES.apply(state, 0, Take(1, "D5"))
    transition = RULES.apply(state, 0, ChooseMerchant(UP))
    state = transition.state
    assert state.merchants[0] == ((merchant("tavern", "market"), False),)
    assert state.merchant_up == merchant("farmer", "tower")  # refilled from the top
    assert state.secret.merchant_deck == (merchant("mill", "settlement"),)
    assert state.step == TAKE
    assert "tavern + market" in transition.events[0].text and transition.events[0].to is None


def test_blind_merchant_is_the_top_of_the_deck_and_stays_private():
    state = position(
        hands={0: ["market", "mill"]},
        merchant_up=("tavern", "market"),
        merchant_deck=[("mill", "settlement"), ("farmer", "tower")],
    )
    state = play(state, 0, PlaceHand("market", "D4"))
    transition = RULES.apply(state, 0, ChooseMerchant(BLIND))
    state = transition.state
    assert state.merchants[0] == ((merchant("farmer", "tower"), True),)
    assert state.merchant_up == merchant("tavern", "market")
    public = [e for e in transition.events if e.to is None]
    private = [e for e in transition.events if e.to == (0,)]
    assert "farmer" not in public[0].text and "blind" in public[0].text
    assert "farmer + tower" in private[0].text


def test_two_markets_in_one_turn_give_two_merchant_cards():
    state = position(hands={0: ["market", "mill"]}, face_up=("market", "tower"))
    state = play(state, 0, PlaceHand("market", "D4"), ChooseMerchant(UP))
    assert RULES.to_move(state) == {0}
    state = play(state, 0, Take(1, "D5"))
    assert state.step == TAKE_MERCHANT and RULES.to_move(state) == {0}
    state = play(state, 0, ChooseMerchant(BLIND))
    assert len(state.merchants[0]) == 2
    assert state.step == HAND and RULES.to_move(state) == {1}
    assert [TYPES[c] for c in state.face_up] == ["mill", "tower"]


def test_merchant_choices_when_a_supply_is_empty():
    no_deck = position(hands={0: ["market", "mill"]}, merchant_deck=[], step=HAND)
    no_deck = play(no_deck, 0, PlaceHand("market", "D4"))
    assert RULES.legal_moves(no_deck, 0) == [ChooseMerchant(UP)]
    with pytest.raises(IllegalMove, match="The merchant deck is empty; take the face-up card."):
        RULES.apply(no_deck, 0, ChooseMerchant(BLIND))
    after = play(no_deck, 0, ChooseMerchant(UP))
    assert after.merchant_up is None
    no_up = position(
        hands={0: ["market", "mill"]},
        merchant_up=None,
        merchant_deck=[("mill", "settlement")],
    )
    no_up = play(no_up, 0, PlaceHand("market", "D4"))
    assert RULES.legal_moves(no_up, 0) == [ChooseMerchant(BLIND)]
    with pytest.raises(IllegalMove, match="There is no face-up merchant card; take one blind."):
        RULES.apply(no_up, 0, ChooseMerchant(UP))


def test_merchant_choice_only_after_a_market():
    state = position()
    with pytest.raises(IllegalMove, match="You take a merchant card only right after placing a market."):
        RULES.apply(state, 0, ChooseMerchant(UP))


# ------------------------------------------------------- last turns, end
def test_no_draw_after_a_players_eighth_turn():
    # 2 players, turn 14 = seat 0's 8th turn; 14 cards on its island.
    state = position(
        players=2,
        turn=14,
        islands={0: island(*TOWERS_14)},
        hands={0: ["mill", "farmer"]},
        deck=["hut"] * 6,
    )
    state = play(state, 0, PlaceHand("mill", "E6"), Take(1, "F6"))
    assert state.hands[0] == () and len(state.secret.deck) == 6
    assert state.islands[0].occupied.bit_count() == 16
    assert RULES.to_move(state) == {1}


def test_seventh_turn_still_draws():
    state = position(
        players=2,
        turn=12,
        islands={0: island(*TOWERS_14[:3], "TOW . . .")},
        hands={0: ["mill", "farmer"]},
        deck=["hut"] * 6,
    )
    state = play(state, 0, PlaceHand("mill", "D6"), Take(1, "E6"))
    assert len(state.hands[0]) == 2 and len(state.secret.deck) == 4


def test_game_ends_after_the_last_players_eighth_turn():
    state = position(
        players=2,
        turn=15,
        first=0,
        islands={1: island(*TOWERS_14)},
        hands={1: ["mill", "farmer"]},
        face_up=("tower", "tower"),
    )
    transition = RULES.apply(state, 1, PlaceHand("farmer", "E6"))
    state = play(transition.state, 1, Take(2, "F6"))
    assert state.step == OVER and RULES.to_move(state) == frozenset()
    assert RULES.legal_moves(state, 0) == [] and RULES.legal_moves(state, 1) == []
    with pytest.raises(GameOver):
        RULES.apply(state, 1, Refresh())
    assert RULES.outcome(state).termination is Termination.NORMAL


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_build_full_islands_with_the_right_card_count(players):
    for seed in range(3):
        chooser = random.Random(seed)
        state = RULES.setup(players, seed)
        turns = []
        refreshes = 0
        while RULES.to_move(state):
            seat = min(RULES.to_move(state))
            if state.step == HAND:
                turns.append(seat)
            move = chooser.choice(RULES.legal_moves(state, seat))
            refreshes += move == Refresh()
            state = play(state, seat, move)
        assert turns == [(state.first + t) % players for t in range(8 * players)]
        for isl in state.islands:
            top, bottom, left, right = isl.box
            assert isl.occupied.bit_count() == 16 and (bottom - top, right - left) == (
                3,
                3,
            )
        assert all(hand == () for hand in state.hands)
        assert len(state.secret.deck) == 79 - 2 * players - 14 * players - 2 * refreshes
        held = sum(len(m) for m in state.merchants)
        markets = sum(isl.cells.count(8) for isl in state.islands)
        assert held == markets
        outcome = RULES.outcome(state)
        assert len(outcome.scores) == players


# -------------------------------------------------------------- outcome
def finished(island_0, island_1):
    state = position(
        players=2,
        islands={0: island(*island_0), 1: island(*island_1)},
        hands={0: [], 1: []},
        turn=16,
        step=OVER,
    )
    return state


MARKET_CORNER = ("MAR TOW TOW TOW", *["TOW TOW TOW TOW"] * 3)
HARBOUR_CORNER = ("HAR TOW TOW TOW", *["TOW TOW TOW TOW"] * 3)


def test_tie_is_broken_by_the_number_of_fishing_harbours():
    outcome = RULES.outcome(finished(MARKET_CORNER, HARBOUR_CORNER))
    assert outcome.scores == (15, 15)
    assert outcome.ranking == ((1,), (0,))
    assert outcome.details[1]["harbours"] == 1


def test_full_tie_is_a_shared_victory():
    outcome = RULES.outcome(finished(MARKET_CORNER, MARKET_CORNER))
    assert outcome.ranking == ((0, 1),)
    assert outcome.winners == (0, 1)


def test_outcome_details_break_down_cells_and_merchants():
    state = position(
        players=2,
        islands={0: island(*MARKET_CORNER), 1: island(*MARKET_CORNER)},
        hands={0: [], 1: []},
        turn=16,
        step=OVER,
        merchants={0: [("market", "farmer"), ("farmer", "tower")]},
    )
    detail = RULES.outcome(state).details[0]
    assert detail["cells"]["C3"] == 0 and detail["cells"]["D3"] == 1
    assert detail["merchants"] == [
        {"cards": ["market", "farmer"], "points": 0},
        {"cards": ["farmer", "tower"], "points": 0},
    ]
    assert detail["island_points"] == 15 and detail["total"] == 15


def test_resignation_ends_early_and_scores_partial_islands():
    state = position(players=2, islands={0: island("FAR WHE"), 1: island("MIL")})
    state = RULES.resign(state, 1).state
    outcome = RULES.outcome(state)
    assert outcome.termination is Termination.RESIGNATION
    assert outcome.scores == (2 + 1, 3)
    assert outcome.ranking == ((0,), (1,))


def test_departed_seat_is_played_to_the_end_by_default_moves():
    state = RULES.setup(3, 4)
    state = RULES.resign(state, (state.first + 1) % 3).state
    chooser = random.Random(1)
    while RULES.to_move(state):
        seat = min(RULES.to_move(state))
        state = play(state, seat, chooser.choice(RULES.legal_moves(state, seat)))
    assert all(isl.occupied.bit_count() == 16 for isl in state.islands)


# --------------------------------------------------------- default move
def test_default_move_places_the_card_that_scores_most_now():
    state = position(islands={0: island(". . .", ". FAR .")}, hands={0: ["wheat", "hut"]})
    assert RULES.default_move(state, 0) == PlaceHand("farmers_hut", "D3")


def test_default_move_takes_the_best_face_up_card_and_never_refreshes():
    state = position(
        islands={0: island(". . .", ". FAR .")},
        step=TAKE,
        hands={0: ["tower"]},
        face_up=("wheat", "mill"),
    )
    assert RULES.default_move(state, 0) == Take(2, "D3")
    same = refresh_position()
    assert RULES.default_move(same, 0) == Take(1, "D3")


def test_default_merchant_is_the_face_up_one_else_blind():
    state = play(position(hands={0: ["market", "mill"]}), 0, PlaceHand("market", "D4"))
    assert RULES.default_move(state, 0) == ChooseMerchant(UP)
    none_up = play(
        position(hands={0: ["market", "mill"]}, merchant_up=None),
        0,
        PlaceHand("market", "D4"),
    )
    assert RULES.default_move(none_up, 0) == ChooseMerchant(BLIND)


def test_merchant_cards_all_exist():
    assert len({tuple(sorted(p)) for p in MERCHANTS}) == 9


def test_a_taken_merchant_card_is_written_as_the_board_writes_it():
    """The log says "herberg + markt", as the board and the hand list do,
    not "herberg+markt"."""
    state = position(
        hands={0: ["market", "mill"]},
        merchant_up=("tavern", "market"),
        merchant_deck=[("mill", "settlement"), ("farmer", "tower")],
    )
    state = play(state, 0, PlaceHand("market", "D4"))
    event = RULES.apply(state, 0, ChooseMerchant(UP)).events[0]
    assert "(tavern + market)" in event.text and "is farmer + tower." in event.text
    with translation.override("nl"):
        assert "(herberg + markt)" in translate("alta", event.message)


def test_refresh_event_names_the_two_cards_that_leave_in_english_and_dutch():
    [event] = RULES.apply(refresh_position(), 0, Refresh()).events
    with translation.override("en"):
        english = translate("alta", event.message)
    assert english == (
        "Seat 1 refreshed the face-up cards: both mill cards leave the game; "
        "new face-up cards: wheat field and farmer's hut."
    )
    with translation.override("nl"):
        assert "beide kaarten molen gaan uit het spel" in translate("alta", event.message)


def test_a_refresh_stored_in_the_former_wording_reads_as_refreshes_are_written_now():
    [event] = RULES.apply(refresh_position(), 0, Refresh()).events
    former = (
        "%(seat)s refreshed the face-up cards: both %(old)s leave the game; "
        "new face-up cards: %(first)s and %(second)s."
    )
    stored = dataclasses.replace(event, message=Message(former, event.message.params))
    with translation.override("en"):
        assert "both mill cards leave the game" in event_text("alta", stored)
    with translation.override("nl"):
        assert "beide kaarten molen gaan uit het spel" in event_text("alta", stored)
