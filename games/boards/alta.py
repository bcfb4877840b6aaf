"""Alta drawn as SVG: the market, your hand and every island in the fixed
A-G / 1-7 frame that the notation uses."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from games.terms import term

from .alta_icons import icon
from .svg import element, last_mark, sentence
from .svg import text as svg_text

CELL = 46
FRAME = 7
COLUMNS = "ABCDEFG"
LABEL = 18

#: (fill colour, short code, name) per card type.
CARD_STYLE = {
    "farmer": ("#e5989b", "FAR", "Farmer"),
    "settlement": ("#e76f51", "SET", "Settlement"),
    "tavern": ("#b5838d", "TAV", "Tavern"),
    "farmers_hut": ("#d4a373", "HUT", "Farmer's hut"),
    "mill": ("#8d99ae", "MIL", "Mill"),
    "wheat_field": ("#f4d35e", "WHE", "Wheat field"),
    "fishing_harbour": ("#4ea8de", "HAR", "Fishing harbour"),
    "tower": ("#adb5bd", "TOW", "Tower"),
    "market": ("#52b788", "MAR", "Market"),
}


def card_name(slug: str) -> str:
    """The card's name in the active language (``games.terms``)."""
    return term("alta", slug)


_SLUG = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def words(text: str) -> str:
    """``text`` (an engine event) with card slugs such as ``wheat_field``
    written as the card's name."""
    return _SLUG.sub(lambda m: card_name(m.group(0)) if m.group(0) in CARD_STYLE else m.group(0), text)


def _card(
    x: float, y: float, slug: str, *, size: float = CELL, pick: str | None = None, label: str | None = None
) -> str:
    fill, code, _english = CARD_STYLE[slug]
    name = card_name(slug)
    interactive = pick is not None
    body = element(
        "rect", x=x + 1, y=y + 1, width=size - 2, height=size - 2, rx=5, fill=fill, stroke="#1f2a30", stroke_width=1
    )
    # A picture above the short code: each type reads without its colour.
    body += icon(slug, x + size / 2 - 11, y + 4, 22)
    body += svg_text(
        x + size / 2, y + size - 6, code, text_anchor="middle", font_size=11, font_weight="700", fill="#1f2a30"
    )
    return element(
        "g",
        element("title", escape(label or name)) + body,
        class_="card pickable" if interactive else "card",
        data_pick=pick,
        tabindex=0 if interactive else None,
        role="button" if interactive else None,
        aria_label=label or name,
    )


def _merchant(x: float, y: float, pair: list[str] | None, caption: str) -> str:
    parts = [element("rect", x=x, y=y, width=96, height=44, rx=5, fill="#fff", stroke="#1f2a30")]
    if pair:
        for offset, slug in enumerate(pair):
            fill, code, _ = CARD_STYLE[slug]
            parts.append(element("rect", x=x + 6 + offset * 44, y=y + 6, width=40, height=32, rx=4, fill=fill))
            parts.append(
                svg_text(x + 26 + offset * 44, y + 27, code, text_anchor="middle", font_size=12, font_weight="700")
            )
    else:
        parts.append(svg_text(x + 48, y + 27, gettext("none"), text_anchor="middle", font_size=12))
    parts.append(svg_text(x + 48, y + 58, caption, text_anchor="middle", font_size=11, fill="#5b6870"))
    return "".join(parts)


