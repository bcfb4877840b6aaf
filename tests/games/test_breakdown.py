"""Every game's score breakdown reads as labelled lines on the finished
game's page: no field names with underscores, no Python lists or dicts."""

import re
from html import unescape

import pytest
from django.utils.html import escape

from games.breakdown import breakdown_lines

from .conftest import play_default_moves, start_match


def play_to_the_end(rules, *, players: int, seed: int):
    """A finished game: the first legal move of the seat to move, every time."""
    state = rules.setup(players, seed)
    while rules.to_move(state):
        seat = min(rules.to_move(state))
        state = rules.apply(state, seat, rules.legal_moves(state, seat)[0]).state
    return state


def test_an_alta_breakdown_reads_as_lines():
    detail = {
        "cells": {"D4": 3, "E4": 0},
        "island_points": 3,
        "merchants": [{"cards": ["fishing_harbour", "tavern"], "points": 5}, {"cards": ["mill", "tower"], "points": 0}],
        "merchant_points": 5,
        "total": 8,
        "harbours": 1,
    }
    assert breakdown_lines(detail) == [
        ("Cells", "D4 3, E4 0"),
        ("Island points", "3"),
        ("Merchants", "fishing harbour + tavern (5 points); mill + tower (0 points)"),
        ("Merchant points", "5"),
        ("Total", "8"),
        ("Harbours", "1"),
    ]


def test_the_end_of_an_alta_game_names_each_players_merchant_cards_once():
    """The reveal holds the merchant cards and the breakdown lists them
    again with their points: the page and the mail say them once."""
    from games.breakdown import reveal_lines
    from games.engine import get_rules

    rules = get_rules("alta")
    state = play_to_the_end(rules, players=2, seed=3)
    for entry in rules.reveal(state):
        lines = reveal_lines(entry, "alta")
        labels = [label for label, _text in lines["revealed"] + lines["breakdown"]]
        assert labels.count("Merchants") == 1
        [merchants] = [text for label, text in lines["revealed"] if label == "Merchants"]
        assert merchants.count(" point") == len(entry.revealed["merchants"])  # every card, with its points


@pytest.mark.parametrize(
    ("language", "label", "board"), [("en", "Scorings", "Scoring"), ("nl", "Waarderingen", "Waardering")]
)
def test_an_alhambra_breakdown_names_its_points_by_scoring_as_the_board_does(language, label, board):
    """Alhambra scores three times ("Scoring 1" on the board and in the
    mails), not in rounds: its breakdown's list of points says so."""
    from django.utils import translation

    from games.boards import alhambra
    from games.breakdown import reveal_lines
    from games.engine import get_rules

    rules = get_rules("alhambra")
    state = play_to_the_end(rules, players=2, seed=3)
    with translation.override(language):
        plain = alhambra.text(rules.view(state, None))
        for entry in rules.reveal(state):
            lines = dict(reveal_lines(entry, "alhambra")["breakdown"])
            assert len(lines[label].split(", ")) == plain.count(f"\n{board} ") == 3


