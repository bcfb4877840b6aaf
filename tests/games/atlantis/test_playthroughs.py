"""Golden playthroughs: regenerating each committed file gives the same text.

A difference means rules, RNG or views changed: read the diff, then
regenerate deliberately with ``python -m games.engine.playthrough atlantis P S
> tests/games/atlantis/playthroughs/Pp_seed_S.txt``.
"""

from pathlib import Path

import pytest

from games.engine.playthrough import write_playthrough

FILES = sorted(Path(__file__).parent.joinpath("playthroughs").glob("*p_seed_*.txt"))


def test_the_issue_player_counts_have_playthroughs():
    assert {f.name for f in FILES} >= {"2p_seed_1.txt", "4p_seed_2.txt"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_playthrough_is_unchanged(path):
    players, _, seed = path.stem.partition("p_seed_")
    assert write_playthrough("atlantis", int(players), int(seed)) == path.read_text()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_playthrough_views_show_only_the_own_hand(path):
    for line in path.read_text().splitlines():
        if line.startswith("  view spectator:"):
            assert '"hand"' not in line
        for forbidden in ('"secret"', '"stacks"', '"draw":['):
            assert forbidden not in line
