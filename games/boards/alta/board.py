"""Alta's game page: the market, your hand and every island in the fixed
A-G / 1-7 frame that the notation uses, as SVG."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from ..picking import target_rect
from ..svg import element, last_mark, sentence
from ..svg import text as svg_text
from .common import CELL, COLUMNS, FRAME, LABEL, card_name
from .icons import card, card_key, merchant


def market_svg(view: dict[str, Any], changed: frozenset[str] = frozenset()) -> str:
    """Face-up cards (pickable in the take step), decks and merchant cards;
    the ``changed`` places (``slot:N``, ``merchant``: see ``market_changes``) are outlined."""
    taking = view.get("step") == "take" and view.get("seat") in view.get("to_move", [])
    parts = []
    for number, slug in enumerate(view["face_up"], start=1):
        x = 10 + (number - 1) * (CELL + 12)
        parts.append(
            card(
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
    parts.append(merchant(194, 11, view.get("merchant_face_up"), gettext("merchant face-up")))
    for number in range(1, len(view["face_up"]) + 1):
        if f"slot:{number}" in changed:
            parts.append(last_mark(8 + (number - 1) * (CELL + 12), 8, CELL + 4, CELL + 4))
    if "merchant" in changed:
        parts.append(last_mark(192, 9, 100, 48))
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
            card(
                10 + number * (CELL + 12),
                10,
                slug,
                pick=f"hand:{slug}" if placing else None,
                label=gettext("Hand card: %(card)s") % {"card": card_name(slug)},
            )
        )
    for number, pair in enumerate(view.get("merchants", [])):
        parts.append(merchant(140 + number * 104, 11, pair, gettext("merchant %(number)s") % {"number": number + 1}))
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
                parts.append(card(x, y, slug, label=f"{name}: {card_name(slug)}"))
                if name in last:
                    parts.append(last_mark(x + 1, y + 1, CELL - 2, CELL - 2))
            elif name in open_cells and own:
                look: dict[str, Any] = {"rx": 5, "fill": "#ffffff", "stroke": "#2f6f5e", "stroke_dasharray": "4 3"}
                box = (x + 0.5, y + 0.5, CELL - 1, CELL - 1)
                parts.append(
                    target_rect(*box, f"cell:{name}", gettext("Place at %(cell)s") % {"cell": name}, **look)
                    if targets
                    else element("rect", x=box[0], y=box[1], width=box[2], height=box[3], **look)
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


def market_changes(before: dict[str, Any], after: dict[str, Any]) -> frozenset[str]:
    """The market places a move changed: face-up slots (``slot:N``, taken and
    refilled or refreshed) and the face-up merchant card (``merchant``)."""
    changed = {
        f"slot:{number}"
        for number, slug in enumerate(after["face_up"], start=1)
        if number > len(before["face_up"]) or before["face_up"][number - 1] != slug
    }
    if after.get("merchant_face_up") != before.get("merchant_face_up"):
        changed.add("merchant")
    return frozenset(changed)


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int, steps: Sequence[dict[str, Any]] = ()) -> str:
    """What ``seat`` did between two views, in words: its cards in the
    order they were placed (``steps``: the views after each of the turn's
    moves; without them, in cell order), as the history tells them."""
    was, now = before["islands"][seat], after["islands"][seat]
    placed: list[str] = []
    for view in (*steps, after):
        placed += sorted(set(view["islands"][seat]["cells"]) - set(was["cells"]) - set(placed))
    done = [
        gettext("placed %(card)s at %(cell)s") % {"card": card_name(now["cells"][cell]), "cell": cell}
        for cell in placed
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
    ``last`` (the views before and after the last move) outlines what it
    placed and the market places it changed."""
    names = names or [gettext("Seat %(number)s") % {"number": s + 1} for s in range(view["players"])]
    me = view.get("seat")
    order = sorted(range(view["players"]), key=lambda s: (s != me, s))
    changed = market_changes(*last) if last else frozenset()
    blocks = [f'<div class="board-row">{market_svg(view, changed)}</div>', card_key()]
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
