"""Alpaca drawn for people: the table as square tiles of coloured triangles
on the x,y grid of the notation (x grows right, y grows up), the players and
their colours, the dominant colour and your own tiles.

Clicks: pick a tile of your hand (``hand:<tile>``), then the corner of a free
cell where its big triangle should go (``cell:x,y:rot``; rotation 0..3 puts
the big triangle's right angle at NE, SE, SW, NW).  A bonus rotation is a
table tile (``tile:x,y``) then a rotation (``rot:R``); locking a figure and
declining are buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import gettext

from ..picking import labelled, pickable, target_rect
from ..svg import element, key
from ..svg import text as svg_text
from .common import (
    CELL,
    CORNER,
    CORNER_WORDS,
    FILL,
    LEFT,
    MAX_SIZED,
    QUARTER,
    SIDES,
    TOP,
    cell_text,
    colour_name,
    frame,
    my_turn,
    player_rows,
    said,
    seat_names,
    status,
)
from .icons import point, tile_shapes

#: Hand tiles in a row: 8 slots of 44 CSS px (356 px) fit a 390 px phone.
HAND_ROW = 8


def _tiles_left(name: str) -> str:
    return gettext("%(name)s's tiles left") % {"name": name}


def _rotate_label(label: str) -> str:
    return gettext("Rotate the tile at %(tile)s") % {"tile": label}


def _legend() -> str:
    return gettext(
        "Capital letter: big triangle; black disc: untouchable; thick outline: last tile placed; "
        "dashed cell: open (x,y)."
    )


def colour_key() -> str:
    """Every colour as the tiles show it (its letter, a capital on the big
    triangle), with its name: the key to the letters (``Y`` is yellow: in
    Dutch, geel)."""
    items = [(tile_shapes(0, 0, 38, f"{c}/{c}-{c}", 0), colour_name(c)) for c in FILL]
    return key(items, gettext("Colours"), size=38)


def _tile_label(entry: dict[str, Any], locked: bool) -> str:
    rot = entry["rotation"]
    sides = ", ".join(f"{side} {colour_name(c)}" for side, c in zip(SIDES, entry["edges"], strict=True))
    values = {"cell": f"{entry['x']},{entry['y']}", "tile": said(entry["tile"]), "rot": rot, "corner": CORNER[rot]}
    label = gettext("%(cell)s: %(tile)s rot %(rot)s (big triangle %(corner)s; %(sides)s)") % {**values, "sides": sides}
    return label + ("; " + gettext("untouchable") if locked else "")


def _row_labels(ys: Sequence[int]) -> list[str]:
    """Each row's y, right-aligned in the table's left margin."""
    return [
        svg_text(LEFT - 6, TOP + j * CELL + CELL / 2 + 4, str(y), text_anchor="end", font_size=12, fill="#5b6870")
        for j, y in enumerate(ys)
    ]


def row_labels_svg(view: dict[str, Any]) -> str:
    """The table's left margin again, row labels only: games.css lays it over
    the table's own margin and keeps it at the scrolling box's left edge, so
    the rows stay named when a phone scrolls the table to its last tile.
    Hidden from screen readers, which read the table's own labels."""
    _tiles, _opened, _xs, ys = frame(view, 5)
    height = TOP + len(ys) * CELL + 4
    return element(
        "svg",
        "".join(_row_labels(ys)),
        viewBox=f"0 0 {LEFT} {height}",
        width="100%",
        preserveAspectRatio="xMaxYMin meet",
        class_="alpaca-row-labels",
        aria_hidden="true",
        focusable="false",
    )


