"""The sinking road: taking tiles, water gaps, the moving ends, tolls, bridges."""

import random

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import (
    MAINLAND,
    AtlantisRules,
    BuildBridge,
    Gap,
    Go,
    Pay,
    Road,
)
from games.rules.atlantis.testing import build, road_text, tiles_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


def gaps(state):
    return [(g.first, g.last, g.toll, g.bridged) for g in state.road.gaps]


# ----------------------------------------------------------- taking a tile
def test_the_nearest_free_tile_behind_the_pawn_is_taken():
    state = build("bl3 ye2 gy4 wh6", hands=["wh"])
    after = RULES.apply(state, 0, Go(0, (WH,))).state
    assert tiles_text(after, 0) == "gy4"
    assert road_text(after) == "bl3 ye2 . wh6@0"


def test_taking_skips_pawns_water_and_bridges():
    state = build("bl3 ye2 . gy4@1 pk5@1 wh6", hands=["wh bl bl"])
    after = RULES.apply(state, 0, Go(0, (WH,))).state
    after = RULES.apply(after, 0, Pay((), (BL, BL))).state
    assert tiles_text(after, 0) == "ye2"
    bridged = build("bl3 ye2 =1 gy4@1 pk5@1 wh6", hands=["wh"])
    after = RULES.apply(bridged, 0, Go(0, (WH,))).state
    assert after.phase == "start"  # a bridged gap is free: nothing to pay
    assert tiles_text(after, 0) == "ye2"


def test_the_pawn_s_own_old_position_is_free_to_take():
    state = build("bl3 ye2@0 gy4", hands=["gy"])
    after = RULES.apply(state, 0, Go(2, (GY,))).state
    assert tiles_text(after, 0) == "ye2"


def test_a_stack_reveals_its_lower_tile():
    state = build("bl3 ye2/gn5 wh6", hands=["wh"])
    transition = RULES.apply(state, 0, Go(0, (WH,)))
    assert road_text(transition.state) == "bl3 gn5 wh6@0"
    assert tiles_text(transition.state, 0) == "ye2"
    assert any("revealing green 5" in e.text for e in transition.events)


def test_no_tile_is_taken_when_none_is_free_behind():
    state = build("bl3 ye2", hands=["bl"])
    after = RULES.apply(state, 0, Go(0, (BL,))).state
    assert after.tiles[0] == ()
    assert road_text(after) == "bl3@0 ye2"


def test_a_pawn_reaching_the_mainland_also_takes_a_tile():
    state = build("bl3 ye2@0 gy4 pk5", hands=["wh"])
    after = RULES.apply(state, 0, Go(2, (WH,))).state
    assert after.pawns[0] == (0, 0, MAINLAND)
    assert tiles_text(after, 0) == "pk5"


# ------------------------------------------------------------------ water
def test_gaps_merge_into_one_and_toll_the_new_neighbours():
    state = build("bl3 ye2 gy4 . pk5 wh6@1", hands=["pk"], tiles=["br7"])
    after = RULES.apply(state, 0, Go(0, (PK,))).state
    after = RULES.apply(after, 0, Pay((7,), ())).state
    # The grey 4 behind the water was taken: positions 3-4 are one gap now,
    # tolled by the lower of ye2 and pk5.
    assert road_text(after) == "bl3 ye2 . . pk5@0 wh6@1"
    assert gaps(after) == [(3, 4, 2, False)]


def test_atlantis_moves_up_instead_of_leaving_a_gap():
    state = build("bl3 ye2@1 gy4", hands=["gy"])
    after = RULES.apply(state, 0, Go(0, (GY,))).state
    assert tiles_text(after, 0) == "bl3"
    assert road_text(after) == ". ye2@1 gy4@0"
    assert after.road.first == 2
    assert gaps(after) == []
    assert after.road.kind(1) == "atlantis"


def test_the_mainland_moves_up_instead_of_leaving_a_gap():
    state = build("bl3 ye2@0 gy4", hands=["pk"])
    after = RULES.apply(state, 0, Go(2, (PK,))).state
    assert tiles_text(after, 0) == "gy4"
    assert after.road.last == 2
    assert gaps(after) == []
    assert after.road.kind(3) == "mainland"


def test_water_next_to_an_end_joins_that_end():
    state = build("bl3 . ye2 gy4@1 pk5 . wh6", hands=["ye bl bl"])
    assert gaps(state) == [(2, 2, 2, False), (6, 6, 5, False)]
    after = RULES.apply(state, 0, Go(0, (YE,))).state
    after = RULES.apply(after, 0, Pay((), (BL, BL))).state
    assert tiles_text(after, 0) == "bl3"
    assert after.road.first == 3  # positions 1-2 belong to Atlantis now
    assert after.road.kind(2) == "atlantis"
    assert gaps(after) == [(6, 6, 5, False)]


# ------------------------------------------------------------------ tolls
def test_the_toll_is_the_lower_neighbour_summed_over_the_gaps_crossed():
    # The seed's example: gaps between 2|5 (2), bridged, 5|7 (5): 2 + 5 = 7.
    state = build("bl2 . gy5 =1 ye3 pk5 . br7 wh4", hands=["wh bl bl bl bl bl bl bl"])
    assert state.road.toll(0, 9) == 7
    transition = RULES.apply(state, 0, Go(0, (WH,)))
    assert transition.state.phase == "pay"
    assert transition.state.toll_due == 7
    assert transition.events[-1].text.endswith("playing white; toll 7 to pay.")


