"""Alpaca in emails: the position as monospaced text and as HTML tables
with inline styles (mail clients read no style sheet)."""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext_noop

from games.rules.alpaca.view import MAJOR_EDGES, board_text
from games.terms import gettext, ngettext

from ..text_bands import column_bands
from .common import (
    CORNER,
    CORNER_WORDS,
    FILL,
    INK,
    cell_text,
    colour_name,
    frame,
    letter_key,
    player_rows,
    said,
    seat_names,
    split,
    status,
    turned_edges,
)

#: The mail's plain-text width.
_WIDTH = 72
#: ``board_text``'s layout: a row label of 5 characters, then 6 per column.
_LABEL, _COLUMN = 5, 6


def _tiles(count: int) -> str:
    """``" 3 tiles"``: the number padded so the player lines stay aligned."""
    return ngettext("%(count)s tile", "%(count)s tiles", count) % {"count": f"{count:>2}"}


def _points(count: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", count) % {"count": f"{count:>3}"}


def _left(name: str, tiles: list[str]) -> str:
    """A seat's tiles left at the end, in the reader's notation (as the hand)."""
    written = ", ".join(said(tile) for tile in tiles)
    return gettext("%(name)s's tiles left: %(tiles)s") % {"name": name, "tiles": written or gettext("none")}


def _bands(table: str) -> str:
    """``board_text``'s table in bands of columns that fit the mail's width
    (``column_bands``), each with its x headings and y labels."""
    bands = column_bands(table.splitlines(), width=_WIDTH, label=_LABEL, column=_COLUMN)
    return table if len(bands) == 1 else "\n\n".join("\n".join(band) for band in bands)


def _player_lines(rows: list[dict[str, Any]], width: int) -> list[str]:
    """One line per player (name, colour, tiles, points, in columns that line
    up in every language), then the chains and the notes ("<- you, to move")
    on it while they fit the mail's width, else each on a line of its own
    under the name: the mail's wrapping never breaks them."""
    tiles = max(len(_tiles(r["hand"])) for r in rows)
    points = max(len(_points(r["score"])) for r in rows)
    lines = []
    for r in rows:
        indent = " " * (len(str(r["seat"] + 1)) + 4)
        line = f"  {r['seat'] + 1}. {r['name']:<{width}}  {colour_name(r['colour']):<6}  {_tiles(r['hand']):<{tiles}}  "
        line += f"{_points(r['score']):<{points}}"
        extras = ["(" + gettext("chains: %(chains)s") % {"chains": r["chains"]} + ")"]
        extras += [f"<- {r['notes']}"] if r["notes"] else []
        for extra in extras:
            gap = "  " if extra.startswith("<-") else " "
            if len(line) + len(gap) + len(extra) <= _WIDTH:
                line += gap + extra
            else:
                lines.append(line.rstrip())
                line = indent + extra
        lines.append(line.rstrip())
    return lines


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The position as monospaced text for the plain-text part of an email."""
    names = seat_names(view, names)
    lines = status(view, names) + ["", gettext("Players:")]
    lines += _player_lines(player_rows(view, names), max(len(n) for n in names))
    if view.get("seat") is not None and view["phase"] != "over":
        lines += ["", gettext("Your tiles (#number, major/minor1-minor2):")]
        lines += [
            f"  #{t['number']} {said(t['tile'])}" + ("  <- " + gettext("dominant colour") if t["dominant"] else "")
            for t in view.get("hand", [])
        ] or ["  " + gettext("none")]
    for seat, tiles in enumerate(view.get("hands", []) if view["phase"] == "over" else []):
        lines.append(_left(names[seat], tiles))
    lines += ["", gettext("The table (x above each column, y left of each row):"), _bands(board_text(view))]
    if view["open_cells"]:
        cells = "  ".join(cell_text(c) for c in view["open_cells"])
        lines.append(gettext("Open cells (x,y): %(cells)s") % {"cells": cells})
    if view.get("last_placed"):
        lines.append(gettext("Last tile placed at %(cell)s.") % {"cell": cell_text(view["last_placed"])})
    letters = letter_key()
    lines += [
        # Once no tile may be placed (the game is over) no cell is marked open.
        gettext("Capital letter = big (major) triangle, small = minor triangle, # = untouchable, . = open cell.")
        if view["open_cells"]
        else gettext("Capital letter = big (major) triangle, small = minor triangle, # = untouchable."),
        gettext("Letters: %(letters)s.") % {"letters": letters},
    ]
    return "\n".join(lines)


_TABLE_KEY = gettext_noop("(x above each column, y left of each row; capital letter = big triangle, # = untouchable)")
#: Hand tiles per row of the HTML part: six fit a 390 px phone (twelve did not).
_HAND_ROW = 6
_TH = "font:11px Arial,sans-serif;color:#666;padding:2px"
_MINI = "width:14px;height:14px;"


def _html_tile(tile: str, rot: int, *, locked: bool = False, caption: str = "") -> str:
    """A tile as a 3 x 3 table (edges and the big triangle's corner in their
    colours), its colours and rotation spelled out below."""
    edges, (major, minor1, minor2) = turned_edges(tile, rot), split(tile)
    majors = MAJOR_EDGES[rot]

    def paint(colour: str, letter: str = "") -> str:
        ink = INK.get(colour, "#fff")
        return f'<td style="{_MINI}background:{FILL[colour]};color:{ink}">{letter}</td>'

    def side(d: int) -> str:
        return paint(edges[d], edges[d][0].upper() if d in majors else edges[d][0])

    corner = {0: (0, 2), 1: (2, 2), 2: (2, 0), 3: (0, 0)}[rot]
    grid = [["<td></td>"] * 3 for _ in range(3)]
    grid[corner[0]][corner[1]] = paint(major)
    grid[0][1], grid[1][2], grid[2][1], grid[1][0] = side(0), side(1), side(2), side(3)
    grid[1][1] = "<td>#</td>" if locked else "<td></td>"
    rows = "".join(f"<tr>{''.join(row)}</tr>" for row in grid)
    turn = gettext("big triangle %(corner)s") % {"corner": CORNER_WORDS[rot]}
    major, minor1, minor2 = (colour_name(c) for c in (major, minor1, minor2))
    words = f"{escape(major)}/<br>{escape(minor1)}-{escape(minor2)}<br>rot {rot} {CORNER[rot]}<br>{escape(turn)}"
    return (
        f'<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;border:1px solid #333;'
        f'margin:auto;background:#fff;text-align:center;font:bold 10px Arial,sans-serif">{rows}</table>'
        f'<div style="font:9px Arial,sans-serif;color:#333">{words}{caption}</div>'
    )


def _html_hand_tile(entry: dict[str, Any]) -> str:
    faded = "" if entry["dominant"] else "opacity:.45"
    caption = f"<br><strong>#{entry['number']}</strong>"
    return f'<td style="padding:3px;vertical-align:top;{faded}">{_html_tile(entry["tile"], 0, caption=caption)}</td>'


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The position as HTML tables with inline styles: one cell per tile."""
    names = seat_names(view, names)
    parts = [f"<p>{escape(line)}</p>" for line in status(view, names)]
    titles = (
        gettext("Seat"),
        gettext("Player"),
        gettext("Colour"),
        gettext("Tiles"),
        gettext("Points"),
        gettext("Chains"),
    )
    head = "".join(f'<th style="{_TH}">{escape(h)}</th>' for h in (*titles, ""))
    rows = "".join(
        f'<tr><td style="{_TH}">{r["seat"] + 1}</td><td style="padding:2px 6px"><strong>{escape(r["name"])}'
        f'</strong></td><td style="padding:2px 6px;color:{INK.get(r["colour"], "#fff")};'
        f'background:{FILL[r["colour"]]}">{escape(colour_name(r["colour"]))}</td>'
        f'<td style="padding:2px 6px">{r["hand"]}</td>'
        f'<td style="padding:2px 6px">{r["score"]}</td><td style="padding:2px 6px">{escape(r["chains"])}</td>'
        f'<td style="padding:2px 6px">{escape(r["notes"])}</td></tr>'
        for r in player_rows(view, names)
    )
    parts.append(f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr>{head}</tr>{rows}</table>')
    if view.get("seat") is not None and view["phase"] != "over":
        hand = [_html_hand_tile(t) for t in view.get("hand", [])]
        cells = "</tr><tr>".join("".join(hand[i : i + _HAND_ROW]) for i in range(0, len(hand), _HAND_ROW))
        mine, faded, none = gettext("Your tiles"), gettext("(faded: not the dominant colour)"), gettext("none")
        parts.append(
            f'<p style="margin-bottom:0"><strong>{escape(mine)}</strong> {escape(faded)}</p>'
            + (
                f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr>{cells}</tr></table>'
                if cells
                else f"<p>{escape(none)}</p>"
            )
        )
    if view["phase"] == "over":
        for seat, tiles in enumerate(view.get("hands", [])):
            parts.append(f"<p>{escape(_left(names[seat], tiles))}</p>")
    table, key = gettext("The table"), gettext(_TABLE_KEY)
    key += " " + gettext("Letters: %(letters)s.") % {"letters": letter_key()}  # on the tiles, hand and table
    parts.append(f'<p style="margin-bottom:0"><strong>{escape(table)}</strong> {escape(key)}</p>{_html_table(view)}')
    return "".join(parts)


def _html_table(view: dict[str, Any]) -> str:
    tiles, opened, xs, ys = frame(view, 1)
    locked = {tuple(c) for c in view["untouchable_cells"]}
    last = tuple(view["last_placed"]) if view.get("last_placed") else None
    head = "".join(f'<th style="{_TH}">{x}</th>' for x in xs)
    opened_word = gettext("open")
    body = []
    for y in ys:
        row = []
        for x in xs:
            style = "border:1px solid #ddd;padding:3px;vertical-align:top;text-align:center;min-width:60px;"
            tile = tiles.get((x, y))
            if tile:
                outline = "outline:3px solid #111;" if (x, y) == last else ""
                row.append(
                    f'<td style="{style}{outline}" title="{x},{y}">'
                    f"{_html_tile(tile['tile'], tile['rotation'], locked=(x, y) in locked)}</td>"
                )
            elif (x, y) in opened:
                row.append(
                    f'<td style="{style}color:#888;font:10px Arial,sans-serif">{escape(opened_word)}<br>{x},{y}</td>'
                )
            else:
                row.append(f'<td style="{style}"></td>')
        body.append(f'<tr><th style="{_TH}">{y}</th>{"".join(row)}</tr>')
    return (
        f'<div style="overflow-x:auto"><table style="border-collapse:collapse;margin:4px 0 12px">'
        f"<tr><th></th>{head}</tr>{''.join(body)}</table></div>"
    )
