"""An Alta turn written as one sentence ("tower D4 and take 1 D3", "Markt
D4, koopman blind, neem 2 op D3") is the whole turn, in English and Dutch:
each move of it is read, not the sentence as one card name."""

import pytest

from games.engine import get_rules
from games.rules.alta.testing import island, position
from mail.reply_text import read_reply

RULES = get_rules("alta")
# Mill D4 and wheat field E4 on the island; market and wheat field in hand;
# face up: 1 tower, 2 farmer's hut.
STATE = position(
    islands={0: island(". . . .", ". MIL WHE .")}, hands={0: ["market", "wheat"]}, face_up=("tower", "hut")
)


@pytest.mark.parametrize(
    ("text", "played"),
    [
        ("wheat D3 and take 1 D5", ["wheat D3", "take 1 D5"]),
        ("Wheat on D3, then take the tower to D5.", ["Wheat on D3", "take the tower to D5"]),
        ("I place the wheat at D3 and I take card 1 to D5.", ["I place the wheat at D3", "I take card 1 to D5"]),
        ("I'll put my wheat on D3 and take the hut to D5", ["I'll put my wheat on D3", "take the hut to D5"]),
        ("Ik leg mijn akker op D3 en neem de toren naar D5.", ["Ik leg mijn akker op D3", "neem de toren naar D5"]),
        ("akker D3 en dan neem 1 D5", ["akker D3", "neem 1 D5"]),
        ("market D3 and merchant blind and take 2 D5", ["market D3", "merchant blind", "take 2 D5"]),
        ("Markt D3, koopman open, neem 2 op D5", ["Markt D3", "koopman open", "neem 2 op D5"]),
    ],
)
def test_a_turn_written_as_a_sentence_is_played_whole(text, played):
    reply = read_reply(RULES, STATE, 0, text)
    assert (reply.moves, reply.message) == (played, "")


def test_a_message_beside_a_cell_is_still_a_message():
    reply = read_reply(RULES, STATE, 0, "Nice move on D4, good luck!")
    assert reply.moves == [] and reply.message == "Nice move on D4, good luck!"
