"""``AlpacaRules``: the rules class, wiring ``setup``, ``legal``, ``play``,
``scoring`` and the other modules of the package.

The game in one paragraph (``HELP.md`` beside this module gives the rules
as players read them; ``tests/games/alpaca/test_rules_audit.py`` checks them):
every player owns a colour and holds 12 hidden tiles.  Each round one colour
is dominant; its player acts first and the turn passes to the left (seat 1,
2, 3, ...).  In that round every player places one tile whose major is the
dominant colour, touching a same-coloured triangle across an edge (the very
first tile is free); a player with no such tile, or none that fits, passes
(the engine passes for them).  Completing a closed figure (two minors across
an edge, or four majors around a grid corner) earns one bonus action per
figure: rotate a tile that is not untouchable, make the figure untouchable
(15 counters per game) or decline.  The next round's dominant colour belongs
to the player on the previous dominant player's *right*, i.e. the seat one
number lower.  The game ends after the round in which someone plays their
last tile, or after a whole cycle of rounds (one per player) without a
placement.  Each player scores n(n-1)/2 per chain of n triangles of their
colour.

Seats are numbered clockwise around the table: seat k+1 sits on seat k's
left, so "to the left" is the next seat number and "to the right" the
previous one (both modulo the number of players).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.engine import BaseRules, IllegalMove, Rng, Transition, TurnReveal, refuse_long_numbers, seed_state
from games.engine.message import gettext_noop

from . import codec, notation, scoring, setup, strategy
from .legal import bonus_moves, current_seat, placements
from .moves import Lock, Move, NoBonus, Place, Rotate
from .play import apply_bonus, apply_place, replace_fields
from .state import MAX_PLAYERS, MIN_PLAYERS, AlpacaState
from .view import build_view, revealed


class AlpacaRules(BaseRules[AlpacaState, Move]):
    """Alpaca for 2 to 5 players (see the module docstring)."""

    slug = "alpaca"
    name = "Alpaca"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    engine_version = 1
    # Not the figures a tile closed, the passes of seats that cannot
    # place, nor a new round.
    move_events = frozenset({"place", "bonus"})
    # The move history tells what was done, in the past tense as the other
    # games' histories do ("Ann placed ...").
    history_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop("%(who)s passes."): gettext_noop("%(who)s passed."),
        gettext_noop("%(seat)s has played their last tile: the game ends."): gettext_noop(
            "%(seat)s played their last tile: the game ended."
        ),
    }
    second_person: ClassVar[Mapping[str, tuple[str, str]]] = {
        gettext_noop("%(who)s passes."): ("seat", gettext_noop("You pass.")),
        gettext_noop("%(who)s closed a figure of two minor triangles (%(cells_text)s): one bonus action."): (
            "seat",
            gettext_noop("You closed a figure of two minor triangles (%(cells_text)s): one bonus action."),
        ),
        gettext_noop("%(who)s closed a figure of four major triangles (%(cells_text)s): one bonus action."): (
            "seat",
            gettext_noop("You closed a figure of four major triangles (%(cells_text)s): one bonus action."),
        ),
        gettext_noop("%(seat)s has played their last tile: the game ends."): (
            "seat",
            gettext_noop("You have played your last tile: the game ends."),
        ),
        gettext_noop("Round %(number)s: %(colour)s is dominant; %(dominant)s plays first."): (
            "dominant",
            gettext_noop("Round %(number)s: %(colour)s is dominant; you play first."),
        ),
    }
    codec = codec
    wordings = notation.WORDINGS

    # ----------------------------------------------------------- setup
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> AlpacaState:
        """A new game dealt from ``seed`` (see ``setup.setup``).  Alpaca has
        no options.

        :raises IllegalMove: fewer than 2 or more than 5 players.
        """
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMove(
                gettext_noop("Alpaca is for %(MIN_PLAYERS)s to %(MAX_PLAYERS)s players, not %(players)s."),
                MIN_PLAYERS=MIN_PLAYERS,
                MAX_PLAYERS=MAX_PLAYERS,
                players=players,
            )
        return setup.setup(players, seed)

    # ------------------------------------------------------------ turns
    def turn_reveal(self, players: int) -> TurnReveal:
        """Every tile is dealt at the start and none is ever drawn, so a move
        turns up no tile.  With two players the other hand is the tiles
        neither on the table nor in yours: nothing is hidden from a mover.
        With more, the automatic passes a placement may bring before the
        mover's next move tell that a seat holds no tile that fits."""
        return TurnReveal.NOTHING if players == 2 else TurnReveal.PASSES

    def turn_number(self, state: AlpacaState, seat: int) -> int:
        """A seat acts once a round, and may act again at once: it closes one round and
        leads the next, or the others passed."""
        return state.round

    def _movers(self, state: AlpacaState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        return frozenset((current_seat(state),))

    def _is_over(self, state: AlpacaState) -> bool:
        return state.phase == "over"

    def legal_moves(self, state: AlpacaState, seat: int) -> Sequence[Any]:
        if self.is_finished(state) or seat != current_seat(state):
            return []
        if state.phase == "bonus":
            return bonus_moves(state)
        return placements(state, seat)

    # ------------------------------------------------------------ apply
    def _apply(self, state: AlpacaState, seat: int, move: Any) -> Transition[AlpacaState]:
        if isinstance(move, Place):
            return apply_place(state, seat, move)
        if isinstance(move, Rotate | Lock | NoBonus):
            return apply_bonus(state, seat, move)
        raise IllegalMove(gettext_noop("Not an Alpaca move: %(repr)s."), repr=repr(move))

    # ---------------------------------------------------------- scoring
    def _score(self, state: AlpacaState) -> tuple[tuple[int, ...], Sequence[Any], tuple[dict[str, Any], ...]]:
        return scoring.score_seats(state)

    def default_move(self, state: AlpacaState, seat: int) -> Any:
        """The placement that scores most for ``seat`` now (then the one
        closing most figures); as a bonus, the rotation that gains most,
        else locking a figure of one's own colour, else declining."""
        return strategy.default_move(self, state, seat)

    # --------------------------------------------------------- notation
    def parse_move(self, state: AlpacaState, seat: int, text: str) -> Any:
        refuse_long_numbers(text)
        return notation.parse_move(state, seat, text)

    def split_turn_text(self, text: str) -> list[str]:
        """Moves are separated by ``;`` or new lines, and a bonus action
        also starts at ``bonus`` on the line of the placement it follows
        (``ryb at 0,-1 rot 1, bonus lock``)."""
        return [part for chunk in super().split_turn_text(text) for part in notation.split_line(chunk)]

    def format_move(self, state: AlpacaState, seat: int, move: Any) -> str:
        return notation.format_move(state, seat, move)

    # ------------------------------------------------------------- view
    def view(self, state: AlpacaState, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def _revealed(self, state: AlpacaState, seat: int) -> dict[str, Any]:
        return revealed(state, seat)

    def randomize_hidden(self, state: AlpacaState, seat: int | None, seed: int) -> AlpacaState:
        """Re-deal every hand ``seat`` cannot see (all of them for a
        spectator), keeping each hand's size, and replace the RNG state.
        Once the game is over every hand is public and only the RNG changes."""
        rng = Rng(seed_state(seed))
        if self.is_finished(state):
            return replace_fields(state, {"secret": rng.next_u64()})
        others = [s for s in range(state.players) if s != seat]
        pool = sorted(t for s in others for t in state.hands[s])  # not in the hidden order
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            size = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
        return replace_fields(state, {"hands": tuple(hands), "secret": rng.next_u64()})