def table_svg(view: dict[str, Any]) -> str:
    """The table on the notation's grid; open cells carry placement targets
    for the player to place, table tiles are picks for a bonus rotation."""
    tiles, opened, xs, ys = frame(view, 5)
    locked = {tuple(c) for c in view["untouchable_cells"]}
    placing = my_turn(view) and view["phase"] == "place"
    rotating = my_turn(view) and view["phase"] == "bonus"
    at = {}
    parts = []
    for i, x in enumerate(xs):
        px = LEFT + i * CELL
        parts.append(svg_text(px + CELL / 2, 14, str(x), text_anchor="middle", font_size=12, fill="#5b6870"))
        for j, y in enumerate(ys):
            at[(x, y)] = (px, TOP + j * CELL)
    parts += _row_labels(ys)
    for cell in opened:
        px, py = at[cell]
        name = cell_text(cell)
        if placing:
            for rot, (qx, qy) in enumerate(QUARTER):
                label = gettext("Place at %(cell)s rot %(rot)s (big triangle %(corner)s)") % {
                    "cell": name,
                    "rot": rot,
                    "corner": CORNER_WORDS[rot],
                }
                left, top = px + 1 + qx * CELL / 2, py + 1 + qy * CELL / 2
                half = CELL / 2 - 2
                parts.append(target_rect(left, top, half, half, f"cell:{name}:{rot}", label, fill="#ffffff"))
        parts.append(
            element(
                "rect",
                x=px + 1,
                y=py + 1,
                width=CELL - 2,
                height=CELL - 2,
                fill="none",
                stroke="#9aa5ab",
                stroke_dasharray="4 3",
                pointer_events="none",
            )
        )
        parts.append(
            svg_text(
                px + CELL / 2,
                py + CELL / 2 + 4,
                name,
                text_anchor="middle",
                font_size=10,
                fill="#7a868d",
                pointer_events="none",
            )
        )
    for cell, entry in tiles.items():
        px, py = at[cell]
        label = _tile_label(entry, cell in locked)
        body = tile_shapes(px, py, CELL, entry["tile"], entry["rotation"])
        if cell in locked:
            body += element(
                "circle",
                cx=px + CELL / 2,
                cy=py + CELL / 2,
                r=6,
                fill="#1d1d1d",
                stroke="#ffffff",
                stroke_width=2,
                class_="counter",
            )
        pick = f"tile:{cell_text(cell)}" if rotating and cell not in locked else None
        parts.append(labelled(body, label, pickable(pick, _rotate_label(label) if pick else label, cls="tile")))
    if view.get("last_placed"):
        px, py = at[tuple(view["last_placed"])]
        parts.append(
            element(
                "rect",
                x=px - 1,
                y=py - 1,
                width=CELL + 2,
                height=CELL + 2,
                fill="none",
                stroke="#111111",
                stroke_width=3,
                pointer_events="none",
                class_="last-placed last-move",
            )
        )
    for figure in (view.get("bonus") or {}).get("figures", []):
        for cell in figure["cells"]:
            px, py = at[tuple(cell)]
            parts.append(
                element(
                    "rect",
                    x=px + 3,
                    y=py + 3,
                    width=CELL - 6,
                    height=CELL - 6,
                    fill="none",
                    stroke="#ff8c00",
                    stroke_width=3,
                    stroke_dasharray="5 3",
                    pointer_events="none",
                )
            )
    width = LEFT + len(xs) * CELL + 4
    height = TOP + len(ys) * CELL + 4
    # games.css draws a table of n columns (class cols-n) at twice its units: a
    # quarter target (22 units) is then 44 CSS px, a finger's width; the box
    # around the table scrolls on narrow screens.
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {width} {height}",
        width="100%",
        class_=f"board alpaca-table cols-{min(len(xs), MAX_SIZED)}",
        role="group",
        aria_label=gettext("The table: x above each column, y left of each row"),
    )


