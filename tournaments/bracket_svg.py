"""A bracket section drawn as SVG on the server: one column per round, a
box per game with its players, and lines from each game to the game its
winner plays next.

The drawing is plain markup (no script, no style attributes: colours come
from ``tournaments.css`` through classes, so the page's CSP holds).  Names
are real ``<text>``, games link to their match, and the ``<title>`` and
``<desc>`` say what the picture is, so a screen reader reads it as text.
On a narrow screen the SVG keeps its size and scrolls inside its own box.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .overview_bracket import BracketBox, BracketSection

BOX_W = 168
SLOT_H = 22
HEAD_H = 16
BOX_H = HEAD_H + 2 * SLOT_H
GAP_X = 36
GAP_Y = 14
COLUMN_HEAD = 22
MAX_NAME = 20


def _short(name: str) -> str:
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _column_title(section: BracketSection, number: int) -> str:
    if section.name == "grand_final":
        return gettext("Final") if number == 1 else gettext("Reset")
    return gettext("Round %(number)s") % {"number": number}


def _positions(section: BracketSection) -> tuple[list[list[tuple[float, float]]], float]:
    """Top-left corner of every box, column by column, and the height.
    Boxes of a column share the height evenly, so in a halving bracket each
    game sits midway between the two games that feed it."""
    tallest = max(len(boxes) for _, boxes in section.columns)
    height = float(COLUMN_HEAD + tallest * (BOX_H + GAP_Y))
    corners: list[list[tuple[float, float]]] = []
    for c, (_number, boxes) in enumerate(section.columns):
        share = (height - COLUMN_HEAD) / len(boxes)
        x = float(c * (BOX_W + GAP_X))
        corners.append([(x, COLUMN_HEAD + share * i + (share - BOX_H) / 2) for i in range(len(boxes))])
    return corners, height


def _feeds(count: int, next_count: int, i: int) -> int:
    """The box of the next column that box ``i`` leads to: halving columns
    pair two boxes into one; equal columns (a losers round taking in the
    winners bracket's losers) go straight across."""
    if next_count * 2 == count:
        return i // 2
    return min(i, next_count - 1)


def _box(box: BracketBox, x: float, y: float) -> str:
    parts = [
        f'<g class="bx {escape(box.status)}">',
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" height="{BOX_H}" rx="4"/>',
        f'<text class="hd" x="{x + 6:.0f}" y="{y + 12:.0f}">{escape(box.key)} · {escape(box.status_text)}</text>',
    ]
    for k, slot in enumerate(box.slots):
        top = y + HEAD_H + k * SLOT_H
        if k:
            parts.append(f'<line class="sep" x1="{x:.0f}" y1="{top:.0f}" x2="{x + BOX_W:.0f}" y2="{top:.0f}"/>')
        label = slot.name or ("—" if box.status in ("bye", "void") else slot.source)
        css = "won" if slot.won else "lost" if slot.lost else "tbd" if not slot.name else ""
        mark = " ✓" if slot.won else ""
        parts.append(f'<text class="pl {css}" x="{x + 6:.0f}" y="{top + 15:.0f}">{escape(_short(label))}{mark}</text>')
    parts.append("</g>")
    inner = "".join(parts)
    if box.match_url:
        return f'<a href="{escape(box.match_url)}">{inner}</a>'
    return inner


def bracket_svg(section: BracketSection, ident: str) -> SafeString:
    """The SVG drawing of one bracket section (``ident`` makes its ids
    unique on the page)."""
    corners, height = _positions(section)
    width = len(section.columns) * (BOX_W + GAP_X) - GAP_X + 2
    out = [
        f'<svg class="bracket-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="-1 0 {width} {height:.0f}" role="group" aria-labelledby="{ident}-t {ident}-d">',
        f'<title id="{ident}-t">{escape(section.title)}</title>',
        f'<desc id="{ident}-d">{escape(_description(section))}</desc>',
    ]
    for c, (number, boxes) in enumerate(section.columns):
        x = c * (BOX_W + GAP_X)
        out.append(f'<text class="col" x="{x:.0f}" y="14">{escape(_column_title(section, number))}</text>')
        if c + 1 < len(section.columns):
            following = corners[c + 1]
            for i, (bx, by) in enumerate(corners[c]):
                tx, ty = following[_feeds(len(boxes), len(following), i)]
                x1, y1 = bx + BOX_W, by + BOX_H / 2
                x2, y2 = tx, ty + BOX_H / 2
                mid = x1 + GAP_X / 2
                out.append(f'<path class="ln" d="M{x1:.0f} {y1:.0f}H{mid:.0f}V{y2:.0f}H{x2:.0f}"/>')
        for box, (bx, by) in zip(boxes, corners[c], strict=True):
            out.append(_box(box, bx, by))
    out.append("</svg>")
    # Every name, key and URL above is escaped.
    return mark_safe("".join(out))  # noqa: S308


def _description(section: BracketSection) -> str:
    lines = []
    for number, boxes in section.columns:
        games = []
        for box in boxes:
            empty = box.status in ("bye", "void")
            # An empty slot of a bye is nobody (as the box draws it), not the seed beyond the field.
            names = " – ".join(slot.name or ("—" if empty else slot.source) for slot in box.slots)
            winner = next((slot.name for slot in box.slots if slot.won), None)
            text = f"{box.key}: {names}"
            if empty:
                text += f" ({box.status_text})"
            if winner:
                text += " (" + gettext("%(name)s won") % {"name": winner} + ")"
            games.append(text)
        lines.append(f"{_column_title(section, number)}: " + "; ".join(games))
    return ". ".join(lines)
