"""Answering a message of several moves without telling what the seat cannot see.

A message may hold a whole turn ("tavern B2; refresh; take 1 B3").  Some
steps turn up cards the seat has not seen (an Alta refresh or merchant
draw, an Atlantis sale).  Whether a later move of the same message plays,
and the reason it does not, would tell the seat those cards while it can
still take the whole message back.

So each move of such a message is also played in positions the seat could
not tell from the real one when it wrote the message (``Blind.worlds``:
what it could not see re-dealt, then the same moves played).  Until a move
shows the seat something that differs between them (``revealed``), every
answer is the real one.  After that, a later move is accepted only when it
plays in all of them and in the real position, and any refusal is the one
fixed ``REFUSAL``: its own reason (even "your turn was already complete")
could depend on the cards turned up.

The re-deals depend only on what the seat sees (each game's
``randomize_hidden`` shuffles the hidden cards in a fixed order with fixed
seeds), so these answers say nothing about the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from .errors import EngineError, IllegalMove, NotationError
from .message import gettext_noop
from .protocol import Seat

#: Fixed re-deals: the same position and message always get the same
#: answer.  Eight, not fewer: a few re-deals can turn up the same cards by
#: chance (a deck rich in one colour), and then an answer would again depend
#: on the real cards.  The first three are the ones ``mail.turns`` lists
#: whole turns in.
SEEDS = (18, 19, 20, 21, 22, 23, 24, 25)
#: The refusal of every move that does not play after something was turned up.
REFUSAL = gettext_noop(
    "an earlier move of this message turns up cards you had not seen, and this move does not fit "
    "whatever they are: end the message before this move, and send it once you have seen them"
)
#: Plays one move, written as text, in a position: the new position, or
#: raises the ``EngineError`` that refused it.
Step = Callable[[Any, str], Any]


class Blind:
    """``seat``'s message played in re-deals of ``state`` alongside the
    real position, each move by ``step`` (a game that cannot re-deal has
    nothing hidden: every answer is then the real one)."""

    def __init__(self, rules: Any, state: Any, seat: Seat, step: Step) -> None:
        self.rules = rules
        self.seat = seat
        self.step = step
        try:
            self.worlds: list[Any] | None = [rules.randomize_hidden(state, seat, seed) for seed in SEEDS]
        except NotImplementedError:
            self.worlds = None
        #: Has a move shown the seat something that differs between the positions?
        self.revealed = False
        #: Did the turn end at a move played before that (so the seat could
        #: tell it would, and "your turn was already complete" tells nothing)?
        self.ended_in_view = False

    def reads(self, text: str) -> bool | None:
        """Once something was turned up: does ``text`` read as a move in any
        of the re-deals?  (``None`` before: the real position decides.)
        Whether a line is a move or a message must not tell the cards."""
        if not self.revealed or self.worlds is None:
            return None
        for world in self.worlds:
            try:
                self.rules.parse_move(world, self.seat, text)
            except NotationError:
                continue
            except EngineError:
                pass  # a move, but not one this seat may play there
            return True
        return False

    def refuse(self, error: EngineError) -> NoReturn:
        """Answer a move the real position refused with ``error``: ``error``
        itself until something was turned up (or once the turn ended where
        the seat could tell it would), else ``REFUSAL``."""
        if self.revealed and not self.ended_in_view:
            raise IllegalMove(REFUSAL) from None
        raise error

    def play(self, text: str, after: Any) -> None:
        """Play ``text`` in every re-deal; the real position played it and
        is now ``after``.

        :raises IllegalMove: ``REFUSAL``, when any re-deal refuses it."""
        if self.worlds is None:
            return
        outcomes = [self._outcome(world, text) for world in self.worlds]
        if any(isinstance(outcome, EngineError) for outcome in outcomes):
            raise IllegalMove(REFUSAL)
        self.worlds = outcomes
        if self.revealed:
            return
        seen = self.rules.view(after, self.seat)
        self.revealed = any(self.rules.view(world, self.seat) != seen for world in outcomes)
        self.ended_in_view = all(self.seat not in self.rules.to_move(position) for position in (after, *outcomes))

    def _outcome(self, world: Any, text: str) -> Any:
        """``world`` with ``text`` played, or the error that refused it."""
        try:
            return self.step(world, text)
        except EngineError as error:
            return error


__all__ = ["REFUSAL", "SEEDS", "Blind", "Step"]
