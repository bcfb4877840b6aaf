"""Alpaca's player lines in the plain-text mail: every line fits the mail's
width by itself (the mail's own wrapping would break a chain list or put
"<- jij" alone on a line), and the points column lines up in Dutch too."""

import re

from django.utils import translation

from games.boards.alpaca.mail import text
from games.engine import get_rules

RULES = get_rules("alpaca")


def _players(view, names):
    lines = text(view, names).splitlines()
    start = lines.index(next(line for line in lines if line.rstrip(":") in ("Players", "Spelers")))
    return lines[start + 1 : lines.index("", start)]


def test_a_long_chain_list_and_the_readers_note_stay_within_the_width():
    view = RULES.view(RULES.setup(3, 77), 0)
    view["chains"] = [[2] * 9, [3, 2, 2, 2, 2, 2, 2], [3, 2]]
    view["scores"] = [9, 9, 4]
    view["hand_counts"] = [1, 0, 12]
    names = ["Bram146", "Anna146", "Cor146"]
    for language in ("nl", "en"):
        with translation.override(language):
            rows = _players(view, names)
        assert all(len(line) <= 72 for line in rows), rows
        said = " ".join(" ".join(rows).split())
        assert "2, 2, 2, 2, 2, 2, 2, 2, 2)" in said
        # Each player's points start in the same column.
        columns = {m.start() for line in rows if (m := re.search(r"\d+ (punten|points)", line))}
        assert len(columns) == 1, rows


def test_a_full_hand_in_the_html_mail_fits_a_phone():
    """Twelve tiles in one table row made the mail 503 px wide on a 390 px
    phone; the hand comes in rows of at most six tiles, all twelve shown."""
    from games.boards.alpaca.mail import html

    view = RULES.view(RULES.setup(2, 77), 0)
    assert len(view["hand"]) == 12
    with translation.override("nl"):
        page = html(view, ["Anna", "Bram"])
    hand = page.split("Je tegels")[1].split("De tafel")[0]
    # A new row of the hand's table starts right after a tile's cell.
    rows = re.split(r'</td></tr><tr><td style="padding:3px;vertical-align:top', hand)
    numbers = re.findall(r"<strong>#(\d+)</strong>", hand)
    assert numbers == [str(n) for n in range(1, 13)]
    assert all(len(re.findall(r"<strong>#\d+</strong>", row)) <= 6 for row in rows), len(rows)


def test_the_html_players_table_does_not_head_the_seat_number_as_a_place():
    """The end mail ranks "1. Bram, 1. Anna, 3. Cor" and the players table
    below headed its seat numbers "Plaats" (place): Cor, seat 2 and third,
    stood in "Plaats 2".  The column is the seat's number: "Nr."."""
    from games.boards.alpaca.mail import html

    view = RULES.view(RULES.setup(2, 77), 0)
    with translation.override("nl"):
        page = html(view, ["Anna", "Bram"])
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", page.split("<table")[1])
    assert heads[:2] == ["Nr.", "Speler"], heads