def market_svg(view: dict[str, Any]) -> str:
    """Face-up cards (pickable in the take step), decks and merchant cards."""
    taking = view.get("step") == "take" and view.get("seat") in view.get("to_move", [])
    parts = []
    for number, slug in enumerate(view["face_up"], start=1):
        x = 10 + (number - 1) * (CELL + 12)
        parts.append(
            _card(
                x,
                10,
                slug,
                pick=f"slot:{number}" if taking else None,
                label=gettext("Face-up card %(number)s: %(card)s") % {"number": number, "card": card_name(slug)},
            )
        )
        parts.append(
            svg_text(
                x + CELL / 2,
                72,
                gettext("slot %(number)s") % {"number": number},
                text_anchor="middle",
                font_size=11,
                fill="#5b6870",
            )
        )
    parts.append(element("rect", x=130, y=11, width=CELL - 2, height=CELL - 2, rx=5, fill="#264653"))
    parts.append(
        svg_text(
            130 + CELL / 2 - 1,
            39,
            str(view["deck"]),
            text_anchor="middle",
            font_size=14,
            fill="#fff",
            font_weight="700",
        )
    )
    parts.append(svg_text(130 + CELL / 2, 72, gettext("deck"), text_anchor="middle", font_size=11, fill="#5b6870"))
    parts.append(_merchant(194, 11, view.get("merchant_face_up"), gettext("merchant face-up")))
    parts.append(
        svg_text(
            10,
            96,
            ngettext(
                "%(count)s merchant card in the deck", "%(count)s merchant cards in the deck", view["merchant_deck"]
            )
            % {"count": view["merchant_deck"]},
            font_size=12,
        )
    )
    return element(
        "svg",
        "".join(parts),
        viewBox="0 0 340 104",
        width="100%",
        class_="board market",
        role="group",
        aria_label=gettext("Market"),
    )


def hand_svg(view: dict[str, Any]) -> str:
    """Your hand cards (pickable in step 1) and your merchant cards."""
    placing = view.get("step") == "hand" and view.get("seat") in view.get("to_move", [])
    parts = []
    for number, slug in enumerate(view.get("hand", [])):
        parts.append(
            _card(
                10 + number * (CELL + 12),
                10,
                slug,
                pick=f"hand:{slug}" if placing else None,
                label=gettext("Hand card: %(card)s") % {"card": card_name(slug)},
            )
        )
    for number, pair in enumerate(view.get("merchants", [])):
        parts.append(_merchant(140 + number * 104, 11, pair, gettext("merchant %(number)s") % {"number": number + 1}))
    width = max(340, 140 + 104 * len(view.get("merchants", [])))
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {width} 84",
        width="100%",
        class_="board hand",
        role="group",
        aria_label=gettext("Your hand and merchant cards"),
    )


def island_svg(island: dict[str, Any], *, own: bool, targets: bool, last: frozenset[str] = frozenset()) -> str:
    """One island in the 7 x 7 frame.  On your ``own`` island the open cells
    are outlined, and while you are to move (``targets``) they are buttons;
    the ``last`` cells (placed by the last move) are outlined."""
    size = LABEL + FRAME * CELL + 4
    parts = []
    for index, column in enumerate(COLUMNS):
        parts.append(
            svg_text(LABEL + index * CELL + CELL / 2, 13, column, text_anchor="middle", font_size=12, fill="#5b6870")
        )
        parts.append(
            svg_text(
                8,
                LABEL + index * CELL + CELL / 2 + 4,
                str(index + 1),
                text_anchor="middle",
                font_size=12,
                fill="#5b6870",
            )
        )
    open_cells = set(island.get("open", []))
    for row in range(FRAME):
        for col in range(FRAME):
            name = f"{COLUMNS[col]}{row + 1}"
            x, y = LABEL + col * CELL, LABEL + row * CELL
            slug = island["cells"].get(name)
            if slug:
                parts.append(_card(x, y, slug, label=f"{name}: {card_name(slug)}"))
                if name in last:
                    parts.append(last_mark(x + 1, y + 1, CELL - 2, CELL - 2))
            elif name in open_cells and own:
                clickable: dict[str, Any]
                clickable = (
                    {
                        "class_": "target",
                        "data_target": f"cell:{name}",
                        "tabindex": 0,
                        "role": "button",
                        "aria_label": gettext("Place at %(cell)s") % {"cell": name},
                    }
                    if targets
                    else {}
                )
                parts.append(
                    element(
                        "rect",
                        x=x + 0.5,
                        y=y + 0.5,
                        width=CELL - 1,
                        height=CELL - 1,
                        rx=5,
                        fill="#ffffff",
                        stroke="#2f6f5e",
                        stroke_dasharray="4 3",
                        **clickable,
                    )
                )
            else:
                parts.append(
                    element(
                        "rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=5, fill="none", stroke="#e4e0d6"
                    )
                )
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {size} {size}",
        class_="board island",
        role="group",
        aria_label=gettext("Island"),
    )


