"""Atlantis on the game page: the road (road.py), your hand and bridge,
every player's pawns, tiles, cards and score, and the controls that turn
clicks into notation.  Pawn moves are picked on the road, the bridge is
picked in your hand and dropped on water; sales, tolls and passing are
buttons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import gettext, ngettext

from games.terms import term

from ..svg import element, key, last_mark, sentence
from ..svg import text as svg_text
from .board_road import road_svg
from .common import (
    COLOURS,
    FILL,
    MAINLAND,
    can_bridge,
    colour_name,
    pawn_name,
    place,
    seat_names,
    status,
    tile_name,
)
from .icons import INK, MUTED, button, colour_chip, symbol
from .ways import ways_html


def hand_svg(view: dict[str, Any]) -> str:
    """Your cards per colour and your bridge (pick it, then a water position).

    One row of 560 units; on a phone (games.css) two rows of 276: the last
    three colours (``atl-hand-low``) and the bridge move under the first four,
    the box taking that shape by ``preserveAspectRatio`` "slice"."""
    me = view["seat"]
    hand = view.get("hand", {})
    parts: list[str] = []
    low: list[str] = []
    for index, colour in enumerate(COLOURS):
        x, count = 8 + index * 54, hand.get(colour, 0)
        fill, ink = FILL[colour]
        (low if index >= 4 else parts).append(
            element(
                "rect",
                x=x,
                y=8,
                width=46,
                height=58,
                rx=5,
                fill=fill if count else "#ffffff",
                stroke=INK if count else "#cccccc",
                opacity=1 if count else 0.6,
            )
        )
        (low if index >= 4 else parts).append(
            svg_text(
                x + 23,
                44,
                str(count),
                text_anchor="middle",
                font_size=20,
                font_weight="700",
                fill=ink if count else "#bbbbbb",
            )
            + symbol(colour, x + 18, 13, 10, ink if count else "#bbbbbb")
            + svg_text(x + 23, 80, term("atlantis", colour), text_anchor="middle", font_size=11, fill=INK)
        )
    parts.append(element("g", "".join(low), class_="atl-hand-low"))
    built = view["seats"][me]["bridge"]
    bridge = element("path", d="M400 52 q45 -34 90 0 v10 h-90 z", fill="#a47148", stroke="#6b4226") + svg_text(
        445,
        80,
        gettext("your bridge") if built is None else gettext("bridge on %(position)s") % {"position": built},
        text_anchor="middle",
        font_size=11,
        fill=INK,
    )
    if can_bridge(view):
        bridge = button(
            element(
                "rect",
                x=396,
                y=20,
                width=98,
                height=46,
                rx=6,
                fill="#ffffff",
                stroke="#b8a66a",
            )
            + bridge,
            label=gettext("Your bridge: pick it, then a water position"),
            cls="atl-bridge",
            pick="bridge",
        )
    parts.append(element("g", bridge, class_="atl-hand-bridge"))
    return element(
        "svg",
        "".join(parts),
        viewBox="0 0 560 176",
        preserveAspectRatio="xMinYMin slice",
        width="100%",
        class_="board hand atl-hand",
        role="group",
        aria_label=gettext("Your hand: %(cards)s") % {"cards": _cards(sum(hand.values()))},
    )


def _tiles_svg(tiles: list[dict[str, Any]], *, sold: bool = False) -> str:
    """A seat's tiles, highest first; outlined when the last move sold one."""
    ordered = sorted(tiles, key=lambda t: (-t["value"], COLOURS.index(t["colour"])))
    parts = []
    for index, tile in enumerate(ordered):
        row, col = divmod(index, 12)
        tx, ty = 2 + col * 24, 2 + row * 24
        fill, ink = FILL[tile["colour"]]
        parts.append(
            element(
                "g",
                element("title", escape(tile_name(tile)))
                + element("rect", x=tx, y=ty, width=21, height=21, rx=3, fill=fill, stroke=INK)
                + symbol(tile["colour"], tx + 14, ty + 2, 5.5, ink)
                + svg_text(
                    tx + 8.5,
                    ty + 16,
                    str(tile["value"]),
                    text_anchor="middle",
                    font_size=13,
                    font_weight="700",
                    fill=ink,
                ),
            )
        )
    height = 4 + max(1, -(-len(ordered) // 12)) * 24
    mark = last_mark(1, 1, 288, height - 2) if sold else ""
    return element(
        "svg",
        ("".join(parts) or svg_text(2, 16, gettext("no tiles yet"), font_size=12, fill=MUTED)) + mark,
        viewBox=f"0 0 290 {height}",
        width="100%",
        class_="board atl-tiles",
        role="img",
        aria_label=gettext("Tiles: %(tiles)s") % {"tiles": ", ".join(tile_name(t) for t in ordered) or gettext("none")},
    )


def _cards(n: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", n) % {"count": n}


def seats_html(view: dict[str, Any], names: list[str], sold: frozenset[int] = frozenset()) -> str:
    """Each player: pawn colour, score, cards in hand, bridge, pawns, tiles
    (outlined for the ``sold`` seats, who sold a tile in the last move)."""
    final = view.get("final")
    boxes = []
    for seat in view["seats"]:
        s = seat["seat"]
        you = " " + gettext("(you)") if s == view.get("seat") else ""
        turn = " · " + gettext("to move") if s in view.get("to_move", []) else ""
        gone = " · " + gettext("left the game") if s in view.get("departed", []) else ""
        toll = (
            " " + gettext("(end toll -%(toll)s)") % {"toll": final["end_tolls"][s]}
            if final and final["end_tolls"][s]
            else ""
        )
        bridge = (
            gettext("bridge not built")
            if seat["bridge"] is None
            else gettext("bridge on %(position)s") % {"position": seat["bridge"]}
        )
        facts = gettext("score %(score)s%(toll)s · %(cards)s in hand · tiles %(tiles)s") % {
            "score": seat["score"],
            "toll": toll,
            "cards": _cards(seat["cards"]),
            "tiles": seat["tile_points"],
        }
        pawns = gettext("pawns %(positions)s") % {"positions": " ".join(place(p) for p in seat["pawns"])}
        boxes.append(
            f'<figure class="atl-player" data-seat="{s}"><figcaption>'
            f'<span class="atl-dot atl-seat-{s}">{s + 1}</span> '
            f"<strong>{escape(names[s])}{escape(you)}</strong> ({escape(pawn_name(s))}){escape(turn + gone)}<br/>"
            f"{escape(facts)}<br/>{escape(bridge)} · {escape(pawns)}</figcaption>"
            f"{_tiles_svg(seat['tiles'], sold=s in sold)}</figure>"
        )
    return f'<div class="atl-players">{"".join(boxes)}</div>'


def touched(before: dict[str, Any], after: dict[str, Any]) -> frozenset[int]:
    """Road positions where a pawn arrived or a bridge was built between two views."""
    arrived: Counter = Counter()
    built = set()
    for was, now in zip(before["seats"], after["seats"], strict=True):
        arrived += Counter(now["pawns"]) - Counter(was["pawns"])
        if was["bridge"] is None and now["bridge"] is not None:
            built.add(now["bridge"])
    return frozenset(MAINLAND if p == "mainland" else p for p in arrived if p != "atlantis") | built


def _sold(before: dict[str, Any], after: dict[str, Any], seat: int) -> int:
    """Tiles ``seat`` sold between two views (a sale opens a turn; tiles
    given up for a toll are not sold)."""
    if before.get("phase") != "start":
        return 0

    def key(tile: dict[str, Any]) -> tuple[str, int]:
        return tile["colour"], tile["value"]

    was, now = before["seats"][seat]["tiles"], after["seats"][seat]["tiles"]
    return sum((Counter(map(key, was)) - Counter(map(key, now))).values())


def sellers(before: dict[str, Any], after: dict[str, Any]) -> frozenset[int]:
    """Seats that sold a tile between two views."""
    return frozenset(s for s in range(len(after["seats"])) if _sold(before, after, s))


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int, steps: Sequence[dict[str, Any]] = ()) -> str:
    """What ``seat`` did between two views, in words (``steps``, the views
    after each of the turn's moves, are not needed here)."""
    was, now = before["seats"][seat], after["seats"][seat]
    left = sorted(place(p) for p in (Counter(was["pawns"]) - Counter(now["pawns"])).elements())
    came = sorted(place(p) for p in (Counter(now["pawns"]) - Counter(was["pawns"])).elements())
    done = [
        gettext("moved a pawn from %(origin)s to %(destination)s") % {"origin": a, "destination": b}
        for a, b in zip(left, came, strict=False)
    ]
    if now["bridge"] is not None and was["bridge"] is None:
        done.append(gettext("built the bridge on %(position)s") % {"position": now["bridge"]})
    sold = _sold(before, after, seat)
    if sold:
        done.append(ngettext("sold %(count)s tile", "sold %(count)s tiles", sold) % {"count": sold})
    taken = len(now["tiles"]) - len(was["tiles"]) + sold
    if taken > 0:
        done.append(ngettext("took %(count)s tile", "took %(count)s tiles", taken) % {"count": taken})
    return sentence(done)


def colour_key() -> str:
    """Every road colour as its tiles show it, with its name: the key to the
    two-letter codes on the road (``wh`` is white: in Dutch, wit)."""
    items = [(colour_chip(colour), colour_name(colour)) for colour in COLOURS]
    return key(items, gettext("Colours"), size=34)


def svg(
    view: dict[str, Any], names: list[str] | None = None, last: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> str:
    """The whole table: status, the road, your hand, then every player;
    ``last`` (the views before and after the last move) outlines where it went."""
    names = seat_names(view, names)
    piles = gettext("Draw pile %(cards)s · played and paid %(discard)s.") % {
        "cards": _cards(view["draw_pile"]),
        "discard": view["discard_pile"],
    }
    blocks = [
        f'<p class="atl-status"><strong>{escape(status(view, names))}</strong> {piles}</p>',
        f'<div class="board-row">{road_svg(view, touched(*last) if last else frozenset())}{ways_html(view)}</div>',
        colour_key(),
    ]
    if view.get("seat") is not None:
        title = escape(gettext("Your hand"))
        blocks.append(f'<div class="board-row"><h3>{title}</h3>{hand_svg(view)}</div>')
    players = escape(gettext("Players"))
    sold = sellers(*last) if last else frozenset()
    blocks.append(f'<div class="board-row"><h3>{players}</h3>{seats_html(view, names, sold)}</div>')
    return "".join(blocks)
