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
