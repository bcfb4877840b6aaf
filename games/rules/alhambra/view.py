"""What one seat may see of an Alhambra game, and a text drawing of a board.

``view`` removes secrets (other hands become counts; bag and deck become
sizes; no RNG, no seed).  Hands are revealed when the game is over, because
the end-of-game hand-out was decided by them.  ``text_board`` draws one
player's Alhambra from the view's data, with the compass coordinates players
write in their moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.message import expect_fields, gettext_noop, message

from .components import (
    CURRENCIES,
    TILES,
    TYPES,
    cell_label,
    tile_label,
)
from .legal import legal_moves, movers
from .moves import Done
from .notation import parse_cell, tokenize
from .state import AlhambraState
from .walls import longest_wall

_STEPS = {
    "action": message(gettext_noop("choose an action: take money, buy a building or redesign")),
    "extra": message(gettext_noop("extra action after an exact payment (or 'done')")),
    "stuck": message(gettext_noop("no action is possible: end your turn with 'done'")),
    "place": message(gettext_noop("place the buildings bought this turn (Alhambra or reserve)")),
    # Dirk takes part only with two players.
    "place_dirk": message(gettext_noop("place the buildings bought this turn (Alhambra, reserve or Dirk)")),
    "handout": message(gettext_noop("place the buildings handed out at the end (Alhambra or reserve)")),
    "over": message(gettext_noop("the game is over")),
}


def _step(state: AlhambraState) -> str:
    """The key of ``_STEPS`` saying what the game waits for."""
    if state.phase == "action" and state.extra:
        return "extra"
    if state.phase == "action" and legal_moves(state, state.current) == [Done()]:
        return "stuck"
    if state.phase == "place" and state.dirk is not None:
        return "place_dirk"
    return state.phase


def _tiles(tiles: tuple[int, ...]) -> list[str]:
    return [tile_label(t) for t in tiles]


def revealed(state: AlhambraState, seat: int) -> dict[str, Any]:
    """What the end of the game reveals of ``seat``: its money hand."""
    return {"hand": _cards(state.seats[seat].hand)}


def _cards(cards: tuple[int, ...]) -> list[str]:
    return [f"{CURRENCIES[c // 10]} {c % 10}" for c in cards]


def _by_currency(cards: tuple[int, ...]) -> dict[str, list[int]]:
    return {name: [c % 10 for c in cards if c // 10 == i] for i, name in enumerate(CURRENCIES)}


def view(state: AlhambraState, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator).

    Tiles are written ``"<type> <price> <walls>"`` (walls: letters of the
    walled sides N, E, S, W, or ``open``), money cards ``"<currency> <value>"``;
    an Alhambra maps cell labels to tiles (``{"F": "fountain", "N1E2":
    "garden 8 NE"}``; ``notation.parse_cell`` turns a label into ``(x, y)``,
    ``y`` growing southwards).
    """
    over = state.phase == "over" or state.early_end is not None
    step = _step(state)
    players = []
    for index, s in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": index,
            "score": s.score,
            "alhambra": {
                cell_label(c): tile_label(t)
                for c, t in sorted(s.alhambra.cells.items(), key=lambda i: (i[0][1], i[0][0]))
            },
            "reserve": _tiles(s.reserve),
            "pending": _tiles(s.pending),
            "buildings": dict(zip(TYPES, s.alhambra.counts(), strict=True)),
            "longest_wall": longest_wall(s.alhambra),
            "hand_size": len(s.hand),
        }
        if over or index == seat:
            entry["hand"] = _cards(s.hand)
        players.append(entry)
    result: dict[str, Any] = {
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "step": _STEPS[step].english(),
        **expect_fields(_STEPS[step]),
        "to_move": [] if over else sorted(movers(state) - {s for s, _ in state.departed}),
        "current": state.current,
        "start_player": state.start_player,
        "turn": state.turn,
        "extra_action": state.extra,
        "market": [
            {
                "slot": slot + 1,
                "currency": CURRENCIES[slot],
                "tile": None if tile is None else tile_label(tile),
            }
            for slot, tile in enumerate(state.market)
        ],
        "display": _cards(state.display),
        "deck_size": len(state.secret.deck),
        "discard": _by_currency(state.discard),
        "bag_size": len(state.secret.bag),
        "seats": players,
        "scorings": [
            {
                "round": r.round,
                "points": list(r.points),
                "walls": list(r.walls),
                "dirk": r.dirk,
            }
            for r in state.scorings
        ],
        "handout": [{"tile": tile_label(tile), "seat": receiver} for tile, receiver in state.handout],
    }
    if seat is not None:
        result["hand"] = _cards(state.seats[seat].hand)
        pending = state.seats[seat].pending
        if pending and seat in movers(state):
            alhambra = state.seats[seat].alhambra
            result["spots"] = {tile_label(t): [cell_label(c) for c in alhambra.spots_for(t)] for t in pending}
    if state.dirk is not None:
        counts = [0] * len(TYPES)
        for tile in state.dirk:
            counts[TILES[tile].kind] += 1
        result["dirk"] = {
            "tiles": _tiles(state.dirk),
            "buildings": dict(zip(TYPES, counts, strict=True)),
            "score": sum(r.dirk or 0 for r in state.scorings),
        }
    return result


