"""The game page: SVG for the market and display, your money, every
Alhambra with reserve and tiles to place, Dirk and the scores; ``controls``
maps legal moves to clicks on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.translation import gettext, ngettext

from ..picking import target_rect
from ..svg import element, last_mark, sentence
from ..svg import text as svg_text
from .common import (
    CELL,
    CURRENCY,
    INK,
    MUTED,
    TYPES,
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
from .icons import COIN_HEIGHT, building_key, building_name, building_tile, coin, counts, currency_name, tile_words


def _box(x: float, y: float, w: float, h: float, caption: str, *, target: str | None, aria: str) -> str:
    """A labelled drop zone (the reserve, Dirk) when moves may go there
    (``target``); otherwise only its caption, a label like "To place:", so
    that it is not taken for a button."""
    if not target:
        return svg_text(x, y + h / 2 + 4, caption, font_size=11, font_weight="700", fill=INK)
    look = {"rx": 5, "fill": "#fff", "stroke": "#2f6f5e", "stroke_dasharray": "4 3"}
    return target_rect(x, y, w, h, target, aria, **look) + svg_text(
        x + w / 2, y + h / 2 + 4, caption, text_anchor="middle", font_size=11, fill="#2f6f5e", pointer_events="none"
    )


#: games.css caps an Alhambra of n columns (class alh-cols-n) at 1.1 times its
#: drawing, up to this many columns; a wider one fills the width.
MAX_COLUMNS = 15


def _svg(content: str, width: float, height: float, css: str, aria: str) -> str:
    """Scales to the page width; games.css caps each kind (``css``) near its
    own size (a class, not a style attribute: the CSP allows none)."""
    return element(
        "svg",
        content,
        viewBox=f"0 0 {width:g} {height:g}",
        width="100%",
        class_=f"board {css}",
        role="group",
        aria_label=aria,
    )


def market_svg(view: dict[str, Any], changed: frozenset[int] = frozenset()) -> str:
    """The four market slots with their currencies, the money display and the
    piles; the ``changed`` places of the display (the last move took or
    refilled them) are outlined."""
    parts = []
    for slot in view["market"]:
        x = 8 + (slot["slot"] - 1) * 98
        parts.append(element("rect", x=x, y=6, width=90, height=22, rx=4, fill=CURRENCY[slot["currency"]]))
        parts.append(
            svg_text(
                x + 45,
                21,
                f"{slot['slot']} · {currency_name(slot['currency'])}",
                text_anchor="middle",
                font_size=11,
                font_weight="700",
                fill=INK,
            )
        )
        if slot["tile"]:
            parts.append(
                building_tile(
                    x + 17,
                    32,
                    slot["tile"],
                    size=56,
                    aria=gettext("Slot %(slot)s: %(tile)s, paid in %(currency)s")
                    % {
                        "slot": slot["slot"],
                        "tile": tile_words(slot["tile"]),
                        "currency": currency_name(slot["currency"]),
                    },
                )
            )
            kind, price, _ = tile_parts(slot["tile"])
            caption = gettext("price %(price)s %(currency)s") % {
                "price": price,
                "currency": currency_name(slot["currency"]),
            }
        else:
            parts.append(
                element(
                    "rect",
                    x=x + 17,
                    y=32,
                    width=56,
                    height=56,
                    rx=4,
                    fill="none",
                    stroke="#c8c2b4",
                    stroke_dasharray="4 3",
                )
            )
            caption = gettext("empty")
        parts.append(svg_text(x + 45, 102, caption, text_anchor="middle", font_size=11, fill=MUTED))
    parts.append(svg_text(8, 126, gettext("Money display"), font_size=11, font_weight="700", fill=INK))
    # The coins start clear of the label, so an outline around the first one does not cross its words.
    for index, card in enumerate(view["display"]):
        parts.append(coin(108 + index * 34, 110, card))
    # A place the last move took from (refilled or, the deck spent, left empty).
    parts += [last_mark(106 + index * 34, 108, 32, COIN_HEIGHT + 4) for index in sorted(changed)]
    parts.append(
        svg_text(248, 126, gettext("Money deck: %(count)s") % {"count": view["deck_size"]}, font_size=12, fill=MUTED)
    )
    bag = ngettext("Bag: %(count)s building", "Bag: %(count)s buildings", view["bag_size"])
    parts.append(svg_text(248, 142, bag % {"count": view["bag_size"]}, font_size=12, fill=MUTED))
    return _svg("".join(parts), 400, 158, "alh-market", gettext("Market and money display"))


#: Coins on one line of a currency's row: ten fit the hand's 400 units, so a
#: long row goes on below instead of widening the drawing, which a phone
#: would then shrink until its numbers are hard to read.
COINS_PER_LINE = 10


def hand_svg(cards: list[str]) -> str:
    """Money cards in rows per currency with their totals (a row of more
    than ``COINS_PER_LINE`` coins on several lines)."""
    rows: dict[str, list[str]] = {c: [] for c in CURRENCY}
    for card in cards:
        rows[card.split()[0]].append(card)
    parts, width, y = [], 400, 4
    for currency, row in rows.items():
        if not row:
            parts.append(
                svg_text(
                    4,
                    y + 13,
                    gettext("%(currency)s: none") % {"currency": currency_name(currency)},
                    font_size=12,
                    fill=MUTED,
                )
            )
            y += 20
            continue
        total = sum(int(c.split()[1]) for c in row)
        parts.append(svg_text(4, y + 18, currency_name(currency), font_size=12, font_weight="700", fill=INK))
        parts.append(svg_text(4, y + 32, gettext("total %(total)s") % {"total": total}, font_size=11, fill=MUTED))
        for n, card in enumerate(row):
            line, column = divmod(n, COINS_PER_LINE)
            parts.append(coin(70 + column * 31, y + line * (COIN_HEIGHT + 4), card))
        y += -(-len(row) // COINS_PER_LINE) * (COIN_HEIGHT + 4)
    return _svg("".join(parts), width, y, "alh-hand", gettext("Your money"))


def alhambra_svg(
    entry: dict[str, Any], *, own: bool, acting: bool, action: bool, last: frozenset[str] = frozenset()
) -> str:
    """One Alhambra on its compass grid; yours carries picks and targets when you act;
    the ``last`` cells (built by the last move) are outlined."""
    cells = {xy(label): (label, tile) for label, tile in entry["alhambra"].items()}
    free = [(xy(label), label) for label in frontier(entry["alhambra"])] if own and acting else []
    xs = [c[0] for c in cells] + [c[0] for c, _ in free]
    ys = [c[1] for c in cells] + [c[1] for c, _ in free]
    x0, y0 = min(xs), min(ys)
    left, top = 30, 18
    parts = []
    for x in range(x0, max(xs) + 1):
        parts.append(
            svg_text(
                left + (x - x0 + 0.5) * CELL,
                12,
                said(axis(x, "W", "E")),
                text_anchor="middle",
                font_size=11,
                fill=MUTED,
            )
        )
    for y in range(y0, max(ys) + 1):
        parts.append(
            svg_text(
                left - 4,
                top + (y - y0 + 0.5) * CELL + 4,
                said(axis(y, "N", "S")),
                text_anchor="end",
                font_size=11,
                fill=MUTED,
            )
        )
    swappable = action and bool(entry["reserve"])
    for (x, y), (label, tile) in cells.items():
        px, py = left + (x - x0) * CELL, top + (y - y0) * CELL
        movable = own and acting and action and tile != "fountain"
        parts.append(
            building_tile(
                px,
                py,
                tile,
                pick=f"tile:{label}" if movable else None,
                aria=f"{said(label)}: {tile_words(tile)}"
                + (" " + gettext("(pick to move it to the reserve)") if movable else ""),
            )
        )
        if label in last:
            parts.append(last_mark(px + 1, py + 1, CELL - 2, CELL - 2))
        if movable and swappable:
            box = (px + 2, py + 2, CELL - 4, CELL - 4)
            parts.append(
                target_rect(
                    *box,
                    f"cell:{label}",
                    gettext("Swap into %(cell)s") % {"cell": said(label)},
                    class_="target swap",
                    rx=4,
                    fill="none",
                )
            )
    for (x, y), label in free:
        px, py = left + (x - x0) * CELL, top + (y - y0) * CELL
        box = (px + 2, py + 2, CELL - 4, CELL - 4)
        look: dict[str, Any] = {"rx": 4, "fill": "#fff", "stroke": "#9bb8ad", "stroke_dasharray": "4 3"}
        parts.append(target_rect(*box, f"cell:{label}", gettext("Place at %(cell)s") % {"cell": said(label)}, **look))
        parts.append(
            svg_text(
                px + CELL / 2,
                py + CELL / 2 + 4,
                said(label),
                text_anchor="middle",
                font_size=10,
                fill=MUTED,
                pointer_events="none",
            )
        )
    width = left + (max(xs) - x0 + 1) * CELL + 4
    height = top + (max(ys) - y0 + 1) * CELL + 4
    columns = max(xs) - x0 + 1
    sized = f"alh-alhambra alh-cols-{columns}" if columns <= MAX_COLUMNS else "alh-alhambra"
    return _svg("".join(parts), width, height, sized, gettext("Alhambra"))


def extras_svg(
    entry: dict[str, Any], *, own: bool, acting: bool, phase: str, last: frozenset[str] = frozenset()
) -> str:
    """Building counts, the tiles still to place and the reserve (five tiles a
    row); the ``last`` tiles (bought or reserved by the last move) outlined."""
    placing = own and acting and phase in ("place", "handout")
    redesign = own and acting and phase == "action"
    parts = [counts(4, 4, entry["buildings"])]
    y = 32

    def row(tiles: list[str], pick: str | None, aria: str) -> None:
        nonlocal y
        for n, tile in enumerate(tiles):
            parts.append(
                building_tile(
                    72 + n % 5 * 46,
                    y + n // 5 * 46,
                    tile,
                    pick=f"{pick}:{tile}" if pick else None,
                    aria=aria % {"tile": tile_words(tile)},
                )
            )
            if tile in last:
                parts.append(last_mark(73 + n % 5 * 46, y + n // 5 * 46 + 1, CELL - 2, CELL - 2))
        y += 46 * max(1, (len(tiles) + 4) // 5) + 4

    if entry["pending"]:
        parts.append(svg_text(4, y + 24, gettext("To place:"), font_size=11, font_weight="700", fill=INK))
        row(
            entry["pending"],
            "pending" if placing else None,
            gettext("Bought %(tile)s: pick it, then a place, the reserve or Dirk"),
        )
    target = "reserve" if own and acting and phase != "over" else None
    parts.append(_box(4, y, 62, CELL, gettext("Reserve"), target=target, aria=gettext("Move to the reserve")))
    if not entry["reserve"]:
        parts.append(svg_text(72, y + 26, gettext("empty"), font_size=11, fill=MUTED))
    row(
        entry["reserve"],
        "reserve" if redesign else None,
        gettext("Reserve %(tile)s: pick it, then a place") if redesign else gettext("Reserve %(tile)s"),
    )
    return _svg("".join(parts), 302, y, "alh-extras", gettext("Buildings, reserve and tiles to place"))


def _building(tile: str) -> str:
    kind, price, _ = tile_parts(tile)
    return building_name(kind) if kind == "fountain" else f"{building_name(kind)} ({price})"


def touched(before: dict[str, Any], after: dict[str, Any]) -> dict[int, frozenset[str]]:
    """The cells of each Alhambra built or changed between two views."""
    return {
        seat: frozenset(
            label for label, tile in entry["alhambra"].items() if before["seats"][seat]["alhambra"].get(label) != tile
        )
        for seat, entry in enumerate(after["seats"])
    }


def set_aside(before: dict[str, Any], after: dict[str, Any]) -> dict[int, frozenset[str]]:
    """The tiles each seat bought or put in its reserve between two views."""
    return {
        seat: frozenset(
            tile for key in ("pending", "reserve") for tile in entry[key] if tile not in before["seats"][seat][key]
        )
        for seat, entry in enumerate(after["seats"])
    }


def dirk_gained(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The tiles Dirk (two players) holds after the last move and did not
    before: a building given to him, or his share of a scoring's handout."""
    if before.get("dirk") is None or after.get("dirk") is None:
        return []
    return list((Counter(after["dirk"]["tiles"]) - Counter(before["dirk"]["tiles"])).elements())


