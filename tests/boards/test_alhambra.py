"""Alhambra drawn for the page and for email: valid SVG, every legal move
clickable or a button, labels in the notation, no hidden money shown."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape

import pytest

from games.boards import alhambra as board
from games.boards.alhambra.common import money_text
from games.engine import get_rules
from tests.engine.playing import random_playthrough

RULES = get_rules("alhambra")
NAMES = ["Ann", "Ben <&>", "Cy", "Dee"]
GAMES = [(2, 4), (3, 6), (4, 9)]  # (players, seed)
CLICKED = {"place", "gift", "build", "swap", "remove"}
BUTTONS = {"take", "buy", "done"}


def play(players, seed):
    """Every step of a random game and its final state."""
    steps = list(random_playthrough(RULES, players, seed))
    last = steps[-1]
    return steps, RULES.apply(last.state, last.seat, last.move).state


def outputs(view, names):
    return board.svg(view, names), board.text(view, names), board.html(view, names)


def values(markup, name):
    return set(re.findall(rf'{name}="([^"]*)"', markup))


def options(state, seat):
    return [(text, RULES.dump_move(move)) for text, move in RULES.move_options(state, seat)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_viewer_gets_the_same_drawing_whatever_the_hidden_money(players, seed):
    names = NAMES[:players]
    steps, final = play(players, seed)
    states = [s.state for s in steps[::25]] + [final]
    for number, state in enumerate(states):
        for seat in [None, *range(players)]:
            view = RULES.view(state, seat)
            page, plain, html = outputs(view, names)
            root = ET.fromstring(f"<root>{page}</root>")
            # The drawings of the table (the key's small pieces have their own size).
            svgs = [s for s in root.iter("svg") if s.get("class") != "key-piece"]
            assert len(svgs) >= 2 + players
            assert all(s.get("viewBox") and s.get("width") == "100%" for s in svgs)
            assert "Ben &lt;&amp;&gt;" in page and "Ben <&>" not in page
            assert "Ben <&>" in plain and "Ben &lt;&amp;&gt;" in html
            over = view["phase"] == "over"
            for slot in view["market"]:
                assert f"{slot['slot']} · {slot['currency']}" in page
                # The end's mail shows no market (nothing is left to buy).
                assert (f"slot {slot['slot']} ({slot['currency']}): {slot['tile'] or 'empty'}" in plain) != over
            if seat is None:
                assert "Your money" not in page + plain + html
                assert not values(page, "data-pick") and not values(page, "data-target")
            elif not over:  # at the end the reveal shows every hand
                hand = view["hand"]
                assert f"Your money: {money_text(hand)}" in plain
                assert all(escape(card) in html for card in hand)
            for other, entry in enumerate(view["seats"]):
                if other != seat and not over:
                    assert f"{entry['hand_size']} money cards" in plain
            assert ("Dirk (" in plain) == (players == 2)
            controls = board.controls(view, options(state, seat)) if seat in view["to_move"] else []
            redealt = RULES.randomize_hidden(state, seat, seed=number + 100)
            again = RULES.view(redealt, seat)
            assert outputs(again, names) == (page, plain, html)
            if controls:
                assert board.controls(again, options(redealt, seat)) == controls


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_legal_move_is_a_click_on_the_drawing_or_a_button(players, seed):
    steps, _ = play(players, seed)
    kinds = set()
    for step in steps:
        view = RULES.view(step.state, step.seat)
        offered = options(step.state, step.seat)
        controls = board.controls(view, offered)
        assert [c["text"] for c in controls] == [text for text, _ in offered]
        page = board.svg(view, NAMES[:players])
        picks, targets = values(page, "data-pick"), values(page, "data-target")
        pairs = set()
        for control, (_, move) in zip(controls, offered, strict=True):
            kinds.add(move["kind"])
            if move["kind"] in BUTTONS:
                assert control["pick"] is None and control["target"] is None and control["label"]
                continue
            assert move["kind"] in CLICKED
            assert escape(control["pick"]) in picks, control
            assert escape(control["target"]) in targets, control
            assert (control["pick"], control["target"]) not in pairs, control
            pairs.add((control["pick"], control["target"]))
    assert {"take", "buy", "place"} <= kinds
    if players == 2:
        assert "gift" in kinds


def test_a_game_covers_every_kind_of_click():
    kinds = set()
    for players, seed in GAMES:
        for step in play(players, seed)[0]:
            kinds.add(RULES.dump_move(step.move)["kind"])
    assert kinds >= CLICKED | BUTTONS


@pytest.mark.parametrize(("players", "seed"), GAMES[:2])
def test_cells_in_the_notation_are_labelled_on_the_boards(players, seed):
    checked = 0
    for step in play(players, seed)[0]:
        view = RULES.view(step.state, step.seat)
        plain, html, page = board.text(view), board.html(view), board.svg(view)
        for text, move in options(step.state, step.seat):
            if move["kind"] in ("place", "build") and move["cell"] is not None:
                cell = text.rsplit(" ", 1)[1]
                rows = [line[7:] for line in plain.splitlines() if re.match(r"  ( [NS]\d|[NS]\d\d|  -) ", line)]
                assert any(re.search(rf"(?<![A-Z0-9]){cell}(?![A-Z0-9])", row) for row in rows), cell
                assert f">{cell}</td>" in html
                assert f">{cell}</text>" in page and f'data-target="cell:{cell}"' in page
                checked += 1
            if move["kind"] in ("remove", "swap"):
                cell = re.search(r"\b([NS]\d+(?:[EW]\d+)?|[EW]\d+)\b", text).group(1)
                assert f'aria-label="{cell}: ' in page
                checked += 1
    assert checked > 20


def test_the_text_board_has_the_fountain_and_axis_labels():
    steps, final = play(2, 4)
    view = RULES.view(final, 0)
    plain = board.text(view, NAMES[:2])
    assert "FOUNT" in plain and "Your Alhambra" in plain and "Ben <&>'s Alhambra" in plain
    assert re.search(r"^\s+N1 ", plain, re.M) and re.search(r"^\s+- ", plain, re.M)
    assert "Scoring 3: " in plain and "Dirk" in plain
    # At the end every hand is public.
    assert all("hand" in entry for entry in view["seats"])
    assert "money cards" not in plain.split("Ben <&>'s Alhambra")[1].split("\n")[0]
    assert "Final position (after turn " in board.svg(view)


def test_a_dutch_reader_reads_cells_and_walls_as_the_dutch_notation_writes_them():
    """The board's axes and the events say Z1 and O1 (and walls NWO), as
    the Dutch options and the Dutch parser do, not S1, E1 and NEW beside
    them."""
    from django.utils import translation

    from games.i18n import event_text

    steps, _final = play(2, 4)
    events = [event for step in steps for event in RULES.apply(step.state, step.seat, step.move).events]
    placed = [e for e in events if e.kind == "place" and re.search(r" at [NS]\d*[EW]?\d*|[EW]\d", e.text)]
    assert placed
    with translation.override("nl"):
        for event in placed:
            said = event_text("alhambra", event)
            assert not re.search(r"\b[NS]?\d*E\d+\b|\bS\d+", said), said
        walled = [event_text("alhambra", e) for e in events if re.search(r" \d+ [NESW]+\b", e.text)]
        assert walled and not any(re.search(r" \d+ [NSW]*E[NSW]*\b", line) for line in walled)
        view = RULES.view(steps[-1].state, steps[-1].seat)
        axes = set(re.findall(r">([NSOWZE]\d+)</text>", board.svg(view)))
        assert axes and not {label for label in axes if label[0] in "SE"}


def test_the_text_boards_key_names_the_fountain_in_the_readers_language():
    """ "FOUNT" stands in the middle of every text board: its key says what it
    is, in Dutch too, where the word is not the English one."""
    from django.utils import translation

    steps, _final = play(2, 4)
    view = RULES.view(steps[0].state, 0)
    with translation.override("en"):
        assert "FOUNT fountain" in " ".join(board.text(view, NAMES[:2]).split())
    with translation.override("nl"):
        assert "FOUNT fontein" in " ".join(board.text(view, NAMES[:2]).split())


@pytest.mark.parametrize(("language", "one"), [("en", "Bag: 1 building<"), ("nl", "Zak: 1 gebouw<")])
def test_the_bag_counts_its_buildings_in_words(language, one):
    """At the end of the bag the market says "1 building", not "1 buildings"."""
    from django.utils import translation

    _steps, state = play(2, 1)
    with translation.override(language):
        assert one in board.svg({**RULES.view(state, 0), "bag_size": 1})


def test_a_long_row_of_money_goes_on_below_rather_than_shrinking_the_drawing():
    """Eleven coins of one currency and more: the hand keeps its width (a
    phone shows it at full size) and the row wraps onto a second line."""
    from games.boards.alhambra.board import hand_svg

    few, many = hand_svg(["denar 1"] * 3), hand_svg(["denar 1"] * 14 + ["florin 2"])
    box = re.compile(r'viewBox="0 0 (\S+) (\S+)"')
    (few_width, few_height), (many_width, many_height) = box.search(few).groups(), box.search(many).groups()
    assert many_width == few_width == "400"
    assert float(many_height) > float(few_height)
    assert many.count(">1<") == 14


@pytest.mark.parametrize(
    ("language", "one"),
    [("en", "Dirk (silent third player) · 1 point<"), ("nl", "Dirk (stille derde speler) · 1 punt<")],
)
def test_dirk_s_caption_counts_his_points_in_words(language, one):
    """Dirk with 1 point (first in pavilions at scoring 1) reads "1 point",
    not "1 points"."""
    from django.utils import translation

    view = RULES.view(RULES.setup(2, 4), 0)
    with translation.override(language):
        assert one in board.svg({**view, "dirk": {**view["dirk"], "score": 1}})


def test_the_end_of_game_handout_names_each_building_as_the_page_does():
    """ "End of game: arcades 6 NE went to Ben." read as a code beside "Built
    Arcades (6)": the page names the building, its price, then the notation."""
    _steps, final = play(2, 5)
    view = RULES.view(final, None)
    assert view["handout"]
    page = board.svg(view, ["Ann", "Ben"])
    lines = re.findall(r"End of game: (.*?) went to", page)
    assert len(lines) == len(view["handout"])
    named = re.compile(r"(Pavilion|Seraglio|Arcades|Chambers|Garden|Tower) \d+ \([a-z]+ \d+ [A-Za-z]+\)")
    for line in lines:
        assert named.fullmatch(line), line


