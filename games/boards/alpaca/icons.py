"""Alpaca's tiles drawn: three triangles in the players' colours, each
with its colour's letter (capital for the big triangle), so a tile reads
without its colours."""

from __future__ import annotations

from games.rules.alpaca.view import MAJOR_EDGES

from ..svg import element
from ..svg import text as svg_text
from .common import FILL, INK, turned_edges

#: The smallest letter on a tile, in CSS px (a hand tile and the key's are drawn 1:1).
LETTER = 10


def point(point: tuple[float, float]) -> str:
    return f"{point[0]:g},{point[1]:g}"


def tile_shapes(x: float, y: float, size: float, tile: str, rot: int) -> str:
    """The three triangles of ``tile`` in ``rot`` in the square at x, y,
    each with its colour letter (capital = the big triangle)."""
    edges = turned_edges(tile, rot)
    c = (x + size / 2, y + size / 2)
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]  # NW NE SE SW
    k = (rot + 1) % 4  # index of the big triangle's right angle in corners
    shapes = []
    majors = MAJOR_EDGES[rot]
    big = [corners[(k - 1) % 4], corners[k], corners[(k + 1) % 4]]
    parts = [(big, edges[min(majors)], True)]
    parts += [([corners[d], corners[(d + 1) % 4], c], edges[d], False) for d in range(4) if d not in majors]
    for points, colour, major in parts:
        shapes.append(
            element(
                "polygon",
                points=" ".join(point(p) for p in points),
                fill=FILL[colour],
                stroke="#ffffff",
                stroke_width=0.8,
            )
        )
        cx = sum(p[0] for p in points) / 3
        cy = sum(p[1] for p in points) / 3
        letter = colour[0].upper() if major else colour[0]
        shapes.append(
            svg_text(
                cx,
                cy + size * 0.07,
                letter,
                text_anchor="middle",
                # Never under 10 px: a hand tile (34 px) still reads on a phone.
                font_size=max(LETTER, round(size * 0.2)),
                font_weight="700" if major else None,
                fill=INK.get(colour, "#ffffff"),
                pointer_events="none",
            )
        )
    shapes.append(element("rect", x=x, y=y, width=size, height=size, fill="none", stroke="#333333", stroke_width=1))
    return "".join(shapes)
