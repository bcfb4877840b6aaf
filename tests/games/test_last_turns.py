"""A seat's last turn is the whole run of its consecutive submissions: an
Alta turn sent step by step (hand card, face-up card, merchant) is outlined
and summarised as one turn, not as its last step."""

import pytest

from games.boards import board_for
from games.models import MoveRecord
from games.selectors_turns import last_turns

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def _seats_in_order(match) -> list[int]:
    return list(match.moves.filter(kind=MoveRecord.Kind.MOVE).order_by("ply").values_list("seat_index", flat=True))


def test_a_turn_sent_step_by_step_is_one_turn(alice, bob, now):
    match = start_match(alice, bob, game="alta", now=now)
    # Play one submission at a time until the first seat has begun its
    # second turn: the other seat's turn in between is then complete.
    while True:
        play_default_moves(match, now, submissions=1)
        seats = _seats_in_order(match)
        changes = sum(1 for a, b in zip(seats, seats[1:], strict=False) if a != b)
        if changes == 2:
            break
    first, other = seats[0], 1 - seats[0]
    records = list(match.moves.filter(kind=MoveRecord.Kind.MOVE).order_by("ply"))
    assert [r.seat_index for r in records[:2]] == [first, first]  # a turn of several submissions
    turns = last_turns(match, viewer=first)
    board = board_for("alta")

    # The other seat's complete turn: both its cards, said as one turn.
    turn = turns[other]
    assert turn.ply == max(r.ply for r in records if r.seat_index == other)
    gained = set(turn.after["islands"][other]["cells"]) - set(turn.before["islands"][other]["cells"])
    assert len(gained) == 2  # the hand card and a face-up card
    assert board.turn_summary(turn.before, turn.after, other).count("laced ") == 2

    # The first seat's last turn is the one it has begun, not its first.
    turn = turns[first]
    assert turn.ply == records[-1].ply
    gained = set(turn.after["islands"][first]["cells"]) - set(turn.before["islands"][first]["cells"])
    assert len(gained) == 1  # only the second turn's hand card so far