def test_other_shapes_of_breakdown():
    assert breakdown_lines({"rounds": [4, 12, 30], "buildings": {"pavilion": 2, "garden": 0}, "dirk_score": 7}) == [
        ("Scorings", "4, 12, 30"),
        ("Buildings", "pavilion 2, garden 0"),
        ("Dirk score", "7"),
    ]
    assert breakdown_lines({"chains": [], "colour": "dark_blue", "cards": {}}) == [
        ("Chains", "none"),
        ("Colour", "dark blue"),
        ("Cards", "none"),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_finished_games_page_shows_a_readable_breakdown(game, client, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Ended: played to the end." in page
    results = page.split("<h2>Final result</h2>")[1].split("</table>")[0]
    entries = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", results)
    assert entries, results
    for label, text in entries:
        assert "_" not in label and "_" not in text, (label, text)
        # No Python repr: no brackets, no quote around a word (an
        # apostrophe inside one, "farmer's hut", is English).
        assert not re.search(r"[\[\]{}]|(?<!\w)'|'(?!\w)", unescape(text)), (label, text)


@pytest.mark.django_db
def test_a_resigned_games_page_says_how_it_ended(client, alice, bob, now):
    from games.services import match_resign

    match = start_match(alice, bob, now=now)
    match_resign(match_id=match.pk, user=alice, now=now)
    assert "Ended: by resignation." in client.get(f"/games/{match.pk}/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_finished_games_page_shows_every_seats_revealed_holdings(game, client, alice, bob, now):
    from games.breakdown import reveal_lines
    from games.engine import get_rules

    match = start_match(alice, bob, game=game, now=now)
    rules = get_rules(game)
    before = client.get(f"/games/{match.pk}/").content.decode()
    assert "Final result" not in before and 'class="breakdown' not in before
    play_default_moves(match, now)
    match.refresh_from_db()
    reveal = rules.reveal(rules.load(match.state))
    results = client.get(f"/games/{match.pk}/").content.decode().split("<h2>Final result</h2>")[1]
    rows = results.split("</table>")[0].split("<tr>")[2:]
    seats = sorted(match.seats.all(), key=lambda s: (s.place, s.index))  # the page's order
    assert len(rows) == len(seats) == 2
    for seat, row in zip(seats, rows, strict=True):
        name = escape(str(seat.user))
        assert f'<td>{seat.place}</td><td><a href="/players/{name}/">{name}</a>' in row
        lines = reveal_lines(reveal[seat.index], game)
        for label, text in lines["revealed"] + lines["breakdown"]:
            assert f"<dt>{label}</dt><dd>{escape(text)}</dd>" in row, (seat.index, label, text)


def test_a_dutch_reader_gets_the_breakdown_in_dutch_with_the_games_terms():
    from django.utils import translation

    detail = {"island_points": 3, "merchants": [{"cards": ["fishing_harbour", "tavern"], "points": 5}], "rounds": []}
    with translation.override("nl"):
        assert breakdown_lines(detail, "alta") == [
            ("Eilandpunten", "3"),
            ("Koopmankaarten", "vissteiger + herberg (5 punten)"),
            ("Waarderingen", "geen"),
        ]
        assert breakdown_lines({"hand": ["florin 3"]}, "alhambra") == [("Hand", "gulden 3")]


def test_an_english_reader_gets_the_games_terms_not_its_slugs():
    """ "farmers hut" was the slug with a space; the board, the events and
    the help name it "farmer's hut"."""
    from django.utils import translation

    with translation.override("en"):
        assert breakdown_lines({"merchants": [["farmers_hut", "tower"]]}, "alta") == [
            ("Merchants", "farmer's hut + tower")
        ]


def test_players_level_on_points_without_a_tie_break_share_the_place():
    from types import SimpleNamespace

    from django.utils import translation

    from games.breakdown import tie_lines

    seats = [
        SimpleNamespace(user="Ann", score=30, place=1, index=0, departed=""),
        SimpleNamespace(user="Bob", score=30, place=1, index=1, departed=""),
        SimpleNamespace(user="Cas", score=30, place=3, index=2, departed="resigned"),
        SimpleNamespace(user="Dee", score=12, place=4, index=3, departed=""),
    ]
    assert tie_lines("alpaca", seats, [{}] * 4) == ["Ann and Bob are level on 30 points and share the place."]
    with translation.override("nl"):
        assert tie_lines("alpaca", seats, [{}] * 4) == ["Ann en Bob staan gelijk met 30 punten en delen de plaats."]


def test_players_the_tie_break_leaves_level_are_said_to_share_the_place():
    """Alta: a tie on points goes to the most fishing harbours, and players
    still level after it share the victory (rules: Winner).  Three level on
    points, two of them on harbours too: the line said only "ranks them:
    Ann 2, Bob 2, Cas 1", not that Ann and Bob share first place."""
    from types import SimpleNamespace

    from django.utils import translation

    from games.breakdown import tie_lines

    seats = [
        SimpleNamespace(user="Ann", score=47, place=1, index=0, departed=""),
        SimpleNamespace(user="Bob", score=47, place=1, index=1, departed=""),
        SimpleNamespace(user="Cas", score=47, place=3, index=2, departed=""),
    ]
    details = [{"harbours": 2}, {"harbours": 2}, {"harbours": 1}]
    with translation.override("en"):
        assert tie_lines("alta", seats, details) == [
            "Ann, Bob and Cas are level on 47 points; the tie-break, most fishing harbours, ranks them: "
            "Ann 2, Bob 2, Cas 1. Ann and Bob are still level and share the place."
        ]
    with translation.override("nl"):
        assert tie_lines("alta", seats, details) == [
            "Ann, Bob en Cas staan gelijk met 47 punten; de beslissing bij gelijke stand, de meeste vissteigers, "
            "rangschikt ze: Ann 2, Bob 2, Cas 1. Ann en Bob staan dan nog steeds gelijk en delen de plaats."
        ]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_the_result_table_has_no_empty_revealed_column(game, client, alice, bob, now):
    """A game that reveals nothing at the end (Atlantis) showed a "Revealed"
    column with nothing under it; a column shows only when some seat has
    lines in it, and every row has as many cells as the header."""
    from games.breakdown import reveal_lines
    from games.engine import get_rules

    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now)
    match.refresh_from_db()
    rules = get_rules(game)
    reveal = rules.reveal(rules.load(match.state))
    anything = any(reveal_lines(seat, game)["revealed"] for seat in reveal)
    results = client.get(f"/games/{match.pk}/").content.decode().split("<h2>Final result</h2>")[1]
    table = results.split("</table>")[0]
    assert ('<th scope="col">Revealed</th>' in table) == anything
    header, *rows = table.split("<tr>")[1:]
    for row in rows:
        assert row.count("<td>") == header.count("<th"), row
    # Every game hides something in play that its end reveals (Atlantis: the hands' colours).
    assert anything


@pytest.mark.django_db
def test_a_finished_alhambra_page_in_dutch_has_one_eindstand(client, alice, bob, now):
    """The places are the "Eindstand"; the table of points per scoring
    above them is captioned otherwise, not a second "Eindstand"."""
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now)
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert page.count(">Eindstand<") == 1 and "<h2>Eindstand</h2>" in page
    assert "<caption>Puntentelling</caption>" in page


@pytest.mark.django_db
def test_a_finished_two_player_alhambra_page_gives_dirks_score_once(client, alice, bob, now):
    """Dirk's score is the same under every seat: his panel on the board
    says it, not each player's breakdown (nor the replay's)."""
    from games.engine import get_rules

    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now)
    rules = get_rules("alhambra")
    dirk = rules.view(rules.load(match.state), None)["dirk"]["score"]
    for path in (f"/games/{match.pk}/", f"/games/{match.pk}/replay/?ply={match.ply}"):
        page = " ".join(unescape(client.get(path).content.decode()).split())
        assert "Dirk score" not in page, path
        assert page.count(f"Dirk (silent third player) · {dirk} points") == 1, path


def test_players_level_on_the_tie_break_too_are_told_it_was_compared():
    """Alta, three players: Ann and Cas on 55 points with two harbours each
    share the place; the line said only that, not that the tie-break (the
    issue: "the ranking with the tie-break used") was compared and left
    them level."""
    from types import SimpleNamespace

    from django.utils import translation

    from games.breakdown import tie_lines

    seats = [
        SimpleNamespace(user="Ann", score=55, place=1, index=0, departed=""),
        SimpleNamespace(user="Bob", score=40, place=3, index=1, departed=""),
        SimpleNamespace(user="Cas", score=55, place=1, index=2, departed=""),
    ]
    details = [{"harbours": 2}, {"harbours": 0}, {"harbours": 2}]
    with translation.override("en"):
        assert tie_lines("alta", seats, details) == [
            "Ann and Cas are level on 55 points and on the tie-break, most fishing harbours (2 each), "
            "and share the place."
        ]
    with translation.override("nl"):
        assert tie_lines("alta", seats, details) == [
            "Ann en Cas staan gelijk met 55 punten en ook bij de beslissing bij gelijke stand, "
            "de meeste vissteigers (elk 2), en delen de plaats."
        ]
