"""Alhambra's pieces drawn here from plain shapes: the six building types
(each a picture and its short name as well as a colour, so none is told by
colour alone), their price and walls, the fountain, and money cards as
coins with their value and currency's short name."""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext

from games.terms import term

from ..picking import pickable
from ..svg import element, key
from ..svg import text as svg_text
from .common import CELL, CURRENCY, INK, SIDES, TYPES, WALL, said, tile_parts

_LINE = {"fill": "none", "stroke": INK, "stroke_width": 1.6, "stroke_linejoin": "round", "stroke_linecap": "round"}
_SOLID = {"fill": INK}
#: A coin's height: room under the coin's disc for its currency in 11 px letters
#: (still 10 CSS px when a phone shows the market at 0.9 of its size).
COIN_HEIGHT = 42

#: The shapes of each building's picture in a 20 x 20 box.
SHAPES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "pavilion": [  # a dome on columns
        ("path", {"d": "M3 9a7 6 0 0 1 14 0z", **_LINE}),
        ("path", {"d": "M10 3V1M4 9v9M10 9v9M16 9v9M2 18h16", **_LINE}),
    ],
    "seraglio": [  # an onion dome over a pointed door
        ("path", {"d": "M10 1c-3 4-6 5-6 8h12c0-3-3-4-6-8z", **_LINE}),
        ("path", {"d": "M4 9v10h12V9M8 19v-5a2 2 0 0 1 4 0v5", **_LINE}),
    ],
    "arcades": [  # three arches
        ("path", {"d": "M1 19V8h18v11", **_LINE}),
        ("path", {"d": "M3 19v-6a2.5 2.5 0 0 1 5 0v6M8 19v-6a2 2 0 0 1 4 0v6M12 19v-6a2.5 2.5 0 0 1 5 0v6", **_LINE}),
    ],
    "chambers": [  # a house of windows
        ("rect", {"x": 3, "y": 3, "width": 14, "height": 16, "rx": 1, **_LINE}),
        ("rect", {"x": 6, "y": 6, "width": 3, "height": 3, **_SOLID}),
        ("rect", {"x": 11, "y": 6, "width": 3, "height": 3, **_SOLID}),
        ("rect", {"x": 6, "y": 12, "width": 3, "height": 3, **_SOLID}),
        ("rect", {"x": 11, "y": 12, "width": 3, "height": 3, **_SOLID}),
    ],
    "garden": [  # a tree on grass
        ("circle", {"cx": 10, "cy": 7, "r": 5, **_LINE}),
        ("path", {"d": "M10 12v6M2 18h16M5 18l1-2M15 18l-1-2", **_LINE}),
    ],
    "tower": [  # a keep with battlements
        ("path", {"d": "M5 19V6H4V2h3v2h2V2h2v2h2V2h3v4h-1v13z", **_LINE}),
        ("path", {"d": "M9 19v-4a1 1 0 0 1 2 0v4M9 9h2", **_LINE}),
    ],
}


def building_name(kind: str) -> str:
    """A building type's name in the active language (the fountain too)."""
    return gettext("Fountain") if kind == "fountain" else term("alhambra", kind)


def short_name(kind: str) -> str:
    """A building type's short name on the page: the first three letters of
    its name in the active language (``Ver`` for the Dutch Vertrekken), as a
    coin shows its currency's."""
    return building_name(kind)[:3]


def tile_words(label: str) -> str:
    """A tile as read aloud: its building's name and price in the active
    language, then the notation a player types (``Tuin 8 (garden 8 NE)``)."""
    kind, price, _ = tile_parts(label)
    if kind == "fountain":
        return f"{building_name(kind)} ({said(label)})"
    return f"{building_name(kind)} {price} ({said(label)})"


def currency_name(currency: str) -> str:
    return term("alhambra", currency)


def icon(kind: str, x: float, y: float, size: float) -> str:
    """``kind``'s picture scaled into a ``size`` square at ``(x, y)``;
    decorative (the tile's label names it)."""
    body = "".join(element(tag, **values) for tag, values in SHAPES[kind])
    return element("g", body, transform=f"translate({x:g} {y:g}) scale({size / 20:g})", aria_hidden="true")


