"""Per-seat views: what is shown, what stays hidden, and the text board."""

import json

from games.engine import get_rules
from games.rules.alta.moves import ChooseMerchant, PlaceHand
from games.rules.alta.state import (
    OVER,
    TAKE,
    copy_state,
)
from games.rules.alta.testing import island, merchant, position
from games.rules.alta.view import board_text

RULES = get_rules("alta")


def secret_state():
    return position(
        players=3,
        islands={0: island(". . .", ". MIL ."), 1: island(". . .", ". FAR .")},
        hands={
            0: ["hut", "wheat"],
            1: ["harbour", "tavern"],
            2: ["settlement", "settlement"],
        },
        merchants={1: [("farmer", "tower")]},
        deck=["market"] * 5 + ["tower"] * 5,
        merchant_up=("farmers_hut", "wheat_field"),
    )


def test_own_hand_is_shown_and_other_hands_only_as_sizes():
    view = RULES.view(secret_state(), 0)
    assert view["seat"] == 0 and view["players"] == 3
    assert view["hand"] == ["farmers_hut", "wheat_field"]
    assert [i["hand_size"] for i in view["islands"]] == [2, 2, 2]
    text = json.dumps(view)
    assert "tavern" not in text  # seat 1's hand card
    assert '"settlement"' not in text
    assert all("hand" not in entry for entry in view["islands"])


def test_merchant_cards_are_counted_for_others_and_listed_for_the_owner():
    state = secret_state()
    assert RULES.view(state, 1)["merchants"] == [["farmer", "tower"]]
    other = RULES.view(state, 0)
    assert other["merchants"] == []
    assert other["islands"][1]["merchant_count"] == 1
    assert "merchants" not in other["islands"][1]
    assert '"farmer", "tower"' not in json.dumps(other)


def test_spectator_sees_no_hand_and_no_merchant_cards():
    view = RULES.view(secret_state(), None)
    assert "hand" not in view and "merchants" not in view
    assert view["seat"] is None


def test_decks_are_sizes_and_no_rng_or_order_appears():
    state = secret_state()
    view = RULES.view(state, 0)
    assert view["deck"] == 10 and view["merchant_deck"] == 7
    assert "secret" not in view and "rng" not in json.dumps(view)
    assert view["merchant_face_up"] == ["farmers_hut", "wheat_field"]
    assert view["face_up"] == ["mill", "tower"]


def test_public_board_state_and_step():
    state = secret_state()
    view = RULES.view(state, 2)
    assert view["to_move"] == [0] and view["turn_of"] == 0 and view["round"] == 1
    assert view["step"] == "hand"
    assert view["islands"][0]["cells"] == {"D4": "mill"}
    assert view["islands"][1]["island_points"] == 1
    assert view["islands"][0]["open"] == ["D3", "C4", "E4", "D5"]
    market = position(hands={0: ["market", "mill"]})
    market = RULES.apply(market, 0, PlaceHand("market", "D4")).state
    assert RULES.view(market, 0)["step"] == "merchant"


def test_can_refresh_is_shown():
    state = position(
        islands={0: island(". . .", ". TOW .")},
        step=TAKE,
        hands={0: ["mill"]},
        face_up=("hut", "hut"),
        deck=["farmer"] * 40,
    )
    assert RULES.view(state, 1)["can_refresh"] is True
    assert RULES.view(position(), 1)["can_refresh"] is False


def test_board_text_uses_the_fixed_frame_names():
    assert board_text(island(". . . .", ". MIL WHE .")) == [
        "     C    D    E    F",
        " 3   .    +    +    .",
        " 4   +   MIL  WHE   +",
        " 5   .    +    +    .",
    ]
    assert board_text(island()) == ["     D", " 4   +"]


def test_final_view_reveals_merchants_and_scores():
    full = island(*["TOW TOW TOW TOW"] * 3, "MAR TOW TOW TOW")
    state = position(
        players=2,
        islands={0: full, 1: full},
        hands={0: [], 1: []},
        turn=16,
        step=OVER,
        merchants={0: [("market", "farmer")], 1: [("tower", "farmers_hut")]},
    )
    view = RULES.view(state, 0)
    assert view["step"] == "over" and view["to_move"] == []
    assert view["islands"][1]["merchants"] == [["tower", "farmers_hut"]]
    assert view["islands"][1]["score"]["merchants"] == [{"cards": ["tower", "farmers_hut"], "points": 0}]
    assert view["scores"] == [15, 15] and view["harbours"] == [0, 0]
    assert view["islands"][0]["score"]["cells"]["C6"] == 0


def test_randomize_hidden_redeals_only_what_the_seat_cannot_see():
    # Seat 1 took one merchant face-up (seen by all) and one blind.
    state = copy_state(
        secret_state(),
        merchants=(
            (),
            (
                (merchant("farmer", "tower"), False),
                (merchant("market", "farmer"), True),
            ),
            (),
        ),
    )
    changed = False
    for seed in range(10):
        other = RULES.randomize_hidden(state, 0, seed)
        assert RULES.view(other, 0) == RULES.view(state, 0)
        assert other.hands[0] == state.hands[0]
        assert other.merchants[1][0] == state.merchants[1][0]
        changed |= other.merchants[1][1] != state.merchants[1][1]
        changed |= other.hands[1] != state.hands[1]
    assert changed


def test_merchant_choice_event_is_private_for_blind_draws():
    state = position(hands={0: ["market", "mill"]})
    state = RULES.apply(state, 0, PlaceHand("market", "D4")).state
    events = RULES.apply(state, 0, ChooseMerchant("blind")).events
    assert [e.to for e in events] == [None, (0,)]


def test_a_game_ended_early_shows_every_hand_left():
    """Rules: each hand (2 cards) is hidden from others; once a game ends
    early (a resignation, a timeout) hands still hold cards, and the end,
    which publishes the seed, shows them with the merchant cards."""
    start = RULES.setup(2, 5)
    ended = RULES.resign(start, 1).state
    hands = [sorted(RULES.view(start, seat)["hand"]) for seat in (0, 1)]
    assert all(len(hand) == 2 for hand in hands)
    reveal = RULES.reveal(ended)
    assert [sorted(entry.revealed["hand"]) for entry in reveal] == hands
    for seat in (None, 0, 1):
        assert [sorted(entry["hand"]) for entry in RULES.view(ended, seat)["islands"]] == hands
    assert RULES.randomize_hidden(ended, None, seed=3).hands == ended.hands


def test_a_game_played_to_the_end_has_no_hand_left_to_show():
    state = RULES.setup(2, 5)
    while not RULES.is_finished(state):
        seat = min(RULES.to_move(state))
        state = RULES.apply(state, seat, RULES.default_move(state, seat)).state
    assert all("hand" not in entry.revealed for entry in RULES.reveal(state))
    assert all("hand" not in entry for entry in RULES.view(state, None)["islands"])
