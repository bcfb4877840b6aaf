"""Atlantis turn logic: what each sub-move does (generation is in legal.py).

A turn is a few sub-moves by the same seat (``state.phase``):

1. "start": optionally ``Sell`` one tile (then "bridge");
2. "start"/"bridge": optionally ``BuildBridge`` (then "move");
3. ``Go`` (a pawn and its cards in order) or, only when no ``Go`` exists,
   ``Pass``;
4. "pay": when the move crossed a toll gap, one ``Pay`` (a multiset of
   tiles and cards: no change is given, no item may be handed in that the
   toll does not need, and paying more than the toll is allowed only when
   nothing the seat holds pays it exactly; any such payment is accepted,
   while ``legal_moves`` lists one per class, see ``legal.pay_options``).

Then the tile behind the pawn is taken and cards are drawn automatically
(``finish_move``, also after the toll is paid: that sub-move, ``Pay``, is
checked and applied in ``play_pay``).

Termination: every ``Go`` moves a pawn strictly forward, so there are
finitely many; a ``Pass`` draws 2 cards while cards remain in the draw and
discard piles.  The one loop left (every hand stuck and both piles empty) is
cut by the deadlock guard: after ``players`` consecutive passes that drew no
card, with no bridge built in between, the game ends as if a third pawn had
arrived (but nobody takes the 4 cards).
"""

from __future__ import annotations

from typing import NoReturn

from games.engine import Event, IllegalMove, Rng
from games.engine.message import Joined, Notation, Term, gettext_noop, message

from .board import ATLANTIS, MAINLAND
from .legal import trace, walks, where
from .moves import BuildBridge, Go, Sell
from .notation import format_move
from .state import (
    BRIDGE,
    COLOURS,
    FINAL_CARDS,
    MOVE,
    MOVING_PHASES,
    NUM_COLOURS,
    OVER,
    PASS_CARDS,
    PAWNS,
    PAY,
    START,
    AtlantisState,
    tile_name,
    tile_term,
    tile_value,
)

#: An ``Event`` saying a message, its English text rendered when first read
#: (a mail's whole-turn search and a random game apply many moves whose
#: events nobody reads).
_event = Event.lazy

# ------------------------------------------------------------------ cards


def draw_cards(state: AtlantisState, seat: int, count: int) -> tuple[dict[str, object], list[int], bool]:
    """Draw ``count`` cards for ``seat``; an empty draw pile is refilled by
    shuffling the discards.  Returns ``(changes, drawn colours, reshuffled)``;
    fewer cards are drawn when both piles run dry."""
    draw = state.draw
    discard = state.discard
    secret = state.secret
    reshuffled = False
    if len(draw) >= count:
        # The common case: slice the pile (the next card is the last one).
        drawn = list(draw[len(draw) - count :])
        drawn.reverse()
        draw = draw[: len(draw) - count]
    else:
        pile = list(draw)
        drawn = []
        for _ in range(count):
            if not pile:
                if not any(discard):
                    break
                pile = [c for c in range(NUM_COLOURS) for _ in range(discard[c])]
                rng = Rng(secret)
                rng.shuffle(pile)
                secret = rng.state
                discard = (0,) * NUM_COLOURS
                reshuffled = True
            drawn.append(pile.pop())
        draw = tuple(pile)
    hand = list(state.hands[seat])
    for colour in drawn:
        hand[colour] += 1
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    changes = {
        "draw": draw,
        "discard": discard,
        "secret": secret,
        "hands": tuple(hands),
    }
    return changes, drawn, reshuffled


def draw_events(seat: int, drawn: list[int], reshuffled: bool) -> list[Event]:
    events = []
    if reshuffled:
        events.append(
            _event("reshuffle", message(gettext_noop("The discards were shuffled into a new draw pile.")), {})
        )
    n = len(drawn)
    events.append(
        _event(
            "draw",
            message(
                gettext_noop("%(seat)s draws 1 card.") if n == 1 else gettext_noop("%(seat)s draws %(n)s cards."),
                seat=f"Seat {seat + 1}",
                n=n,
            ),
            {"seat": seat, "count": n},
        )
    )
    if drawn:
        names = [COLOURS[c] for c in drawn]
        events.append(
            _event(
                "cards",
                message(gettext_noop("You draw %(names)s."), names=Joined(tuple(Term(n) for n in names))),
                {"seat": seat, "cards": names},
                to=(seat,),
            )
        )
    return events


# ------------------------------------------------------------ transitions


def _end_turn(state: AtlantisState, changes: dict[str, object]) -> dict[str, object]:
    changes.update(turn=(state.turn + 1) % state.players, phase=START, toll_due=0, moved_to=0)
    return changes


