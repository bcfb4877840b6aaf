"""Every move the help shows, in English, Dutch and Italian, is one the
engine reads and plays as the help says, in a position where the help's
words hold."""

import pytest

from games.engine import get_rules
from games.rules.alpaca import Lock, NoBonus, Place, Rotate
from games.rules.alpaca.testing import position, tile

RULES = get_rules("alpaca")

# Red is dominant; the yellow/blue-green tile at 1,-1 shows blue on its
# south edge, so red/blue-green fits below it at 1,-2 in rotation 2 (its
# blue minor on top).  It is the third tile of the hand.
PLACING = position(colours="red blue", table="1,-1 y/b-g 0", hands=["ryg ryb rbg", "byp"])
RBG = Place(tile("rbg"), 1, -2, 2)

# The tile at 0,0 closed two minor pairs, with 0,1 and with 1,0: two bonus
# actions; the tile at 0,1 lies in rotation 0.
BONUS = position(
    colours="red blue",
    table="0,0 r/b-g 2; 1,0 y/g-p 1; 0,1 y/b-p 0",
    hands=["ryg ryb", "byp bgr"],
    phase="bonus",
    bonuses=2,
    pending=(((0, 0), (0, 1)), ((0, 0), (1, 0))),
)

# Yellow is dominant; yellow/red-blue at 2,0 in rotation 1 puts its red minor
# against the red minor of 1,0: one closed figure, locked by the bonus.
TURN = position(colours="yellow blue", table="1,0 b/r-g 3", hands=["yrb ygp", "bry bgp"])

WORDS = {
    "en": {
        "place": ("red/blue-green at 1,-2 rot 2", "#3 at 1,-2 rot 2"),
        "bonus": ("bonus rotate 0,1 to 3", "bonus lock 1,0", "bonus none"),
        "turn": "yellow/red-blue at 2,0 rot 1; bonus lock",
    },
    "nl": {
        "place": ("rood/blauw-groen op 1,-2 rot 2", "#3 1,-2 rot 2"),
        "bonus": ("bonus draai 0,1 naar 3", "bonus onaantastbaar 1,0", "bonus geen"),
        "turn": "geel/rood-blauw op 2,0 rot 1; bonus onaantastbaar",
    },
    "it": {
        "place": ("rosso/blu-verde a 1,-2 rotazione 2", "#3 a 1,-2 rotazione 2"),
        "bonus": ("bonus ruota 0,1 a 3", "bonus intoccabile 1,0", "bonus nessuno"),
        "turn": "giallo/rosso-blu a 2,0 rotazione 1; bonus intoccabile",
    },
}


@pytest.mark.parametrize("language", ["en", "nl", "it"])
def test_the_help_s_placements_are_read_and_fit(language):
    text = RULES.help_text(language)
    for words in WORDS[language]["place"]:
        assert words in text, words
        assert RULES.parse_move(PLACING, 0, words) == RBG
    assert RBG in RULES.legal_moves(PLACING, 0)


@pytest.mark.parametrize("language", ["en", "nl", "it"])
def test_the_help_s_bonus_actions_are_read_and_allowed(language):
    text = RULES.help_text(language)
    rotate, lock, decline = WORDS[language]["bonus"]
    assert all(words in text for words in (rotate, lock, decline))
    moves = [RULES.parse_move(BONUS, 0, words) for words in (rotate, lock, decline)]
    assert moves == [Rotate(0, 1, 3), Lock(((0, 0), (1, 0))), NoBonus()]
    assert all(move in RULES.legal_moves(BONUS, 0) for move in moves)


@pytest.mark.parametrize("language", ["en", "nl", "it"])
def test_the_help_s_whole_turn_plays_as_one_message(language):
    words = WORDS[language]["turn"]
    assert words in RULES.help_text(language)
    after = RULES.apply_text(TURN, 0, words).state
    assert after.locked == (((1, 0), (2, 0)),) and after.counters == 14
