"""The 7 x 7 frame, the incremental open-cell mask and the state codec."""

import json
import random

from games.engine import get_rules
from games.rules.alta.board import (
    CELL_INDEX,
    CELL_NAMES,
    CENTRE,
    EMPTY,
    NEIGHBOURS,
    build,
)

RULES = get_rules("alta")


def test_frame_names_columns_a_to_g_and_rows_1_to_7():
    assert CELL_NAMES[0] == "A1" and CELL_NAMES[6] == "G1" and CELL_NAMES[48] == "G7"
    assert CELL_NAMES[CENTRE] == "D4"
    assert sorted(CELL_NAMES[n] for n in NEIGHBOURS[CELL_INDEX["A1"]]) == ["A2", "B1"]


def test_incremental_open_cells_match_a_rebuild_during_random_games():
    for players, seed in ((2, 1), (4, 2)):
        chooser = random.Random(seed)
        state = RULES.setup(players, seed)
        while RULES.to_move(state):
            seat = min(RULES.to_move(state))
            for isl in state.islands:
                placed = {i: t for i, t in enumerate(isl.cells) if t != EMPTY}
                if placed:
                    assert build(placed) == isl
            state = RULES.apply(state, seat, chooser.choice(RULES.legal_moves(state, seat))).state


def test_islands_grow_in_every_direction_up_to_the_frame_edge():
    # A column from D1 down to D4 and a row from D4 right to G4 both fit.
    column = build({CELL_INDEX[c]: 0 for c in ("D4", "D3", "D2", "D1")})
    assert column.box == (0, 3, 3, 3)
    row = build({CELL_INDEX[c]: 0 for c in ("D4", "E4", "F4", "G4")})
    assert row.box == (3, 3, 3, 6)
    assert not row.open >> CELL_INDEX["C4"] & 1


def test_state_round_trips_through_json_mid_game():
    state = RULES.setup(3, 8)
    chooser = random.Random(8)
    for _ in range(25):
        seat = min(RULES.to_move(state))
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_moves(state, seat))).state
    dumped = json.loads(json.dumps(RULES.dump(state)))
    assert dumped["state"]["seats"][0]["island"]
    assert RULES.load(dumped) == state
