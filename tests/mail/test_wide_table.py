"""The Alpaca position in the plain part of a mail: a player who reads only
the text finds every tile of a wide table at the x and y its headings give,
with no line over 72 columns, and the players' list reads as one list."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.engine import get_rules
from games.services import match_create_seated
from tests.conftest import make_user

from .playing import play

pytestmark = pytest.mark.django_db

WIDTH = 72
#: The first line of the table in an English mail, and what may follow it.
HEADING = "The table (x above each column, y left of each row):"
AFTER = ("Open cells", "Last tile placed", "Capital letter")


def _table_lines(text: str) -> list[str]:
    lines = text.split(HEADING, 1)[1].splitlines()[1:]
    return lines[: next(i for i, line in enumerate(lines) if line.startswith(AFTER))]


def tiles_read(text: str) -> set[tuple[int | None, int]]:
    """The cells of the tiles a reader finds in the mail's text table: a
    tile's centre (``+``, or ``#`` when untouchable) under the x heading
    above its column, on the row its y heads (``None`` for no heading)."""
    found: set[tuple[int | None, int]] = set()
    columns: dict[int, int] = {}
    for line in _table_lines(text):
        if line.startswith("     ") and re.fullmatch(r"[\s\d-]+", line):  # a heading of x values
            columns = {(m.start() - 5) // 6: int(m.group()) for m in re.finditer(r"-?\d+", line)}
            continue
        label = re.match(r"\s*(-?\d+) ", line[:5] + " ")
        if not label:
            continue  # the top or bottom third of a row of tiles
        for spot in re.finditer(r"[+#]", line):
            if spot.start() >= 5 and (spot.start() - 5) % 6 == 2:
                found.add((columns.get((spot.start() - 5) // 6), int(label.group(1))))
    return found


def test_every_tile_of_a_wide_table_is_read_at_its_cell_within_72_columns(
    alice, bob, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    rules = get_rules("alpaca")
    table = rules.view(rules.load(match.state), None)["table"]
    cells = {(tile["x"], tile["y"]) for tile in table}
    assert max(x for x, _y in cells) - min(x for x, _y in cells) >= 11, "the table must be wider than 72 columns"
    ends = [m for m in messages if "the game is over" in m.subject]
    assert len(ends) == 2
    for message in ends:
        assert all(len(line) <= WIDTH for line in _table_lines(message.body)), message.body
        assert tiles_read(message.body) == cells


def test_the_players_list_has_no_blank_line_after_a_long_players_line(now, django_capture_on_commit_callbacks):
    """A seat's line too long for 72 columns goes on under itself; no
    blank line follows it and splits the list (a reader takes a blank line
    for its end)."""
    names = ["Alexandra Catharina van Oranje", "Bo", "Maximiliaan de Vries-Jansen"]
    users = [make_user(f"p{i}@example.com", name) for i, name in enumerate(names)]
    with django_capture_on_commit_callbacks(execute=True):
        match_create_seated(users=users, game="alpaca", now=now)
    started = [m for m in mail.outbox if "the game has started" in m.subject]
    assert len(started) == 3
    for message in started:
        listed = message.body.split("Players:\n", 1)[1].splitlines()
        block = listed[: next(i for i, line in enumerate(listed) if not line.strip())]
        assert all(name in " ".join(block) for name in names), block
