"""More of how people write one option number or letter in a short reply
("Doe maar 2", "2, dank je wel", "Letter B", a keycap emoji "2️⃣"): read
as that number or letter, as "optie 2 graag" is."""

from __future__ import annotations

import pytest

from games.engine import get_rules
from mail.reply_text import read_reply
from mail.turns import whole_turns

NUMBERS = [
    "Doe maar 2",
    "doe maar optie 2",
    "2, dank je wel",
    "2 dankjewel",
    "Nummer 2, dank u wel",
    "2\ufe0f\u20e3",
    "Ik neem optie 2",
    "I'll go with option 2",
    "I\u2019ll take option 2",
]
LETTERS = ["Letter B", "doe maar B", "B, dank je wel!", "Dankjewel, B", "Ik speel B", "I play B", "Ik ga voor B"]


def _alta():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    return rules, state, min(rules.to_move(state))


@pytest.mark.parametrize("text", NUMBERS)
def test_a_number_in_these_words_reads_as_that_option(text):
    rules, state, seat = _alta()
    assert read_reply(rules, state, seat, text).moves == [rules.move_options(state, seat)[1][0]]


@pytest.mark.parametrize("text", LETTERS)
def test_a_letter_in_these_words_reads_as_that_whole_turn(text):
    rules, state, seat = _alta()
    assert read_reply(rules, state, seat, text).moves == list(whole_turns(rules, state, seat)[1].steps)
