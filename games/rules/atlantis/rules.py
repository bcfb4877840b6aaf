"""``AtlantisRules``: setup, legal moves, apply, scoring and the codec.

The rules followed are /work/shared/rules/atlantis.md (decisions marked D
there); the turn structure and the termination argument are in play.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import (
    BaseRules,
    IllegalMove,
    NotationError,
    Rng,
    Transition,
    seed_state,
)

from . import generate, notation, play
from .road import FIRST_GAP, MAINLAND, Road
from .state import (
    CARDS_PER_COLOUR,
    COLOURS,
    NUM_COLOURS,
    OVER,
    PAWNS,
    PAY,
    START,
    START_HANDS,
    AtlantisState,
    BuildBridge,
    Go,
    Pass,
    Pay,
    Sell,
    make_tile,
    tile_value,
)
from .view import build_view, scores

_OPTION = re.compile(r"^\s*(?:#|option|optie|nr\.?|no\.?)\s*(\d+)\s*$", re.IGNORECASE)

# Road layout from Atlantis: (number of positions, tiles per position).
_A_LAYOUT = ((10, 2), (10, 1), (6, 2))
_B_LAYOUT = ((6, 2), (10, 1), (10, 2))


def _lay(
    tiles: list[int], layout: tuple[tuple[int, int], ...]
) -> list[tuple[int, ...]]:
    stacks = []
    for count, height in layout:
        for _ in range(count):
            stacks.append(tuple(tiles.pop() for _ in range(height)))
    return stacks


def new_game(players: int, seed: int) -> AtlantisState:
    """A shuffled road, a shuffled deck, hands of 4, 5, 6, 7 in seat order.
    Seat 0 starts: the seat order is decided before the engine (drawn from
    the seed by the match, or chosen by a tournament)."""
    rng = Rng(seed_state(seed))
    rng.below(players)  # the old start draw, kept so a seed deals as before
    start = 0
    a_tiles = [make_tile(c, v) for c in range(NUM_COLOURS) for v in range(1, 7)]
    b_tiles = [make_tile(c, v) for c in range(NUM_COLOURS) for v in range(2, 8)]
    rng.shuffle(a_tiles)
    rng.shuffle(b_tiles)
    stacks = _lay(a_tiles, _A_LAYOUT) + [()] + _lay(b_tiles, _B_LAYOUT)
    assert len(stacks) == MAINLAND - 1 and stacks[FIRST_GAP - 1] == ()
    deck = [c for c in range(NUM_COLOURS) for _ in range(CARDS_PER_COLOUR)]
    rng.shuffle(deck)
    hands = [[0] * NUM_COLOURS for _ in range(players)]
    for order in range(players):
        for _ in range(START_HANDS[order]):
            hands[(start + order) % players][deck.pop()] += 1
    return AtlantisState(
        players=players,
        start=start,
        turn=start,
        phase=START,
        road=Road(tuple(stacks), (0,) * players),
        pawns=((0,) * PAWNS,) * players,
        hands=tuple(tuple(h) for h in hands),
        tiles=((),) * players,
        draw=tuple(deck),
        discard=(0,) * NUM_COLOURS,
        secret=rng.state,
    )


class AtlantisRules(BaseRules):
    """Atlantis (Leo Colovini) for 2-4 players."""

    slug = "atlantis"
    name = "Atlantis"
    min_players = 2
    max_players = 4
    engine_version = 1

    # ----------------------------------------------------------- game hooks
    def setup(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> AtlantisState:
        """:raises ValueError: unsupported number of players."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Atlantis is played by 2 to 4 players, not {players}.")
        return new_game(players, seed)

    def _movers(self, state: AtlantisState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.turn,))

    def _is_over(self, state: AtlantisState) -> bool:
        return state.phase == OVER

    def _apply(self, state: AtlantisState, seat: int, move: Any) -> Transition:
        if isinstance(move, Go):
            new, events = play.apply_go(state, seat, move)
        elif isinstance(move, Pay):
            new, events = play.apply_pay(state, seat, move)
        elif isinstance(move, Sell):
            new, events = play.apply_sell(state, seat, move)
        elif isinstance(move, BuildBridge):
            new, events = play.apply_bridge(state, seat, move)
        elif isinstance(move, Pass):
            new, events = play.apply_pass(state, seat)
        else:
            raise IllegalMove(f"Not an Atlantis move: {move!r}.")
        return Transition(new, tuple(events))

    def _score(self, state: AtlantisState):
        final = scores(state)
        tolls = state.end_tolls or (0,) * state.players
        details = tuple(
            {
                "tiles": sum(tile_value(t) for t in state.tiles[s]),
                "cards": sum(state.hands[s]),
                "end_toll": tolls[s],
                "score": final[s],
            }
            for s in range(state.players)
        )
        return tuple(final), final, details

    def legal_moves(self, state: AtlantisState, seat: int) -> Sequence[Any]:
        """Every legal sub-move of ``seat`` now (empty when it is not to move):
        sells, bridges and pawn moves (or pass); or, when a toll is due, one
        representative payment per class (same number of cards, same tile
        total: ``generate.pay_class``), its tiles and colours chosen by the
        stated rule.  ``apply`` accepts every irredundant payment, listed or
        not."""
        if self.is_finished(state):
            return []
        return generate.legal(state, seat)

    def default_move(self, state: AtlantisState, seat: int) -> Any:
        """Deterministic fallback: never sells or builds; moves the pawn that
        gains the most (tile taken - toll - cards used, then the furthest),
        else passes; pays a toll with the first listed payment (the least
        overpayment, then the fewest cards; see ``generate.pay_options``).

        :raises IllegalMove: it is not the seat's turn.
        """
        if state.phase == OVER or seat != state.turn:
            raise IllegalMove("There is no legal move for this seat.")
        if state.phase == PAY:
            return generate.legal(state, seat)[0]
        best: tuple | None = None
        occupied = state.occupied()
        for index, (move, destination, toll) in enumerate(generate.walks(state, seat)):
            after = (occupied - {move.origin}) | ({destination} - {MAINLAND})
            taken = state.road.nearest_free_behind(destination, after)
            gain = state.road.values[taken] - toll - len(move.colours)
            key = (-gain, -destination, index)
            if best is None or key < best[0]:
                best = (key, move)
        return Pass() if best is None else best[1]

    # ------------------------------------------------------------ notation
    def parse_move(self, state: AtlantisState, seat: int, text: str) -> Any:
        """The move ``text`` means: notation (see notation.py) or ``#n``, the
        n-th of ``move_options``.

        :raises NotationError: unreadable or ambiguous text (with options).
        """
        try:
            number = _OPTION.match(text)
            if number:
                options = self.move_options(state, seat)
                index = int(number.group(1))
                if not options:
                    raise NotationError("There are no options for you to choose now.")
                if not 1 <= index <= len(options):
                    raise NotationError(
                        f"There is no option {index}; choose 1 to {len(options)}."
                    )
                return options[index - 1][1]
            return notation.parse_move(state, seat, text)
        except NotationError as error:
            options = self.move_options(state, seat) if state.phase != OVER else []
            if not options:
                raise
            shown = "; ".join(label for label, _ in options[:10])
            more = f" (and {len(options) - 10} more)" if len(options) > 10 else ""
            raise NotationError(f"{error} Your options now: {shown}{more}.") from error

    def split_turn_text(self, text: str) -> list[str]:
        """Sub-moves are separated by ``;`` or new lines, and a sub-move also
        starts at ``pay``, ``sell``, ``bridge`` or ``pass`` (or their Dutch
        names), so ``12 pink grey pay 5 blue`` is two parts."""
        return [
            part
            for chunk in super().split_turn_text(text)
            for part in notation.split_line(chunk)
        ]

    def format_move(self, state: AtlantisState, seat: int, move: Any) -> str:
        return notation.format_move(state, seat, move)

    def move_options(self, state: AtlantisState, seat: int) -> list[tuple[str, Any]]:
        """Every legal move with a label: destination tile and toll for pawn
        moves, cards gained for sales, gap and toll for bridges."""
        return [
            (notation.option_label(state, seat, m), m)
            for m in self.legal_moves(state, seat)
        ]

    # ---------------------------------------------------------------- views
    def view(self, state: AtlantisState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat, sorted(self.to_move(state)))

    def randomize_hidden(
        self, state: AtlantisState, seat: int | None, seed: int
    ) -> AtlantisState:
        """Re-deal what ``seat`` cannot see: other hands (same sizes), the draw
        pile, the lower tiles of stacks (within the A and B halves), the RNG."""
        rng = Rng(seed_state(seed))
        others = [s for s in range(state.players) if s != seat]
        pool = list(state.draw)
        for s in others:
            pool += [c for c in range(NUM_COLOURS) for _ in range(state.hands[s][c])]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hand = [0] * NUM_COLOURS
            for _ in range(sum(state.hands[s])):
                hand[pool.pop()] += 1
            hands[s] = tuple(hand)
        stacks = list(state.road.stacks)
        for half in (range(0, FIRST_GAP - 1), range(FIRST_GAP, MAINLAND - 1)):
            deep = [i for i in half if len(stacks[i]) > 1]
            lower = [stacks[i][0] for i in deep]
            rng.shuffle(lower)
            for i, tile in zip(deep, lower, strict=True):
                stacks[i] = (tile,) + stacks[i][1:]
        road = Road(tuple(stacks), state.road.bridges)
        return state.evolve(
            hands=tuple(hands), draw=tuple(pool), road=road, secret=rng.next_u64()
        )

    # ---------------------------------------------------------------- codec
    def _dump_state(self, state: AtlantisState) -> dict[str, Any]:
        return {
            "players": state.players,
            "start": state.start,
            "turn": state.turn,
            "phase": state.phase,
            "stacks": [list(s) for s in state.road.stacks],
            "bridges": list(state.road.bridges),
            "pawns": [list(p) for p in state.pawns],
            "hands": [list(h) for h in state.hands],
            "tiles": [list(t) for t in state.tiles],
            "draw": list(state.draw),
            "discard": list(state.discard),
            "secret": state.secret,
            "toll_due": state.toll_due,
            "moved_to": state.moved_to,
            "idle": state.idle,
            "end_tolls": list(state.end_tolls),
            "ended_by": state.ended_by,
            "departed": [list(d) for d in state.departed],
            "early_end": state.early_end,
        }

    def _load_state(self, data: Mapping[str, Any]) -> AtlantisState:
        return AtlantisState(
            players=data["players"],
            start=data["start"],
            turn=data["turn"],
            phase=data["phase"],
            road=Road(tuple(tuple(s) for s in data["stacks"]), tuple(data["bridges"])),
            pawns=tuple(tuple(p) for p in data["pawns"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            tiles=tuple(tuple(t) for t in data["tiles"]),
            draw=tuple(data["draw"]),
            discard=tuple(data["discard"]),
            secret=data["secret"],
            toll_due=data["toll_due"],
            moved_to=data["moved_to"],
            idle=data["idle"],
            end_tolls=tuple(data["end_tolls"]),
            ended_by=data["ended_by"],
            departed=tuple((s, r) for s, r in data["departed"]),
            early_end=data["early_end"],
        )

    def dump_move(self, move: Any) -> Any:
        if isinstance(move, Go):
            return {"go": move.origin, "cards": [COLOURS[c] for c in move.colours]}
        if isinstance(move, Pay):
            return {"pay": list(move.tiles), "cards": [COLOURS[c] for c in move.cards]}
        if isinstance(move, Sell):
            return {"sell": move.value}
        if isinstance(move, BuildBridge):
            return {"bridge": move.position}
        if isinstance(move, Pass):
            return {"pass": True}
        raise ValueError(f"Not an Atlantis move: {move!r}.")

    def load_move(self, data: Any) -> Any:
        """:raises NotationError: not a dumped Atlantis move."""
        try:
            if "go" in data:
                return Go(data["go"], tuple(COLOURS.index(c) for c in data["cards"]))
            if "pay" in data:
                return Pay(
                    tuple(data["pay"]), tuple(COLOURS.index(c) for c in data["cards"])
                )
            if "sell" in data:
                return Sell(data["sell"])
            if "bridge" in data:
                return BuildBridge(data["bridge"])
            if data.get("pass"):
                return Pass()
        except (TypeError, ValueError, KeyError) as error:
            raise NotationError(f"Not a stored Atlantis move: {data!r}.") from error
        raise NotationError(f"Not a stored Atlantis move: {data!r}.")


__all__ = ["AtlantisRules", "new_game"]