def building_tile(
    x: float, y: float, label: str, *, size: float = CELL, pick: str | None = None, aria: str | None = None
) -> str:
    """A building tile (its type's colour, picture, short name and price,
    walls as thick dark lines) or the fountain; a button when ``pick``."""
    kind, price, walls = tile_parts(label)
    if kind == "fountain":
        body = (
            element(
                "rect",
                x=x + 1,
                y=y + 1,
                width=size - 2,
                height=size - 2,
                rx=4,
                fill="#d7eef7",
                stroke=INK,
                stroke_width=1,
            )
            # The basin high enough that the "F" under it is as big as a building's name.
            + element("circle", cx=x + size / 2, cy=y + size * 0.4, r=size * 0.22, fill="#4ea8de", stroke=INK)
            + element(
                "path",
                d=f"M{x + size / 2:g} {y + size * 0.24:g}v{size * 0.18:g}m-{size * 0.09:g} 0h{size * 0.18:g}",
                stroke="#ffffff",
                stroke_width=1.5,
            )
            + svg_text(x + size / 2, y + size * 0.88, "F", text_anchor="middle", font_size=size * 0.24, fill=INK)
        )
    else:
        fill, short = TYPES[kind][0], short_name(kind)
        body = (
            element(
                "rect", x=x + 1, y=y + 1, width=size - 2, height=size - 2, rx=3, fill=fill, stroke=INK, stroke_width=0.8
            )
            + icon(kind, x + size * 0.08, y + size * 0.1, size * 0.46)
            # The price on a coin, top right: what it costs reads first.
            + element("circle", cx=x + size * 0.76, cy=y + size * 0.3, r=size * 0.18, fill="#ffffff", stroke=INK)
            + svg_text(
                x + size * 0.76,
                y + size * 0.3 + size * 0.09,
                price,
                text_anchor="middle",
                font_size=size * (0.24 if len(price) == 1 else 0.22),  # "10" stays on its coin
                font_weight="700",
                fill=INK,
            )
            + svg_text(x + size / 2, y + size * 0.86, short, text_anchor="middle", font_size=size * 0.22, fill=INK)
        )
        inset, width = 3, max(3.0, size / 11)
        for side in walls:
            x1, y1, x2, y2 = SIDES[side]
            body += element(
                "line",
                x1=x + inset + x1 * (size - 2 * inset),
                y1=y + inset + y1 * (size - 2 * inset),
                x2=x + inset + x2 * (size - 2 * inset),
                y2=y + inset + y2 * (size - 2 * inset),
                stroke=WALL,
                stroke_width=width,
                stroke_linecap="square",
            )
    name = aria or tile_words(label)
    return element("g", element("title", escape(name)) + body, **pickable(pick, name, cls="tile"))


def coin(x: float, y: float, card: str, *, w: float = 28, h: float = COIN_HEIGHT) -> str:
    """A money card as a coin: the value in the middle, the currency's
    colour and its short name below (the name, not the colour, tells them apart)."""
    currency, value = card.split()
    r = w / 2 - 1
    return (
        element("rect", x=x, y=y, width=w, height=h, rx=4, fill="#fffdf5", stroke=INK, stroke_width=0.8)
        + element("circle", cx=x + w / 2, cy=y + r + 2, r=r, fill=CURRENCY[currency], stroke=INK, stroke_width=1.2)
        + element("circle", cx=x + w / 2, cy=y + r + 2, r=r - 3, fill="none", stroke=INK, stroke_width=0.5)
        + svg_text(x + w / 2, y + r + 7, value, text_anchor="middle", font_size=14, font_weight="700", fill=INK)
        + svg_text(x + w / 2, y + h - 3, currency_name(currency)[:3], text_anchor="middle", font_size=11, fill=INK)
    )


def counts(x: float, y: float, buildings: dict[str, int]) -> str:
    """How many of each type an Alhambra holds: picture, short name, count."""
    parts = []
    for index, kind in enumerate(TYPES):
        fill, short = TYPES[kind][0], short_name(kind)
        left = x + index * 48
        parts.append(element("rect", x=left, y=y, width=45, height=22, rx=3, fill=fill, stroke=INK, stroke_width=0.5))
        parts.append(icon(kind, left + 2, y + 3, 16))
        parts.append(
            svg_text(left + 31, y + 15, f"{short} {buildings[kind]}", text_anchor="middle", font_size=9, fill=INK)
        )
    return "".join(parts)


def _key_piece(kind: str, size: int = 36) -> str:
    """A building type as a key shows it: colour, picture and short name (no price)."""
    fill, short = TYPES[kind][0], short_name(kind)
    return (
        element("rect", x=1, y=1, width=size - 2, height=size - 2, rx=3, fill=fill, stroke=INK, stroke_width=0.8)
        + icon(kind, size * 0.22, size * 0.06, size * 0.56)
        + svg_text(size / 2, size * 0.9, short, text_anchor="middle", font_size=size * 0.24, fill=INK)
    )


def building_key(size: int = CELL) -> str:
    """The six building types with their names, the fountain and a wall:
    the key to the short names on the tiles (``Ser`` is the Seraglio)."""
    wall = element("rect", x=1, y=1, width=size - 2, height=size - 2, rx=3, fill="#ffffff", stroke=INK) + element(
        "line", x1=4, y1=4, x2=size - 4, y2=4, stroke=WALL, stroke_width=max(3.0, size / 11), stroke_linecap="square"
    )
    items = [(_key_piece(kind, size), building_name(kind)) for kind in TYPES]
    fountain = building_name("fountain")
    items.append((building_tile(0, 0, "fountain", size=size, aria=fountain), fountain))
    items.append((wall, gettext("Wall (thick dark edge)")))
    return key(items, gettext("Building types"), size=size)
