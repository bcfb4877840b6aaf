"""Alta in emails: the table as monospaced text and as HTML tables with
inline styles (mail clients read no style sheet)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import ngettext

from .common import CARD_STYLE, COLUMNS, card_name


# Mails are rendered in their recipient's language (the mail app activates
# it), so card names come from the terms like the page's.
def _mail_name(slug: str) -> str:
    return card_name(slug)


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _pair(pair: list[str] | None) -> str:
    return " + ".join(_mail_name(slug) for slug in pair) if pair else "none"


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email."""
    names = names or [f"Seat {s + 1}" for s in range(view["players"])]
    me = view.get("seat")
    lines = [
        f"Round {min(view['round'], view['rounds'])} of {view['rounds']}",
        "Face-up cards: " + "   ".join(f"[{n}] {_mail_name(slug)}" for n, slug in enumerate(view["face_up"], start=1)),
        f"Deck: {_cards(view['deck'])}.  Merchant face-up: {_pair(view.get('merchant_face_up'))}"
        f" ({view['merchant_deck']} in the merchant deck)",
    ]
    if me is not None:
        lines.append("Your hand: " + (", ".join(_mail_name(s) for s in view.get("hand", [])) or "empty"))
        merchants = view.get("merchants", [])
        lines.append("Your merchant cards: " + ("; ".join(_pair(p) for p in merchants) or "none"))
    order = sorted(range(view["players"]), key=lambda s: (s != me, s))
    for seat in order:
        island = view["islands"][seat]
        owner = "Your island" if seat == me else f"{names[seat]}'s island"
        lines += ["", f"{owner} ({_cards(island['cards'])}, {island['island_points']} island points):"]
        lines += ["  " + row for row in island["text"]]
    codes = ", ".join(f"{code} {card_name(slug).lower()}" for slug, (_, code, _name) in CARD_STYLE.items())
    lines += ["", "Codes: " + codes, "+ = a card may go here"]
    return "\n".join(lines)


_TD = "border:1px solid #ccc;width:34px;height:30px;text-align:center;font:bold 11px Arial,sans-serif;"


def _island_table(island: dict[str, Any]) -> str:
    rows = sorted({int(cell[1:]) for cell in [*island["cells"], *island.get("open", [])]} or {4})
    cols: Sequence[str] = sorted({cell[0] for cell in [*island["cells"], *island.get("open", [])]} or {"D"})
    cols = COLUMNS[COLUMNS.index(cols[0]) : COLUMNS.index(cols[-1]) + 1]
    rows = list(range(rows[0], rows[-1] + 1))
    head = "".join(f'<th style="font:11px Arial;color:#666">{c}</th>' for c in cols)
    body = []
    open_cells = set(island.get("open", []))
    for row in rows:
        cells = []
        for col in cols:
            name = f"{col}{row}"
            slug = island["cells"].get(name)
            if slug:
                fill, code, _english = CARD_STYLE[slug]
                cells.append(f'<td style="{_TD}background:{fill}" title="{escape(card_name(slug))}">{code}</td>')
            elif name in open_cells:
                cells.append(f'<td style="{_TD}color:#2f6f5e">+</td>')
            else:
                cells.append(f'<td style="{_TD}color:#bbb">&middot;</td>')
        body.append(f'<tr><th style="font:11px Arial;color:#666">{row}</th>{"".join(cells)}</tr>')
    return f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr><th></th>{head}</tr>{"".join(body)}</table>'


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as HTML tables with inline styles (no images, no CSS files)."""
    names = names or [f"Seat {s + 1}" for s in range(view["players"])]
    me = view.get("seat")
    face_up = " ".join(
        f'<span style="display:inline-block;padding:4px 8px;margin-right:6px;border:1px solid #333;'
        f'background:{CARD_STYLE[slug][0]}">[{n}] {escape(_mail_name(slug))}</span>'
        for n, slug in enumerate(view["face_up"], start=1)
    )
    parts = [
        f"<p><strong>Round {min(view['round'], view['rounds'])} of {view['rounds']}</strong></p>",
        f"<p>Face-up cards: {face_up}</p>",
        f"<p>Deck: {_cards(view['deck'])}. Merchant face-up: {escape(_pair(view.get('merchant_face_up')))} "
        f"({view['merchant_deck']} in the merchant deck)</p>",
    ]
    if me is not None:
        hand = ", ".join(escape(_mail_name(s)) for s in view.get("hand", [])) or "empty"
        merchants = "; ".join(escape(_pair(p)) for p in view.get("merchants", [])) or "none"
        parts.append(f"<p><strong>Your hand:</strong> {hand}<br><strong>Your merchant cards:</strong> {merchants}</p>")
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        island = view["islands"][seat]
        owner = "Your island" if seat == me else f"{escape(names[seat])}'s island"
        parts.append(
            f'<p style="margin-bottom:0"><strong>{owner}</strong> ({_cards(island["cards"])}, '
            f"{island['island_points']} island points)</p>{_island_table(island)}"
        )
    return "".join(parts)
