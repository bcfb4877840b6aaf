"""The emails: a monospaced text board (the engine's ``text_board``) and
HTML tables with inline styles (walls as thick borders)."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from games.rules.alhambra.view import text_board
from games.terms import gettext, ngettext, term

from ..text_bands import column_bands
from .common import (
    CURRENCY,
    TYPES,
    WALL,
    axis,
    frontier,
    handout_lines,
    is_acting,
    money_text,
    said,
    scores,
    seat_names,
    status,
    tile_parts,
    xy,
)
from .icons import short_name, tile_words

#: The mail's plain-text width, and the indent of an Alhambra in it.
_WIDTH, _INDENT = 72, 2
#: ``text_board``'s layout: a row label of 4 characters, then 7 per column
#: (a side and the cell), then the last column's closing side.
_LABEL, _COLUMN = 4, 7


#: ``text_board``'s English building abbreviations, back to their types.
_KIND_OF_SHORT = {short: kind for kind, (_fill, short) in TYPES.items()}
_SHORT = re.compile(r"\b(?:" + "|".join(_KIND_OF_SHORT) + r")\b")


def _readers_shorts(rows: list[str]) -> list[str]:
    """``text_board``'s rows with each building abbreviated as the page
    abbreviates it for the reader (``short_name``: Dutch ``Tui`` for a
    garden); every abbreviation has three letters, so the columns stay
    aligned."""
    return [_SHORT.sub(lambda m: short_name(_KIND_OF_SHORT[m.group(0)]), row) for row in rows]


def _bands(rows: list[str]) -> list[str]:
    """``text_board``'s rows in bands of columns that fit the mail's width
    (``column_bands``; a band ends on the side the next one starts with),
    an empty line between bands."""
    bands = column_bands(rows, width=_WIDTH - _INDENT, label=_LABEL, column=_COLUMN, overlap=1)
    return [line for index, band in enumerate(bands) for line in ([""] if index else []) + band]


def _spots(view: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    """Cells to label on your board: where your bought tiles fit, or every
    free cell next to it when you may redesign from the reserve."""
    if view.get("spots") and view["phase"] in ("place", "handout"):
        return sorted({c for cells in view["spots"].values() for c in cells}, key=lambda c: xy(c)[::-1])
    if is_acting(view) and view["phase"] == "action" and entry["reserve"]:
        return frontier(entry["alhambra"])
    return []


def _market_lines(view: dict[str, Any]) -> list[str]:
    return [
        "  "
        + gettext("slot %(slot)s (%(currency)s): %(tile)s")
        % {
            "slot": s["slot"],
            "currency": term("alhambra", s["currency"]),
            "tile": said(s["tile"]) if s["tile"] else gettext("empty"),
        }
        for s in view["market"]
    ]


def _card_list(cards: list[str]) -> str:
    """Money cards (``"ducat 5"``) with the currency in the active language."""
    return ", ".join(f"{term('alhambra', c.split()[0])} {c.split()[1]}" for c in cards) or gettext("empty")


def _counts(buildings: dict[str, int]) -> str:
    return ", ".join(f"{term('alhambra', k).lower()} {n}" for k, n in buildings.items())


def _points(points: int) -> str:
    return ngettext("%(points)s point", "%(points)s points", points) % {"points": points}


def _dirk_is(dirk: dict[str, Any]) -> str:
    """``silent third player, 12 points``, as the page calls him: a mail is
    read without the rules at hand, and "Dirk" alone reads like a player
    nobody invited."""
    return gettext("silent third player, %(points)s") % {"points": _points(dirk["score"])}


def _owner(seat: int, me: int | None, names: list[str]) -> str:
    return gettext("Your Alhambra") if seat == me else gettext("%(name)s's Alhambra") % {"name": names[seat]}


def _seat_head(view: dict[str, Any], seat: int, entry: dict[str, Any], me: int | None) -> str:
    """``(12 points, 3 money cards, longest wall 4, to move)``: another
    seat's money cards by name once they are public (at the end), the
    reader's own then too (the end's board shows no "Your money" line)."""
    named = "hand" in entry and (seat != me or _over(view))
    money = money_text(entry["hand"]) if named else _money_cards(entry["hand_size"])
    items = [_points(entry["score"]), money, gettext("longest wall %(length)s") % {"length": entry["longest_wall"]}]
    if seat in view.get("to_move", []):
        items.append(gettext("to move"))
    return "(" + ", ".join(items) + ")"


def _key(*, named: bool) -> str:
    """The board's key; ``named``: free cells on the board show their name
    (only the reader's own, where a tile of theirs may go now)."""
    fountain = gettext("fountain")
    kinds = ", ".join(
        [f"{short_name(kind)} {term('alhambra', kind).lower()}" for kind in TYPES]
        + [f"FOUNT {fountain}"]  # the text board's name for it, read in any language
    )
    if named:
        return gettext("Key: %(kinds)s; # wall, . and : open sides; free cells show their name.") % {"kinds": kinds}
    return gettext("Key: %(kinds)s; # wall, . and : open sides.") % {"kinds": kinds}


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _money_cards(count: int) -> str:
    return ngettext("%(count)s money card", "%(count)s money cards", count) % {"count": count}


def _deck(view: dict[str, Any]) -> str:
    bag = ngettext("%(count)s building", "%(count)s buildings", view["bag_size"]) % {"count": view["bag_size"]}
    return gettext("Money deck: %(cards)s · bag: %(bag)s") % {"cards": _cards(view["deck_size"]), "bag": bag}


def _over(view: dict[str, Any]) -> bool:
    return view["phase"] == "over"


def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as monospaced text for the plain-text part of an email.
    Once the game is over no market, money or decks (the end's reveal
    shows every player's money): the Alhambras, scores and scorings."""
    names = seat_names(view, names)
    me = view.get("seat")
    lines = [status(view, names), ""]
    if not _over(view):
        lines += [
            gettext("Market (each slot is paid in its own currency):"),
            *_market_lines(view),
            gettext("Money display: %(cards)s") % {"cards": _card_list(view["display"])},
            _deck(view),
        ]
    if me is not None and not _over(view):
        lines.append(gettext("Your money: %(money)s") % {"money": money_text(view.get("hand", []))})
    totals = ", ".join(f"{name} {total}" for name, total, _ in scores(view, names))
    lines.append(gettext("Scores: %(scores)s") % {"scores": totals})
    spots = _spots(view, view["seats"][me]) if me is not None else []
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        entry = view["seats"][seat]
        lines += ["", f"{_owner(seat, me, names)} {_seat_head(view, seat, entry, me)}:"]
        drawn = _bands(_readers_shorts(text_board(entry["alhambra"], spots if seat == me else ())))
        lines += [" " * _INDENT + said(row) if row else "" for row in drawn]
        lines.append("  " + gettext("Buildings: %(counts)s") % {"counts": _counts(entry["buildings"])})
        lines.append(
            "  " + gettext("Reserve: %(tiles)s") % {"tiles": ", ".join(map(said, entry["reserve"])) or gettext("empty")}
        )
        if entry["pending"]:
            lines.append("  " + gettext("To place: %(tiles)s") % {"tiles": ", ".join(map(said, entry["pending"]))})
    if view.get("dirk") is not None:
        dirk = view["dirk"]
        lines += ["", f"Dirk ({_dirk_is(dirk)}): {_counts(dirk['buildings'])}"]
    # The scorings apart from the last Alhambra (or Dirk) above them.
    lines += [""] if view["scorings"] else []
    for index, scoring in enumerate(view["scorings"]):
        row = ", ".join(f"{name} {per[index]}" for name, _, per in scores(view, names))
        lines.append(gettext("Scoring %(round)s") % {"round": scoring["round"]} + f": {row}")
    lines += handout_lines(view, names)
    lines += ["", _key(named=bool(spots))]
    return "\n".join(lines)


_TD = "width:38px;height:34px;text-align:center;font:11px Arial,sans-serif;padding:0;"
_OPEN, _WALLED = "1px solid #bbb", "4px solid " + WALL


def _alhambra_table(entry: dict[str, Any], spots: list[str]) -> str:
    cells = {xy(label): tile for label, tile in entry["alhambra"].items()}
    free = {xy(label): label for label in spots}
    xs, ys = [c[0] for c in [*cells, *free]], [c[1] for c in [*cells, *free]]
    head = "".join(
        f'<th style="font:11px Arial;color:#666">{said(axis(x, "W", "E"))}</th>' for x in range(min(xs), max(xs) + 1)
    )
    body = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            tile = cells.get((x, y))
            if tile is None:
                label = free.get((x, y), "")
                edge = "#9bb8ad" if label else "#fff"
                row.append(f'<td style="{_TD}color:#2f6f5e;border:1px dashed {edge}">{said(label)}</td>')
                continue
            kind, price, walls = tile_parts(tile)
            fill, short = (TYPES[kind][0], short_name(kind)) if kind in TYPES else ("#d7eef7", "F")
            sides = "".join(
                f"border-{side}:{_WALLED if letter in walls else _OPEN};"
                for letter, side in zip("NESW", ("top", "right", "bottom", "left"), strict=True)
            )
            title = tile_words(tile)
            row.append(
                f'<td style="{_TD}background:{fill};{sides}" title="{escape(title)}">{short}<br><b>{price}</b></td>'
            )
        body.append(f'<tr><th style="font:11px Arial;color:#666">{said(axis(y, "N", "S"))}</th>{"".join(row)}</tr>')
    return f'<table style="border-collapse:collapse;margin:4px 0 8px"><tr><th></th>{head}</tr>{"".join(body)}</table>'


def _chips(cards: list[str], nothing: str) -> str:
    """Money cards as coloured chips; ``nothing`` when there are none (the
    word the text part uses for the same line)."""
    return " ".join(
        f'<span style="display:inline-block;padding:2px 6px;margin:1px;border:1px solid #333;'
        f'background:{CURRENCY[c.split()[0]]}">{escape(_card_list([c]))}</span>'
        for c in cards
    ) or escape(nothing)


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The table as HTML tables with inline styles (no images, no CSS
    files); once the game is over as ``text``, without market or money."""
    names = seat_names(view, names)
    me = view.get("seat")
    empty, scoring = gettext("empty"), gettext("Scoring %(round)s")
    money_display, your_money, nothing = gettext("Money display:"), gettext("Your money:"), gettext("none")
    slots = "".join(
        f'<td style="border:1px solid #333;padding:4px 8px;text-align:center;font:12px Arial">'
        f'<div style="background:{CURRENCY[s["currency"]]};font-weight:bold">{s["slot"]} · '
        f"{escape(term('alhambra', s['currency']))}</div>"
        f"{escape(said(s['tile']) if s['tile'] else empty)}</td>"
        for s in view["market"]
    )
    parts = [f"<p><strong>{escape(status(view, names))}</strong></p>"]
    if not _over(view):
        parts += [
            f'<table style="border-collapse:collapse;margin:4px 0"><tr>{slots}</tr></table>',
            f"<p>{escape(money_display)} {_chips(view['display'], empty)}<br>{escape(_deck(view))}</p>",
        ]
    if me is not None and not _over(view):
        parts.append(
            f"<p><strong>{escape(your_money)}</strong> {_chips(view.get('hand', []), nothing)}<br>"
            f"{escape(money_text(view.get('hand', [])))}</p>"
        )
    rows = "".join(
        f"<tr><td>{escape(n)}</td><td><b>{t}</b></td>{''.join(f'<td>{escape(p)}</td>' for p in per)}</tr>"
        for n, t, per in scores(view, names)
    )
    heads = "".join(f"<th>{escape(scoring % {'round': r['round']})}</th>" for r in view["scorings"])
    head, total = escape(gettext("Scores")), escape(gettext("Total"))
    parts.append(
        f'<table style="border-collapse:collapse;font:12px Arial" cellpadding="3"><tr><th>{head}'
        f"</th><th>{total}</th>{heads}</tr>{rows}</table>"
    )
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        entry = view["seats"][seat]
        reserve = gettext("Reserve: %(tiles)s") % {"tiles": ", ".join(map(said, entry["reserve"])) or gettext("empty")}
        counts = gettext("Buildings: %(counts)s") % {"counts": _counts(entry["buildings"])}
        pending = gettext("To place: %(tiles)s") % {"tiles": ", ".join(map(said, entry["pending"]))}
        parts.append(
            f'<p style="margin-bottom:0"><strong>{escape(_owner(seat, me, names))}</strong> '
            f"{escape(_seat_head(view, seat, entry, me))}</p>"
            f"{_alhambra_table(entry, _spots(view, entry) if seat == me else [])}"
            f'<p style="margin-top:0">{escape(counts)}'
            f"<br>{escape(reserve)}" + (f"<br>{escape(pending)}" if entry["pending"] else "") + "</p>"
        )
    if view.get("dirk") is not None:
        dirk = view["dirk"]
        parts.append(f"<p><strong>Dirk</strong> ({escape(_dirk_is(dirk))}): {escape(_counts(dirk['buildings']))}</p>")
    parts += [f"<p>{escape(line)}</p>" for line in handout_lines(view, names)]
    walls = escape(gettext("Thick brown borders are walls."))
    parts.append(f'<p style="font:11px Arial;color:#666">{walls}</p>')
    return "".join(parts)
