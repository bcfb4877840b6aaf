"""Golden playthroughs: a seeded random game, every seat's view at every step.

Regenerate deliberately (with an ``engine_version`` note) with
``python -m games.engine.playthrough alhambra 2 9 > .../2p_seed_9.txt``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.playthrough import write_playthrough

HERE = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("players, seed", [(2, 9), (4, 7)])
def test_playthrough_matches_the_committed_file(players, seed):
    expected = (HERE / f"{players}p_seed_{seed}.txt").read_text()
    assert write_playthrough("alhambra", players, seed) == expected
