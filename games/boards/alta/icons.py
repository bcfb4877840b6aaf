"""A small line drawing for each of Alta's nine card types, drawn here from
plain shapes, so that a card reads by its picture and short name as well as
its colour (colour-blind players, phone screens); and the card faces
built on them."""

from __future__ import annotations

from django.utils.translation import gettext

from ..picking import labelled, pickable
from ..svg import element, key
from ..svg import text as svg_text
from .common import CARD_STYLE, CELL, card_codes, card_title

INK = "#1f2a30"


def _shapes(slug: str) -> list[tuple[str, dict]]:
    """The shapes of ``slug``'s icon in a 20 x 20 box."""
    line = {"fill": "none", "stroke": INK, "stroke_width": 1.6, "stroke_linejoin": "round", "stroke_linecap": "round"}
    solid = {"fill": INK}
    shapes: dict[str, list[tuple[str, dict]]] = {
        "farmer": [
            ("circle", {"cx": 10, "cy": 5, "r": 3, **solid}),
            ("path", {"d": "M4 19v-5a6 6 0 0 1 12 0v5", **line}),
            ("path", {"d": "M16 19V6", **line}),
        ],  # a figure with a pitchfork handle
        "settlement": [("path", {"d": "M2 19V10l8-7 8 7v9z", **line}), ("path", {"d": "M8 19v-5h4v5", **line})],
        "tavern": [
            ("rect", {"x": 4, "y": 6, "width": 10, "height": 13, "rx": 1.5, **line}),
            ("path", {"d": "M14 9h2.5a2 2 0 0 1 0 6H14M4 6c1-3 9-3 10 0", **line}),
        ],
        "farmers_hut": [
            ("path", {"d": "M1 12 10 3l9 9", **line}),
            ("path", {"d": "M4 10v9h12v-9M5 7l-2-2M15 7l2-2", **line}),
        ],
        "mill": [
            ("path", {"d": "M10 10 4 4M10 10l6-6M10 10l-6 6M10 10l6 6", **line}),
            ("path", {"d": "M8 19l2-9 2 9z", **solid}),
        ],
        "wheat_field": [
            ("path", {"d": "M5 19V7M10 19V4M15 19V7", **line}),
            ("path", {"d": "M5 8l-2-2M5 8l2-2M10 5 8 3M10 5l2-2M15 8l-2-2M15 8l2-2", **line}),
        ],
        "fishing_harbour": [
            ("path", {"d": "M2 10c3-5 10-5 13 0-3 5-10 5-13 0zM15 10l4-4v8z", **line}),
            ("circle", {"cx": 6, "cy": 9, "r": 1, **solid}),
        ],
        "tower": [
            ("path", {"d": "M5 19V6H4V2h3v2h2V2h2v2h2V2h3v4h-1v13z", **line}),
            ("path", {"d": "M9 19v-4h2v4", **line}),
        ],
        "market": [
            ("path", {"d": "M2 7h16l-2-4H4zM2 7c0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0", **line}),
            ("path", {"d": "M4 9v10M16 9v10M4 14h12", **line}),
        ],
    }
    return shapes[slug]


def icon(slug: str, x: float, y: float, size: float) -> str:
    """``slug``'s icon scaled into a ``size`` square at ``(x, y)``; decorative
    (the card's label names it)."""
    body = "".join(element(tag, **values) for tag, values in _shapes(slug))
    return element(
        "g", body, transform=f"translate({x} {y}) scale({size / 20})", aria_hidden="true", class_="card-icon"
    )


def card(
    x: float, y: float, slug: str, *, size: float = CELL, pick: str | None = None, label: str | None = None
) -> str:
    """A card face: its type's colour, icon and short code; a button when
    ``pick`` is set."""
    fill, code = CARD_STYLE[slug][0], card_codes()[slug]
    name = label or card_title(slug)
    body = element(
        "rect", x=x + 1, y=y + 1, width=size - 2, height=size - 2, rx=5, fill=fill, stroke="#1f2a30", stroke_width=1
    )
    # A picture above the short code: each type reads without its colour.
    body += icon(slug, x + size / 2 - 11, y + 4, 22)
    body += svg_text(
        x + size / 2, y + size - 6, code, text_anchor="middle", font_size=11, font_weight="700", fill="#1f2a30"
    )
    return labelled(body, name, pickable(pick, name, cls="card"))


def merchant(x: float, y: float, pair: list[str] | None, caption: str) -> str:
    """A merchant card: the two types it counts as (icon and code each)."""
    parts = [element("rect", x=x, y=y, width=96, height=44, rx=5, fill="#fff", stroke="#1f2a30")]
    if pair:
        for offset, slug in enumerate(pair):
            fill, code = CARD_STYLE[slug][0], card_codes()[slug]
            # Each half 44 wide: the widest code ("MAR", bold 10) fits beside the 16-wide picture.
            left = x + 2 + offset * 48
            parts.append(element("rect", x=left, y=y + 6, width=44, height=32, rx=4, fill=fill))
            parts.append(icon(slug, left + 2, y + 12, 16))
            parts.append(svg_text(left + 31, y + 27, code, text_anchor="middle", font_size=10, font_weight="700"))
    else:
        parts.append(svg_text(x + 48, y + 27, gettext("none"), text_anchor="middle", font_size=12))
    parts.append(svg_text(x + 48, y + 58, caption, text_anchor="middle", font_size=11, fill="#5b6870"))
    return "".join(parts)


def card_key() -> str:
    """Every card type as drawn on the board, with its name: the key to the
    short codes (``FAR`` is the Farmer; in Dutch ``BOE`` the boer)."""
    items = [(card(0, 0, slug), card_title(slug)) for slug in CARD_STYLE]
    # Shown at the size they are drawn on the board: shrunk, their codes fell under 10 px.
    return key(items, gettext("Card types"), size=CELL)
