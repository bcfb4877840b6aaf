"""``AlhambraRules``: Alhambra (2-6 players, Dirk with two) on the engine
protocol.

The game logic lives in ``setup``, ``legal`` (legal moves), ``play`` (apply)
and ``play_end`` (end of turn, scorings, game end), ``board`` (placement
rules, walls) and ``scoring`` (majorities); this class wires them to
``BaseRules`` and adds the default move and the hidden-information re-deal
(games/rules/README.md gives the shape of every game package).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.engine import BaseRules, Event, Rng, Transition, refuse_long_numbers, seed_state
from games.engine.message import gettext_noop
from games.engine.protocol import JSON

from . import codec, legal, notation, notation_parse, play, setup, strategy
from .components import SCORING_CARDS, TYPES
from .moves import Move
from .state import AlhambraState, SeatState, Secret, transition
from .view import revealed
from .view import view as make_view


class AlhambraRules(BaseRules[AlhambraState, Move]):
    """Alhambra, with the rules ``HELP.md`` beside this module gives
    players (checked in ``tests/games/alhambra/test_rules_audit.py``)."""

    slug = "alhambra"
    name = "Alhambra"
    min_players = 2
    max_players = 6
    engine_version = 1
    # Not the refills, scorings, Dirk's tiles or the end's handout.
    move_events = frozenset({"take", "buy", "redesign", "place", "gift", "done"})
    second_person: ClassVar[Mapping[str, tuple[str, str]]] = {
        gettext_noop("%(seat)s is dealt %(names)s (%(total)s in all)."): (
            "seat",
            gettext_noop("You are dealt %(names)s (%(total)s in all)."),
        ),
        gettext_noop("Slot %(slot)s: %(name)s goes to %(seat)s (most %(currency)s)."): (
            "seat",
            gettext_noop("Slot %(slot)s: %(name)s goes to you (most %(currency)s)."),
        ),
        # The money a move takes or pays, as the mover's page tells it.
        gettext_noop("%(seat)s takes %(names)s."): ("seat", gettext_noop("You take %(names)s.")),
        gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s."): (
            "seat",
            gettext_noop("You buy %(tile_label)s for %(currency)s %(names)s."),
        ),
        gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s (exact: another action)."): (
            "seat",
            gettext_noop("You buy %(tile_label)s for %(currency)s %(names)s (exact: another action)."),
        ),
    }
    # The move history tells what was done, in the past tense as the other
    # games' histories do ("Ann placed ...").
    history_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop("%(seat)s takes %(names)s."): gettext_noop("%(seat)s took %(names)s."),
        gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s."): gettext_noop(
            "%(seat)s bought %(tile_label)s for %(currency)s %(names)s."
        ),
        gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s (exact: another action)."): gettext_noop(
            "%(seat)s bought %(tile_label)s for %(currency)s %(names)s (exact: another action)."
        ),
        gettext_noop("%(seat)s moves %(tile_label)s from %(label)s to the reserve."): gettext_noop(
            "%(seat)s moved %(tile_label)s from %(label)s to the reserve."
        ),
        gettext_noop("%(seat)s builds %(name)s from the reserve at %(label)s."): gettext_noop(
            "%(seat)s built %(name)s from the reserve at %(label)s."
        ),
        gettext_noop("%(seat)s swaps %(tile_label)s from the reserve with %(tile_label2)s at %(label)s."): (
            gettext_noop("%(seat)s swapped %(tile_label)s from the reserve with %(tile_label2)s at %(label)s.")
        ),
        gettext_noop("%(seat)s puts %(tile_label)s in the reserve."): gettext_noop(
            "%(seat)s put %(tile_label)s in the reserve."
        ),
        gettext_noop("%(seat)s places %(tile_label)s at %(cell_label)s."): gettext_noop(
            "%(seat)s placed %(tile_label)s at %(cell_label)s."
        ),
        gettext_noop("%(seat)s ends the turn."): gettext_noop("%(seat)s ended the turn."),
        gettext_noop("%(seat)s gives %(tile_label)s to Dirk."): gettext_noop("%(seat)s gave %(tile_label)s to Dirk."),
        gettext_noop("Dirk receives %(names)s."): gettext_noop("Dirk received %(names)s."),
        gettext_noop("Slot %(slot)s: %(name)s goes to %(seat)s (most %(currency)s)."): gettext_noop(
            "Slot %(slot)s: %(name)s went to %(seat)s (most %(currency)s)."
        ),
        gettext_noop("Slot %(slot)s: %(name)s goes to nobody (a tie for most %(currency)s)."): gettext_noop(
            "Slot %(slot)s: %(name)s went to nobody (a tie for most %(currency)s)."
        ),
        gettext_noop("Slot %(slot)s: %(name)s goes to nobody (nobody holds %(currency)s)."): gettext_noop(
            "Slot %(slot)s: %(name)s went to nobody (nobody held %(currency)s)."
        ),
        gettext_noop("The discarded money is reshuffled."): gettext_noop("The discarded money was reshuffled."),
        gettext_noop("The market cannot be refilled: the game ends."): gettext_noop(
            "The market could not be refilled: the game ended."
        ),
    }
    # The mover's own mail names the move in its headline ("take denar
    # 8"): money taken is not said again; a purchase still says the tile
    # bought and whether it was exact.
    receipt_wordings: ClassVar[Mapping[str, str]] = {gettext_noop("%(seat)s takes %(names)s."): ""}
    codec = codec
    wordings = notation.WORDINGS

    def setup(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> AlhambraState:
        """A new game (no options).

        :raises ValueError: fewer than 2 or more than 6 players.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Alhambra is for 2 to 6 players, not {players}.")
        return setup.setup(players, seed)

    # ------------------------------------------------------------ hooks
    def turn_number(self, state: AlhambraState, seat: int) -> int:
        """The turn counter."""
        return state.turn

    def _movers(self, state: AlhambraState) -> frozenset[int]:
        return legal.movers(state)

    def _apply(self, state: AlhambraState, seat: int, move: Move) -> Transition[AlhambraState]:
        new, events = play.apply_move(state, seat, move)
        return Transition(new, tuple(events))

    def _is_over(self, state: AlhambraState) -> bool:
        return state.phase == "over"

    def _score(self, state: AlhambraState) -> tuple[tuple[int, ...], Sequence[Any], tuple[Mapping[str, JSON], ...]]:
        scores = tuple(s.score for s in state.seats)
        # The score last: it sums the scorings above it, as a breakdown reads.
        details = tuple(
            {
                "rounds": [r.points[i] for r in state.scorings],
                "walls": [r.walls[i] for r in state.scorings],
                "buildings": dict(zip(TYPES, s.alhambra.counts(), strict=True)),
                "score": s.score,
            }
            for i, s in enumerate(state.seats)
        )
        if state.dirk is not None:
            dirk_score = sum(r.dirk or 0 for r in state.scorings)
            details = tuple({**d, "dirk_score": dirk_score} for d in details)
        return scores, scores, details

    # ------------------------------------------------------------ moves
    def to_move(self, state: AlhambraState) -> frozenset[int]:
        # Same answer as BaseRules.to_move, without its generic overhead
        # (called several times per move).
        if state.early_end is not None or state.phase == "over":
            return frozenset()
        movers = legal.movers(state)
        if state.departed:
            movers = movers - frozenset(seat for seat, _ in state.departed)
        return movers

    def apply(self, state: AlhambraState, seat: int, move: Move) -> Transition[AlhambraState]:
        """``BaseRules.apply``, with a fast path for the usual case: no seat
        has left and it is ``seat``'s action or placing (then its checks pass
        and there is no departed seat to auto-play; the hot path of every
        game).  Every other case (the hand-out, a finished game, a wrong
        seat) goes through ``BaseRules.apply``."""
        if (
            state.departed
            or state.early_end is not None
            or seat != state.current
            or (state.phase != "action" and state.phase != "place")
        ):
            return super().apply(state, seat, move)
        new, events = play.apply_move(state, seat, move)
        return transition(new, events)

    def departed_seats(self, state: AlhambraState) -> tuple[int, ...]:
        # Same as BaseRules', with a fast path: called on every apply.
        if not state.departed:
            return ()
        return tuple(seat for seat, _ in state.departed)

    def legal_moves(self, state: AlhambraState, seat: int) -> list[Move]:
        """Every legal move of ``seat`` (empty if it is not to move)."""
        if state.early_end is not None or (state.departed and any(s == seat for s, _ in state.departed)):
            return []
        return legal.legal_moves(state, seat)

    def default_move(self, state: AlhambraState, seat: int) -> Move:
        """See ``strategy.default_move``."""
        return strategy.default_move(state, seat)

    def parse_move(self, state: AlhambraState, seat: int, text: str) -> Move:
        """:raises NotationError: the text is not a move here."""
        refuse_long_numbers(text)
        return notation_parse.parse_move(state, seat, text)

    def format_move(self, state: AlhambraState, seat: int, move: Move) -> str:
        return notation.format_move(state, seat, move)

    # ------------------------------------------------------------ views
    def view(self, state: AlhambraState, seat: int | None) -> dict[str, JSON]:
        return make_view(state, seat)

    def setup_events(self, state: AlhambraState) -> tuple[Event, ...]:
        """See ``setup.deal_events``."""
        return setup.deal_events(state)

    def _revealed(self, state: AlhambraState, seat: int) -> dict[str, JSON]:
        return revealed(state, seat)

    def randomize_hidden(self, state: AlhambraState, seat: int | None, seed: int) -> AlhambraState:
        """Re-deal what ``seat`` cannot see: the other hands (kept at their
        sizes; all hands are public once the game is over), the money deck
        (each scoring card anywhere in what is left of its pile), the bag
        order and the RNG."""
        rng = Rng(seed_state(seed))
        over = self.is_finished(state)
        hidden = [] if over else [s for s in range(state.players) if s != seat]
        pool = [c for s in hidden for c in state.seats[s].hand]
        pool += [c for c in state.secret.deck if c not in SCORING_CARDS]
        pool.sort()  # the re-deal must not depend on the hidden order
        rng.shuffle(pool)
        seats = list(state.seats)
        for s in hidden:
            size = len(seats[s].hand)
            hand, pool = tuple(sorted(pool[:size])), pool[size:]
            seats[s] = SeatState(
                seats[s].alhambra,
                seats[s].reserve,
                hand,
                seats[s].score,
                seats[s].pending,
            )
        deck = [pool.pop() if code is None else code for code in _scoring_places(state.secret, rng)]
        bag = sorted(state.secret.bag)
        rng.shuffle(bag)
        secret = Secret(tuple(bag), tuple(deck), rng.next_u64(), state.secret.spans)
        return self._replace(state, seats=tuple(seats), secret=secret)


def _scoring_places(secret: Secret, rng: Rng) -> list[int | None]:
    """The deck re-dealt as far as the scoring cards go: each one still in
    it at a random place of what is left of its pile (at its real place in a
    state that does not know its piles), ``None`` for every other card."""
    size = len(secret.deck)
    places: list[int | None] = [None] * size
    for number, code in enumerate(SCORING_CARDS):
        if code not in secret.deck:
            continue
        if number < len(secret.spans):
            first, last = secret.spans[number]
            # Spans count from the bottom; the drawn part of a pile is gone.
            top, bottom = size - 1 - min(last, size - 1), size - 1 - first
            places[top + rng.below(bottom - top + 1)] = code
        else:
            places[secret.deck.index(code)] = code
    return places
