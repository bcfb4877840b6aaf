"""A wide Alhambra in the plain part of a mail: a player who reads only the
text finds every building at the cell the row and column labels give it,
however wide an Alhambra has grown, and no line is over 72 columns."""

from __future__ import annotations

import itertools
import re

import pytest
from django.core import mail

from games.engine import get_rules
from games.services import match_create_seated
from tests.conftest import make_user
from tests.engine.playing import random_playthrough

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db

WIDTH = 72
#: A 3-player random game (seed 33) whose position after 384 moves has an
#: Alhambra ten columns wide: drawn whole, 77 columns in a mail.
SEED, PLAYERS, STEP = 33, 3, 384
#: A building's cell in the text: its abbreviation and price (``Tow 9``).
BUILDING = re.compile(r"[#:]([A-Z][a-z]{2}) ?(\d+)")


def _cell(label: str) -> tuple[int, int]:
    """``(x, y)`` of a view's cell label (``N1E2``, ``S2``)."""
    found = dict.fromkeys("NSEW", 0)
    for side, steps in re.findall(r"([NSEW])(\d+)", label):
        found[side] = int(steps)
    return found["E"] - found["W"], found["S"] - found["N"]


def _axis(label: str, minus: str) -> int:
    return 0 if label == "-" else (-int(label[1:]) if label[0] == minus else int(label[1:]))


def buildings_read(block: list[str]) -> set[tuple[int, int, str]]:
    """``(x, y, price)`` of each building a reader finds in one Alhambra's
    text: under the column label above it, on the row its label names."""
    found = set()
    columns: dict[int, int] = {}
    for line in block:
        if re.fullmatch(r"\s+(?:[WE]\d+|-)(?:\s+(?:[WE]\d+|-))*", line):  # the column labels
            columns = {(m.start() - 6) // 7: _axis(m.group(), "W") for m in re.finditer(r"[WE]\d+|-", line)}
            continue
        row = re.match(r"\s{2}\s*([NS]\d+|-) ", line)
        if row:
            for spot in BUILDING.finditer(line):
                found.add((columns.get((spot.start() - 6) // 7), _axis(row.group(1), "N"), spot.group(2)))
    return found


def test_every_building_of_a_wide_alhambra_is_read_at_its_cell(now, django_capture_on_commit_callbacks):
    rules = get_rules("alhambra")
    state = next(itertools.islice(random_playthrough(rules, PLAYERS, SEED), STEP, None)).state
    users = [make_user(f"p{i}@example.com", f"P{i}") for i in range(PLAYERS)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alhambra", now=now)
    match.state = rules.dump(state)
    match.save(update_fields=["state"])
    reader = next(u for u in users if any(m.reply_to for m in mails_to(u.email)))
    address = [m for m in mails_to(reader.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    ingest(bytes(message(address, "board", sender=reader.email)), django_capture_on_commit_callbacks)
    [answer] = mails_to(reader.email)
    lines = answer.body.splitlines()
    assert all(len(line) <= WIDTH for line in lines if "://" not in line), answer.body
    seats = {s.user.email: s.index for s in match.seats.select_related("user")}
    view = rules.view(state, seats[reader.email])
    widest = 0
    for entry in view["seats"]:
        cells = {(*_cell(label), tile.split()[1]) for label, tile in entry["alhambra"].items() if label != "F"}
        xs = [x for x, _y, _price in cells]
        widest = max(widest, max(xs, default=0) - min(xs, default=0) + 1)
    assert widest >= 10, "an Alhambra must be wider than 72 columns"
    heads = [i for i, line in enumerate(lines) if re.search(r"Alhambra \(\d+ points?,", line)]
    assert len(heads) == PLAYERS
    # Each Alhambra's block, in the order the mail shows them (the reader's first).
    order = sorted(range(PLAYERS), key=lambda s: (s != seats[reader.email], s))
    for start, seat in zip(heads, order, strict=True):
        block = lines[start + 1 : next(i for i in range(start, len(lines)) if "Buildings:" in lines[i])]
        entry = view["seats"][seat]
        cells = {(*_cell(label), tile.split()[1]) for label, tile in entry["alhambra"].items() if label != "F"}
        assert buildings_read(block) == cells, (seat, block)
