"""Alta: each player builds a 4 x 4 island of cards in 8 rounds.

A turn is up to five sub-moves by one seat: place a hand card (step 1),
optionally refresh two identical face-up cards (step 2), take a face-up card
and place it (step 3); a market placed in step 1 or 3 is followed at once by
a merchant choice.  Steps 4 (the other hand card goes face up) and 5 (draw
2, except after a player's 8th turn) happen by themselves.  The rules as
players read them are ``HELP.md`` beside this module; the points the printed
rules leave open are decided in the module that plays them (``legal``,
``play``, ``scoring``) and checked sentence by sentence in
``tests/games/alta/test_rules_audit.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.engine import BaseRules, Outcome, Transition
from games.engine.message import gettext_noop

from . import codec, legal, notation, notation_parse, notation_sentences, play, setup, strategy, view
from .moves import Move
from .scoring import score_seats
from .state import OVER, AltaState


class AltaRules(BaseRules[AltaState, Move]):
    """The rules object of Alta (stateless; see module docstring)."""

    slug = "alta"
    name = "Alta"
    min_players = 2
    max_players = 4
    engine_version = 1
    # A placed hand card is on the island for all to see, and a blind
    # merchant draw is written without the card drawn.
    public_move_text = True
    tie_break = "harbours"  # most fishing harbours (rules: Winner)
    # Not the cards drawn at the end of a turn, nor a blind merchant card.
    move_events = frozenset({"place", "refresh", "merchant"})
    # What a step turns face up, as its mover's own mail tells it: the
    # step's notation does not say which card went face up in step 4, nor
    # which merchant card or island cards came up from a deck.  (A blind
    # merchant card changes nothing face up; its taker alone is told it.)
    second_person: ClassVar[Mapping[str, tuple[str, str]]] = {
        gettext_noop(
            "%(seat)s took face-up %(card)s and placed it at %(cell)s; their other hand card, %(rest)s, is now face up."
        ): (
            "seat",
            gettext_noop(
                "You took face-up %(card)s and placed it at %(cell)s. Your other hand card, %(rest)s, is now face up."
            ),
        ),
        gettext_noop(
            "%(seat)s refreshed the face-up cards: both %(old)s cards leave "
            "the game; new face-up cards: %(first)s and %(second)s."
        ): (
            "seat",
            gettext_noop(
                "You refreshed the face-up cards: both %(old)s cards leave "
                "the game; new face-up cards: %(first)s and %(second)s."
            ),
        ),
        gettext_noop("%(seat)s took the face-up merchant card (%(card)s); the new face-up one is %(refill)s."): (
            "seat",
            gettext_noop("You took the face-up merchant card (%(card)s); the new face-up one is %(refill)s."),
        ),
        gettext_noop("%(seat)s took the face-up merchant card (%(card)s); the merchant deck is empty."): (
            "seat",
            gettext_noop("You took the face-up merchant card (%(card)s); the merchant deck is empty."),
        ),
    }
    # Refreshes stored before the wording named the cards ("both mill
    # leave the game") read as refreshes are written now.
    shown_wordings: ClassVar[Mapping[str, str]] = {
        "%(seat)s refreshed the face-up cards: both %(old)s leave "
        "the game; new face-up cards: %(first)s and %(second)s.": (
            gettext_noop(
                "%(seat)s refreshed the face-up cards: both %(old)s cards leave "
                "the game; new face-up cards: %(first)s and %(second)s."
            )
        ),
    }
    # The mover's own mail names the step in its headline ("take 1 tower
    # D3"): of step 3 it tells only the card that went face up.
    receipt_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop(
            "%(seat)s took face-up %(card)s and placed it at %(cell)s; their other hand card, %(rest)s, is now face up."
        ): gettext_noop("Your other hand card, %(rest)s, is now face up."),
    }
    codec = codec
    wordings = notation.WORDINGS

    # ------------------------------------------------------------- setup
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> AltaState:
        """A new game dealt from ``seed`` (see ``setup.setup``).

        :raises ValueError: unsupported number of players.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Alta is played by 2 to 4 players.")
        return setup.setup(players, seed)

    # ------------------------------------------------------------- turns
    def turn_number(self, state: AltaState, seat: int) -> int:
        """The turn counter."""
        return state.turn

    def _movers(self, state: AltaState) -> frozenset[int]:
        return legal.movers(state)

    def to_move(self, state: AltaState) -> frozenset[int]:
        # Same result as BaseRules.to_move, without its generic set algebra
        # in the common case (nobody has left): this sits in every apply.
        if state.departed or state.early_end is not None:
            return super().to_move(state)
        return legal.movers(state)

    def apply(self, state: AltaState, seat: int, move: Move) -> Transition[AltaState]:
        """``BaseRules.apply``.  While nobody has left and the game goes on,
        its checks come down to "is it ``seat``'s turn", and no departed
        seat is played for: then the move goes straight to ``_apply`` (the
        whole-turn search of the mail worker applies thousands of moves)."""
        # (first + turn) % players: ``state.seat_to_move``, without a property call.
        to_move = (state.first + state.turn) % state.players
        if not state.departed and state.early_end is None and state.step != OVER and seat == to_move:
            return play.apply_move(state, seat, move)
        return super().apply(state, seat, move)

    def outcome(self, state: AltaState) -> Outcome | None:
        # Same result as BaseRules.outcome: nothing while the game goes on
        # (asked after every step of the whole-turn search).
        if state.early_end is None and state.step != OVER:
            return None
        return super().outcome(state)

    def move_options(self, state: AltaState, seat: int) -> list[tuple[str, Move]]:
        """See ``legal.legal_options`` (the same list as
        ``BaseRules.move_options``, without writing each move's text)."""
        return legal.legal_options(state, seat)

    def _is_over(self, state: AltaState) -> bool:
        return state.step == OVER

    def legal_moves(self, state: AltaState, seat: int) -> list[Move]:
        """See ``legal.legal_moves``."""
        return legal.legal_moves(state, seat)

    def _apply(self, state: AltaState, seat: int, move: Move) -> Transition[AltaState]:
        return play.apply_move(state, seat, move)

    # ------------------------------------------------------------ scoring
    def _score(self, state: AltaState) -> tuple[tuple[int, ...], list[Any], tuple[dict[str, Any], ...]]:
        return score_seats(state)

    def default_move(self, state: AltaState, seat: int) -> Move:
        """See ``strategy.default_move``.

        :raises IllegalMove: ``seat`` has no move.
        """
        return strategy.default_move(state, seat)

    # ----------------------------------------------------------- notation
    def parse_move(self, state: AltaState, seat: int, text: str) -> Any:
        """See ``notation_parse.parse_move``."""
        return notation_parse.parse_move(state, seat, text)

    def split_turn_text(self, text: str) -> list[str]:
        """Moves are separated by ``;`` or new lines, and a line written as
        a sentence is cut at its joining words (``notation_sentences.split_line``)."""
        return [part for chunk in super().split_turn_text(text) for part in notation_sentences.split_line(chunk)]

    def format_move(self, state: AltaState, seat: int, move: Any) -> str:
        return notation.format_move(state, seat, move)

    # --------------------------------------------------------------- view
    def view(self, state: AltaState, seat: int | None) -> dict[str, Any]:
        """See ``view.seat_view``."""
        return view.seat_view(self, state, seat)

    def _revealed(self, state: AltaState, seat: int) -> dict[str, Any]:
        """See ``view.revealed``."""
        return view.revealed(state, seat)

    def randomize_hidden(self, state: AltaState, seat: int | None, seed: int) -> AltaState:
        """See ``view.redeal_hidden`` (nothing is re-dealt of what the end of
        the game revealed)."""
        return view.redeal_hidden(state, seat, seed, self.is_finished(state))