def touched(before: dict[str, Any], after: dict[str, Any]) -> dict[int, frozenset[str]]:
    """The cells each island gained between two views of the table."""
    return {
        seat: frozenset(set(island["cells"]) - set(before["islands"][seat]["cells"]))
        for seat, island in enumerate(after["islands"])
    }


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int) -> str:
    """What ``seat`` did between two views, in words."""
    was, now = before["islands"][seat], after["islands"][seat]
    done = [
        gettext("placed %(card)s at %(cell)s") % {"card": card_name(now["cells"][cell]), "cell": cell}
        for cell in sorted(set(now["cells"]) - set(was["cells"]))
    ]
    if now["merchant_count"] > was["merchant_count"]:
        done.append(gettext("took a merchant card"))
    if not done and after["face_up"] != before["face_up"]:
        done.append(gettext("refreshed the face-up cards"))
    return sentence(done)


def svg(
    view: dict[str, Any], names: list[str] | None = None, last: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> str:
    """The whole table: market, your hand, then every island (yours first);
    ``last`` (the views before and after the last move) outlines what it placed."""
    names = names or [gettext("Seat %(number)s") % {"number": s + 1} for s in range(view["players"])]
    me = view.get("seat")
    order = sorted(range(view["players"]), key=lambda s: (s != me, s))
    blocks = [f'<div class="board-row">{market_svg(view)}</div>']
    if me is not None:
        heading = escape(gettext("Your hand"))
        blocks.append(f'<div class="board-row"><h3>{heading}</h3>{hand_svg(view)}</div>')
    marked = touched(*last) if last else {}
    islands = []
    for seat in order:
        island = view["islands"][seat]
        last_cells = marked.get(seat, frozenset())
        turn = " " + gettext("(to move)") if seat in view.get("to_move", []) else ""
        points = island.get("score", {}).get("total") if isinstance(island.get("score"), dict) else None
        score = (
            ngettext("%(points)s point", "%(points)s points", points) % {"points": points}
            if points is not None
            else ngettext("%(points)s island point", "%(points)s island points", island["island_points"])
            % {"points": island["island_points"]}
        )
        cards = ngettext("%(cards)s card", "%(cards)s cards", island["cards"]) % {"cards": island["cards"]}
        counts = gettext("%(cards)s · %(score)s · hand %(hand)s · merchants %(merchants)s") % {
            "cards": cards,
            "score": score,
            "hand": island["hand_size"],
            "merchants": island["merchant_count"],
        }
        caption = f"{escape(names[seat])}{escape(turn)} · {escape(counts)}"
        islands.append(
            f'<figure class="island-box" data-seat="{seat}">'
            f"{island_svg(island, own=seat == me, targets=seat == me and bool(turn), last=last_cells)}"
            f"<figcaption>{caption}</figcaption></figure>"
        )
    blocks.append(f'<div class="islands">{"".join(islands)}</div>')
    return "".join(blocks)


# The engine's ``expect`` for each step (games.rules.alta.view), as msgids.
_PROMPTS = {
    "hand": gettext_noop("place one of the two hand cards (step 1)"),
    "take": gettext_noop("refresh if allowed (step 2), then take a face-up card and place it (step 3)"),
    "merchant": gettext_noop("choose a merchant card: face-up ('merchant up') or blind"),
}


def prompt(view: dict[str, Any]) -> str:
    """What the player to move is asked, in the active language."""
    step = view.get("step")
    return gettext(_PROMPTS[step]) if step in _PROMPTS else view.get("expect", "")


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Map each legal move to what to click: a hand card or face-up slot,
    then a cell; refresh and merchant choices are buttons."""
    result = []
    for move_text, move in options:
        kind = move.get("move")
        entry = {"text": move_text, "label": move_text, "pick": None, "target": None}
        if kind == "place":
            entry.update(pick=f"hand:{move['card']}", target=f"cell:{move['cell']}")
        elif kind == "take":
            entry.update(pick=f"slot:{move['slot']}", target=f"cell:{move['cell']}")
        elif kind == "refresh":
            entry["label"] = gettext("Refresh the face-up cards")
        elif kind == "merchant":
            entry["label"] = (
                gettext("Take the face-up merchant card")
                if move["source"] == "up"
                else gettext("Draw a merchant card blind")
            )
        result.append(entry)
    return result


# ---------------------------------------------------------------- email
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