def hand_svg(tiles: list[dict[str, Any]], *, picks: bool) -> str:
    """Tiles drawn small at rotation 0, numbered as in the notation (#n);
    tiles of the dominant colour are picks when ``picks``.  A hand of more
    than ``HAND_ROW`` tiles wraps into rows, so it fits a phone's width with
    every slot still a finger (44 CSS px) wide."""
    size, gap, row_height = 34, 10, 34 + 24
    parts = []
    for i, entry in enumerate(tiles):
        row, col = divmod(i, HAND_ROW)
        x, y = 4 + col * (size + gap), row * row_height
        playable = entry.get("dominant", True)
        label = gettext("Tile #%(number)s: %(tile)s") % {"number": entry["number"], "tile": said(entry["tile"])}
        if not playable:
            label += " " + gettext("(not the dominant colour)")
        pick = f"hand:{entry['tile']}" if picks and playable else None
        # An invisible backing makes the whole slot (tile and number) the tap target.
        body = element("rect", x=x - gap / 2, y=y, width=size + gap, height=row_height, fill="transparent")
        body += tile_shapes(x, y + 4, size, entry["tile"], 0)
        body += svg_text(
            x + size / 2, y + size + 18, f"#{entry['number']}", text_anchor="middle", font_size=11, fill="#5b6870"
        )
        parts.append(labelled(body, label, pickable(pick, label, cls="tile"), opacity=None if playable else 0.4))
    per_row = min(max(len(tiles), 4), HAND_ROW)
    rows = max(1, -(-len(tiles) // HAND_ROW))
    width = max(4 + per_row * (size + gap), 200)
    # Sized by games.css per number of slots in a row (class slots-n): 44 CSS px a slot.
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {width} {rows * row_height}",
        width="100%",
        class_=f"board alpaca-hand slots-{per_row}",
        role="group",
        aria_label=gettext("Tiles"),
    )


def rotation_svg() -> str:
    """Four targets, one per rotation, for a bonus rotation."""
    parts = []
    for rot in range(4):
        x = 4 + rot * 64
        label = gettext("Turn it to rot %(rot)s (big triangle %(corner)s)") % {"rot": rot, "corner": CORNER_WORDS[rot]}
        parts.append(target_rect(x, 4, 44, 44, f"rot:{rot}", label, fill="#ffffff", stroke="#9aa5ab"))
        corners = [(x + 8, 12), (x + 40, 12), (x + 40, 44), (x + 8, 44)]
        k = (rot + 1) % 4
        big = [corners[(k - 1) % 4], corners[k], corners[(k + 1) % 4]]
        parts.append(element("polygon", points=" ".join(point(p) for p in big), fill="#8c979d", pointer_events="none"))
        parts.append(
            svg_text(x + 24, 62, f"rot {rot} {CORNER[rot]}", text_anchor="middle", font_size=11, fill="#5b6870")
        )
    return element(
        "svg",
        "".join(parts),
        viewBox="0 0 260 68",
        width="100%",
        class_="board alpaca-rotations",
        role="group",
        aria_label=gettext("Rotations"),
    )


def _swatch(colour: str) -> str:
    return f'<span class="alpaca-swatch alpaca-{escape(colour)}"></span>{escape(colour_name(colour))}'


def _page_row(row: dict[str, Any]) -> str:
    notes = f"<small>{escape(row['notes'])}</small>" if row["notes"] else ""
    return (
        f'<tr class="{"to-move" if row["to_move"] else ""}"><td>{row["seat"] + 1}. '
        f"{escape(row['name'])}{notes}</td><td>{_swatch(row['colour'])}</td><td>{row['hand']}</td>"
        f"<td>{row['score']}</td><td>{escape(row['chains'])}</td></tr>"
    )


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int, steps: Sequence[dict[str, Any]] = ()) -> str:
    """What ``seat`` did between two views, in words (``steps``, the views
    after each of the turn's moves, are not needed here)."""
    if len(after["table"]) > len(before["table"]) and after.get("last_placed"):
        x, y = after["last_placed"]
        return gettext("Placed a tile at %(cell)s") % {"cell": f"{x},{y}"}
    if after["table"] != before["table"]:
        return gettext("Turned a tile (bonus action)")
    return gettext("Declined the bonus action") if before["phase"] == "bonus" else gettext("Passed")


def svg(
    view: dict[str, Any], names: list[str] | None = None, last: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> str:
    """The game page: status, players, your tiles, then the table (the tile the
    last move placed is outlined whether or not ``last`` is given: the view says)."""
    names = seat_names(view, names)
    blocks = ['<div class="alpaca">']
    blocks += [f'<p class="alpaca-status">{escape(line)}</p>' for line in status(view, names)]
    rows = "".join(_page_row(r) for r in player_rows(view, names))
    blocks.append(
        '<div class="alpaca-players"><table><thead><tr>'
        + "".join(
            f'<th scope="col">{escape(h)}</th>'
            for h in (gettext("Player"), gettext("Colour"), gettext("Tiles"), gettext("Points"), gettext("Chains"))
        )
        + f"</tr></thead><tbody>{rows}</tbody></table></div>"
    )
    if view.get("seat") is not None and view["phase"] != "over":
        placing = my_turn(view) and view["phase"] == "place"
        hint = (
            " " + gettext("Pick a tile, then the corner of a free cell where its big triangle should go.")
            if placing
            else ""
        )
        title, dimmed = escape(gettext("Your tiles")), escape(gettext("Dimmed tiles are not of the dominant colour."))
        blocks.append(
            f'<div class="board-row"><h3>{title}</h3><div class="board-scroll">'
            f"{hand_svg(view.get('hand', []), picks=placing)}</div>"
            f'<p class="hint">{dimmed}{escape(hint)}</p></div>'
        )
    if my_turn(view) and view["phase"] == "bonus":
        title = escape(gettext("Bonus rotation"))
        how = escape(gettext("Pick a tile on the table, then its new rotation; or use a button above."))
        blocks.append(f'<div class="board-row"><h3>{title}</h3><p class="hint">{how}</p>{rotation_svg()}</div>')
    if view["phase"] == "over":
        for seat, tiles in enumerate(view.get("hands", [])):
            if tiles:
                entries = [{"number": n, "tile": t} for n, t in enumerate(tiles, start=1)]
                blocks.append(
                    f'<div class="board-row"><h3>{escape(_tiles_left(names[seat]))}</h3>'
                    f'<div class="board-scroll">{hand_svg(entries, picks=False)}</div></div>'
                )
    blocks.append(
        f'<figure class="alpaca-table-box"><div class="alpaca-table-rows">{row_labels_svg(view)}{table_svg(view)}</div>'
        f"<figcaption>{escape(_legend())}{colour_key()}"
        "</figcaption></figure></div>"
    )
    return "".join(blocks)
