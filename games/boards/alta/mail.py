"""Alta in emails: the table as monospaced text and as HTML tables with
inline styles (mail clients read no style sheet)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from games.terms import gettext, ngettext, remembered

from .common import CARD_STYLE, COLUMNS, card_codes, card_names, card_titles, island_rows

# Mails are rendered in their recipient's language (the mail app activates
# it), so card names come from the terms like the page's: looked up once
# per mail (``card_names``), handed to the helpers that write them.


#: The cards of a complete island (4 x 4).
_FULL = 16


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _pair(pair: list[str] | None, cards: dict[str, str]) -> str:
    return " + ".join(cards[slug] for slug in pair) if pair else gettext("none")


def _seat(number: int) -> str:
    return gettext("Seat %(number)s") % {"number": number}


def _round(view: dict[str, Any]) -> str:
    """The round being played; once the game is over, that this is the
    final position and whether every round was played."""
    said = {"round": min(view["round"], view["rounds"]), "rounds": view["rounds"]}
    if not _over(view):
        return gettext("Round %(round)s of %(rounds)s") % said
    if all(island["cards"] == _FULL for island in view["islands"]):
        return gettext("Final position (all %(rounds)s rounds played)") % said
    return gettext("Final position (the game ended in round %(round)s of %(rounds)s)") % said


def _over(view: dict[str, Any]) -> bool:
    return view["step"] == "over"


def _rows(island: dict[str, Any], over: bool) -> list[str]:
    """The island's text rows; once the game is over no card may go
    anywhere, so no cell is marked ``+`` (an island left unfinished when
    the game ended early)."""
    rows = island_rows(island["text"])
    return [row.replace("+", ".") for row in rows] if over else rows


def _deck(view: dict[str, Any], pair: str) -> str:
    return gettext("Deck: %(cards)s. Merchant face-up: %(pair)s (%(count)s in the merchant deck)") % {
        "cards": _cards(view["deck"]),
        "pair": pair,
        "count": view["merchant_deck"],
    }


def _owner(seat: int, me: int | None, names: list[str]) -> str:
    return gettext("Your island") if seat == me else gettext("%(name)s's island") % {"name": names[seat]}


def _island_head(island: dict[str, Any]) -> str:
    points = ngettext("%(points)s island point", "%(points)s island points", island["island_points"]) % {
        "points": island["island_points"]
    }
    return f"({_cards(island['cards'])}, {points})"


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email.
    Once the game is over only the islands: the face-up cards, decks, hand
    and merchant cards no longer matter (the end's reveal scores every
    player's merchant cards)."""
    names = names or [_seat(s + 1) for s in range(view["players"])]
    me = view.get("seat")
    cards = card_names()
    lines = [_round(view)]
    if not _over(view):
        lines += [
            gettext("Face-up cards:")
            + " "
            + "   ".join(f"[{n}] {cards[slug]}" for n, slug in enumerate(view["face_up"], start=1)),
            _deck(view, _pair(view.get("merchant_face_up"), cards)),
        ]
    if me is not None and not _over(view):
        hand = ", ".join(cards[s] for s in view.get("hand", [])) or gettext("empty")
        lines.append(gettext("Your hand: %(cards)s") % {"cards": hand})
        merchants = "; ".join(_pair(p, cards) for p in view.get("merchants", [])) or gettext("none")
        lines.append(gettext("Your merchant cards: %(cards)s") % {"cards": merchants})
    order = sorted(range(view["players"]), key=lambda s: (s != me, s))
    for seat in order:
        island = view["islands"][seat]
        lines += ["", f"{_owner(seat, me, names)} {_island_head(island)}:"]
        lines += ["  " + row for row in _rows(island, _over(view))]
    codes = ", ".join(f"{code} {cards[slug].lower()}" for slug, code in card_codes().items())
    lines += ["", gettext("Codes: %(codes)s") % {"codes": codes}]
    if not _over(view) and any(view["islands"][seat].get("open") for seat in order):
        lines.append(gettext("+ = a card may go here"))  # not once every island is full
    return "\n".join(lines)


_TD = "border:1px solid #ccc;width:34px;height:30px;text-align:center;font:bold 11px Arial,sans-serif;"


def _island_table(island: dict[str, Any], titles: dict[str, str], over: bool = False) -> str:
    """``island`` as a table; ``titles``: each card's title, HTML-escaped;
    ``over``: the game is over, no cell is marked ``+``."""
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
                fill, code = CARD_STYLE[slug][0], card_codes()[slug]
                cells.append(f'<td style="{_TD}background:{fill}" title="{titles[slug]}">{code}</td>')
            elif name in open_cells and not over:
                cells.append(f'<td style="{_TD}color:#2f6f5e">+</td>')
            else:
                cells.append(f'<td style="{_TD}color:#bbb">&middot;</td>')
        body.append(f'<tr><th style="font:11px Arial;color:#666">{row}</th>{"".join(cells)}</tr>')
    return f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr><th></th>{head}</tr>{"".join(body)}</table>'


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as HTML tables with inline styles (no images, no CSS
    files); once the game is over only the islands, as ``text``."""
    names = names or [_seat(s + 1) for s in range(view["players"])]
    me = view.get("seat")
    cards = card_names()
    titles = remembered(("alta", "escaped card titles"), lambda: {s: escape(t) for s, t in card_titles().items()})
    face_up = " ".join(
        f'<span style="display:inline-block;padding:4px 8px;margin-right:6px;border:1px solid #333;'
        f'background:{CARD_STYLE[slug][0]}">[{n}] {escape(cards[slug])}</span>'
        for n, slug in enumerate(view["face_up"], start=1)
    )
    face_up_head = gettext("Face-up cards:")
    parts = [f"<p><strong>{escape(_round(view))}</strong></p>"]
    if not _over(view):
        parts += [
            f"<p>{escape(face_up_head)} {face_up}</p>",
            f"<p>{escape(_deck(view, _pair(view.get('merchant_face_up'), cards)))}</p>",
        ]
    if me is not None and not _over(view):
        hand = ", ".join(cards[s] for s in view.get("hand", [])) or gettext("empty")
        merchants = "; ".join(_pair(p, cards) for p in view.get("merchants", [])) or gettext("none")
        hand = gettext("Your hand: %(cards)s") % {"cards": hand}
        merchants = gettext("Your merchant cards: %(cards)s") % {"cards": merchants}
        parts.append(f"<p>{escape(hand)}<br>{escape(merchants)}</p>")
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        island = view["islands"][seat]
        parts.append(
            f'<p style="margin-bottom:0"><strong>{escape(_owner(seat, me, names))}</strong> '
            f"{escape(_island_head(island))}</p>{_island_table(island, titles, _over(view))}"
        )
    return "".join(parts)