# -------------------------------------------------------------- drawing
def _cell(label: str) -> tuple[int, int]:
    cell = parse_cell(tokenize(label))
    if cell is None:
        raise ValueError(f"not a cell label: {label!r}")
    return cell


_ABBR = {
    "pavilion": "Pav",
    "seraglio": "Ser",
    "arcades": "Arc",
    "chambers": "Cha",
    "garden": "Gar",
    "tower": "Tow",
    "fountain": "FOUNT",
}
_BITS = {"N": 1, "E": 2, "S": 4, "W": 8}
_WIDTH = 6


def _axis(value: int, minus: str, plus: str) -> str:
    if value == 0:
        return "-"
    return f"{minus}{-value}" if value < 0 else f"{plus}{value}"


def text_board(alhambra: dict[str, str], spots: Sequence[str] = ()) -> list[str]:
    """Draw an Alhambra (the ``alhambra`` mapping of a view's seat entry).

    Walls are ``#``, open sides of tiles ``.``/``:`` (``open`` tiles have
    no walls); empty cells listed in
    ``spots`` (compass labels) show their label.  Rows are labelled N../S..
    and columns W../E.. relative to the fountain (``-`` is the fountain's
    row or column); a cell's name is its row label then its column label.
    """
    cells = {_cell(label): tile.split() for label, tile in alhambra.items()}
    walls = {c: sum(_BITS[ch] for ch in parts[2] if ch in _BITS) if len(parts) > 2 else 0 for c, parts in cells.items()}
    spot_cells = {}
    for label in spots:
        cell = parse_cell(tokenize(label))
        if cell is not None:
            spot_cells[cell] = label
    xs = [c[0] for c in cells] + [c[0] for c in spot_cells]
    ys = [c[1] for c in cells] + [c[1] for c in spot_cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    header = "".join(_axis(x, "W", "E").center(_WIDTH + 1) for x in range(x0, x1 + 1))
    lines = [("    " + header).rstrip()]

    def horizontal(y: int, x: int) -> str:
        above, below = (x, y - 1), (x, y)
        if above not in cells and below not in cells:
            return " " * _WIDTH
        if walls.get(above, 0) & 4 or walls.get(below, 0) & 1:
            return "#" * _WIDTH
        return "." * _WIDTH

    def vertical(y: int, x: int) -> str:
        left, right = (x - 1, y), (x, y)
        if left not in cells and right not in cells:
            return " "
        return "#" if walls.get(left, 0) & 2 or walls.get(right, 0) & 8 else ":"

    def corner(y: int, x: int) -> str:
        around = ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))
        return "+" if any(c in cells for c in around) else " "

    for y in range(y0, y1 + 2):
        border = "    " + "".join(corner(y, x) + horizontal(y, x) for x in range(x0, x1 + 1))
        lines.append((border + corner(y, x1 + 1)).rstrip())
        if y > y1:
            break
        row = _axis(y, "N", "S").rjust(3) + " "
        for x in range(x0, x1 + 1):
            parts = cells.get((x, y))
            if parts is not None:
                text = _ABBR[parts[0]] + (f" {parts[1]}" if len(parts) > 1 else "")
            else:
                text = spot_cells.get((x, y), "")
            row += vertical(y, x) + text.center(_WIDTH)
        lines.append((row + vertical(y, x1 + 1)).rstrip())
    return lines