def _game_end(state: AtlantisState, events: list[Event]) -> AtlantisState:
    """Move every pawn still on the way to the mainland, its tolls subtracted."""
    road = state.road
    end_tolls = []
    for seat, own in enumerate(state.pawns):
        due = 0
        for p in own:
            if p != MAINLAND:
                toll = road.toll(p, MAINLAND)
                due += toll
                where = "Atlantis" if p == ATLANTIS else str(p)
                events.append(
                    _event(
                        "end_toll",
                        message(
                            gettext_noop(
                                "%(seat)s's pawn on %(where)s goes to the mainland; toll %(toll)s is subtracted."
                            )
                            if toll
                            else gettext_noop("%(seat)s's pawn on %(where)s goes to the mainland free of toll."),
                            seat=f"Seat {seat + 1}",
                            where=where,
                            toll=toll,
                        ),
                        {"seat": seat, "from": p, "toll": toll},
                    )
                )
        end_tolls.append(due)
    events.append(_event("game_over", message(gettext_noop("The game is over.")), {}))
    return state.evolve(
        phase=OVER,
        pawns=((MAINLAND,) * PAWNS,) * state.players,
        end_tolls=tuple(end_tolls),
        toll_due=0,
        moved_to=0,
    )


def apply_sell(state: AtlantisState, seat: int, move: Sell) -> tuple[AtlantisState, list[Event]]:
    if state.phase != START:
        raise IllegalMove(gettext_noop("A tile can only be sold at the start of your turn, once."))
    own = state.tiles[seat]
    match = next((t for t in own if tile_value(t) == move.value), None)
    if match is None:
        if not own:
            raise IllegalMove(gettext_noop("You have no tiles to sell."))
        have = ", ".join(str(v) for v in sorted({tile_value(t) for t in own}))
        raise IllegalMove(
            gettext_noop("You have no tile of value %(value)s (your values: %(have)s)."), value=move.value, have=have
        )
    rest = list(own)
    rest.remove(match)
    tiles = list(state.tiles)
    tiles[seat] = tuple(rest)
    state = state.evolve(tiles=tuple(tiles), phase=BRIDGE)
    if move.value // 2 == 0:
        # A tile of value 1 brings no card: said with the sale, not as "draws 0 cards".
        said = gettext_noop("%(seat)s sells tile %(tile_name)s, which brings no card.")
        sale = _event(
            "sell",
            message(said, seat=f"Seat {seat + 1}", tile_name=tile_term(match)),
            {"seat": seat, "tile": tile_name(match)},
        )
        return state, [sale]
    changes, drawn, reshuffled = draw_cards(state, seat, move.value // 2)
    events = [
        _event(
            "sell",
            message(
                gettext_noop("%(seat)s sells tile %(tile_name)s."), seat=f"Seat {seat + 1}", tile_name=tile_term(match)
            ),
            {"seat": seat, "tile": tile_name(match)},
        )
    ]
    events += draw_events(seat, drawn, reshuffled)
    return state.evolve(**changes), events


def _no_gap(state: AtlantisState, position: int) -> NoReturn:
    """:raises IllegalMove: no water at ``position``, naming the water
    still without a bridge (the road is public), each gap by its
    positions ("4-5")."""
    open_water = [
        str(g.first) if g.first == g.last else f"{g.first}-{g.last}" for g in state.road.gaps if not g.bridged
    ]
    if not open_water:
        raise IllegalMove(gettext_noop("There is no water gap at position %(position)s."), position=position)
    raise IllegalMove(
        gettext_noop("There is no water gap at position %(position)s; water without a bridge: %(gaps)s."),
        position=position,
        gaps=", ".join(open_water),
    )


def apply_bridge(state: AtlantisState, seat: int, move: BuildBridge) -> tuple[AtlantisState, list[Event]]:
    if state.phase not in (START, BRIDGE):
        raise IllegalMove(gettext_noop("The bridge must be built before you move a pawn."))
    if state.road.bridges[seat]:
        raise IllegalMove(gettext_noop("You have already built your bridge."))
    gap = state.road.gap_at(move.position)
    if gap is None:
        _no_gap(state, move.position)
    if gap.bridged:
        raise IllegalMove(
            gettext_noop("The gap at %(first)s already has a bridge.")
            if gap.first == gap.last
            else gettext_noop("The gap at %(first)s-%(last)s already has a bridge."),
            first=gap.first,
            last=gap.last,
        )
    road = state.road.with_bridge(seat, gap.first)
    event = _event(
        "bridge",
        message(
            # A gap of one position is named by it alone ("over 27", not "27-27").
            gettext_noop("%(seat)s builds a bridge over %(first)s.")
            if gap.first == gap.last
            else gettext_noop("%(seat)s builds a bridge over %(first)s-%(last)s."),
            seat=f"Seat {seat + 1}",
            first=gap.first,
            last=gap.last,
        ),
        {"seat": seat, "first": gap.first, "last": gap.last},
    )
    return state.evolve(road=road, phase=MOVE, idle=0), [event]


def apply_go(state: AtlantisState, seat: int, move: Go) -> tuple[AtlantisState, list[Event]]:
    if state.phase not in MOVING_PHASES:
        raise IllegalMove(gettext_noop("You have already moved this turn; pay the toll."))
    destination = trace(state, seat, move)
    road = state.road
    origin = move.origin
    toll = road.tolls[destination] - road.tolls[origin]
    hand = list(state.hands[seat])
    discard = list(state.discard)
    for colour in move.colours:
        hand[colour] -= 1
        discard[colour] += 1
    if toll:
        capacity = sum(hand) + sum([t >> 3 for t in state.tiles[seat]])
        if toll > capacity:
            raise IllegalMove(
                gettext_noop(
                    "This move costs a toll of %(toll)s, but you could pay at most %(capacity)s after playing "
                    "its cards; choose another move."
                ),
                toll=toll,
                capacity=capacity,
            )
    own = list(state.pawns[seat])
    own.remove(origin)
    own.append(destination)
    own.sort()
    pawns = list(state.pawns)
    pawns[seat] = tuple(own)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    names = [COLOURS[c] for c in move.colours]
    start = "Atlantis" if origin == ATLANTIS else str(origin)
    template = (
        gettext_noop("%(seat)s moves a pawn from %(start)s to %(where)s playing %(names)s; toll %(toll)s to pay.")
        if toll
        else gettext_noop("%(seat)s moves a pawn from %(start)s to %(where)s playing %(names)s.")
    )
    events = [
        _event(
            "move",
            message(
                template,
                seat=f"Seat {seat + 1}",
                start=start,
                where=where(road, destination),
                names=Joined(tuple(Term(n) for n in names)),
                toll=toll,
            ),
            {
                "seat": seat,
                "from": origin,
                "to": destination,
                "cards": names,
                "toll": toll,
            },
        )
    ]
    state = state.evolve(
        pawns=tuple(pawns),
        hands=tuple(hands),
        discard=tuple(discard),
        moved_to=destination,
        phase=PAY if toll else state.phase,
        toll_due=toll,
    )
    if toll:
        return state, events
    return finish_move(state, seat, events)


def finish_move(state: AtlantisState, seat: int, events: list[Event]) -> tuple[AtlantisState, list[Event]]:
    """Take the tile behind the pawn, then draw (or end the game)."""
    road = state.road
    position = road.nearest_free_behind(state.moved_to, state.occupied())
    home = state.pawns[seat].count(MAINLAND)
    changes, drawn, reshuffled = draw_cards(state, seat, FINAL_CARDS if home == PAWNS else 1 + home)
    if position:
        road, tile = road.take(position)
        tiles = list(state.tiles)
        tiles[seat] = tuple(sorted((*tiles[seat], tile)))
        changes["road"] = road
        changes["tiles"] = tuple(tiles)
        revealed = road.top(position)
        shown = tile_name(revealed) if revealed is not None else None
        name = tile_name(tile)
        who = f"Seat {seat + 1}"
        if revealed is not None:
            text = message(
                gettext_noop("%(seat)s takes tile %(tile)s from %(position)s, revealing %(shown)s."),
                seat=who,
                tile=tile_term(tile),
                position=position,
                shown=tile_term(revealed),
            )
        else:
            text = message(
                gettext_noop("%(seat)s takes tile %(tile)s from %(position)s."),
                seat=who,
                tile=tile_term(tile),
                position=position,
            )
        events.append(
            _event(
                "take",
                text,
                {"seat": seat, "position": position, "tile": name, "revealed": shown},
            )
        )
    events += draw_events(seat, drawn, reshuffled)
    if home == PAWNS:
        return _game_end(state.evolve(**changes, ended_by=seat), events), events
    return state.evolve(**_end_turn(state, changes), idle=0), events


def apply_pass(state: AtlantisState, seat: int) -> tuple[AtlantisState, list[Event]]:
    if state.phase not in MOVING_PHASES:
        raise IllegalMove(gettext_noop("You cannot pass while a toll is due."))
    possible = walks(state, seat, detail=False)
    if possible:
        raise IllegalMove(
            gettext_noop("You may only pass when no pawn move is possible, and you can move: for example '%(move)s'."),
            move=Notation(format_move(state, seat, possible[0])),
        )
    changes, drawn, reshuffled = draw_cards(state, seat, PASS_CARDS)
    events = [
        _event(
            "pass", message(gettext_noop("%(seat)s cannot move and passes."), seat=f"Seat {seat + 1}"), {"seat": seat}
        )
    ]
    events += draw_events(seat, drawn, reshuffled)
    idle = 0 if drawn else state.idle + 1
    state = state.evolve(**_end_turn(state, changes), idle=idle)
    if idle >= state.players:
        events.append(_event("deadlock", message(gettext_noop("Nobody can move and no cards are left to draw.")), {}))
        state = _game_end(state, events)
    return state, events
