"""Atlantis drawn for the page and for email: valid SVG, every legal move
clickable, the board's destinations equal to the engine's, labels in the
notation, nothing hidden shown."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest
from django.utils import translation

from games.boards import atlantis as board
from games.boards.atlantis.common import walks
from games.engine import get_rules
from games.rules.atlantis import Go, notation
from games.rules.atlantis.legal import walks as engine_walks
from games.rules.atlantis.testing import build, toll_state
from tests.engine.playing import random_playthrough

from .stand_in import stand_in_match

RULES = get_rules("atlantis")
NAMES = ["Ann", "Ben <&>", "Cy", "Dee"]
GAMES = [(2, 1), (3, 2), (4, 3)]  # (players, seed)


def sampled_states(players, seed, every=9):
    steps = list(random_playthrough(RULES, players, seed))
    states = [s.state for i, s in enumerate(steps) if i % every == 0 or s.state.phase == "pay"]
    last = steps[-1]
    return states + [RULES.apply(last.state, last.seat, last.move).state]


def outputs(view, names):
    return board.svg(view, names), board.text(view, names), board.html(view, names)


def attr_values(markup, name):
    return set(re.findall(rf'{name}="([^"]*)"', markup))


def options(state, seat):
    return [(text, RULES.dump_move(move)) for text, move in RULES.move_options(state, seat)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_viewer_gets_a_valid_drawing_that_hides_other_hands(players, seed):
    names = NAMES[:players]
    for number, state in enumerate(sampled_states(players, seed)):
        for seat in [None, *range(players)]:
            view = RULES.view(state, seat)
            page, plain, html = outputs(view, names)
            root = ET.fromstring(f"<root>{page}</root>")
            # The drawings of the table (the colour key's small pieces have their own size).
            svgs = [s for s in root.iter("svg") if s.get("class") != "key-piece"]
            assert svgs and all(s.get("viewBox") and s.get("width") == "100%" for s in svgs)
            for node in root.iter():
                if node.get("tabindex") is not None:
                    assert node.get("role") == "button" and node.get("aria-label")
            assert "Ben &lt;&amp;&gt;" in page and "Ben &lt;&amp;&gt;" in html and "Ben <&>" in plain
            for info in view["seats"]:  # public: scores, card counts, tiles
                assert f"score {info['score']}" in plain and f"{info['cards']} card" in page
            if seat is not None:
                hand = view["hand"]
                mine = ", ".join(f"{n} {c}" for c, n in hand.items()) or "no cards"
                count = sum(hand.values())  # "1 card", never "1 cards"
                assert f"Your hand: {mine} ({count} card{'' if count == 1 else 's'})" in plain
                assert f"Your hand: {count} {'card' if count == 1 else 'cards'}" in page
                assert "Your hand" in html
            else:
                assert "Your hand" not in page + plain + html
            other = RULES.randomize_hidden(state, seat, seed=number * 7 + 1)
            assert outputs(RULES.view(other, seat), names) == (page, plain, html)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_legal_move_can_be_clicked_or_pressed(players, seed):
    kinds = set()
    for state in sampled_states(players, seed, every=4):
        for seat in RULES.to_move(state):
            view = RULES.view(state, seat)
            page = board.svg(view, NAMES[:players])
            picks, targets = (
                attr_values(page, "data-pick"),
                attr_values(page, "data-target"),
            )
            found = options(state, seat)
            entries = board.controls(view, found)
            assert len(entries) >= len(found)
            for control, (text, move) in zip(entries, found, strict=False):
                # What a click submits is the plain notation of that very move.
                assert RULES.split_turn_text(control["text"]) == [control["text"]]
                assert RULES.dump_move(RULES.parse_move(state, seat, control["text"])) == move
                # A click reads as the engine's option; a button ends with what to type.
                assert text.startswith(control["text"])
                assert control["label"].endswith(text if control["pick"] else f"— type: {control['text']}")
                kind = next(iter(move))
                kinds.add(kind)
                if kind in ("go", "bridge"):
                    assert control["pick"] in picks and control["target"] in targets, control
                else:
                    assert control["pick"] is None and control["target"] is None
            for control in entries[len(found) :]:  # the destination itself: fewest cards
                assert control["pick"] in picks and control["target"] in targets
            # Several ways to one place would clash on one target; they never do.
            for pick in {c["pick"] for c in entries if c["pick"]}:
                chosen = [c["target"] for c in entries if c["pick"] == pick]
                assert len(chosen) == len(set(chosen))
    assert {"go", "pay", "sell", "bridge"} <= kinds


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_board_finds_exactly_the_engines_pawn_moves_with_their_labels(players, seed):
    for state in sampled_states(players, seed, every=2):
        seat = state.turn
        view = RULES.view(state, seat)
        expected = (
            {
                (m.origin, tuple(notation.COLOURS[c] for c in m.colours), d, toll)
                for m, d, toll in engine_walks(state, seat)
            }
            if state.phase != "pay"
            else set()
        )
        if state.phase == "over":
            expected = set()
        drawn = walks(view)
        assert {tuple(w) for w in drawn} == expected
        page = board.svg(view)
        labels = {text for text, move in RULES.move_options(state, seat) if isinstance(move, Go)}
        shown = {unescape(label) for label in attr_values(page, "aria-label")}
        assert {label for label in shown if "->" in label} == labels


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_text_board_uses_the_notations_places_and_colours(players, seed):
    for state in sampled_states(players, seed, every=5):
        seat = state.turn
        if state.phase not in ("start", "bridge", "move"):
            continue
        plain = board.text(RULES.view(state, seat))
        road = plain.split("Your hand")[0]
        for text, move in RULES.move_options(state, seat):
            if isinstance(move, Go):
                written = RULES.format_move(state, seat, move)  # "12 pink grey -> 18"
                start, cards, end = re.match(r"(\S+) (.+) -> (\S+)", written).groups()
                assert f"{start} -> {end} (" in plain
                assert cards in plain.split(f"{start} -> {end} (")[1].splitlines()[0]
                if end != "M":
                    tile = text.split("(")[1].split(",")[0].rstrip(")")  # "pink 4"
                    assert re.search(rf"(^|\s){end} {tile}\+?(\s|$)", road, re.M), (
                        end,
                        tile,
                    )
                assert RULES.parse_move(state, seat, text) == move


def test_a_hand_built_road_shows_stacks_water_bridges_and_jumps():
    state = build(
        "bl3/gn5 pk2@1 . =0 . ye4 wh6@0 gy1 . br7",
        players=2,
        hands=["pk gy", "bl"],
        tiles=["wh5", ""],
        mainland={1: 1},
    )
    view = RULES.view(state, 0)
    page, plain, html = outputs(view, ["Ann", "Ben"])
    assert (
        "  1 blue 3+" in plain
        and "  2 pink 2     <2>" in plain
        and "  3 = bridge =" in plain
        and "  9 ~ water ~" in plain
    )
    assert "  4 = bridge =" in plain and " 10 brown 7" in plain and " 11 " not in plain
    assert " M  mainland (11-53): <2>" in plain and " A  Atlantis: <1> <1> <2>" in plain
    assert "Water: 3-5 bridged (bridge of player 1): free; 9 toll 1" in plain
    assert "Your hand: 1 grey, 1 pink (2 cards)" in plain
    # pink from A lands on 2 (Ben's pawn): the grey card goes on to 8.
    assert "A -> 8 (grey 1): grey | pink grey" in plain
    assert "7 -> M (mainland, toll 1): pink" in plain
    assert "pawns A A 7" in plain and "pawns A 2 M" in plain
    assert 'data-target="go A pink grey"' in page and 'data-target="to 8"' in page
    assert 'data-pick="pawn A"' in page and 'data-pick="pawn 7"' in page and 'data-pick="bridge"' not in page
    assert "toll 1" in page and "toll 1" in html
    entries = board.controls(view, options(state, 0))
    via = [c for c in entries if c["pick"] == "pawn A" and c["target"] == "to 8"]
    assert len(via) == 1 and via[0]["text"].startswith("A grey -> 8")


def test_bridges_are_built_by_picking_the_bridge_then_water():
    state = build("bl3 . . ye4 wh6 . gy1", players=2, hands=["bl wh", "gy"])
    view = RULES.view(state, 0)
    page = board.svg(view)
    assert 'data-pick="bridge"' in page and 'data-target="gap 2"' in page and 'data-target="gap 6"' in page
    entries = board.controls(view, options(state, 0))
    assert {(c["pick"], c["target"]) for c in entries if c["text"].startswith("bridge")} == {
        ("bridge", "gap 2"),
        ("bridge", "gap 6"),
    }


def test_a_one_position_gaps_bridge_button_names_it_once():
    """The water at 6 alone was offered as "Build your bridge over 6-6" (as
    the engine once said "27-27"); it now reads "over 6", a wider gap "2-3"."""
    state = build("bl3 . . ye4 wh6 . gy1", players=2, hands=["bl wh", "gy"])
    page = board.svg(RULES.view(state, 0))
    labels = attr_values(page, "aria-label")
    assert "Build your bridge over 6" in labels and "Build your bridge over 2-3" in labels, labels
    assert "Build your bridge over 6-6" not in labels


def test_paying_a_toll_is_a_choice_of_buttons_and_the_due_toll_is_shown():
    state = build(
        "bl3 . ye4@0 wh6",
        players=2,
        hands=["bl bl", ""],
        tiles=["gn5 ye2", ""],
        phase="pay",
        toll_due=2,
        moved_to=3,
    )
    view = RULES.view(state, 0)
    assert "You are to pay a toll of 2 for the pawn moved to 3." in board.text(view)
    entries = board.controls(view, options(state, 0))
    assert entries and all(c["pick"] is None and c["target"] is None for c in entries)
    # Exact payments only: the 5 would overpay while a 2 or two cards pay exactly.
    assert {c["label"] for c in entries} == {
        "Pay the toll (tiles 2: pays 2 of 2) — type: pay 2",
        "Pay the toll (2 cards: pays 2 of 2) — type: pay 2x blue",
    }
    with translation.override("nl"):
        dutch = {c["label"] for c in board.controls(view, options(state, 0))}
    assert "Betaal de tol (tegels 2: betaalt 2 van 2) — typ: pay 2" in dutch
    assert "Betaal de tol (2 kaarten: betaalt 2 van 2) — typ: pay 2x blue" in dutch
    assert "data-pick" not in board.svg(view) and "data-target" not in board.svg(view)


def test_a_toll_of_30_with_56_cards_gives_few_buttons_and_few_numbered_options():
    from mail.render import GameMail, render_game_email

    hand = " ".join(c for c in ("bl", "wh", "gy", "ye", "gn", "pk", "br") for _ in range(8))
    tiles = " ".join(f"{c}{v}" for v in range(1, 8) for c in ("bl", "wh", "gy"))
    state = toll_state(hand, tiles)
    view = RULES.view(state, 0)
    entries = board.controls(view, options(state, 0))
    assert 0 < len(entries) <= state.toll_due + 7
    assert len(json.dumps(entries)) < 20_000
    texts = [t for t, _ in RULES.move_options(state, 0)]
    match = stand_in_match("atlantis", 2)
    _, plain, _ = render_game_email(
        match=match,
        view=view,
        names=NAMES[:2],
        mail=GameMail("x", your_move=True),
        options=texts,
        unsubscribe="u",
        mute="m",
    )
    # Every option is listed and numbered (none left for the game page).
    # (The last option, thirty cards, is long: the mail wraps it after its notation.)
    assert f"  {len(texts)}. {texts[-1].split(' (')[0]}" in plain and "more (see the game page)" not in plain
    assert "  1. pay 7 7 7 6 3 (tiles 30: pays 30 of 30)" in plain


def test_emails_render_and_hide_other_hands():
    from mail.render import GameMail, render_game_email

    match = stand_in_match("atlantis", 3)
    for state in sampled_states(3, 4, every=15):
        for seat in range(3):
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
            _, plain, html = mails[0]
            assert "The road (A = Atlantis, M = mainland" in plain and "<table" in html
            if options and state.phase != "pay":
                assert "Your pawn moves" in plain or "pass" in plain


@pytest.mark.parametrize(
    ("language", "one", "none"),
    [("en", "Draw pile 1 card ·", "Draw pile 0 cards ·"), ("nl", "Trekstapel 1 kaart ·", "Trekstapel 0 kaarten ·")],
)
def test_the_draw_pile_counts_its_cards_in_words(language, one, none):
    """Near the end of a game the pile says "1 card", not "1 cards"."""
    view = RULES.view(build("bl3 . wh1"), 0)
    with translation.override(language):
        assert one in board.svg({**view, "draw_pile": 1})
        assert none in board.svg({**view, "draw_pile": 0})


def test_the_sell_and_pass_buttons_count_only_the_cards_left_to_draw():
    """The buttons say what a sale or a pass brings: no more cards than the
    draw and discard piles still hold, as the numbered options say."""
    short = build("bl3 . gy4", hands=[""], tiles=["wh6"], draw="pk")
    labels = [c["label"] for c in board.controls(RULES.view(short, 0), options(short, 0))]
    assert "Sell a tile (1 card) — type: sell 6" in labels
    assert "Pass (draw 1 card) — type: pass" in labels
    with translation.override("nl"):
        dutch = [c["label"] for c in board.controls(RULES.view(short, 0), options(short, 0))]
    assert "Verkoop een tegel (1 kaart) — typ: sell 6" in dutch


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Game over: Ann won with 8 points."), ("nl", "Partij afgelopen: Ann won met 8 punten.")],
)
def test_the_end_names_the_player_left_not_the_one_who_resigned_with_more_points(language, expected):
    """Ben resigned with 9 points against Ann's 8: Ann is first (a departed
    seat ranks below everyone still playing), so the line above the board
    must not say that Ben won."""
    from games.boards.atlantis.common import status

    view = {
        "to_move": [],
        "departed": [0],
        "final": {"scores": [9, 8], "end_tolls": [0, 0], "ended_by": None, "early_end": "resign"},
    }
    with translation.override(language):
        assert status(view, ["Ben", "Ann"]) == expected


def test_the_final_board_shows_the_tiles_that_lay_below_the_top_ones():
    road = "bl3/gn5 pk2@1 . =0 . ye4 wh6@0 gy1 . br7"
    running = build(road, players=2, hands=["pk gy", "bl"], tiles=["wh5", ""], mainland={1: 1})
    over = build(road, players=2, hands=["pk gy", "bl"], tiles=["wh5", ""], mainland={1: 1}, phase="over")
    during = board.svg(RULES.view(running, None), NAMES[:2])
    assert "Position 1: blue 3 (a tile below)" in during and "green 5" not in during
    final = board.svg(RULES.view(over, None), NAMES[:2])
    assert "Position 1: blue 3 (below it: green 5)" in final
    assert ">gn5</text>" in final and ">gn5</text>" not in during  # drawn on the tile, by its code
    ET.fromstring(f"<div>{final}</div>")
    # The mail's boards say it too: the plain text after the water, the HTML in the tile's title.
    assert "Below the top tiles:" not in board.text(RULES.view(running, None), NAMES[:2])
    assert "Below the top tiles: 1 green 5" in board.text(RULES.view(over, None), NAMES[:2])
    assert 'title="1: blue 3 (below it: green 5)"' in board.html(RULES.view(over, None), NAMES[:2])
    assert "green 5" not in board.html(RULES.view(running, None), NAMES[:2])
