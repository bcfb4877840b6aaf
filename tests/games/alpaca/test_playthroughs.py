"""The committed golden playthroughs still come out byte for byte.

Regenerate deliberately (and note it with an engine_version decision)::

    .venv/bin/python -m games.engine.playthrough alpaca 2 1 \
        > tests/games/alpaca/playthroughs/2p_seed_1.txt
"""

from pathlib import Path

import pytest

from games.engine.playthrough import write_playthrough

HERE = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("players,seed", [(2, 1), (5, 1)])
def test_playthrough_is_unchanged(players, seed):
    expected = (HERE / f"{players}p_seed_{seed}.txt").read_text()
    assert write_playthrough("alpaca", players, seed) == expected
