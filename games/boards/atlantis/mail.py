"""Atlantis in an email: a monospaced text board and HTML tables with
inline styles, both written with the notation's names (positions 1-53,
``A`` Atlantis, ``M`` the mainland, colour names, tile values)."""

from __future__ import annotations

from html import escape
from typing import Any

from .common import (
    ATLANTIS,
    CODES,
    COLOURS,
    FILL,
    MAINLAND,
    PAWN,
    PAWN_NAME,
    bridge_owner,
    grouped,
    hand_list,
    pawns_at,
    place,
    seat_names,
    status,
    tile_list,
    walks,
)

WATER, LAND, SHORE, BRIDGE = "#a9d6e5", "#eadfbe", "#cfe8c4", "#a47148"


def _gap_text(view: dict[str, Any], gap: dict[str, Any]) -> str:
    span = str(gap["first"]) if gap["first"] == gap["last"] else f"{gap['first']}-{gap['last']}"
    if gap["bridged"]:
        owners = " and ".join(str(s + 1) for s in bridge_owner(view, gap))
        return f"{span} bridged (bridge of player {owners}): free"
    return f"{span} toll {gap['toll']}"


def _seat_line(view: dict[str, Any], seat: dict[str, Any], names: list[str]) -> tuple[str, str]:
    """``(who, what)`` for one player: name and colour, then the numbers."""
    s = seat["seat"]
    who = f"{s + 1} {names[s]} ({PAWN_NAME[s]}{', you' if s == view.get('seat') else ''})"
    if s in view.get("to_move", []):
        who += " to move"
    if s in view.get("departed", []):
        who += " (left)"
    final = view.get("final")
    toll = f" - end toll {final['end_tolls'][s]}" if final and final["end_tolls"][s] else ""
    bridge = "not built" if seat["bridge"] is None else f"on {seat['bridge']}"
    cards = f"{seat['cards']} card{'' if seat['cards'] == 1 else 's'}"
    what = (
        f"score {seat['score']} (tiles {seat['tile_points']} + {cards}{toll}); "
        f"bridge {bridge}; pawns {' '.join(place(p) for p in seat['pawns'])}"
    )
    return who, what


def _moves(view: dict[str, Any]) -> list[str]:
    """Your reachable destinations, each with its ways (cards in order)."""
    lines = []
    for (origin, destination), options in sorted(grouped(walks(view)).items()):
        where = "mainland"
        if destination != MAINLAND:
            entry = view["road"][destination - 1]
            where = f"{entry['colour']} {entry['value']}"
        toll = f", toll {options[0].toll}" if options[0].toll else ""
        ways = " | ".join(" ".join(w.cards) for w in options)
        lines.append(f"{place(origin)} -> {place(destination)} ({where}{toll}): {ways}")
    return lines


def _entry_text(entry: dict[str, Any], gap_at: dict[int, dict[str, Any]]) -> str:
    kind = entry["kind"]
    if kind == "tile":
        return f"{entry['colour']} {entry['value']}{'+' if entry['height'] > 1 else ''}"
    if kind == "water":
        return "= bridge =" if gap_at[entry["position"]]["bridged"] else "~ water ~"
    return "(Atlantis)" if kind == "atlantis" else "(mainland)"


def _span(first: int, last: int) -> str:
    """The road positions an end has taken over, if any: `` (1-5)``."""
    if first > last:
        return ""
    return f" ({first})" if first == last else f" ({first}-{last})"


def _at(pawns: dict[int, list[int]], position: int) -> str:
    return " ".join(f"<{s + 1}>" for s in pawns.get(position, [])) or "no pawns"


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email."""
    names = seat_names(view, names)
    pawns = pawns_at(view)
    gap_at = {p: g for g in view["gaps"] for p in range(g["first"], g["last"] + 1)}
    lines = [
        status(view, names),
        f"Draw pile {view['draw_pile']} cards; played and paid {view['discard_pile']}.",
        "",
        "The road (A = Atlantis, M = mainland; + = a tile lies below;",
        "<2> = a pawn of player 2):",
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
    lines.append(f" M  mainland{_span(view['mainland_from'], MAINLAND - 1)}: {_at(pawns, MAINLAND)}")
    items = [_gap_text(view, g) for g in view["gaps"]] or ["none"]
    line = "Water:"
    for index, item in enumerate(items):  # wrapped between gaps only
        piece = item + (";" if index < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > 70:
            lines.append(line)
            line = "  " + piece
        else:
            line += " " + piece
    lines.append(line)
    if view.get("seat") is not None:
        hand = view.get("hand", {})
        lines += ["", f"Your hand: {hand_list(hand)} ({sum(hand.values())} cards)"]
        moves = _moves(view)
        if moves:
            lines += ["Your pawn moves (destination, tile, toll: the cards, in order):"]
            lines += ["  " + line for line in moves]
    lines += ["", "Players:"]
    for seat in view["seats"]:
        who, what = _seat_line(view, seat, names)
        lines += [f"  {who}", f"     {what}", f"     tiles: {tile_list(seat['tiles'])}"]
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
        name = "Atlantis" if p == ATLANTIS else "mainland"
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
        title = f"{p}: {entry['colour']} {entry['value']}{' (a tile below)' if below else ''}"
        return (
            f'<td style="{_TD}background:{fill};color:{ink}" title="{escape(title)}">'
            f'{_NUM.format(ink=ink, label=code)}<b style="font:bold 14px Arial,sans-serif">{entry["value"]}'
            f"</b><sup>{below}</sup><br>{here}</td>"
        )
    if kind == "water":
        gap = gap_at[p]
        fill = BRIDGE if gap["bridged"] else WATER
        word = "bridge" if gap["bridged"] else (f"toll {gap['toll']}" if p == gap["first"] else "~")
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
    parts = [
        f"<p><strong>{escape(status(view, names))}</strong> Draw pile {view['draw_pile']} cards; "
        f"played and paid {view['discard_pile']}.</p>"
    ]
    rows = []
    for start in range(0, MAINLAND + 1, 11):
        cells = "".join(_road_cell(view, p, pawns, gap_at) for p in range(start, start + 11))
        rows.append(f"<tr>{cells}</tr>")
    parts.append('<table style="border-collapse:collapse;margin:4px 0">' + "".join(rows) + "</table>")
    parts.append(
        '<p style="margin:2px 0;font-size:12px;color:#555">A = Atlantis, M = mainland, '
        "+ = a tile lies below. Water: "
        f"{escape('; '.join(_gap_text(view, g) for g in view['gaps']) or 'none')}.</p>"
    )
    if view.get("seat") is not None:
        hand = view.get("hand", {})
        cards = (
            " ".join(
                f'<span style="display:inline-block;padding:3px 7px;margin:2px;border:1px solid #333;'
                f'background:{FILL[c][0]};color:{FILL[c][1]}">{hand[c]} {c}</span>'
                for c in COLOURS
                if hand.get(c)
            )
            or "no cards"
        )
        parts.append(f"<p><strong>Your hand</strong> ({sum(hand.values())} cards): {cards}</p>")
        moves = _moves(view)
        if moves:
            items = "".join(f"<li><code>{escape(line)}</code></li>" for line in moves)
            parts.append(
                '<p style="margin-bottom:0"><strong>Your pawn moves</strong> '
                f'(destination, tile, toll: the cards, in order):</p><ul style="margin-top:2px">{items}</ul>'
            )
    head = "".join(
        f'<th style="text-align:left;padding:2px 6px;font:bold 12px Arial">{h}</th>'
        for h in ("Player", "Score and pawns", "Tiles")
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
