"""Small SVG shapes shared by the Atlantis drawings: buttons people can
pick or press, pawns, highlight rings and road tiles."""

from __future__ import annotations

from typing import Any

from ..picking import labelled, pickable, target
from ..svg import element
from ..svg import text as svg_text
from .common import CODES, FILL, PAWN

INK, MUTED, LAND, SHORE, WATER = "#1f2a30", "#5b6870", "#eadfbe", "#cfe8c4", "#a9d6e5"
#: The smallest text on the road, in drawing units: a phone shows the road at
#: 0.97 CSS px a unit, so this stays over 10 CSS px.
SMALL = 11


def button(body: str, *, label: str, cls: str, pick: str | None = None, where: str | None = None) -> str:
    """A piece to pick (``pick``) or a place it may go (``where``), its
    tooltip and name ``label``."""
    attributes = pickable(pick, label, cls=cls) if pick else target(where, label, cls=cls)
    return labelled(body, label, attributes)


def pawn(x: float, y: float, seat: int, r: float = 9) -> str:
    # The seat number fills even a small pawn (r 6) rather than shrink under SMALL.
    size = max(SMALL, round(r * 1.1))
    return element("circle", cx=x, cy=y, r=r, fill=PAWN[seat], stroke="#ffffff", stroke_width=1.5) + svg_text(
        x,
        y + size * 0.36,
        str(seat + 1),
        text_anchor="middle",
        font_size=size,
        font_weight="700",
        fill="#ffffff",
    )


def ring(x: float, y: float, w: float, h: float) -> str:
    return element(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=6,
        fill="none",
        stroke="#2f6f5e",
        stroke_width=4,
        class_="atl-ring",
    )


#: A shape per colour in a 10 x 10 box, so tiles and cards of two colours
#: differ by more than their colour (as well as by their two-letter code).
SYMBOLS = {
    "blue": "M0 6q2.5-3 5 0t5 0",  # a wave
    "white": "M5 0a5 5 0 1 0 0.01 0z",  # a circle
    "grey": "M1 1h8v8h-8z",  # a square
    "yellow": "M5 0l1.5 3.5 3.5.5-2.5 2.5.5 3.5-3-1.8-3 1.8.5-3.5-2.5-2.5 3.5-.5z",  # a star
    "green": "M5 0l5 9h-10z",  # a triangle
    "pink": "M5 0l5 5-5 5-5-5z",  # a diamond
    "brown": "M2.5 0h5l2.5 5-2.5 5h-5l-2.5-5z",  # a hexagon
}


def symbol(colour: str, x: float, y: float, size: float, ink: str) -> str:
    """``colour``'s shape scaled into a ``size`` square at ``(x, y)``."""
    filled = colour != "blue"
    return element(
        "path",
        d=SYMBOLS[colour],
        transform=f"translate({x:g} {y:g}) scale({size / 10:g})",
        fill=ink if filled else "none",
        stroke=ink,
        stroke_width=0 if filled else 1.6,
        aria_hidden="true",
    )


def tile(x: float, y: float, entry: dict[str, Any]) -> str:
    """A road tile: its top tile's colour, code, shape and value; a tile
    below shows as a grey edge, and once the game is over (the view gives
    ``below``) in its own colour with its code and value on a tab."""
    fill, ink = FILL[entry["colour"]]
    below = entry.get("below") or []
    parts = []
    if entry["height"] > 1:  # a tile lies below: hidden until the end
        under = FILL[below[0]["colour"]][0] if below else "#6d6a60"
        parts.append(element("rect", x=x + 9, y=y + 18, width=48, height=44, rx=4, fill=under, stroke=INK))
    parts.append(element("rect", x=x + 6, y=y + 15, width=48, height=44, rx=4, fill=fill, stroke=INK))
    parts.append(svg_text(x + 9, y + 26, CODES[entry["colour"]], font_size=SMALL, fill=ink))
    parts.append(symbol(entry["colour"], x + 42, y + 18, 9, ink))
    parts.append(
        svg_text(
            x + 28,
            y + 44,
            str(entry["value"]),
            text_anchor="middle",
            font_size=19,
            font_weight="700",
            fill=ink,
        )
    )
    if below:
        parts.append(_below_tab(x, y, below[0]))
    return "".join(parts)


def _below_tab(x: float, y: float, lower: dict[str, Any]) -> str:
    """The tile under the top one, once public: a tab at the tile's foot
    in its colour, with its code and value ("gn5")."""
    fill, ink = FILL[lower["colour"]]
    return element("rect", x=x + 8, y=y + 47, width=22, height=11, rx=2, fill=fill, stroke=INK) + svg_text(
        x + 19, y + 56, f"{CODES[lower['colour']]}{lower['value']}", text_anchor="middle", font_size=8, fill=ink
    )


def colour_chip(colour: str) -> str:
    """A road colour as its tiles show it (fill, code and shape, no value)
    in a 34-unit square: the colour key's picture."""
    fill, ink = FILL[colour]
    return (
        element("rect", x=1, y=1, width=32, height=32, rx=4, fill=fill, stroke=INK)
        + svg_text(4, 12, CODES[colour], font_size=SMALL, fill=ink)
        + symbol(colour, 19, 19, 10, ink)
    )
