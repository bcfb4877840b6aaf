"""The road on the game page: a snake of 12 columns from Atlantis (top
left) over positions 1-53 to the mainland (the wide last cell).  On a
phone (games.css) the same drawing is a snake of 6 columns: each position's
group carries an ``atl-at-N`` class that the stylesheet moves to its narrow
place, and the box takes the narrow shape (``preserveAspectRatio`` "slice"
over a viewBox holding both layouts), so every target stays a finger wide.

Click-to-move: pick one of your pawns (``pawn A``, ``pawn 12``), then either
the destination itself (``to 18``, ``to M``: the way with the fewest cards)
or one of the card markers drawn under it (``go 12 pink grey``), one per
way of getting there, showing the cards in order and the toll.  Markers are
hidden until their pawn is picked (games.css).  Water positions are the
targets of your bridge (``gap 27``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext

from ..svg import element, last_mark
from ..svg import text as svg_text
from .common import (
    ATLANTIS,
    FILL,
    MAINLAND,
    below_words,
    can_bridge,
    grouped,
    moving,
    pawns_at,
    place,
    tile_name,
    walk_label,
    walks,
)
from .icons import INK, LAND, MUTED, SHORE, SMALL, WATER, button, pawn, ring, tile

COLS, CW, RH, PAD = 12, 60, 128, 8
WIDTH = PAD * 2 + COLS * CW
#: The phone layout: its columns and its height, the taller of the two
#: layouts and so the viewBox's.
NARROW = 6
NARROW_HEIGHT = 10 * RH + PAD
MARK_Y, MARK_H, MARK_STEP = 64, 14, 16


def _slot(position: int, cols: int = COLS) -> tuple[float, float]:
    """Top-left corner of a position's cell (the snake turns every row)."""
    row, col = divmod(position, cols)
    if row % 2:
        col = cols - 1 - col
    if position == MAINLAND and cols == NARROW:
        col = 0  # the mainland takes its whole row
    return PAD + col * CW, PAD + row * RH


def _at(position: int, body: str) -> str:
    return element("g", body, class_=f"atl-at-{position}")


def _mark_xy(destination: int, index: int) -> tuple[float, float]:
    x, y = _slot(destination)
    if destination == MAINLAND:
        row, col = divmod(index, 6)
        return x + 2 + col * CW, y + MARK_Y + row * MARK_STEP
    return x + 2, y + MARK_Y + index * MARK_STEP


