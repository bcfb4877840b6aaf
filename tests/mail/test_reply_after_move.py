"""A word that follows a move on the same line of a reply is refused with a
reason the player can match to what they wrote: "bridge 27 x" has no ";",
so the refusal no longer says '"x" (after ";") is not a move'."""

import pytest

from games.engine import IllegalMove, get_rules
from mail.reply_text import read_reply


@pytest.mark.parametrize("line", ["bridge 27 x", "bridge 27 (gap 27, toll 2 now)x", "bridge 27; x"])
def test_a_word_after_a_move_on_its_line_is_named_without_a_semicolon(line):
    rules = get_rules("atlantis")
    state = rules.setup(2, 7)
    with pytest.raises(IllegalMove) as refused:
        read_reply(rules, state, state.turn, line)
    said = str(refused.value)
    assert '"x"' in said and ";" not in said and "same line" in said, said
