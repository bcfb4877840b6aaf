"""Alta drawn for the page: every legal placement is a click on the
player's own island while they are to move, and nothing is clickable while
they wait (their open cells are still outlined)."""

from __future__ import annotations

import re

from games.boards import alta as board
from games.engine import get_rules
from tests.engine.playing import random_playthrough

RULES = get_rules("alta")
NAMES = ["Ann", "Ben"]


def values(markup, name):
    return set(re.findall(rf'{name}="([^"]*)"', markup))


def own_island(page: str, seat: int) -> str:
    return page.split(f'data-seat="{seat}"')[1].split("</figure>")[0]


def test_only_the_player_to_move_gets_clickable_cells():
    seen_waiting = seen_moving = 0
    for step in list(random_playthrough(RULES, 2, 3))[::7]:
        for seat in (0, 1):
            view = RULES.view(step.state, seat)
            page = board.svg(view, NAMES)
            island = own_island(page, seat)
            open_cells = view["islands"][seat]["open"]
            assert island.count('stroke-dasharray="4 3"') == len(open_cells)
            if seat in view["to_move"]:
                seen_moving += 1
                assert values(island, "data-target") == {f"cell:{cell}" for cell in open_cells}
                offered = board.controls(
                    view, [(text, RULES.dump_move(move)) for text, move in RULES.move_options(step.state, seat)]
                )
                placements = {c["target"] for c in offered if c["target"]}
                assert placements <= values(page, "data-target")
            else:
                seen_waiting += 1
                assert not values(page, "data-target") and 'role="button"' not in island
    assert seen_waiting and seen_moving


def test_the_key_explains_plus_only_while_a_board_shows_one():
    """Once every island is full there is no "+" on the boards: the end mail
    does not explain one."""
    steps = list(random_playthrough(RULES, 2, 3))
    last = steps[-1]
    over = RULES.apply(last.state, last.seat, last.move).state
    assert RULES.outcome(over) is not None
    running = board.text(RULES.view(steps[0].state, 0), NAMES)
    ended = board.text(RULES.view(over, 0), NAMES)
    assert "+ = a card may go here" in running
    assert "+ = a card may go here" not in ended
