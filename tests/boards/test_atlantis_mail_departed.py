"""A player who left reads as one bracket in Atlantis's mail board:
"2 Cees (black, left)", not "2 Cees (black) (left)"."""

from django.utils import translation

from games.boards.atlantis.mail import html, text
from games.engine import get_rules

RULES = get_rules("atlantis")
NAMES = ["Anna", "Cees", "Cor"]


def _view():
    view = RULES.view(RULES.setup(3, 77), 0)
    view["departed"] = [1]
    view["to_move"] = [0]
    return view


def test_a_departed_player_is_one_bracket_in_both_languages():
    for language, expected in (("en", "2 Cees (black, left)"), ("nl", "2 Cees (zwart, vertrokken)")):
        with translation.override(language):
            plain, rich = text(_view(), NAMES), html(_view(), NAMES)
        assert expected in plain, plain
        assert expected in rich, rich
        assert ") (" not in plain