def _cell(
    view: dict[str, Any],
    entry: dict[str, Any],
    here: list[int],
    gaps: dict[int, Any],
    dests: set[int],
    bridging: bool,
) -> str:
    p = entry["position"]
    x, y = _slot(p)
    parts = [svg_text(x + 30, y + 11, str(p), text_anchor="middle", font_size=11, fill=MUTED)]
    kind = entry["kind"]
    what = gettext("Position %(position)s") % {"position": p}
    if kind == "tile":
        parts.append(tile(x, y, entry))
        what += ": " + tile_name(entry) + below_words(entry)
    elif kind == "water":
        gap = gaps[p]
        parts.append(element("rect", x=x + 2, y=y + 15, width=CW - 4, height=44, fill=WATER))
        parts.append(
            element(
                "path",
                d=f"M{x + 8} {y + 40} q6 -5 12 0 t12 0 t12 0 t12 0",
                fill="none",
                stroke="#5fa8c6",
                stroke_width=1.5,
            )
        )
        if gap["bridged"]:
            parts.append(
                element(
                    "rect",
                    x=x + 2,
                    y=y + 30,
                    width=CW - 4,
                    height=12,
                    fill="#a47148",
                    stroke="#6b4226",
                )
            )
            what += " " + gettext("(water, bridged: free)")
        elif p == gap["first"]:
            what += " " + gettext("(water, toll %(toll)s)") % {"toll": gap["toll"]}
        else:
            what += " " + gettext("(water)")
        if p == gap["first"] and not gap["bridged"]:
            parts.append(
                svg_text(
                    x + 30,
                    y + 28,
                    gettext("toll %(toll)s") % {"toll": gap["toll"]},
                    text_anchor="middle",
                    font_size=SMALL,
                    font_weight="700",
                    fill="#114b5f",
                )
            )
        if "bridge" in entry:
            parts.append(pawn(x + 30, y + 53, entry["bridge"], r=6))
            what += ", " + gettext("bridge of seat %(seat)s") % {"seat": entry["bridge"] + 1}
    else:
        parts.append(
            element(
                "rect",
                x=x + 2,
                y=y + 15,
                width=CW - 4,
                height=44,
                fill=LAND if kind == "atlantis" else SHORE,
            )
        )
        parts.append(
            svg_text(
                x + 30,
                y + 41,
                "A" if kind == "atlantis" else "M",
                text_anchor="middle",
                font_size=12,
                fill=MUTED,
            )
        )
        what += " " + (gettext("(part of Atlantis)") if kind == "atlantis" else gettext("(part of the mainland)"))
    for seat in here:
        parts.append(_pawn_node(view, seat, p, x + 46, y + 52))
        what += ", " + gettext("pawn of seat %(seat)s") % {"seat": seat + 1}
    body = element("g", element("title", escape(what)) + "".join(parts))
    if p in dests:
        return button(
            body + _hit(x, y) + ring(x + 3, y + 12, 54, 50),
            label=gettext("Move to %(position)s") % {"position": p},
            cls="atl-spot",
            where=f"to {p}",
        )
    if bridging and kind == "water" and not gaps[p]["bridged"]:
        gap = gaps[p]
        return button(
            body + _hit(x, y) + ring(x + 1, y + 12, 58, 50),
            label=(
                gettext("Build your bridge over %(first)s")
                if gap["first"] == gap["last"]
                else gettext("Build your bridge over %(first)s-%(last)s")
            )
            % {"first": gap["first"], "last": gap["last"]},
            cls="atl-spot",
            where=f"gap {gap['first']}",
        )
    return body


def _hit(x: float, y: float) -> str:
    """The invisible tap target of the cell at (x, y): 56 x 50 units, a
    finger's width wherever the road is drawn at 0.88 CSS px a unit or more."""
    return element("rect", x=x + 2, y=y + 12, width=CW - 4, height=50, fill="#ffffff", fill_opacity=0)


def _pawn_node(view: dict[str, Any], seat: int, p: int, x: float, y: float, r: float = 9) -> str:
    body = pawn(x, y, seat, r)
    if seat == view.get("seat") and moving(view) and p != MAINLAND:
        # One pawn a position: the whole tile is the tap target.
        return button(
            _hit(*_slot(p)) + body,
            label=gettext("Your pawn on %(position)s") % {"position": place(p)},
            cls="atl-pawn",
            pick=f"pawn {place(p)}",
        )
    return body


def _ends(view: dict[str, Any], pawns: dict[int, list[int]], dests: set[int]) -> str:
    """Atlantis (first cell) and the mainland (the wide last cell)."""
    x, y = _slot(ATLANTIS)
    parts = [
        svg_text(
            x + 30,
            y + 11,
            "A",
            text_anchor="middle",
            font_size=SMALL,
            font_weight="700",
            fill=MUTED,
        ),
        element(
            "rect",
            x=x + 2,
            y=y + 15,
            width=CW - 4,
            height=44,
            rx=4,
            fill=LAND,
            stroke="#b8a66a",
        ),
    ]
    mine: list[str] = []
    for index, seat in enumerate(sorted(pawns.get(ATLANTIS, []))):
        row, col = divmod(index, 4)
        node = pawn(x + 10 + col * 13, y + 22 + row * 13, seat, r=6)
        (mine if seat == view.get("seat") else parts).append(node)
    if mine and moving(view):
        parts.append(
            button(
                _hit(x, y) + "".join(mine),
                label=gettext("Your pawns on Atlantis (A)"),
                cls="atl-pawn",
                pick="pawn A",
            )
        )
    else:
        parts.extend(mine)
    parts.append(svg_text(x + 30, y + 70, "Atlantis", text_anchor="middle", font_size=SMALL, fill=MUTED))
    x, y = _slot(MAINLAND)
    width = (COLS - MAINLAND % COLS) * CW - 4
    land = element(
        "rect",
        x=x + 2,
        y=y + 15,
        width=width,
        height=44,
        rx=4,
        fill=SHORE,
        stroke="#7fb069",
    ) + svg_text(x + 8, y + 11, "M  " + gettext("mainland"), font_size=SMALL, font_weight="700", fill=MUTED)
    for index, seat in enumerate(sorted(pawns.get(MAINLAND, []))):
        land += pawn(x + 16 + index * 22, y + 37, seat)
    if MAINLAND in dests:
        land = button(
            land + ring(x, y + 12, width + 4, 50),
            label=gettext("Move to the mainland (M)"),
            cls="atl-spot",
            where="to M",
        )
    parts.append(_at(MAINLAND, land))
    return "".join(parts)


