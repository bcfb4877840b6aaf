"""``AtlantisRules``: the rules class; the game lives in the modules it wires.

The rules as players read them are ``HELP.md`` beside this module (the
points the printed rules leave open are decided where they are played, and
checked in ``tests/games/atlantis/test_rules_audit.py``); ``setup`` deals,
``legal`` lists the sub-moves, ``play`` applies them (the turn structure
and the termination argument are there), ``scoring`` counts, ``strategy``
plays for an absent seat, ``codec`` stores (games/rules/README.md gives the
shape of every game package).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.engine import (
    BaseRules,
    IllegalMove,
    NotationError,
    Rng,
    Transition,
    refuse_long_numbers,
    seed_state,
)
from games.engine.message import Notation, gettext_noop
from games.engine.protocol import JSON

from . import codec, legal, notation, notation_parse, play, play_pay, scoring, setup, strategy
from .board import FIRST_GAP, MAINLAND, Road
from .moves import BuildBridge, Go, Move, Pass, Pay, Sell
from .state import NUM_COLOURS, OVER, AtlantisState
from .view import build_view, is_over, revealed

_OPTION = re.compile(r"^\s*(?:#|option|optie|nr\.?|no\.?)\s*(\d+)\s*[.!]*\s*$", re.IGNORECASE)


class AtlantisRules(BaseRules[AtlantisState, Move]):
    """Atlantis (Leo Colovini) for 2-4 players."""

    slug = "atlantis"
    name = "Atlantis"
    min_players = 2
    max_players = 4
    engine_version = 1
    # Not the tile taken behind the pawn nor the cards drawn after it.
    move_events = frozenset({"sell", "bridge", "move", "pay", "pass"})
    second_person: ClassVar[Mapping[str, tuple[str, str]]] = {
        gettext_noop("%(seat)s draws 1 card."): ("seat", gettext_noop("You draw 1 card.")),
        # What a move sells or pays, as the mover's own mail tells it.
        gettext_noop("%(seat)s sells tile %(tile_name)s."): ("seat", gettext_noop("You sell tile %(tile_name)s.")),
        gettext_noop("%(seat)s sells tile %(tile_name)s, which brings no card."): (
            "seat",
            gettext_noop("You sell tile %(tile_name)s, which brings no card."),
        ),
        gettext_noop("%(seat)s moves a pawn from %(start)s to %(where)s playing %(names)s; toll %(toll)s to pay."): (
            "seat",
            gettext_noop("You move a pawn from %(start)s to %(where)s playing %(names)s; toll %(toll)s to pay."),
        ),
        gettext_noop("%(seat)s pays the toll of %(toll_due)s with %(parts)s."): (
            "seat",
            gettext_noop("You pay the toll of %(toll_due)s with %(parts)s."),
        ),
        gettext_noop("%(seat)s draws %(n)s cards."): ("seat", gettext_noop("You draw %(n)s cards.")),
        gettext_noop("%(seat)s takes tile %(tile)s from %(position)s."): (
            "seat",
            gettext_noop("You take tile %(tile)s from %(position)s."),
        ),
        gettext_noop("%(seat)s takes tile %(tile)s from %(position)s, revealing %(shown)s."): (
            "seat",
            gettext_noop("You take tile %(tile)s from %(position)s, revealing %(shown)s."),
        ),
        gettext_noop("%(seat)s's pawn on %(where)s goes to the mainland free of toll."): (
            "seat",
            gettext_noop("Your pawn on %(where)s goes to the mainland free of toll."),
        ),
        gettext_noop("%(seat)s's pawn on %(where)s goes to the mainland; toll %(toll)s is subtracted."): (
            "seat",
            gettext_noop("Your pawn on %(where)s goes to the mainland; toll %(toll)s is subtracted."),
        ),
    }
    # The cards a draw brought follow its "You draw 1 card." line: said as
    # what came into the hand, not as a second draw ("You draw blue.").
    shown_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop("You draw %(names)s."): gettext_noop("New in your hand: %(names)s."),
    }
    # The move history tells what was played in the past tense, as the
    # other games' histories do ("Ann placed ..."); the events keep theirs.
    history_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop("%(seat)s draws 1 card."): gettext_noop("%(seat)s drew 1 card."),
        gettext_noop("%(seat)s draws %(n)s cards."): gettext_noop("%(seat)s drew %(n)s cards."),
        gettext_noop("%(seat)s sells tile %(tile_name)s."): gettext_noop("%(seat)s sold tile %(tile_name)s."),
        gettext_noop("%(seat)s sells tile %(tile_name)s, which brings no card."): gettext_noop(
            "%(seat)s sold tile %(tile_name)s, which brought no card."
        ),
        gettext_noop("%(seat)s builds a bridge over %(first)s."): gettext_noop(
            "%(seat)s built a bridge over %(first)s."
        ),
        gettext_noop("%(seat)s builds a bridge over %(first)s-%(last)s."): gettext_noop(
            "%(seat)s built a bridge over %(first)s-%(last)s."
        ),
        gettext_noop("%(seat)s moves a pawn from %(start)s to %(where)s playing %(names)s; toll %(toll)s to pay."): (
            gettext_noop("%(seat)s moved a pawn from %(start)s to %(where)s playing %(names)s; toll %(toll)s to pay.")
        ),
        gettext_noop("%(seat)s moves a pawn from %(start)s to %(where)s playing %(names)s."): gettext_noop(
            "%(seat)s moved a pawn from %(start)s to %(where)s playing %(names)s."
        ),
        gettext_noop("%(seat)s pays the toll of %(toll_due)s with %(parts)s."): gettext_noop(
            "%(seat)s paid the toll of %(toll_due)s with %(parts)s."
        ),
        gettext_noop("%(seat)s takes tile %(tile)s from %(position)s, revealing %(shown)s."): gettext_noop(
            "%(seat)s took tile %(tile)s from %(position)s, revealing %(shown)s."
        ),
        gettext_noop("%(seat)s takes tile %(tile)s from %(position)s."): gettext_noop(
            "%(seat)s took tile %(tile)s from %(position)s."
        ),
        gettext_noop("%(seat)s cannot move and passes."): gettext_noop("%(seat)s could not move and passed."),
        gettext_noop("Nobody can move and no cards are left to draw."): gettext_noop(
            "Nobody could move and no cards were left to draw."
        ),
        gettext_noop("%(seat)s's pawn on %(where)s goes to the mainland; toll %(toll)s is subtracted."): gettext_noop(
            "%(seat)s's pawn on %(where)s went to the mainland; toll %(toll)s was subtracted."
        ),
        gettext_noop("%(seat)s's pawn on %(where)s goes to the mainland free of toll."): gettext_noop(
            "%(seat)s's pawn on %(where)s went to the mainland free of toll."
        ),
    }
    # A toll paid with cards of one colour counts them: "2 brown cards".
    counted_wordings: ClassVar[Mapping[str, str]] = {
        gettext_noop("a %(colour)s card"): gettext_noop("%(count)s %(colour)s cards"),
    }
    codec = codec
    wordings = notation.WORDINGS

    # ----------------------------------------------------------- game hooks
    def setup(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> AtlantisState:
        """:raises ValueError: unsupported number of players."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Atlantis is played by 2 to 4 players, not {players}.")
        return setup.new_game(players, seed)

    def _movers(self, state: AtlantisState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.turn,))

    def _is_over(self, state: AtlantisState) -> bool:
        return state.phase == OVER

    def _apply(self, state: AtlantisState, seat: int, move: Move) -> Transition[AtlantisState]:
        if isinstance(move, Go):
            new, events = play.apply_go(state, seat, move)
        elif isinstance(move, Pay):
            new, events = play_pay.apply_pay(state, seat, move)
        elif isinstance(move, Sell):
            new, events = play.apply_sell(state, seat, move)
        elif isinstance(move, BuildBridge):
            new, events = play.apply_bridge(state, seat, move)
        elif isinstance(move, Pass):
            new, events = play.apply_pass(state, seat)
        else:
            raise IllegalMove(gettext_noop("Not an Atlantis move: %(repr)s."), repr=repr(move))
        return Transition(new, tuple(events))

    def _score(self, state: AtlantisState) -> tuple[tuple[int, ...], Sequence[Any], tuple[Mapping[str, JSON], ...]]:
        return scoring.score(state)

    def _revealed(self, state: AtlantisState, seat: int) -> dict[str, JSON]:
        return revealed(state, seat)

    def legal_moves(self, state: AtlantisState, seat: int) -> Sequence[Move]:
        """Every legal sub-move of ``seat`` now (empty when it is not to move):
        sells, bridges and pawn moves (or pass); or, when a toll is due, one
        representative payment per class (same number of cards, same tile
        total: ``legal.pay_class``), its tiles and colours chosen by the
        stated rule.  ``apply`` accepts every payment the rules allow, listed
        or not: irredundant, and exact whenever the seat can pay exactly."""
        if self.is_finished(state):
            return []
        return legal.legal(state, seat)

    def default_move(self, state: AtlantisState, seat: int) -> Move:
        """See ``strategy.default_move``.

        :raises IllegalMove: it is not the seat's turn.
        """
        return strategy.default_move(state, seat)

    # ------------------------------------------------------------ notation
    def parse_move(self, state: AtlantisState, seat: int, text: str) -> Move:
        """The move ``text`` means: notation (see notation_parse.py) or ``#n``, the
        n-th of ``move_options``.

        :raises NotationError: unreadable or ambiguous text (with options).
        """
        try:
            refuse_long_numbers(text)
            number = _OPTION.match(text)
            if number:
                options = self.move_options(state, seat)
                index = int(number.group(1))
                if not options:
                    raise NotationError(gettext_noop("There are no options for you to choose now."))
                if not 1 <= index <= len(options):
                    raise NotationError(
                        gettext_noop("There is no option %(index)s; choose 1 to %(count)s."),
                        index=index,
                        count=len(options),
                    )
                return options[index - 1][1]
            return notation_parse.parse_move(state, seat, text)
        except NotationError as error:
            options = self.move_options(state, seat) if state.phase != OVER else []
            if not options:
                raise
            shown = Notation("; ".join(label for label, _ in options[:10]))
            if len(options) > 10:
                raise NotationError(
                    gettext_noop("%(error)s Your options now: %(shown)s (and %(more)s more)."),
                    error=error.message,
                    shown=shown,
                    more=len(options) - 10,
                ) from error
            raise NotationError(
                gettext_noop("%(error)s Your options now: %(shown)s."), error=error.message, shown=shown
            ) from error

    def split_turn_text(self, text: str) -> list[str]:
        """Sub-moves are separated by ``;`` or new lines, and a sub-move also
        starts at ``pay``, ``sell``, ``bridge`` or ``pass`` (or their Dutch
        names), so ``12 pink grey pay 5 blue`` is two parts."""
        return [part for chunk in super().split_turn_text(text) for part in notation_parse.split_line(chunk)]

    def format_move(self, state: AtlantisState, seat: int, move: Move) -> str:
        return notation.format_move(state, seat, move)

    def move_options(self, state: AtlantisState, seat: int) -> list[tuple[str, Move]]:
        """Every legal move with a label: destination tile and toll for pawn
        moves, cards gained for sales, gap and toll for bridges."""
        return [(notation.option_label(state, seat, m), m) for m in self.legal_moves(state, seat)]

    def option_text(self, state: AtlantisState, seat: int, number: int) -> str | None:
        options = self.move_options(state, seat)
        return options[number - 1][0] if 1 <= number <= len(options) else None

    # ---------------------------------------------------------------- views
    def view(self, state: AtlantisState, seat: int | None) -> dict[str, JSON]:
        return build_view(state, seat, sorted(self.to_move(state)))

    def randomize_hidden(self, state: AtlantisState, seat: int | None, seed: int) -> AtlantisState:
        """Re-deal what ``seat`` cannot see: other hands (same sizes), the
        draw pile, the lower tiles of stacks (within the A and B halves),
        the RNG.  Once the game is over the hands and the lower tiles are
        public (the final view shows them) and stay as they are."""
        rng = Rng(seed_state(seed))
        over = is_over(state)
        others = [] if over else [s for s in range(state.players) if s != seat]
        pool = list(state.draw)
        for s in others:
            pool += [c for c in range(NUM_COLOURS) for _ in range(state.hands[s][c])]
        pool.sort()  # the re-deal must not depend on the hidden order
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hand = [0] * NUM_COLOURS
            for _ in range(sum(state.hands[s])):
                hand[pool.pop()] += 1
            hands[s] = tuple(hand)
        stacks = list(state.road.stacks)
        for half in () if over else (range(0, FIRST_GAP - 1), range(FIRST_GAP, MAINLAND - 1)):
            deep = [i for i in half if len(stacks[i]) > 1]
            lower = sorted(stacks[i][0] for i in deep)
            rng.shuffle(lower)
            for i, tile in zip(deep, lower, strict=True):
                stacks[i] = (tile,) + stacks[i][1:]
        road = Road(tuple(stacks), state.road.bridges)
        return state.evolve(hands=tuple(hands), draw=tuple(pool), road=road, secret=rng.next_u64())


__all__ = ["AtlantisRules"]
