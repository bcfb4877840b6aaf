"""Atlantis toll payments at the worst reachable hands: 56 cards, toll 30.

For each state (0 to 6 collected tiles of every value) prints the number of
listed payments, the median time of ``legal_moves`` and of ``move_options``
and the size of the real game page (``match_detail`` through Django's test
client, on a throwaway SQLite database) for the player who owes the toll.

Usage: ``python benchmarks/atlantis_payments.py [--runs 50]``
Targets: options <= 10 ms, page <= 300 KB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from functools import partial

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

#: 8 cards of each colour (56), plus the grey that moves the pawn.
HAND = " ".join(c for c in ("bl", "wh", "gy", "ye", "gn", "pk", "br") for _ in range(8))
TILE_COLOURS = ("bl", "wh", "gy", "ye", "gn", "pk")


def worst_states():
    """Seat 0 owes 30 with 56 cards in hand and 0, 1, 3 or 6 tiles of each value."""
    from games.rules.atlantis.testing import toll_state

    for per in (0, 1, 3, 6):
        tiles = " ".join(f"{c}{v}" for v in range(1, 8) for c in TILE_COLOURS[:per])
        yield toll_state(HAND, tiles)


def median_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def django_setup() -> None:
    folder = tempfile.mkdtemp(prefix="alta-bench-atlantis-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def page_bytes(state) -> tuple[int, float]:
    """Size and time of the game page of a fresh 2-player match put in
    ``state``, seen by the player owing the toll."""
    from django.test import Client
    from django.utils import timezone

    from alta_site.accounts.models import User
    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated

    rules = get_rules("atlantis")
    count = User.objects.count()
    users = [
        User.objects.create_user(email=f"p{count + n}@bench.test", password="x", display_name=f"P{count + n}")
        for n in range(2)
    ]
    match = match_create_seated(users=users, game="atlantis", now=timezone.now())
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    owing = match.seats.get(index=state.turn).user
    assert owing is not None  # every seat was taken
    client = Client()
    client.force_login(owing)
    start = time.perf_counter()
    response = client.get(match.get_absolute_url(), HTTP_HOST="localhost")
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    assert b"Pay the toll of 30" in response.content and b"Pay the toll (" in response.content
    return len(response.content), elapsed * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    django_setup()
    from games.engine import get_rules

    rules = get_rules("atlantis")
    print(
        f"{'tiles':>5} {'cards':>5} {'toll':>4} {'options':>7} {'legal ms':>9} "
        f"{'options ms':>10} {'page KB':>8} {'page ms':>8}"
    )
    for state in worst_states():
        seat = state.turn
        options = rules.move_options(state, seat)
        legal = median_ms(partial(rules.legal_moves, state, seat), args.runs)
        listed = median_ms(partial(rules.move_options, state, seat), args.runs)
        size, page_ms = page_bytes(state)
        print(
            f"{len(state.tiles[seat]):>5} {sum(state.hands[seat]):>5} {state.toll_due:>4} "
            f"{len(options):>7} {legal:>9.2f} {listed:>10.2f} {size / 1000:>8.1f} "
            f"{page_ms:>8.1f}"
        )


if __name__ == "__main__":
    main()