def test_a_gap_with_a_bridge_costs_nothing():
    state = build("bl2 =0 gy5", hands=["gy"])
    after = RULES.apply(state, 0, Go(0, (GY,))).state
    assert after.phase == "start" and after.turn == 1


# ---------------------------------------------------------------- bridges
def test_a_bridge_covers_the_whole_gap_and_grows_with_it():
    state = build("bl3 ye2 . . gy4 wh6", hands=["wh"])
    after = RULES.apply(state, 0, BuildBridge(3)).state
    assert gaps(after) == [(3, 4, 0, True)]
    after = RULES.apply(after, 0, Go(0, (WH,))).state
    assert tiles_text(after, 0) == "gy4"
    assert gaps(after) == [(3, 5, 0, True)]


def test_a_bridge_frees_a_gap_it_merges_with():
    state = build("bl3 =1 ye2 . gy4@1 wh6", hands=["wh bl bl"])
    assert gaps(state) == [(2, 2, 0, True), (4, 4, 2, False)]
    after = RULES.apply(state, 0, Go(0, (WH,))).state
    assert after.toll_due == 2  # only the unbridged gap costs
    after = RULES.apply(after, 0, Pay((), (BL, BL))).state
    # The yellow 2 was taken: the bridged and the tolled gap merged, and the
    # whole run is free now.
    assert tiles_text(after, 0) == "ye2"
    assert gaps(after) == [(2, 4, 0, True)]
    assert after.road.toll(0, 6) == 0


def test_one_bridge_per_player_only_on_unbridged_water():
    state = build("bl3 . ye2 . gy4 =1 wh6", hands=["wh"])
    assert [m for m in RULES.legal_moves(state, 0) if isinstance(m, BuildBridge)] == [
        BuildBridge(2),
        BuildBridge(4),
    ]
    with pytest.raises(IllegalMove, match="already has a bridge"):
        RULES.apply(state, 0, BuildBridge(6))
    with pytest.raises(IllegalMove, match="no water gap at position 3"):
        RULES.apply(state, 0, BuildBridge(3))
    after = RULES.apply(state, 0, BuildBridge(4)).state
    assert not [m for m in RULES.legal_moves(after, 0) if isinstance(m, BuildBridge)]
    with pytest.raises(IllegalMove, match="before you move a pawn|already built"):
        RULES.apply(after, 0, BuildBridge(2))


@pytest.mark.parametrize(("road", "bridge", "over"), [("bl3 . ye2", 2, "over 2."), ("bl3 . . . gy4", 3, "over 2-4.")])
def test_a_bridge_over_one_position_names_it_alone(road, bridge, over):
    """ "Seat 1 builds a bridge over 27." (not "27-27"); a wider gap keeps its span."""
    state = build(road, hands=["gy"])
    [event] = RULES.apply(state, 0, BuildBridge(bridge)).events
    assert event.text == f"Seat 1 builds a bridge {over}", event.text


def test_a_bridge_may_be_named_by_any_position_of_its_gap():
    state = build("bl3 . . . gy4", hands=["gy"])
    after = RULES.apply(state, 0, BuildBridge(3)).state
    assert after.road.bridges[0] == 2
    assert gaps(after) == [(2, 4, 0, True)]


def test_gap_objects_expose_their_fields():
    assert build("bl3 . gy4").road.gaps == (Gap(2, 2, 3, False),)


def test_derived_road_data_always_matches_a_fresh_build():
    """``Road.take`` reuses ends, gaps and tolls when it can; check that
    against a road rebuilt from its stacks, all through random games."""
    for seed in range(9):
        chooser = random.Random(seed)
        state = RULES.setup(2 + seed % 3, seed)
        while RULES.to_move(state):
            road = state.road
            fresh = Road(road.stacks, road.bridges)
            assert (road.tops, road.values, road.first, road.last) == (
                fresh.tops,
                fresh.values,
                fresh.first,
                fresh.last,
            )
            assert (road.gaps, road.tolls) == (fresh.gaps, fresh.tolls)
            for a in (0, road.first):
                for b in (road.last, MAINLAND):
                    assert road.toll(a, b) == sum(g.toll for g in road.crossed(a, b))
            moves = RULES.legal_moves(state, state.turn)
            state = RULES.apply(state, state.turn, chooser.choice(moves)).state


def test_a_bridge_where_there_is_no_water_says_where_water_is():
    """The road is public: the refusal names the gaps still without a
    bridge; English and Dutch."""
    from django.utils import translation

    from games.i18n import error_text

    state = build("bl3 . ye2 . . gy4 =1 wh6", hands=["wh"])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, BuildBridge(3))
    assert str(refused.value) == "There is no water gap at position 3; water without a bridge: 2, 4-5."
    with translation.override("nl"):
        assert error_text("atlantis", refused.value) == "Op positie 3 is geen water; water zonder brug: 2, 4-5."
