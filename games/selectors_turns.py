"""Each seat's last turn as the viewer saw it: the viewer's view of the
table just before and just after that seat's last turn, rebuilt once from
the seed and the move log.  A turn is a run of consecutive submissions by
one seat (an Alta turn sent step by step, card then merchant, is one
turn).  Both views are the viewer's own, so comparing them shows nothing
the viewer could not see."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from games.engine import EngineError, Termination, get_rules

from .models import Match, MoveRecord

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Turn:
    seat: int
    #: The ply of the turn's last submission.
    ply: int
    #: The viewer's view before the turn's first submission and after its last.
    before: dict[str, Any]
    after: dict[str, Any]
    #: The viewer's view after each move of the turn, in the order played
    #: (the last is ``after``): a summary names what it did in that order.
    steps: tuple[dict[str, Any], ...] = ()


def last_turns(match: Match, viewer: int | None) -> dict[int, Turn]:
    """The last turn (moves only, not a resignation or timeout) of each seat
    that has moved, keyed by seat index; empty when the log does not replay
    (a state edited by hand): the outline is a help, never a reason to fail
    the page."""
    rules = get_rules(match.game)
    if match.seed is None:  # not started: nothing has been played
        return {}
    state = rules.setup(match.players, match.seed, match.options or None)
    around: dict[int, tuple[int, Any, Any, tuple[Any, ...]]] = {}
    previous_seat: int | None = None
    try:
        for record in match.moves.order_by("ply"):
            if record.kind == MoveRecord.Kind.MOVE:
                seat = record.seat_index
                steps = []
                after = state
                for move in record.moves:
                    after = rules.apply(after, seat, rules.load_move(move)).state
                    steps.append(after)
                # The same seat again, nobody between: the turn goes on.
                going_on = seat == previous_seat and seat in around
                start = around[seat][1] if going_on else state
                earlier = around[seat][3] if going_on else ()
                around[seat] = (record.ply, start, after, (*earlier, *steps))
                previous_seat = seat
            else:
                previous_seat = None
                reason = Termination.RESIGNATION if record.kind == MoveRecord.Kind.RESIGN else Termination.TIMEOUT
                after = rules.resign(state, record.seat_index, reason).state
            state = after
    except EngineError:
        logger.warning("The move log of match %s does not replay; no last turns shown.", match.pk)
        return {}
    turns = {}
    for seat, (ply, before, after, played) in around.items():
        # The last step is the turn's end: its view is not made twice.
        views = tuple(rules.view(step, viewer) for step in played)
        turns[seat] = Turn(
            seat, ply, rules.view(before, viewer), views[-1] if views else rules.view(after, viewer), views
        )
    return turns
