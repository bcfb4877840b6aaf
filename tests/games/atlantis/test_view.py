"""Per-seat views: everything public, nothing hidden."""

import json

from games.rules.atlantis import AtlantisRules, BuildBridge, Go
from games.rules.atlantis.testing import build

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)

STATE = build(
    ". bl3 ye2/gn5@1 . =0 pk4@0",
    hands=["bl bl ye", "gy gy"],
    tiles=["wh5", ""],
    draw="br br wh",
    discard="pk",
    turn=1,
)


def test_the_own_hand_is_shown_and_other_hands_only_as_counts():
    view = RULES.view(STATE, 0)
    assert view["hand"] == {"blue": 2, "yellow": 1}
    assert [s["cards"] for s in view["seats"]] == [3, 2]
    assert "hand" not in RULES.view(STATE, None)
    assert "grey" not in json.dumps(RULES.view(STATE, 0)["seats"])


def test_lower_tiles_of_stacks_are_absent_only_their_height_shows():
    entry = RULES.view(STATE, 0)["road"][2]
    assert entry == {
        "position": 3,
        "kind": "tile",
        "colour": "yellow",
        "value": 2,
        "height": 2,
    }
    assert "green" not in json.dumps(RULES.view(STATE, None)["road"])


def test_piles_are_sizes_and_no_secret_is_shown():
    view = RULES.view(STATE, 1)
    assert view["draw_pile"] == 3 and view["discard_pile"] == 1
    text = json.dumps(view)
    assert "12345" not in text and "secret" not in text


def test_the_road_shows_ends_water_bridges_and_gaps():
    view = RULES.view(STATE, None)
    kinds = [p["kind"] for p in view["road"][:7]]
    assert kinds == ["atlantis", "tile", "tile", "water", "water", "tile", "mainland"]
    assert view["atlantis_until"] == 1 and view["mainland_from"] == 7
    assert view["road"][4] == {"position": 5, "kind": "water", "bridge": 0}
    assert view["gaps"] == [{"first": 4, "last": 5, "toll": 0, "bridged": True}]


def test_seats_show_pawns_tiles_bridge_and_score():
    seat0, seat1 = RULES.view(STATE, 1)["seats"]
    assert seat0 == {
        "seat": 0,
        "pawns": ["atlantis", "atlantis", 6],
        "tiles": [{"colour": "white", "value": 5}],
        "tile_points": 5,
        "cards": 3,
        "bridge": 5,
        "score": 8,
    }
    assert seat1["pawns"] == ["atlantis", "atlantis", 3]
    assert seat1["bridge"] is None


def test_whose_turn_and_which_step():
    view = RULES.view(STATE, 0)
    assert view["to_move"] == [1] and view["turn"] == 1 and view["phase"] == "start"
    assert view["seat"] == 0 and view["players"] == 2
    owing = build("bl3 . gy4", hands=["gy bl bl bl"])
    owing = RULES.apply(owing, 0, Go(0, (GY,))).state
    view = RULES.view(owing, 1)
    assert view["phase"] == "pay" and view["toll_due"] == 3 and view["moved_to"] == 3


def test_the_end_shows_final_scores_and_tolls():
    state = build("bl3 . ye2@0 gy4@1", hands=["pk", ""], mainland={0: 2}, draw="br br br br")
    after = RULES.apply(state, 0, Go(3, (PK,))).state
    final = RULES.view(after, None)["final"]
    # Seat 0 took the yellow 2 it left (2 + 4 cards); that merged the water
    # into a gap 2-3 tolled 3 for each of seat 1's pawns on Atlantis.
    assert final == {
        "scores": [6, -6],
        "end_tolls": [0, 6],
        "ended_by": 0,
        "early_end": None,
    }


def test_randomize_hidden_keeps_every_view_of_that_seat():
    state = RULES.setup(3, seed=4)
    for _ in range(10):
        state = RULES.apply(state, state.turn, RULES.default_move(state, state.turn)).state
    for seat in (None, 0, 1, 2):
        other = RULES.randomize_hidden(state, seat, seed=77)
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert other.road.stacks != state.road.stacks  # lower tiles re-dealt
    mine = RULES.randomize_hidden(state, 0, seed=77)
    assert mine.hands[0] == state.hands[0]
    assert sorted(mine.draw) != sorted(state.draw) or mine.hands != state.hands


def test_a_built_bridge_is_visible_to_everyone():
    state = build("bl3 . gy4", hands=["gy"])
    after = RULES.apply(state, 0, BuildBridge(2)).state
    assert RULES.view(after, None)["seats"][0]["bridge"] == 2


OVER_STATE = build(
    ". bl3 ye2/gn5 . pk4",
    hands=["bl bl ye", "gy gy"],
    tiles=["wh5", "pk4"],
    mainland={0: 3, 1: 3},
    phase="over",
)


def test_the_end_shows_every_hand_to_everyone():
    for seat in (None, 0, 1):
        seats = RULES.view(OVER_STATE, seat)["seats"]
        assert [s["hand"] for s in seats] == [{"blue": 2, "yellow": 1}, {"grey": 2}]
    assert [dict(entry.revealed) for entry in RULES.reveal(OVER_STATE)] == [
        {"hand": {"blue": 2, "yellow": 1}},
        {"hand": {"grey": 2}},
    ]


def test_no_hand_colour_is_shown_to_another_seat_before_the_end():
    for seat in (None, 0, 1):
        assert all("hand" not in s for s in RULES.view(STATE, seat)["seats"])
    assert RULES.reveal(STATE) is None


def test_a_hand_shown_at_the_end_is_not_dealt_again_by_the_hidden_information_check():
    assert RULES.randomize_hidden(OVER_STATE, None, seed=7).hands == OVER_STATE.hands


def test_after_the_end_the_lower_tiles_of_stacks_are_shown_to_everyone():
    """Rules: the lower tiles of stacks are hidden during the game; once it
    is over everything is public, so the final position shows them."""
    over = build(". bl3 ye2/gn5@1 . =0 pk4@0", hands=["bl bl ye", "gy gy"], phase="over")
    for seat in (None, 0, 1):
        road = RULES.view(over, seat)["road"]
        assert road[2]["below"] == [{"colour": "green", "value": 5}]
        assert "below" not in road[1]  # a single tile hides nothing
    assert "below" not in json.dumps(RULES.view(STATE, 0)["road"])  # never before the end


def test_the_re_deal_does_not_depend_on_the_hidden_draw_order_hands_or_lower_tiles():
    """Rules, hidden information: "the draw pile order, the lower tiles of
    stacks" and each hand's colours.  The privacy checks compare what a seat
    is shown across ``randomize_hidden`` re-deals, so a re-deal that kept
    any of those in place would let a leak of it pass unseen: two games
    that differ only there re-deal alike for the same seed."""
    first = build("bl3/gn5 ye2/wh6 pk4", hands=["bl bl", "gy ye", "br"], players=3, draw="wh pk gn br gy bl")
    second = build("bl3/wh6 ye2/gn5 pk4", hands=["bl bl", "br ye", "gy"], players=3, draw="bl gy br gn pk wh")
    assert RULES.view(first, 0) == RULES.view(second, 0)
    for seed in (1, 2, 3):
        assert RULES.randomize_hidden(first, 0, seed) == RULES.randomize_hidden(second, 0, seed)
