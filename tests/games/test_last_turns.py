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


def test_an_alta_last_turn_names_its_placements_in_the_order_they_were_played(alice, bob, now):
    """The summary listed the turn's cards in cell order ("placed Mill at
    B4, placed Tower at D3") where the history tells the hand card first;
    it now follows the order they were played, as the history does."""
    import re

    from games import selectors

    match = start_match(alice, bob, game="alta", now=now)
    checked = 0
    for _ in range(30):
        play_default_moves(match, now, submissions=1)
        history = selectors.match_history(match, None)
        for seat, turn in last_turns(match, viewer=None).items():
            said = board_for("alta").turn_summary(turn.before, turn.after, seat, steps=turn.steps)
            cells = re.findall(r"at ([A-G][1-7])", said)
            if len(cells) < 2:
                continue
            # The turn's placements as the history tells them, in order.
            told = [
                cell
                for entry in history
                if entry["seat"] == seat and entry["ply"] <= turn.ply
                for line in entry["events"]
                for cell in re.findall(r"placed .* at ([A-G][1-7])", line)
            ]
            assert cells == told[-len(cells) :], (said, told)
            checked += 1
    assert checked
