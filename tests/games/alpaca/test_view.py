"""Per-seat views: hidden hands stay hidden; everything public is there."""

import json

from games.engine import get_rules
from games.rules.alpaca import Place, board_text
from games.rules.alpaca.state import tile_name
from games.rules.alpaca.testing import position, tile

RULES = get_rules("alpaca")


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    state = RULES.setup(3, 77)
    view = RULES.view(state, 1)
    json.dumps(view)
    assert [entry["number"] for entry in view["hand"]] == list(range(1, 13))
    assert view["hand_counts"] == [12, 12, 12]
    assert "hands" not in view
    text = json.dumps(view)
    others = [tile_name(t) for s in (0, 2) for t in state.hands[s]]
    assert others and not any(f'"{name}"' in text for name in others)


def test_a_spectator_sees_no_hand_and_no_secret():
    state = RULES.setup(2, 123456789)
    view = RULES.view(state, None)
    assert "hand" not in view and "hands" not in view
    text = json.dumps(view)
    assert "123456789" not in text and str(state.secret) not in text
    assert view["seat"] is None and view["players"] == 2


def test_the_view_says_whose_turn_and_which_colour_dominates():
    state = position(
        colours="red blue green",
        table="0,0 rbg 0",
        hands=["ryb", "bgy", "gry"],
        dominant=2,
    )
    view = RULES.view(state, 0)
    assert view["dominant"] == {"seat": 2, "colour": "green"}
    assert view["turn_order"] == [2, 0, 1]
    assert view["next_dominant"] == {"seat": 1, "colour": "blue"}
    assert (view["phase"], view["step"], view["to_move"]) == (
        "place",
        "place a tile",
        [2],
    )
    assert view["colours"] == ["red", "blue", "green"]
    assert view["hand"] == [{"number": 1, "tile": "red/yellow-blue", "dominant": False}]


def test_the_table_lists_each_tile_with_its_edges():
    state = position(table="0,0 rbg 1", locked=())
    [entry] = RULES.view(state, None)["table"]
    assert entry == {
        "x": 0,
        "y": 0,
        "tile": "red/blue-green",
        "rotation": 1,
        "edges": ["green", "red", "red", "blue"],
    }
    assert RULES.view(state, None)["open_cells"] == [[0, 1], [-1, 0], [1, 0], [0, -1]]


def test_bonus_figures_counters_and_untouchables_are_public():
    state = position(colours="red blue", table="0,0 rbg 0", hands=["ryb rpy", "rgp"])
    state = RULES.apply(state, 0, Place(tile("ryb"), 0, -1, 1)).state
    view = RULES.view(state, 1)
    assert view["bonus"] == {
        "seat": 0,
        "actions_left": 1,
        "figures": [
            {
                "number": 1,
                "kind": "minor pair",
                "colour": "blue",
                "cells": [[0, -1], [0, 0]],
                "lockable": True,
            }
        ],
    }
    state = RULES.apply_text(state, 0, "bonus lock").state
    view = RULES.view(state, None)
    assert view["counters_left"] == 14 and view["bonus"] is None
    assert view["untouchable_figures"] == [{"kind": "minor pair", "colour": "blue", "cells": [[0, -1], [0, 0]]}]
    assert view["untouchable_cells"] == [[0, 0], [0, -1]]


def test_scores_so_far_are_public():
    state = position(colours="red blue", table="0,0 rbg 0; 0,-1 ryb 1; 1,0 r/y-b 2")
    view = RULES.view(state, None)
    assert view["scores"] == [1, 1] and view["chains"] == [[2], [2]]


def test_every_hand_is_revealed_at_the_end():
    state = position(
        colours="blue red",
        table="0,0 rbg 0",
        hands=["ryb", "rgp byp"],
        dominant=1,
        turn=1,
    )
    state = RULES.apply(state, 0, Place(tile("ryb"), 1, 0, 2)).state
    view = RULES.view(state, None)
    assert view["phase"] == "over" and view["ended_by"] == "last tile"
    assert view["hands"] == [[], ["red/green-purple", "blue/yellow-purple"]]
    assert view["to_move"] == [] and view["open_cells"] == []


def test_board_text_draws_the_rotations_as_the_help_shows_them():
    state = position(table="0,0 rbg 0; 1,0 rbg 1; 2,0 rbg 2; 3,0 rbg 3")
    lines = board_text(RULES.view(state, None)).splitlines()
    assert lines[0] == "       -1    0     1     2     3     4"
    assert lines[4:7] == [
        "             R     g     b     R",
        "   0   .   g + R b + R R + g R + b   .",
        "             b     R     R     g",
    ]
    help_text = RULES.help_text()
    assert "        R          g          b          R" in help_text
    assert "      g + R      b + R      R + g      R + b" in help_text


def test_board_text_marks_untouchable_tiles_and_handles_an_empty_table():
    state = position(table="0,0 rbg 0; 0,-1 ryb 1", locked=(((0, -1), (0, 0)),))
    assert " g # R " in board_text(RULES.view(state, None))
    assert board_text(RULES.view(RULES.setup(2, 1), None)).splitlines()[2] == "   0   ."
