"""Alpaca drawn for the page and for email: valid SVG, every legal move
clickable, labels in the notation, nothing hidden shown."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape

import pytest

from games.boards import alpaca as board
from games.boards.alpaca import common as alpaca_common
from games.engine import get_rules
from games.rules.alpaca import Place
from games.rules.alpaca.testing import position
from tests.engine.playing import random_playthrough

from .stand_in import stand_in_match

RULES = get_rules("alpaca")
NAMES = ["Ann", "Ben <&>", "Cy", "Dee", "Eve"]
GAMES = [(2, 3), (3, 5), (5, 8)]  # (players, seed)


def sampled_steps(players, seed, every=7):
    """Every ``every``-th step plus every bonus step, and the final state."""
    steps = list(random_playthrough(RULES, players, seed))
    picked = [s for i, s in enumerate(steps) if i % every == 0 or s.state.phase == "bonus"]
    last = steps[-1]
    final = RULES.apply(last.state, last.seat, last.move).state
    return picked, final


def outputs(view, names):
    return (board.svg(view, names), board.text(view, names), board.html(view, names))


def parse_svg(markup):
    return ET.fromstring(f"<root>{markup}</root>")


def attr_values(markup, name):
    return set(re.findall(rf'{name}="([^"]*)"', markup))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_viewer_gets_a_valid_drawing_that_hides_other_hands(players, seed):
    names = NAMES[:players]
    steps, final = sampled_steps(players, seed)
    states = [s.state for s in steps] + [final]
    for number, state in enumerate(states):
        for seat in [None, *range(players)]:
            view = RULES.view(state, seat)
            page, plain, html = outputs(view, names)
            root = parse_svg(page)
            assert root.find(".//svg") is not None
            # The drawings of the table (the colour key's small pieces have their own size).
            for svg in (s for s in root.iter("svg") if s.get("class") != "key-piece"):
                assert svg.get("viewBox") and svg.get("width") == "100%"
            assert "Ben &lt;&amp;&gt;" in page and "Ben <&>" in plain
            # Own tiles are shown; a spectator has none.
            if seat is not None and view["phase"] != "over":
                for entry in view["hand"]:
                    assert f"#{entry['number']} {entry['tile']}" in plain
                    assert f"Tile #{entry['number']}: {entry['tile']}" in page
                    major, minors = entry["tile"].split("/")
                    assert f"{major}/<br>{escape(minors)}<br>rot 0 NE" in html
            else:
                assert "Your tiles" not in page + plain + html
            # Hand counts of everybody are public.
            for count in view["hand_counts"]:
                assert f"{count:>2} tile{'' if count == 1 else 's'}" in plain
            # Re-dealing what this viewer cannot see changes nothing.
            other = RULES.randomize_hidden(state, seat, seed=number * 7 + 1)
            assert outputs(RULES.view(other, seat), names) == (page, plain, html)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_legal_move_can_be_clicked_or_pressed(players, seed):
    steps, _ = sampled_steps(players, seed, every=3)
    kinds = set()
    for step in steps:
        state, seat = step.state, step.seat
        view = RULES.view(state, seat)
        page = board.svg(view, NAMES[:players])
        picks, targets = attr_values(page, "data-pick"), attr_values(page, "data-target")
        options = [(text, RULES.dump_move(move)) for text, move in RULES.move_options(state, seat)]
        controls = board.controls(view, options)
        assert len(controls) == len(options)
        for control, (text, move) in zip(controls, options, strict=True):
            kinds.add(move["type"])
            assert control["text"] == text
            assert RULES.parse_move(state, seat, text) == RULES.load_move(move)
            if move["type"] in ("place", "rotate"):
                assert escape(control["pick"]) in picks, control
                assert escape(control["target"]) in targets, control
            else:
                assert control["pick"] is None and control["target"] is None and control["label"]
        # Nobody else gets anything to click.
        for other in [None, *range(players)]:
            if other != seat:
                markup = board.svg(RULES.view(state, other), NAMES[:players])
                assert "data-pick" not in markup and "data-target" not in markup
    assert {"place", "rotate", "none"} <= kinds


@pytest.mark.parametrize(("players", "seed"), GAMES[:2])
def test_labels_match_the_notation(players, seed):
    steps, _ = sampled_steps(players, seed)
    for step in steps:
        view = RULES.view(step.state, step.seat)
        plain, html, page = board.text(view), board.html(view), board.svg(view)
        open_line = next((line for line in plain.splitlines() if line.startswith("Open cells")), "")
        for move in RULES.legal_moves(step.state, step.seat):
            if isinstance(move, Place):
                cell = f"{move.x},{move.y}"
                assert f" {cell} " in open_line + " "
                assert f"open<br>{cell}</td>" in html
                assert f'aria-label="Place at {cell} rot {move.rot} ' in page
        # Column x and row y labels of the text board are the notation's numbers.
        tiles = view["table"]
        if tiles:
            grid = plain.split("The table (x above each column, y left of each row):\n")[1].splitlines()
            header = grid[0].split()
            for entry in tiles:
                assert str(entry["x"]) in header
                assert any(line.startswith(f"{entry['y']:>4} ") for line in grid)
                assert f'title="{entry["x"]},{entry["y"]}"' in html


def test_a_tile_is_drawn_as_three_triangles_in_its_colours():
    state = position(colours="red blue", table="0,0 r/b-g 1", hands=["rpy", "byp"])
    page = board.svg(RULES.view(state, 0), ["Ann", "Ben"])
    root = parse_svg(page)
    table = next(s for s in root.iter("svg") if "alpaca-table" in s.get("class"))
    group = next(g for g in table.iter("g") if (g.get("aria-label") or "").startswith("0,0:"))
    fills = [p.get("fill") for p in group.iter("polygon")]
    points = [p.get("points") for p in group.iter("polygon")]
    # rot 1: big triangle with its right angle at SE (NE, SE, SW corners), minor1 (blue) W, minor2 (green) N.
    c = alpaca_common.CELL
    x, y = alpaca_common.LEFT + 2 * c, alpaca_common.TOP + 2 * c  # drawn from -2,2 (at least 5 x 5 cells)
    assert fills == [alpaca_common.FILL["red"], alpaca_common.FILL["green"], alpaca_common.FILL["blue"]]
    assert points[0] == f"{x + c},{y} {x + c},{y + c} {x},{y + c}"
    assert group.get("aria-label") == ("0,0: red/blue-green rot 1 (big triangle SE; N green, E red, S red, W blue)")
    html = board.html(RULES.view(state, None))
    assert "red/<br>blue-green<br>rot 1 SE" in html
    assert "Untouchable counters left: 15 of 15." in board.text(RULES.view(state, None))


def test_bonus_turn_shows_figures_counters_and_buttons():
    state = position(
        colours="red blue",
        table="0,0 rbg 0; 0,-1 r/y-b 1",
        hands=["rpy", "byp"],
        phase="bonus",
        bonuses=1,
        pending=(((0, -1), (0, 0)),),
    )
    view = RULES.view(state, 0)
    page = board.svg(view, ["Ann", "Ben"])
    parse_svg(page)
    assert 'data-target="rot:0"' in page and 'data-pick="tile:0,0"' in page
    assert "You have 1 bonus action for closing 1: blue minor pair at 0,-1 / 0,0." in board.text(view)
    options = [(t, RULES.dump_move(m)) for t, m in RULES.move_options(state, 0)]
    buttons = [c for c in board.controls(view, options) if not c["pick"]]
    assert [b["label"] for b in buttons] == ["Make the blue minor pair at 0,-1 / 0,0 untouchable", "Decline the bonus"]
    # Locked: a counter on both tiles, no rotation pick on them.
    after = RULES.apply(state, 0, RULES.parse_move(state, 0, "bonus lock")).state
    view = RULES.view(after, None)
    page, plain = board.svg(view), board.text(view)
    assert page.count('class="counter"') == 2
    assert "Untouchable: blue minor pair at 0,-1 / 0,0." in plain and "14 of 15" in plain
    assert "#" in board.html(view)


def test_game_over_shows_every_hand_left():
    _, final = sampled_steps(3, 5)
    view = RULES.view(final, None)
    plain = board.text(view, NAMES[:3])
    assert plain.startswith("Game over after round")
    for seat, tiles in enumerate(view["hands"]):
        assert f"{NAMES[seat]}'s tiles left: {', '.join(tiles) or 'none'}" in plain
    parse_svg(board.svg(view, NAMES[:3]))


def test_emails_render_and_hide_other_hands():
    from mail.render import GameMail, render_game_email

    match = stand_in_match("alpaca", 3)
    steps, _ = sampled_steps(3, 5, every=11)
    for step in steps:
        for seat in range(3):
            state = step.state
            options = [t for t, _ in RULES.move_options(state, seat)] if seat in RULES.to_move(state) else []
            mails = [
                render_game_email(
                    match=match,
                    view=RULES.view(s, seat),
                    names=NAMES[:3],
                    mail=GameMail("x", your_move=bool(options)),
                    options=options,
                    unsubscribe="u",
                    mute="m",
                )
                for s in (state, RULES.randomize_hidden(state, seat, seed=seat + 3))
            ]
            assert mails[0] == mails[1]
            assert "Open cells (x,y)" in mails[0][1] and "<table" in mails[0][2]


def test_a_long_hand_wraps_into_rows_that_fit_a_phone():
    """Eleven tiles take two rows of at most eight 44-px slots (356 px), so
    the hand fits a 390 px phone instead of scrolling sideways."""
    from games.boards.alpaca.board import HAND_ROW, hand_svg

    steps, _ = sampled_steps(2, 3)
    tile = RULES.view(steps[0].state, 0)["hand"][0]["tile"]
    markup = hand_svg([{"number": n, "tile": tile} for n in range(1, 12)], picks=True)
    [svg] = parse_svg(markup)
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    assert HAND_ROW == 8 and width == 4 + 8 * 44, width
    assert height == 2 * 58, height
    assert "slots-8" in svg.get("class")
    assert len(re.findall(r'data-pick="hand:', markup)) == 11


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_players_line_keeps_its_markers_whole_within_the_mail_width(language):
    """ "<- you, dominant, to move" is read as one note: where it does not fit
    after a player's line it stands whole on the next line, not broken
    in two by the mail's wrapping."""
    from django.utils import translation

    state = RULES.setup(2, 5)
    with translation.override(language):
        for seat in (0, 1):
            text = board.text(RULES.view(state, seat), ["Anna de Vries", "Bob"])
            players = text.split("\n\n")[1].split("\n")[1:]
            assert all(len(line) <= 72 for line in players), players
            notes = [line for line in players if "<-" in line]
            assert len(notes) == (1 if seat == 0 else 2), players
            assert all(re.search(r"<- [^<]*$", line) for line in notes), players
            dominant = {"en": "dominant, to move", "nl": "dominant, aan zet"}[language]
            assert any(line.rstrip().endswith(dominant) for line in notes), players


