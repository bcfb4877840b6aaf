"""A seat's last turn is the whole run of its consecutive submissions: an
Alta turn sent step by step (hand card, face-up card, merchant) is outlined
and summarised as one turn, not as its last step."""

import pytest

from games.boards import board_for
from games.models import MoveRecord
from games.selectors_turns import last_turns

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def test_a_turn_sent_step_by_step_is_one_turn(alice, bob, now):
    match = start_match(alice, bob, game="alta", now=now)
    play_default_moves(match, now, submissions=8)
    records = list(match.moves.filter(kind=MoveRecord.Kind.MOVE).order_by("ply"))
    # Each seat sent its turns in several submissions.
    first = records[0].seat_index
    assert records[1].seat_index == first
    turns = last_turns(match, viewer=1 - first)
    assert set(turns) == {0, 1}
    board = board_for("alta")
    for seat, turn in turns.items():
        run = [r for r in records if r.seat_index == seat]
        assert turn.ply == run[-1].ply
        before, after = turn.before["islands"][seat]["cells"], turn.after["islands"][seat]["cells"]
        # A whole Alta turn places two cards: the hand card and a face-up card.
        assert len(set(after) - set(before)) == 2
        said = board.turn_summary(turn.before, turn.after, seat)
        assert said.count("laced ") == 2, said
