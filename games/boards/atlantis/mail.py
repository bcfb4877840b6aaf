"""Atlantis in an email: a monospaced text board and HTML tables with
inline styles, both written with the notation's names (positions 1-53,
``A`` Atlantis, ``M`` the mainland, colour names, tile values)."""

from __future__ import annotations

from html import escape
from typing import Any

from games.i18n import move_text
from games.terms import gettext, ngettext

from .common import (
    ATLANTIS,
    CODES,
    COLOURS,
    FILL,
    MAINLAND,
    PAWN,
    PAWN_NAME,
    below_words,
    bridge_owner,
    code_key,
    colour_name,
    grouped,
    hand_list,
    pawns_at,
    place,
    seat_names,
    status,
    tile_list,
    tile_name,
    walks,
)

WATER, LAND, SHORE, BRIDGE = "#a9d6e5", "#eadfbe", "#cfe8c4", "#a47148"


def _gap_text(view: dict[str, Any], gap: dict[str, Any]) -> str:
    span = str(gap["first"]) if gap["first"] == gap["last"] else f"{gap['first']}-{gap['last']}"
    if gap["bridged"]:
        owners = (" " + gettext("and") + " ").join(str(s + 1) for s in bridge_owner(view, gap))
        return gettext("%(span)s bridged (bridge of player %(owners)s): free") % {"span": span, "owners": owners}
    return gettext("%(span)s toll %(toll)s") % {"span": span, "toll": gap["toll"]}


def _below_items(view: dict[str, Any]) -> list[str]:
    """Once the game is over (the view gives ``below``): each stack's
    lower tiles after its position, "3 green 5"; none before."""
    return [
        f"{entry['position']} " + ", ".join(tile_name(lower) for lower in entry["below"])
        for entry in view["road"]
        if entry.get("below")
    ]


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _seat_line(view: dict[str, Any], seat: dict[str, Any], names: list[str]) -> tuple[str, str]:
    """``(who, what)`` for one player: name and colour, then the numbers."""
    s = seat["seat"]
    # one bracket, "(black, you, left)": never "(black) (left)"
    notes = [str(PAWN_NAME[s])]
    if s == view.get("seat"):
        notes.append(gettext("you"))
    if s in view.get("departed", []):
        notes.append(gettext("left"))
    who = f"{s + 1} {names[s]} ({', '.join(notes)})"
    if s in view.get("to_move", []):
        who += " " + gettext("to move")
    final = view.get("final")
    toll = ""
    if final and final["end_tolls"][s]:
        toll = " - " + gettext("end toll %(toll)s") % {"toll": final["end_tolls"][s]}
    bridge = gettext("not built") if seat["bridge"] is None else gettext("on %(place)s") % {"place": seat["bridge"]}
    what = gettext("score %(score)s (tiles %(tiles)s + %(cards)s%(toll)s); bridge %(bridge)s; pawns %(pawns)s") % {
        "score": seat["score"],
        "tiles": seat["tile_points"],
        "cards": _cards(seat["cards"]),
        "toll": toll,
        "bridge": bridge,
        "pawns": " ".join(place(p) for p in seat["pawns"]),
    }
    return who, what


def _moves(view: dict[str, Any]) -> list[str]:
    """Your reachable destinations, each with its ways (cards in order)."""
    lines = []
    for (origin, destination), options in sorted(grouped(walks(view)).items()):
        where = gettext("mainland")
        if destination != MAINLAND:
            where = tile_name(view["road"][destination - 1])
        toll = ", " + gettext("toll %(toll)s") % {"toll": options[0].toll} if options[0].toll else ""
        ways = " | ".join(move_text("atlantis", " ".join(w.cards)) for w in options)
        lines.append(f"{place(origin)} -> {place(destination)} ({where}{toll}): {ways}")
    return lines


def _entry_text(entry: dict[str, Any], gap_at: dict[int, dict[str, Any]]) -> str:
    kind = entry["kind"]
    if kind == "tile":
        return f"{tile_name(entry)}{'+' if entry['height'] > 1 else ''}"
    if kind == "water":
        word = gettext("bridge") if gap_at[entry["position"]]["bridged"] else gettext("water")
        return f"= {word} =" if gap_at[entry["position"]]["bridged"] else f"~ {word} ~"
    return "(Atlantis)" if kind == "atlantis" else "(" + gettext("mainland") + ")"


def _span(first: int, last: int) -> str:
    """The road positions an end has taken over, if any: `` (1-5)``."""
    if first > last:
        return ""
    return f" ({first})" if first == last else f" ({first}-{last})"


