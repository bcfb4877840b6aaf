"""Alpaca drawn for people: the table as square tiles of coloured triangles
on the x,y grid of the notation (x grows right, y grows up), the players and
their colours, the dominant colour and your own tiles.

Clicks: pick a tile of your hand (``hand:<tile>``), then the corner of a free
cell where its big triangle should go (``cell:x,y:rot``; rotation 0..3 puts
the big triangle's right angle at NE, SE, SW, NW).  A bonus rotation is a
table tile (``tile:x,y``) then a rotation (``rot:R``); locking a figure and
declining are buttons.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.rules.alpaca.view import MAJOR_EDGES, board_text

from .svg import element, plural
from .svg import text as svg_text

CELL = 48
LEFT, TOP = 30, 20
#: games.css sizes tables and hands of up to this many columns or tiles.
MAX_SIZED = 40
FILL = {"red": "#d62839", "yellow": "#f2c230", "green": "#2f9e44", "blue": "#2f6fce", "purple": "#8048a8"}
INK = {"yellow": "#222222"}
CORNER = ("NE", "SE", "SW", "NW")  # big triangle's right angle, by rotation
CORNER_WORDS = ("top right", "bottom right", "bottom left", "top left")
#: Offset (in half cells) of the quarter of a cell holding each rotation's corner.
QUARTER = ((1, 0), (1, 1), (0, 1), (0, 0))


def _names(view: dict[str, Any], names: list[str] | None) -> list[str]:
    names = list(names or [])
    return [names[s] if s < len(names) else f"Seat {s + 1}" for s in range(view["players"])]


def _split(tile: str) -> tuple[str, str, str]:
    major, minors = tile.split("/")
    minor1, minor2 = minors.split("-")
    return major, minor1, minor2


def _edges(tile: str, rot: int) -> list[str]:
    """N, E, S, W colours of ``tile`` turned to ``rot``."""
    major, minor1, minor2 = _split(tile)
    base = [major, major, minor1, minor2]
    return [base[(d - rot) % 4] for d in range(4)]


def _cell(cell: Any) -> str:
    return f"{cell[0]},{cell[1]}"


def _figure_text(figure: dict[str, Any]) -> str:
    return f"{figure['colour']} {figure['kind']} at {' / '.join(_cell(c) for c in figure['cells'])}"


def _my_turn(view: dict[str, Any]) -> bool:
    return view.get("seat") is not None and view["seat"] in view.get("to_move", [])


# ------------------------------------------------------------------ SVG
def _pt(point: tuple[float, float]) -> str:
    return f"{point[0]:g},{point[1]:g}"


def tile_shapes(x: float, y: float, size: float, tile: str, rot: int) -> str:
    """The three triangles of ``tile`` in ``rot`` in the square at x, y,
    each with its colour letter (capital = the big triangle)."""
    edges = _edges(tile, rot)
    c = (x + size / 2, y + size / 2)
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]  # NW NE SE SW
    k = (rot + 1) % 4  # index of the big triangle's right angle in corners
    shapes = []
    majors = MAJOR_EDGES[rot]
    big = [corners[(k - 1) % 4], corners[k], corners[(k + 1) % 4]]
    parts = [(big, edges[min(majors)], True)]
    parts += [([corners[d], corners[(d + 1) % 4], c], edges[d], False) for d in range(4) if d not in majors]
    for points, colour, major in parts:
        shapes.append(
            element(
                "polygon",
                points=" ".join(_pt(p) for p in points),
                fill=FILL[colour],
                stroke="#ffffff",
                stroke_width=0.8,
            )
        )
        cx = sum(p[0] for p in points) / 3
        cy = sum(p[1] for p in points) / 3
        letter = colour[0].upper() if major else colour[0]
        shapes.append(
            svg_text(
                cx,
                cy + size * 0.07,
                letter,
                text_anchor="middle",
                font_size=round(size * 0.2),
                font_weight="700" if major else None,
                fill=INK.get(colour, "#ffffff"),
                pointer_events="none",
            )
        )
    shapes.append(element("rect", x=x, y=y, width=size, height=size, fill="none", stroke="#333333", stroke_width=1))
    return "".join(shapes)


def _tile_label(entry: dict[str, Any], locked: bool) -> str:
    rot = entry["rotation"]
    sides = ", ".join(f"{side} {colour}" for side, colour in zip("NESW", entry["edges"], strict=True))
    return f"{entry['x']},{entry['y']}: {entry['tile']} rot {rot} (big triangle {CORNER[rot]}; {sides})" + (
        "; untouchable" if locked else ""
    )


def _frame(view: dict[str, Any], minimum: int) -> tuple[dict, list, range, range]:
    """Tiles by cell, open cells, then the columns (x) and rows (y, north
    first) to draw, at least ``minimum`` of each so a small table is not huge."""
    tiles = {(t["x"], t["y"]): t for t in view["table"]}
    opened = [tuple(c) for c in view["open_cells"]]
    cells = set(tiles) | set(opened) or {(0, 0)}

    def span(values: list[int]) -> range:
        low, high = min(values), max(values)
        extra = max(0, minimum - (high - low + 1))
        return range(low - extra // 2, high + extra - extra // 2 + 1)

    return tiles, opened, span([x for x, _ in cells]), span([y for _, y in cells])[::-1]


def table_svg(view: dict[str, Any]) -> str:
    """The table on the notation's grid; open cells carry placement targets
    for the player to place, table tiles are picks for a bonus rotation."""
    tiles, opened, xs, ys = _frame(view, 5)
    locked = {tuple(c) for c in view["untouchable_cells"]}
    placing = _my_turn(view) and view["phase"] == "place"
    rotating = _my_turn(view) and view["phase"] == "bonus"
    at = {}
    parts = []
    for i, x in enumerate(xs):
        px = LEFT + i * CELL
        parts.append(svg_text(px + CELL / 2, 14, str(x), text_anchor="middle", font_size=12, fill="#5b6870"))
        for j, y in enumerate(ys):
            at[(x, y)] = (px, TOP + j * CELL)
    for j, y in enumerate(ys):
        parts.append(
            svg_text(LEFT - 6, TOP + j * CELL + CELL / 2 + 4, str(y), text_anchor="end", font_size=12, fill="#5b6870")
        )
    for cell in opened:
        px, py = at[cell]
        name = _cell(cell)
        if placing:
            for rot, (qx, qy) in enumerate(QUARTER):
                label = f"Place at {name} rot {rot} (big triangle {CORNER_WORDS[rot]})"
                parts.append(
                    element(
                        "rect",
                        element("title", escape(label)),
                        x=px + 1 + qx * CELL / 2,
                        y=py + 1 + qy * CELL / 2,
                        width=CELL / 2 - 2,
                        height=CELL / 2 - 2,
                        fill="#ffffff",
                        class_="target",
                        data_target=f"cell:{name}:{rot}",
                        tabindex=0,
                        role="button",
                        aria_label=label,
                    )
                )
        parts.append(
            element(
                "rect",
                x=px + 1,
                y=py + 1,
                width=CELL - 2,
                height=CELL - 2,
                fill="none",
                stroke="#9aa5ab",
                stroke_dasharray="4 3",
                pointer_events="none",
            )
        )
        parts.append(
            svg_text(
                px + CELL / 2,
                py + CELL / 2 + 4,
                name,
                text_anchor="middle",
                font_size=10,
                fill="#7a868d",
                pointer_events="none",
            )
        )
    for cell, entry in tiles.items():
        px, py = at[cell]
        label = _tile_label(entry, cell in locked)
        body = element("title", escape(label)) + tile_shapes(px, py, CELL, entry["tile"], entry["rotation"])
        if cell in locked:
            body += element(
                "circle",
                cx=px + CELL / 2,
                cy=py + CELL / 2,
                r=6,
                fill="#1d1d1d",
                stroke="#ffffff",
                stroke_width=2,
                class_="counter",
            )
        pick = f"tile:{_cell(cell)}" if rotating and cell not in locked else None
        parts.append(
            element(
                "g",
                body,
                class_="tile pickable" if pick else "tile",
                data_pick=pick,
                tabindex=0 if pick else None,
                role="button" if pick else "img",
                aria_label=(f"Rotate the tile at {label}" if pick else label),
            )
        )
    if view.get("last_placed"):
        px, py = at[tuple(view["last_placed"])]
        parts.append(
            element(
                "rect",
                x=px - 1,
                y=py - 1,
                width=CELL + 2,
                height=CELL + 2,
                fill="none",
                stroke="#111111",
                stroke_width=3,
                pointer_events="none",
                class_="last-placed last-move",
            )
        )
    for figure in (view.get("bonus") or {}).get("figures", []):
        for cell in figure["cells"]:
            px, py = at[tuple(cell)]
            parts.append(
                element(
                    "rect",
                    x=px + 3,
                    y=py + 3,
                    width=CELL - 6,
                    height=CELL - 6,
                    fill="none",
                    stroke="#ff8c00",
                    stroke_width=3,
                    stroke_dasharray="5 3",
                    pointer_events="none",
                )
            )
    width = LEFT + len(xs) * CELL + 4
    height = TOP + len(ys) * CELL + 4
    # games.css draws a table of n columns (class cols-n) at twice its units: a
    # quarter target (22 units) is then 44 CSS px, a finger's width; the box
    # around the table scrolls on narrow screens.
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {width} {height}",
        width="100%",
        class_=f"board alpaca-table cols-{min(len(xs), MAX_SIZED)}",
        role="group",
        aria_label="The table: x above each column, y left of each row",
    )


def hand_svg(tiles: list[dict[str, Any]], *, picks: bool) -> str:
    """Tiles drawn small at rotation 0, numbered as in the notation (#n);
    tiles of the dominant colour are picks when ``picks``."""
    size, gap = 34, 10
    parts = []
    for i, entry in enumerate(tiles):
        x = 4 + i * (size + gap)
        playable = entry.get("dominant", True)
        label = f"Tile #{entry['number']}: {entry['tile']}" + ("" if playable else " (not the dominant colour)")
        pick = f"hand:{entry['tile']}" if picks and playable else None
        # An invisible backing makes the whole slot (tile and number) the tap target.
        body = element("title", escape(label)) + element(
            "rect", x=x - gap / 2, y=0, width=size + gap, height=size + 24, fill="transparent"
        )
        body += tile_shapes(x, 4, size, entry["tile"], 0)
        body += svg_text(
            x + size / 2, size + 18, f"#{entry['number']}", text_anchor="middle", font_size=11, fill="#5b6870"
        )
        parts.append(
            element(
                "g",
                body,
                class_="tile pickable" if pick else "tile",
                data_pick=pick,
                tabindex=0 if pick else None,
                role="button" if pick else "img",
                aria_label=label,
                opacity=None if playable else 0.4,
            )
        )
    width = max(4 + len(tiles) * (size + gap), 200)
    # Sized by games.css per number of slots (class slots-n): 44 CSS px a slot.
    return element(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {width} {size + 24}",
        width="100%",
        class_=f"board alpaca-hand slots-{min(max(len(tiles), 4), MAX_SIZED)}",
        role="group",
        aria_label="Tiles",
    )


def rotation_svg() -> str:
    """Four targets, one per rotation, for a bonus rotation."""
    parts = []
    for rot in range(4):
        x = 4 + rot * 64
        label = f"Turn it to rot {rot} (big triangle {CORNER_WORDS[rot]})"
        parts.append(
            element(
                "rect",
                element("title", escape(label)),
                x=x,
                y=4,
                width=44,
                height=44,
                fill="#ffffff",
                stroke="#9aa5ab",
                class_="target",
                data_target=f"rot:{rot}",
                tabindex=0,
                role="button",
                aria_label=label,
            )
        )
        corners = [(x + 8, 12), (x + 40, 12), (x + 40, 44), (x + 8, 44)]
        k = (rot + 1) % 4
        big = [corners[(k - 1) % 4], corners[k], corners[(k + 1) % 4]]
        parts.append(element("polygon", points=" ".join(_pt(p) for p in big), fill="#8c979d", pointer_events="none"))
        parts.append(
            svg_text(x + 24, 62, f"rot {rot} {CORNER[rot]}", text_anchor="middle", font_size=11, fill="#5b6870")
        )
    return element(
        "svg",
        "".join(parts),
        viewBox="0 0 260 68",
        width="100%",
        class_="board alpaca-rotations",
        role="group",
        aria_label="Rotations",
    )


def _swatch(colour: str) -> str:
    return f'<span class="alpaca-swatch alpaca-{escape(colour)}"></span>{escape(colour)}'


def _status(view: dict[str, Any], names: list[str]) -> list[str]:
    """Plain sentences (unescaped) about the round, shared by all outputs."""
    dominant, upcoming = view["dominant"], view["next_dominant"]
    if view["phase"] == "over":
        why: dict[str | None, str]
        why = {"last tile": "someone played their last tile", "idle cycle": "a whole cycle passed with no tile"}
        lines = [f"Game over after round {view['round']}: {why.get(view.get('ended_by'), view.get('ended_by'))}."]
    else:
        order = ", ".join(names[s] for s in view["turn_order"])
        lines = [
            f"Round {view['round']}: {dominant['colour']} is dominant ({names[dominant['seat']]}'s colour); "
            f"turn order {order}. Next round: {upcoming['colour']} ({names[upcoming['seat']]})."
        ]
    lines.append(f"Untouchable counters left: {view['counters_left']} of 15.")
    for figure in view["untouchable_figures"]:
        lines.append(f"Untouchable: {_figure_text(figure)}.")
    bonus = view.get("bonus")
    if bonus:
        who = "You have" if bonus["seat"] == view.get("seat") else f"{names[bonus['seat']]} has"
        closed = "; ".join(f"{f['number']}: {_figure_text(f)}" for f in bonus["figures"])
        actions = plural(bonus["actions_left"], "bonus action", "bonus actions")
        lines.append(f"{who} {actions} for closing {closed}.")
    return lines


def _player_rows(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    rows = []
    for seat in range(view["players"]):
        notes = []
        if seat == view.get("seat"):
            notes.append("you")
        if seat == view["dominant"]["seat"] and view["phase"] != "over":
            notes.append("dominant")
        if seat in view.get("to_move", []):
            notes.append("to move")
        if seat in view.get("departed", []):
            notes.append("left the game")
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": view["colours"][seat],
                "hand": view["hand_counts"][seat],
                "score": view["scores"][seat],
                "chains": ", ".join(map(str, view["chains"][seat])) or "none",
                "notes": ", ".join(notes),
            }
        )
    return rows


def _page_row(row: dict[str, Any]) -> str:
    notes = f"<small>{escape(row['notes'])}</small>" if row["notes"] else ""
    return (
        f'<tr class="{"to-move" if "to move" in row["notes"] else ""}"><td>{row["seat"] + 1}. '
        f"{escape(row['name'])}{notes}</td><td>{_swatch(row['colour'])}</td><td>{row['hand']}</td>"
        f"<td>{row['score']}</td><td>{escape(row['chains'])}</td></tr>"
    )


def turn_summary(before: dict[str, Any], after: dict[str, Any], seat: int) -> str:
    """What ``seat`` did between two views, in words."""
    if len(after["table"]) > len(before["table"]) and after.get("last_placed"):
        x, y = after["last_placed"]
        return f"Placed a tile at {x},{y}"
    if after["table"] != before["table"]:
        return "Turned a tile (bonus action)"
    return "Declined the bonus action" if before["phase"] == "bonus" else "Passed"


def svg(
    view: dict[str, Any], names: list[str] | None = None, last: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> str:
    """The game page: status, players, your tiles, then the table (the tile the
    last move placed is outlined whether or not ``last`` is given: the view says)."""
    names = _names(view, names)
    blocks = ['<div class="alpaca">']
    blocks += [f'<p class="alpaca-status">{escape(line)}</p>' for line in _status(view, names)]
    rows = "".join(_page_row(r) for r in _player_rows(view, names))
    blocks.append(
        '<div class="alpaca-players"><table><thead><tr><th scope="col">Player</th>'
        '<th scope="col">Colour</th><th scope="col">Tiles</th><th scope="col">Points</th>'
        f'<th scope="col">Chains</th></tr></thead><tbody>{rows}</tbody></table></div>'
    )
    if view.get("seat") is not None and view["phase"] != "over":
        placing = _my_turn(view) and view["phase"] == "place"
        hint = " Pick a tile, then the corner of a free cell where its big triangle should go." if placing else ""
        blocks.append(
            f'<div class="board-row"><h3>Your tiles</h3><div class="board-scroll">'
            f"{hand_svg(view.get('hand', []), picks=placing)}</div>"
            f'<p class="hint">Dimmed tiles are not of the dominant colour.{hint}</p></div>'
        )
    if _my_turn(view) and view["phase"] == "bonus":
        blocks.append(
            '<div class="board-row"><h3>Bonus rotation</h3><p class="hint">Pick a tile on the table, '
            f"then its new rotation; or use a button above.</p>{rotation_svg()}</div>"
        )
    if view["phase"] == "over":
        for seat, tiles in enumerate(view.get("hands", [])):
            if tiles:
                entries = [{"number": n, "tile": t} for n, t in enumerate(tiles, start=1)]
                blocks.append(
                    f'<div class="board-row"><h3>{escape(names[seat])}\'s tiles left</h3>'
                    f'<div class="board-scroll">{hand_svg(entries, picks=False)}</div></div>'
                )
    blocks.append(
        f'<figure class="alpaca-table-box">{table_svg(view)}<figcaption>Capital letter: big triangle; '
        "black disc: untouchable; thick outline: last tile placed; dashed cell: open (x,y).</figcaption>"
        "</figure></div>"
    )
    return "".join(blocks)


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Placements: a hand tile, then a cell corner; bonus rotations: a table
    tile, then a rotation; locking and declining are buttons."""
    figures = {tuple(map(tuple, f["cells"])): f for f in (view.get("bonus") or {}).get("figures", [])}
    result = []
    for move_text, move in options:
        kind = move.get("type")
        entry = {"text": move_text, "label": move_text, "pick": None, "target": None}
        if kind == "place":
            entry.update(pick=f"hand:{move['tile']}", target=f"cell:{move['x']},{move['y']}:{move['rot']}")
        elif kind == "rotate":
            entry.update(pick=f"tile:{move['x']},{move['y']}", target=f"rot:{move['rot']}")
        elif kind == "lock":
            figure = figures.get(tuple(map(tuple, move["figure"])))
            what = _figure_text(figure) if figure else " / ".join(_cell(c) for c in move["figure"])
            entry["label"] = f"Make the {what} untouchable"
        elif kind == "none":
            entry["label"] = "Decline the bonus"
        result.append(entry)
    return result


# ---------------------------------------------------------------- email
def text(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The position as monospaced text for the plain-text part of an email."""
    names = _names(view, names)
    lines = _status(view, names) + ["", "Players:"]
    width = max(len(n) for n in names)
    for r in _player_rows(view, names):
        notes = f"  <- {r['notes']}" if r["notes"] else ""
        lines.append(
            f"  {r['seat'] + 1}. {r['name']:<{width}}  {r['colour']:<6}  {r['hand']:>2} tiles  "
            f"{r['score']:>3} points (chains: {r['chains']}){notes}"
        )
    if view.get("seat") is not None and view["phase"] != "over":
        lines += ["", "Your tiles (#number, major/minor1-minor2):"]
        lines += [
            f"  #{t['number']} {t['tile']}" + ("  <- dominant colour" if t["dominant"] else "")
            for t in view.get("hand", [])
        ] or ["  none"]
    for seat, tiles in enumerate(view.get("hands", []) if view["phase"] == "over" else []):
        lines.append(f"{names[seat]}'s tiles left: " + (", ".join(tiles) or "none"))
    lines += ["", "The table (x above each column, y left of each row):", board_text(view)]
    if view["open_cells"]:
        lines.append("Open cells (x,y): " + "  ".join(_cell(c) for c in view["open_cells"]))
    if view.get("last_placed"):
        lines.append(f"Last tile placed at {_cell(view['last_placed'])}.")
    lines += [
        "Capital letter = big (major) triangle, small = minor triangle, # = untouchable, . = open cell.",
        "Letters: R red, Y yellow, G green, B blue, P purple.",
    ]
    return "\n".join(lines)


_TH = "font:11px Arial,sans-serif;color:#666;padding:2px"
_MINI = "width:14px;height:14px;"


def _html_tile(tile: str, rot: int, *, locked: bool = False, caption: str = "") -> str:
    """A tile as a 3 x 3 table (edges and the big triangle's corner in their
    colours), its colours and rotation spelled out below."""
    edges, (major, minor1, minor2) = _edges(tile, rot), _split(tile)
    majors = MAJOR_EDGES[rot]

    def paint(colour: str, letter: str = "") -> str:
        ink = INK.get(colour, "#fff")
        return f'<td style="{_MINI}background:{FILL[colour]};color:{ink}">{letter}</td>'

    def side(d: int) -> str:
        return paint(edges[d], edges[d][0].upper() if d in majors else edges[d][0])

    corner = {0: (0, 2), 1: (2, 2), 2: (2, 0), 3: (0, 0)}[rot]
    grid = [["<td></td>"] * 3 for _ in range(3)]
    grid[corner[0]][corner[1]] = paint(major)
    grid[0][1], grid[1][2], grid[2][1], grid[1][0] = side(0), side(1), side(2), side(3)
    grid[1][1] = "<td>#</td>" if locked else "<td></td>"
    rows = "".join(f"<tr>{''.join(row)}</tr>" for row in grid)
    words = f"{escape(major)}/<br>{escape(minor1)}-{escape(minor2)}<br>rot {rot} {CORNER[rot]}"
    return (
        f'<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;border:1px solid #333;'
        f'margin:auto;background:#fff;text-align:center;font:bold 10px Arial,sans-serif">{rows}</table>'
        f'<div style="font:9px Arial,sans-serif;color:#333">{words}{caption}</div>'
    )


def _html_hand_tile(entry: dict[str, Any]) -> str:
    faded = "" if entry["dominant"] else "opacity:.45"
    caption = f"<br><strong>#{entry['number']}</strong>"
    return f'<td style="padding:3px;vertical-align:top;{faded}">{_html_tile(entry["tile"], 0, caption=caption)}</td>'


def html(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The position as HTML tables with inline styles: one cell per tile."""
    names = _names(view, names)
    parts = [f"<p>{escape(line)}</p>" for line in _status(view, names)]
    head = "".join(f'<th style="{_TH}">{h}</th>' for h in ("Seat", "Player", "Colour", "Tiles", "Points", "Chains", ""))
    rows = "".join(
        f'<tr><td style="{_TH}">{r["seat"] + 1}</td><td style="padding:2px 6px"><strong>{escape(r["name"])}'
        f'</strong></td><td style="padding:2px 6px;color:{INK.get(r["colour"], "#fff")};'
        f'background:{FILL[r["colour"]]}">{escape(r["colour"])}</td><td style="padding:2px 6px">{r["hand"]}</td>'
        f'<td style="padding:2px 6px">{r["score"]}</td><td style="padding:2px 6px">{escape(r["chains"])}</td>'
        f'<td style="padding:2px 6px">{escape(r["notes"])}</td></tr>'
        for r in _player_rows(view, names)
    )
    parts.append(f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr>{head}</tr>{rows}</table>')
    if view.get("seat") is not None and view["phase"] != "over":
        cells = "".join(_html_hand_tile(t) for t in view.get("hand", []))
        parts.append(
            '<p style="margin-bottom:0"><strong>Your tiles</strong> (faded: not the dominant colour)</p>'
            + (
                f'<table style="border-collapse:collapse;margin:4px 0 12px"><tr>{cells}</tr></table>'
                if cells
                else "<p>none</p>"
            )
        )
    if view["phase"] == "over":
        for seat, tiles in enumerate(view.get("hands", [])):
            parts.append(f"<p>{escape(names[seat])}'s tiles left: {escape(', '.join(tiles) or 'none')}</p>")
    parts.append(
        f'<p style="margin-bottom:0"><strong>The table</strong> (x above each column, y left of each '
        f"row; capital letter = big triangle, # = untouchable)</p>{_html_table(view)}"
    )
    return "".join(parts)


def _html_table(view: dict[str, Any]) -> str:
    tiles, opened, xs, ys = _frame(view, 1)
    locked = {tuple(c) for c in view["untouchable_cells"]}
    last = tuple(view["last_placed"]) if view.get("last_placed") else None
    head = "".join(f'<th style="{_TH}">{x}</th>' for x in xs)
    body = []
    for y in ys:
        row = []
        for x in xs:
            style = "border:1px solid #ddd;padding:3px;vertical-align:top;text-align:center;min-width:60px;"
            tile = tiles.get((x, y))
            if tile:
                outline = "outline:3px solid #111;" if (x, y) == last else ""
                row.append(
                    f'<td style="{style}{outline}" title="{x},{y}">'
                    f"{_html_tile(tile['tile'], tile['rotation'], locked=(x, y) in locked)}</td>"
                )
            elif (x, y) in opened:
                row.append(f'<td style="{style}color:#888;font:10px Arial,sans-serif">open<br>{x},{y}</td>')
            else:
                row.append(f'<td style="{style}"></td>')
        body.append(f'<tr><th style="{_TH}">{y}</th>{"".join(row)}</tr>')
    return (
        f'<div style="overflow-x:auto"><table style="border-collapse:collapse;margin:4px 0 12px">'
        f"<tr><th></th>{head}</tr>{''.join(body)}</table></div>"
    )
