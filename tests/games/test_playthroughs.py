"""Golden playthroughs: every committed file comes out again byte for byte.

Each file is a seeded game, moves chosen by the engine's own RNG, written one
fact per line by ``games.engine.playthrough`` (see its docstring for the
format).  A difference means rules, notation or views changed: read the diff,
then regenerate deliberately (with an ``engine_version`` note when stored
games are affected).  One command rewrites every file, or those of the games
named::

    PYTHONPATH=. .venv/bin/python -m tests.games.test_playthroughs [SLUG ...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from games.engine import registered_slugs
from games.engine.playthrough import write_playthrough

HERE = Path(__file__).parent

#: ``(slug, players, seed)`` of every golden file: the player counts the
#: games' issues name, each seed the one of 24 that gave the smallest file.
GOLDEN = [
    ("alta", 2, 1),
    ("alta", 4, 2),
    ("alhambra", 2, 12),
    ("alhambra", 4, 17),
    ("atlantis", 2, 2),
    ("atlantis", 4, 9),
    ("alpaca", 2, 1),
    ("alpaca", 5, 16),
]
#: A game's files together, at most: small enough to read in review.  The
#: aim was 100 KB, which one 4-player Alhambra or 5-player Alpaca game
#: alone exceeds (150-170 KB with every seed tried, one fact per line).
MAX_BYTES = 260_000
#: View keys that would hold a secret.
FORBIDDEN = {"secret", "rng", "seed", "stacks", "draw", "deck_order"}


def path_of(slug: str, players: int, seed: int) -> Path:
    return HERE / slug / "playthroughs" / f"{players}p_seed_{seed}.txt"


def test_every_registered_game_has_a_playthrough():
    assert {slug for slug, _, _ in GOLDEN} == set(registered_slugs())


def test_the_issue_player_counts_have_playthroughs():
    assert {(slug, players) for slug, players, _ in GOLDEN} >= {
        ("alta", 2),
        ("alta", 4),
        ("alhambra", 2),
        ("alhambra", 4),
        ("atlantis", 2),
        ("atlantis", 4),
        ("alpaca", 2),
        ("alpaca", 5),
    }


@pytest.mark.parametrize("slug", registered_slugs())
def test_a_games_playthroughs_are_small_enough_to_review(slug):
    sizes = [path_of(*case).stat().st_size for case in GOLDEN if case[0] == slug]
    assert 0 < sum(sizes) <= MAX_BYTES, sizes


def test_no_other_playthrough_files_are_left_behind():
    committed = set(HERE.glob("*/playthroughs/*.txt"))
    assert committed == {path_of(*case) for case in GOLDEN}


@pytest.mark.parametrize(("slug", "players", "seed"), GOLDEN, ids=lambda v: str(v))
def test_playthrough_is_unchanged(slug, players, seed):
    assert write_playthrough(slug, players, seed) == path_of(slug, players, seed).read_text()


@pytest.mark.parametrize(("slug", "players", "seed"), GOLDEN, ids=lambda v: str(v))
def test_a_playthrough_shows_no_secret_and_no_hand_in_public(slug, players, seed):
    """No part holds the RNG, the seed, the deck or stack order; the public
    part holds no hand before the step that ends the game (and may reveal)."""
    play = path_of(slug, players, seed).read_text().partition("\noutcome:")[0]
    *before_the_end, last = play.split("\n\nstep ")
    for block in [*before_the_end, last]:
        who = ""
        for line in block.splitlines():
            if re.fullmatch(r"  (public|seat \d+):", line):
                who = line.strip(" :")
            elif line.startswith("    "):
                path = line.split()[0].split(".")
                assert not FORBIDDEN & set(path), line
                if who == "public" and block is not last:
                    assert "hand" not in path, line


def main(slugs: list[str]) -> int:
    """Rewrite the golden files (of ``slugs``, default all) and list them."""
    unknown = set(slugs) - set(registered_slugs())
    if unknown:
        print(f"unknown games: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for slug, players, seed in GOLDEN:
        if slugs and slug not in slugs:
            continue
        path = path_of(slug, players, seed)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_playthrough(slug, players, seed))
        print(f"{path}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
