"""Playing a message of several moves without telling what the seat cannot see.

A message may hold a whole turn ("tavern B2; refresh; take 1 B3").  Some
steps turn up cards the seat has not seen (an Alta refresh or merchant
draw, an Atlantis sale).  Whether a later move of the same message plays,
and the reason it does not, depends on those cards; if a refusal took the
whole message back, the seat would learn them and could choose again.

So the message is played as at the table: until a move shows the seat
something that differs between the positions it could not tell from the
real one when it wrote the message (``Blind.worlds``: what it could not
see re-dealt, then the same moves played; ``revealed``), a refused move
refuses the whole message, which then changes nothing.  After that, the
moves up to the one refused stand and the rest is not played
(``protocol.Unplayed``; ``cuts``): the seat learns its cards by playing,
never by taking a move back.  Unless that move ended the seat's turn in
every position: every later move is then refused alike, whatever the
cards, and the whole message with it, so that a player who wrote a move
too many can send the turn again.

The re-deals also decide, after a move turned something up, whether a line
is a move or a message (``reads``), and a choice from a list the seat has
not seen (an option number, a whole turn's letter) is played only when it
names the same move in all of them (``mail.reply_text``).  They depend
only on what the seat sees (each game's ``randomize_hidden`` shuffles the
hidden cards in a fixed order with fixed seeds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import EngineError, NotationError
from .message import gettext_noop
from .protocol import Seat

#: Fixed re-deals: the same position and message always get the same
#: answer.  Eight, not fewer: a few re-deals can turn up the same cards by
#: chance (a deck rich in one colour), and then a choice would again be
#: read from the real cards.  The first three are the ones ``mail.turns``
#: lists whole turns in.
SEEDS = (18, 19, 20, 21, 22, 23, 24, 25)
#: Why a choice from a list is not played after a move turned up cards:
#: the list it names is worked out from them.
UNSEEN_LIST = gettext_noop(
    "it names a choice from a list you had not seen: an earlier move of your message turned up cards that "
    "change that list"
)
#: Plays one move, written as text, in a position: the new position, or
#: raises the ``EngineError`` that refused it.
Step = Callable[[Any, str], Any]


class Blind:
    """``seat``'s message played in re-deals of ``state`` alongside the
    real position, each move by ``step`` (a game that cannot re-deal has
    nothing hidden: ``revealed`` then stays false)."""

    def __init__(self, rules: Any, state: Any, seat: Seat, step: Step) -> None:
        self.rules = rules
        self.seat = seat
        self.step = step
        try:
            self.worlds: list[Any] | None = [rules.randomize_hidden(state, seat, seed) for seed in SEEDS]
        except NotImplementedError:
            self.worlds = None
        #: Has a move played so far shown the seat something that differs
        #: between the positions (or played in some and not in others)?
        self.revealed = False
        #: Did the seat's turn end, in every position, at the move that
        #: turned something up (an Alta turn's last move draws the next
        #: hand)?  Every later move is then refused alike, "your turn was
        #: already complete", whatever the cards: that refusal tells
        #: nothing, and may take the whole message back.
        self.ended_in_view = False

    def reads(self, text: str) -> bool | None:
        """Once something was turned up: does ``text`` read as a move in any
        of the re-deals?  (``None`` before: the real position decides.)
        Whether a line is a move or a message must not turn on the cards."""
        if not self.revealed or not self.worlds:
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

    @property
    def cuts(self) -> bool:
        """Does a refused move now leave the moves before it played (rather
        than refuse the whole message)?"""
        return self.revealed and not self.ended_in_view

    def play(self, text: str, after: Any) -> None:
        """Play ``text`` in every re-deal; the real position played it and
        is now ``after``.  A re-deal that refuses it is left out from then
        on (and the move counts as turning something up)."""
        if not self.worlds:
            return
        outcomes = [self._outcome(world, text) for world in self.worlds]
        played = [outcome for outcome in outcomes if not isinstance(outcome, EngineError)]
        if not self.revealed:
            seen = self.rules.view(after, self.seat)
            self.revealed = len(played) < len(outcomes) or any(
                self.rules.view(world, self.seat) != seen for world in played
            )
            self.ended_in_view = self.revealed and all(
                self.seat not in self.rules.to_move(position) for position in (after, *outcomes)
            )
        self.worlds = played

    def _outcome(self, world: Any, text: str) -> Any:
        """``world`` with ``text`` played, or the error that refused it."""
        try:
            return self.step(world, text)
        except EngineError as error:
            return error


__all__ = ["SEEDS", "UNSEEN_LIST", "Blind", "Step"]