def test_the_end_names_who_played_their_last_tile():
    """ "Game over after round 15: Ben played their last tile", not
    "someone": everyone knows who it was, in either language."""
    from django.utils import translation

    for seed in range(40):
        _, final = sampled_steps(2, seed)
        view = RULES.view(final, None)
        if view.get("ended_by") == "last tile":
            break
    else:
        pytest.skip("no game of these seeds ended by a last tile")
    [who] = [NAMES[seat] for seat, tiles in enumerate(view["hands"]) if not tiles]
    ending = f"Game over after round {view['round']}: {who} played their last tile."
    assert board.text(view, NAMES[:2]).startswith(ending)
    with translation.override("nl"):
        assert f"{who} speelde de laatste eigen tegel." in board.text(view, NAMES[:2])


def test_the_end_names_every_player_who_played_their_last_tile_in_that_round():
    """Two players who empty their hands in the same round were "someone";
    the end now names them both, in either language."""
    from django.utils import translation

    for players in (3, 4, 5):
        for seed in range(60):
            _, final = sampled_steps(players, seed)
            view = RULES.view(final, None)
            emptied = [NAMES[seat] for seat, tiles in enumerate(view["hands"]) if not tiles]
            if view.get("ended_by") == "last tile" and len(emptied) == 2:
                break
        else:
            continue
        break
    else:
        pytest.skip("no game of these seeds ended with two last tiles")
    first, second = emptied
    names = NAMES[: len(view["hands"])]
    ending = f"Game over after round {view['round']}: {first} and {second} played their last tiles."
    assert board.text(view, names).startswith(ending)
    with translation.override("nl"):
        assert f"{first} en {second} speelden hun laatste eigen tegel." in board.text(view, names)
