"""The last move outlined on each board, and each seat's last turn in words
(card and building names, never a slug)."""

import re

import pytest

from games.boards import board_for
from games.boards.alta.board import market_changes, market_svg
from games.engine import get_rules
from tests.engine.playing import random_playthrough

SLUG = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: Per game, what a turn that changes the board says (card names as printed).
SAYS = {
    "alta": re.compile(
        r"^Placed (Farmer|Settlement|Tavern|Farmer's hut|Mill|Wheat field|Fishing harbour|Tower|Market)"
        r" at [A-G][1-7]"
    ),
    "alhambra": re.compile(r"^Built (Pavilion|Seraglio|Arcades|Chambers|Garden|Tower) \(\d+\) at \S+"),
    "atlantis": re.compile(r"^Moved a pawn from (A|\d+) to (M|\d+)"),
    "alpaca": re.compile(r"^Placed a tile at -?\d+,-?\d+"),
}


@pytest.mark.parametrize("game", sorted(SAYS))
def test_a_board_changing_move_is_outlined_and_summarised(game):
    rules, board = get_rules(game), board_for(game)
    shown = 0
    steps = list(random_playthrough(rules, 2, 3))
    for step, following in zip(steps, steps[1:], strict=False):
        if step.resigned:
            continue
        before, after = rules.view(step.state, 0), rules.view(following.state, 0)
        said = board.turn_summary(before, after, step.seat)
        assert said and not SLUG.search(said), said
        if SAYS[game].search(said):
            page = board.svg(after, ["Ann", "Ben"], last=(before, after))
            assert page.count('class="last-move"') + page.count("last-placed last-move") >= 1, said
            shown += 1
    assert shown >= 3


def test_an_alhambra_turn_that_builds_nothing_is_outlined_too():
    """Money taken (the display's refilled places) and a building bought or
    put in the reserve are outlined, not only a building placed."""
    rules, board = get_rules("alhambra"), board_for("alhambra")
    kinds = set()
    steps = list(random_playthrough(rules, 2, 5))
    for step, following in zip(steps, steps[1:], strict=False):
        before, after = rules.view(step.state, 0), rules.view(following.state, 0)
        said = board.turn_summary(before, after, step.seat)
        kind = re.match(r"^(Took|Bought|Put)", said)
        if kind is None or "built" in said.lower():
            continue
        page = board.svg(after, ["Ann", "Ben"], last=(before, after))
        assert 'class="last-move"' in page, said
        assert 'class="last-move"' not in board.svg(after, ["Ann", "Ben"])
        kinds.add(kind.group(1))
    assert {"Took", "Bought"} <= kinds


def test_an_atlantis_bridge_is_outlined_where_it_stands():
    rules, board = get_rules("atlantis"), board_for("atlantis")
    built = 0
    for seed in range(1, 6):
        steps = list(random_playthrough(rules, 2, seed))
        for step, following in zip(steps, steps[1:], strict=False):
            before, after = rules.view(step.state, 0), rules.view(following.state, 0)
            if "built the bridge" not in board.turn_summary(before, after, step.seat).lower():
                continue
            where = after["seats"][step.seat]["bridge"]
            page = board.svg(after, ["Ann", "Ben"], last=(before, after))
            assert re.search(rf'<g class="atl-at-{where}"><rect [^>]*class="last-move"', page), where
            built += 1
    assert built >= 2


def test_an_alta_merchant_pick_or_refresh_is_outlined_in_the_market():
    """The face-up slots a turn changed and a face-up merchant card taken
    (so replaced) are outlined; a market the turn left alone is not."""
    rules, board = get_rules("alta"), board_for("alta")
    kinds = set()
    steps = list(random_playthrough(rules, 2, 3))
    for step, following in zip(steps, steps[1:], strict=False):
        before, after = rules.view(step.state, 0), rules.view(following.state, 0)
        said = board.turn_summary(before, after, step.seat).lower()
        market = market_svg(after, market_changes(before, after))
        if after["merchant_face_up"] != before["merchant_face_up"]:
            assert market.count('class="last-move"') >= 1, said
            kinds.add("merchant")
        if "refreshed" in said:
            assert market.count('class="last-move"') >= 1, said
            kinds.add("refresh")
        if after["face_up"] == before["face_up"] and after["merchant_face_up"] == before["merchant_face_up"]:
            assert 'class="last-move"' not in market, said
    assert {"merchant", "refresh"} <= kinds


def test_an_atlantis_tile_sale_is_said_and_its_seller_outlined():
    rules, board = get_rules("atlantis"), board_for("atlantis")
    sales = 0
    for seed in range(1, 8):
        steps = list(random_playthrough(rules, 2, seed))
        for step, following in zip(steps, steps[1:], strict=False):
            before, after = rules.view(step.state, 0), rules.view(following.state, 0)
            if "sell" not in rules.dump_move(step.move):
                continue
            assert board.turn_summary(before, after, step.seat).startswith("Sold 1 tile")
            page = board.svg(after, ["Ann", "Ben"], last=(before, after))
            seller = page.split(f'data-seat="{step.seat}"')[1].split("</figure>")[0]
            assert 'class="last-move"' in seller
            assert 'class="last-move"' not in board.svg(after, ["Ann", "Ben"])
            sales += 1
    assert sales >= 2


def test_an_alhambra_gift_to_dirk_is_said_and_outlined_on_dirks_board():
    """A bought building given to Dirk (two players) was summarised as
    "Passed" and outlined nowhere: now the seat's last turn says what it gave
    and Dirk's count of that building is outlined."""
    rules, board = get_rules("alhambra"), board_for("alhambra")
    gifts = 0
    steps = list(random_playthrough(rules, 2, 5))
    for step, following in zip(steps, steps[1:], strict=False):
        if type(step.move).__name__ != "Gift":
            continue
        before, after = rules.view(step.state, 0), rules.view(following.state, 0)
        said = board.turn_summary(before, after, step.seat)
        assert re.match(r"^Gave (Pavilion|Seraglio|Arcades|Chambers|Garden|Tower) \(\d+\) to Dirk", said), said
        page = board.svg(after, ["Ann", "Ben"], last=(before, after))
        dirk = page[page.index("alh-dirk-board") :]
        assert 'class="last-move"' in dirk, said
        gifts += 1
    assert gifts >= 2