def test_only_a_reserve_the_reader_can_fill_now_is_drawn_as_a_box():
    """The reader's own reserve, on their turn, is a dashed drop zone; an
    opponent's (and Dirk's, outside the end's hand-out) is a plain label,
    not a framed box a player takes for a button that does nothing."""
    state = RULES.setup(2, 4)
    mover = min(RULES.to_move(state))
    view = RULES.view(state, mover)
    drawing = ET.fromstring(f"<div>{board.svg(view, NAMES[:2])}</div>")
    boxes = []
    for figure in (f for f in drawing.iter("figure") if f.get("data-seat")):  # Dirk's has none
        extras = next(svg for svg in figure.iter("svg") if "alh-extras" in svg.get("class", ""))
        framed = [r for r in extras.iter("rect") if r.get("width") == "62"]
        boxes.append((figure.get("data-seat"), [r.get("data-target") for r in framed]))
    assert sorted(boxes) == sorted([(str(mover), ["reserve"]), (str(1 - mover), [])])


@pytest.mark.parametrize(("language", "empty"), [("en", "Money display: empty"), ("nl", "Geldaanbod: leeg")])
def test_an_empty_money_display_reads_the_same_in_both_parts_of_a_mail(language, empty):
    """The text part says the display is "empty"; the HTML part says so too,
    not "none"."""
    from django.utils import translation

    steps, _final = play(2, 1)
    view = {**RULES.view(steps[len(steps) // 2].state, 0), "display": []}  # a game under way
    with translation.override(language):
        text, html = board.text(view, NAMES), board.html(view, NAMES)
    assert empty in text and f"<p>{empty}<br>" in html


def test_a_single_card_of_a_currency_is_not_summed():
    """ "florin 8", not "florin 8 (= 8)"; two or more cards keep their sum."""
    assert money_text(["florin 8"]) == "florin 8"
    assert money_text(["denar 2", "denar 3", "florin 8"]) == "denar 2+3 (= 5) · florin 8"


@pytest.mark.parametrize(
    ("language", "said"), [("en", "Dirk (silent third player, "), ("nl", "Dirk (stille derde speler, ")]
)
def test_a_two_player_mail_says_who_dirk_is(language, said):
    """Two players meet Dirk in their first mail: the board says what he is,
    in both parts, instead of an unexplained third name."""
    from django.utils import translation

    _steps, state = play(2, 1)
    with translation.override(language):
        text, html = board.text(RULES.view(state, 0), NAMES), board.html(RULES.view(state, 0), NAMES)
    assert said in text and said in html.replace("<strong>Dirk</strong>", "Dirk")