def display_changed(before: dict[str, Any], after: dict[str, Any]) -> frozenset[int]:
    """The places of the money display whose card the last move took (and
    the market refilled), or all of them when the refill looks the same."""
    was, now = before["display"], after["display"]
    changed = frozenset(i for i in range(max(len(was), len(now))) if i >= len(was) or i >= len(now) or was[i] != now[i])
    if not changed and after["deck_size"] < before["deck_size"]:
        # Refilled with cards just like those taken: the display as a whole.
        return frozenset(range(len(now)))
    return changed


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int, steps: Sequence[dict[str, Any]] = ()) -> str:
    """What ``seat`` did between two views, in words (``steps``, the views
    after each of the turn's moves, are not needed here)."""
    was, now = before["seats"][seat], after["seats"][seat]
    done = [
        gettext("built %(building)s at %(cell)s") % {"building": _building(tile), "cell": said(label)}
        for label, tile in sorted(now["alhambra"].items())
        if was["alhambra"].get(label) != tile
    ]
    done += [
        gettext("put %(building)s in the reserve") % {"building": _building(tile)}
        for tile in now["reserve"]
        if tile not in was["reserve"]
    ]
    done += [
        gettext("bought %(building)s") % {"building": _building(tile)}
        for tile in now["pending"]
        if tile not in was["pending"]
    ]
    done += [
        gettext("gave %(building)s to Dirk") % {"building": _building(tile)}
        for tile in dirk_gained(before, after)
        if tile in was["pending"]
    ]
    gained = now["hand_size"] - was["hand_size"]
    if gained > 0 and not done:
        done.append(ngettext("took %(count)s money card", "took %(count)s money cards", gained) % {"count": gained})
    return sentence(done)


