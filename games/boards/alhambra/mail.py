"""The emails: a monospaced text board (the engine's ``text_board``) and
HTML tables with inline styles (walls as thick borders)."""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import ngettext

from games.rules.alhambra.view import text_board

from .common import (
    CURRENCY,
    TYPES,
    WALL,
    axis,
    frontier,
    handout_lines,
    is_acting,
    money_text,
    scores,
    seat_names,
    status,
    tile_parts,
    xy,
)


def _spots(view: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    """Cells to label on your board: where your bought tiles fit, or every
    free cell next to it when you may redesign from the reserve."""
    if view.get("spots") and view["phase"] in ("place", "handout"):
        return sorted({c for cells in view["spots"].values() for c in cells}, key=lambda c: xy(c)[::-1])
    if is_acting(view) and view["phase"] == "action" and entry["reserve"]:
        return frontier(entry["alhambra"])
    return []


def _market_lines(view: dict[str, Any]) -> list[str]:
    return [f"  slot {s['slot']} ({s['currency']}): {s['tile'] or 'empty'}" for s in view["market"]]


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _money_cards(count: int) -> str:
    return ngettext("%(count)s money card", "%(count)s money cards", count) % {"count": count}


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email."""
    names = seat_names(view, names)
    me = view.get("seat")
    lines = [
        status(view, names),
        "",
        "Market (each slot is paid in its own currency):",
        *_market_lines(view),
        "Money display: " + (", ".join(view["display"]) or "empty"),
        f"Money deck: {_cards(view['deck_size'])} · bag: {view['bag_size']} buildings",
    ]
    if me is not None:
        lines.append("Your money: " + money_text(view.get("hand", [])))
    lines.append("Scores: " + ", ".join(f"{name} {total}" for name, total, _ in scores(view, names)))
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        entry = view["seats"][seat]
        owner = "Your Alhambra" if seat == me else f"{names[seat]}'s Alhambra"
        turn = ", to move" if seat in view.get("to_move", []) else ""
        money = money_text(entry["hand"]) if "hand" in entry and seat != me else _money_cards(entry["hand_size"])
        lines += ["", f"{owner} ({entry['score']} points, {money}, longest wall {entry['longest_wall']}{turn}):"]
        lines += ["  " + row for row in text_board(entry["alhambra"], _spots(view, entry) if seat == me else ())]
        lines.append("  Buildings: " + ", ".join(f"{k} {n}" for k, n in entry["buildings"].items()))
        lines.append("  Reserve: " + (", ".join(entry["reserve"]) or "empty"))
        if entry["pending"]:
            lines.append("  To place: " + ", ".join(entry["pending"]))
    if view.get("dirk") is not None:
        dirk = view["dirk"]
        lines += ["", f"Dirk ({dirk['score']} points): " + ", ".join(f"{k} {n}" for k, n in dirk["buildings"].items())]
    for index, scoring in enumerate(view["scorings"]):
        row = ", ".join(f"{name} {per[index]}" for name, _, per in scores(view, names))
        lines.append(f"Scoring {scoring['round']}: {row}")
    lines += handout_lines(view, names)
    lines += [
        "",
        "Key: "
        + ", ".join(f"{short} {kind}" for kind, (_, short) in TYPES.items())
        + "; # wall, . and : open sides; free cells show their name.",
    ]
    return "\n".join(lines)


_TD = "width:38px;height:34px;text-align:center;font:11px Arial,sans-serif;padding:0;"
_OPEN, _WALLED = "1px solid #bbb", "4px solid " + WALL


def _alhambra_table(entry: dict[str, Any], spots: list[str]) -> str:
    cells = {xy(label): tile for label, tile in entry["alhambra"].items()}
    free = {xy(label): label for label in spots}
    xs, ys = [c[0] for c in [*cells, *free]], [c[1] for c in [*cells, *free]]
    head = "".join(
        f'<th style="font:11px Arial;color:#666">{axis(x, "W", "E")}</th>' for x in range(min(xs), max(xs) + 1)
    )
    body = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            tile = cells.get((x, y))
            if tile is None:
                label = free.get((x, y), "")
                row.append(
                    f'<td style="{_TD}color:#2f6f5e;border:1px dashed {"#9bb8ad" if label else "#fff"}">{label}</td>'
                )
                continue
            kind, price, walls = tile_parts(tile)
            fill, short = TYPES.get(kind, ("#d7eef7", "F"))
            sides = "".join(
                f"border-{side}:{_WALLED if letter in walls else _OPEN};"
                for letter, side in zip("NESW", ("top", "right", "bottom", "left"), strict=True)
            )
            row.append(
                f'<td style="{_TD}background:{fill};{sides}" title="{escape(tile)}">{short}<br><b>{price}</b></td>'
            )
        body.append(f'<tr><th style="font:11px Arial;color:#666">{axis(y, "N", "S")}</th>{"".join(row)}</tr>')
    return f'<table style="border-collapse:collapse;margin:4px 0 8px"><tr><th></th>{head}</tr>{"".join(body)}</table>'


def _chips(cards: list[str]) -> str:
    return (
        " ".join(
            f'<span style="display:inline-block;padding:2px 6px;margin:1px;border:1px solid #333;'
            f'background:{CURRENCY[c.split()[0]]}">{escape(c)}</span>'
            for c in cards
        )
        or "none"
    )


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as HTML tables with inline styles (no images, no CSS files)."""
    names = seat_names(view, names)
    me = view.get("seat")
    slots = "".join(
        f'<td style="border:1px solid #333;padding:4px 8px;text-align:center;font:12px Arial">'
        f'<div style="background:{CURRENCY[s["currency"]]};font-weight:bold">{s["slot"]} · {s["currency"]}</div>'
        f"{escape(s['tile'] or 'empty')}</td>"
        for s in view["market"]
    )
    parts = [
        f"<p><strong>{escape(status(view, names))}</strong></p>",
        f'<table style="border-collapse:collapse;margin:4px 0"><tr>{slots}</tr></table>',
        f"<p>Money display: {_chips(view['display'])}<br>Money deck: {_cards(view['deck_size'])} · "
        f"bag: {view['bag_size']} buildings</p>",
    ]
    if me is not None:
        parts.append(
            f"<p><strong>Your money:</strong> {_chips(view.get('hand', []))}<br>"
            f"{escape(money_text(view.get('hand', [])))}</p>"
        )
    rows = "".join(
        f"<tr><td>{escape(n)}</td><td><b>{t}</b></td>{''.join(f'<td>{escape(p)}</td>' for p in per)}</tr>"
        for n, t, per in scores(view, names)
    )
    heads = "".join(f"<th>scoring {r['round']}</th>" for r in view["scorings"])
    parts.append(
        f'<table style="border-collapse:collapse;font:12px Arial" cellpadding="3"><tr><th>Scores</th>'
        f"<th>total</th>{heads}</tr>{rows}</table>"
    )
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        entry = view["seats"][seat]
        owner = "Your Alhambra" if seat == me else f"{escape(names[seat])}'s Alhambra"
        turn = " · to move" if seat in view.get("to_move", []) else ""
        money = (
            escape(money_text(entry["hand"])) if "hand" in entry and seat != me else _money_cards(entry["hand_size"])
        )
        counts = ", ".join(f"{k} {n}" for k, n in entry["buildings"].items())
        parts.append(
            f'<p style="margin-bottom:0"><strong>{owner}</strong> ({entry["score"]} points, {money}, '
            f"longest wall {entry['longest_wall']}{turn})</p>"
            f"{_alhambra_table(entry, _spots(view, entry) if seat == me else [])}"
            f'<p style="margin-top:0">Buildings: {counts}<br>Reserve: '
            f"{escape(', '.join(entry['reserve']) or 'empty')}"
            + (f"<br>To place: {escape(', '.join(entry['pending']))}" if entry["pending"] else "")
            + "</p>"
        )
    if view.get("dirk") is not None:
        dirk = view["dirk"]
        counts = ", ".join(f"{k} {n}" for k, n in dirk["buildings"].items())
        parts.append(f"<p><strong>Dirk</strong> ({dirk['score']} points): {counts}</p>")
    parts += [f"<p>{escape(line)}</p>" for line in handout_lines(view, names)]
    parts.append('<p style="font:11px Arial;color:#666">Thick brown borders are walls.</p>')
    return "".join(parts)