def _marker(walk: Any, index: int, label: str) -> str:
    x, y = _mark_xy(walk.destination, index)
    n = len(walk.cards)
    room = 56 - (22 if walk.toll else 4) - 6  # the toll's room: 2 digits of SMALL
    step = min(11, room / max(n, 1))
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=56,
            height=MARK_H,
            rx=6,
            fill="#ffffff",
            stroke="#2f6f5e",
            stroke_width=1.5,
            class_="atl-pill",
        )
    ]
    for i, colour in enumerate(walk.cards):
        parts.append(
            element(
                "circle",
                cx=x + 8 + i * step,
                cy=y + MARK_H / 2,
                r=4.5,
                fill=FILL[colour][0],
                stroke=INK,
                stroke_width=1,
            )
        )
    if walk.toll:
        parts.append(
            svg_text(
                x + 53,
                y + 11,
                f"-{walk.toll}",
                text_anchor="end",
                font_size=SMALL,
                font_weight="700",
                fill="#9a3b1c",
            )
        )
    return button(
        "".join(parts),
        label=label,
        cls="atl-go",
        where=f"go {place(walk.origin)} {' '.join(walk.cards)}",
    )


def _bands(cols: int, rows: int, cls: str) -> str:
    """The road's band, joined at the turns, for one layout."""
    parts = []
    for row in range(rows):
        y = PAD + row * RH + 10
        parts.append(element("rect", x=PAD, y=y, width=cols * CW, height=54, rx=10, fill="#f3efe4"))
        if row < rows - 1:
            x = PAD + (cols * CW - 30 if row % 2 == 0 else 0)
            parts.append(element("rect", x=x, y=y + 40, width=30, height=RH, fill="#f3efe4"))
    return element("g", "".join(parts), class_=cls)


def road_svg(view: dict[str, Any], last: frozenset[int] = frozenset()) -> str:
    """The road; the ``last`` positions (where the last move put a pawn) are outlined."""
    found = walks(view)
    groups = grouped(found)
    dests = {d for _, d in groups}
    gaps = {p: g for g in view["gaps"] for p in range(g["first"], g["last"] + 1)}
    pawns = pawns_at(view)
    bridging = can_bridge(view)
    parts = [_bands(COLS, 5, "atl-band-wide"), _bands(NARROW, 10, "atl-band-narrow")]
    for entry in view["road"]:
        p = entry["position"]
        parts.append(_at(p, _cell(view, entry, pawns.get(p, []), gaps, dests, bridging)))
    parts.append(_ends(view, pawns, dests))
    for position in sorted(last):
        left, top = _slot(position)
        wide = (COLS - MAINLAND % COLS) * CW if position == MAINLAND else CW
        # Around the position's number (or the mainland's name) and its cell: the dashes never cross the words.
        parts.append(_at(position, last_mark(left + 2, top - 3, wide - 4, 65)))
    for options in groups.values():
        for index, walk in enumerate(options):
            parts.append(_at(walk.destination, _marker(walk, index, walk_label(view, walk))))
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {WIDTH} {NARROW_HEIGHT}",
        preserveAspectRatio="xMinYMin slice",
        width="100%",
        class_="board atl-road",
        role="group",
        aria_label=gettext("The road from Atlantis to the mainland"),
    )