def _at(pawns: dict[int, list[int]], position: int) -> str:
    return " ".join(f"<{s + 1}>" for s in pawns.get(position, [])) or gettext("no pawns")


def _piles(view: dict[str, Any]) -> str:
    return gettext("Draw pile %(draw)s; played and paid %(discard)s.") % {
        "draw": _cards(view["draw_pile"]),
        "discard": view["discard_pile"],
    }


def _fitted(parts: list[str], *, first: str, indent: str, width: int = 70) -> list[str]:
    """``parts`` joined by "; " on lines of at most ``width`` characters,
    broken only between parts (the first line starts with ``first``, the
    others with ``indent``): the mail's own wrapping would break inside a
    part, leaving "pawns" at one line's end and its places on the next."""
    lines: list[str] = []
    line = ""
    for index, part in enumerate(parts):
        piece = part + (";" if index < len(parts) - 1 else "")
        if not line:
            line = first + piece
        elif len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = indent + piece
        else:
            line += " " + piece
    lines.append(line)
    return lines


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email."""
    names = seat_names(view, names)
    pawns = pawns_at(view)
    gap_at = {p: g for g in view["gaps"] for p in range(g["first"], g["last"] + 1)}
    lines = [
        status(view, names),
        _piles(view),
        "",
        gettext("The road (A = Atlantis, M = mainland; + = a tile lies below;"),
        gettext("<2> = a pawn of player 2):"),
        f" A  Atlantis{_span(1, view['atlantis_until'])}: {_at(pawns, ATLANTIS)}",
    ]
    cells = []
    for entry in view["road"][view["atlantis_until"] : view["mainland_from"] - 1]:
        p = entry["position"]
        here = "".join(f"<{s + 1}>" for s in pawns.get(p, []))
        cells.append(f"{p:>2} {_entry_text(entry, gap_at):<11}{here:<3}")
    per = -(-len(cells) // 3)
    for row in range(per):
        lines.append(
            " " + "   ".join(cells[col * per + row] for col in range(3) if col * per + row < len(cells)).rstrip()
        )
    mainland = gettext("mainland")
    lines.append(f" M  {mainland}{_span(view['mainland_from'], MAINLAND - 1)}: {_at(pawns, MAINLAND)}")
    items = [_gap_text(view, g) for g in view["gaps"]] or [gettext("none")]
    lines += _fitted(items, first=gettext("Water:") + " ", indent="  ")
    lower = _below_items(view)
    if lower:
        lines += _fitted(lower, first=gettext("Below the top tiles:") + " ", indent="  ")
    if view.get("seat") is not None:
        hand = view.get("hand", {})
        lines += ["", gettext("Your hand: %(cards)s") % {"cards": f"{hand_list(hand)} ({_cards(sum(hand.values()))})"}]
        moves = _moves(view)
        if moves:
            lines += [gettext("Your pawn moves (destination, tile, toll: the cards, in order):")]
            lines += ["  " + line for line in moves]
    lines += ["", gettext("Players:")]
    for seat in view["seats"]:
        who, what = _seat_line(view, seat, names)
        tiles = gettext("tiles: %(tiles)s") % {"tiles": tile_list(seat["tiles"])}
        lines += [f"  {who}", *_fitted(what.split("; "), first="     ", indent="       "), f"     {tiles}"]
    return "\n".join(lines)


_TD = "border:1px solid #bbb;width:40px;height:40px;text-align:center;vertical-align:top;padding:1px;"
_NUM = '<div style="font:9px Arial,sans-serif;color:{ink};opacity:.8">{label}</div>'


def _badges(seats: list[int]) -> str:
    return "".join(
        f'<span style="display:inline-block;min-width:12px;border-radius:6px;background:{PAWN[s]};'
        f'color:#fff;font:bold 10px Arial,sans-serif;margin:0 1px">{s + 1}</span>'
        for s in seats
    )


def _road_cell(
    view: dict[str, Any],
    p: int,
    pawns: dict[int, list[int]],
    gap_at: dict[int, dict[str, Any]],
) -> str:
    here = _badges(pawns.get(p, []))
    if p in (ATLANTIS, MAINLAND):
        name = "Atlantis" if p == ATLANTIS else gettext("mainland")
        return (
            f'<td style="{_TD}background:{LAND if p == ATLANTIS else SHORE}" title="{name}">'
            f'{_NUM.format(ink="#333", label=place(p))}<div style="font:9px Arial">{name}</div>{here}</td>'
        )
    entry = view["road"][p - 1]
    kind = entry["kind"]
    if kind == "tile":
        fill, ink = FILL[entry["colour"]]
        below = "+" if entry["height"] > 1 else ""
        code = f"{p} {CODES[entry['colour']]}"
        title = f"{p}: {tile_name(entry)}{below_words(entry)}"
        return (
            f'<td style="{_TD}background:{fill};color:{ink}" title="{escape(title)}">'
            f'{_NUM.format(ink=ink, label=code)}<b style="font:bold 14px Arial,sans-serif">{entry["value"]}'
            f"</b><sup>{below}</sup><br>{here}</td>"
        )
    if kind == "water":
        gap = gap_at[p]
        fill = BRIDGE if gap["bridged"] else WATER
        word = gettext("bridge") if gap["bridged"] else ""
        if not gap["bridged"]:
            word = gettext("toll %(toll)s") % {"toll": gap["toll"]} if p == gap["first"] else "~"
        return (
            f'<td style="{_TD}background:{fill}" title="{escape(_gap_text(view, gap))}">'
            f'{_NUM.format(ink="#114b5f", label=p)}<span style="font:10px Arial">{word}</span></td>'
        )
    fill = LAND if kind == "atlantis" else SHORE
    return (
        f'<td style="{_TD}background:{fill};color:#777">{_NUM.format(ink="#777", label=p)}'
        f"{'A' if kind == 'atlantis' else 'M'}{here}</td>"
    )


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as HTML tables with inline styles (no images, no CSS files)."""
    names = seat_names(view, names)
    pawns = pawns_at(view)
    gap_at = {p: g for g in view["gaps"] for p in range(g["first"], g["last"] + 1)}
    parts = [f"<p><strong>{escape(status(view, names))}</strong> {escape(_piles(view))}</p>"]
    rows = []
    for start in range(0, MAINLAND + 1, 11):
        cells = "".join(_road_cell(view, p, pawns, gap_at) for p in range(start, start + 11))
        rows.append(f"<tr>{cells}</tr>")
    parts.append('<table style="border-collapse:collapse;margin:4px 0">' + "".join(rows) + "</table>")
    legend, water = gettext("A = Atlantis, M = mainland, + = a tile lies below."), gettext("Water:")
    legend += " " + gettext("Colours: %(codes)s.") % {"codes": code_key()}  # the codes in the road's cells
    gaps = "; ".join(_gap_text(view, g) for g in view["gaps"]) or gettext("none")
    parts.append(
        f'<p style="margin:2px 0;font-size:12px;color:#555">{escape(legend)} {escape(water)} {escape(gaps)}.</p>'
    )
    if view.get("seat") is not None:
        hand = view.get("hand", {})
        cards = " ".join(
            f'<span style="display:inline-block;padding:3px 7px;margin:2px;border:1px solid #333;'
            f'background:{FILL[c][0]};color:{FILL[c][1]}">{hand[c]} {escape(colour_name(c))}</span>'
            for c in COLOURS
            if hand.get(c)
        ) or escape(gettext("no cards"))
        your_hand = gettext("Your hand")
        parts.append(f"<p><strong>{escape(your_hand)}</strong> ({escape(_cards(sum(hand.values())))}): {cards}</p>")
        moves = _moves(view)
        if moves:
            items = "".join(f"<li><code>{escape(line)}</code></li>" for line in moves)
            moves_head = gettext("Your pawn moves (destination, tile, toll: the cards, in order):")
            parts.append(f'<p style="margin-bottom:0">{escape(moves_head)}</p><ul style="margin-top:2px">{items}</ul>')
    head = "".join(
        f'<th style="text-align:left;padding:2px 6px;font:bold 12px Arial">{escape(h)}</th>'
        for h in (gettext("Player"), gettext("Score and pawns"), gettext("Tiles"))
    )
    body = []
    for seat in view["seats"]:
        who, what = _seat_line(view, seat, names)
        body.append(
            f'<tr><td style="padding:2px 6px">{escape(who)}</td>'
            f'<td style="padding:2px 6px">{escape(what)}</td>'
            f'<td style="padding:2px 6px">{escape(tile_list(seat["tiles"]))}</td></tr>'
        )
    parts.append(
        f'<table style="border-collapse:collapse;font:13px Arial,sans-serif"><tr>{head}</tr>{"".join(body)}</table>'
    )
    return "".join(parts)
