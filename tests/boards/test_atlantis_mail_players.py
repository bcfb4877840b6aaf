"""Atlantis's player lines in the plain-text mail keep within the mail's
width by themselves, broken only between "; " parts: the mail's own
wrapping left "pawns" at a line's end and "M M M" alone below it."""

from django.utils import translation

from games.boards.atlantis.mail import text
from games.engine import get_rules

RULES = get_rules("atlantis")


def test_a_long_score_line_breaks_between_its_parts():
    view = RULES.view(RULES.setup(3, 77), 0)
    seat = view["seats"][0]
    seat.update(score=-1, tile_points=20, cards=14, bridge=27, pawns=[0, 54, 54])
    view["final"] = {**(view.get("final") or {}), "end_tolls": [25, 12, 0]}
    for language, pawns in (("nl", "pionnen A M M"), ("en", "pawns A M M")):
        with translation.override(language):
            lines = text(view, ["Anna570", "Bram570", "Cor570"]).splitlines()
        players = lines[next(i for i, line in enumerate(lines) if line in ("Players:", "Spelers:")) :]
        assert all(len(line) <= 72 for line in players), players
        assert any(line.strip() == pawns for line in players) or any(line.endswith(pawns) for line in players), players
        assert not any(line.rstrip().endswith(pawns.split()[0]) for line in players), players