def svg(
    view: dict[str, Any], names: list[str] | None = None, last: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> str:
    """The whole table: status, market and display, your money, every Alhambra, Dirk, scores;
    ``last`` (the views before and after the last move) outlines what it built."""
    marked = touched(*last) if last else {}
    aside = set_aside(*last) if last else {}
    names = seat_names(view, names)
    me, acting = view.get("seat"), is_acting(view)
    # The building's name and price first, as the seats' last turns say it; then its notation.
    lines = [status(view, names), *handout_lines(view, names, tile_words)]
    blocks = [f'<p class="alh-status">{escape(line)}</p>' for line in lines]
    market = escape(gettext("Market and money"))
    changed = display_changed(*last) if last else frozenset()
    blocks.append(f'<div class="board-row"><h3>{market}</h3>{market_svg(view, changed)}</div>')
    blocks.append(building_key())
    if me is not None:
        mine = escape(gettext("Your money"))
        blocks.append(f'<div class="board-row"><h3>{mine}</h3>{hand_svg(view.get("hand", []))}</div>')
    boards = []
    for seat in sorted(range(view["players"]), key=lambda s: (s != me, s)):
        entry, own = view["seats"][seat], seat == me
        last_cells = marked.get(seat, frozenset())
        turn = " " + gettext("(to move)") if seat in view.get("to_move", []) else ""
        money = (
            gettext("money %(money)s") % {"money": money_text(entry["hand"])}
            if "hand" in entry and not own
            else ngettext("%(count)s money card", "%(count)s money cards", entry["hand_size"])
            % {"count": entry["hand_size"]}
        )
        points = ngettext("%(points)s point", "%(points)s points", entry["score"]) % {"points": entry["score"]}
        wall = gettext("longest wall %(length)s") % {"length": entry["longest_wall"]}
        who = gettext("You") if own else names[seat]
        caption = f"{who}{turn} · {points} · {money} · {wall}"
        boards.append(
            f'<figure class="island-box alh-seat" data-seat="{seat}"><figcaption>{escape(caption)}</figcaption>'
            f"{alhambra_svg(entry, own=own, acting=acting, action=view['phase'] == 'action', last=last_cells)}"
            f"{extras_svg(entry, own=own, acting=acting, phase=view['phase'], last=aside.get(seat, frozenset()))}"
            "</figure>"
        )
    dirk = view.get("dirk")
    if dirk is not None:
        gift = acting and view["phase"] == "place"
        content = counts(4, 4, dirk["buildings"]) + _box(
            4,
            30,
            130,
            30,
            gettext("Give to Dirk") if gift else "Dirk",
            target="dirk" if gift else None,
            aria=gettext("Give to Dirk"),
        )
        # The count of each building the last move gave Dirk, outlined around its chip.
        grown = {tile_parts(tile)[0] for tile in dirk_gained(*last)} if last else set()
        content += "".join(last_mark(3 + index * 48, 3, 47, 24) for index, kind in enumerate(TYPES) if kind in grown)
        content += svg_text(
            142,
            50,
            ngettext("%(count)s building", "%(count)s buildings", len(dirk["tiles"])) % {"count": len(dirk["tiles"])},
            font_size=11,
            fill=MUTED,
        )
        caption = ngettext(
            "Dirk (silent third player) · %(points)s point",
            "Dirk (silent third player) · %(points)s points",
            dirk["score"],
        ) % {"points": dirk["score"]}
        boards.append(
            f'<figure class="island-box alh-seat alh-dirk"><figcaption>{escape(caption)}</figcaption>'
            f"{_svg(content, 300, 64, 'alh-dirk-board', 'Dirk')}</figure>"
        )
    blocks.append(f'<div class="islands alh-islands">{"".join(boards)}</div>')
    blocks.append(_scores_table(view, names))
    return "".join(blocks)


def _scores_table(view: dict[str, Any], names: list[str]) -> str:
    titles = [gettext("Scoring %(round)s") % {"round": r["round"]} for r in view["scorings"]]
    rounds = "".join(f'<th scope="col">{escape(title)}</th>' for title in titles)
    player, total_ = escape(gettext("Player")), escape(gettext("Total"))
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{total}</td>{''.join(f'<td>{escape(p)}</td>' for p in per)}</tr>"
        for name, total, per in scores(view, names)
    )
    caption = escape(gettext("Final scores") if view["phase"] == "over" else gettext("Scores so far"))
    return (
        # On a phone the table scrolls inside itself (site.css's .table-scroll).
        f'<table class="alh-scores table-scroll"><caption>{caption}</caption><thead><tr><th scope="col">{player}'
        f'</th><th scope="col">{total_}</th>{rounds}</tr></thead><tbody>{rows}</tbody></table>'
    )
