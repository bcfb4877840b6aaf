"""The end of an Alhambra turn: refills, scorings, Dirk, and the game's end.

1. The market is refilled from the bag; if it cannot be filled completely,
   the game ends (the money display is then not refilled).
2. The money display is refilled from the deck; an empty deck is replaced by
   the shuffled discards; a scoring card is set aside and the refill goes on.
3. Each scoring card turned up is scored now, at the end of the turn; with
   two players Dirk then receives tiles from the bag (6 after scoring 1, a
   third of the bag, rounded down, after scoring 2).
4. The next seat's turn begins.
"""

from __future__ import annotations

from typing import Any, cast

from games.engine import Event, Rng
from games.engine.message import Joined, Param, Term, gettext_noop, message

from .components import CURRENCIES, SCORING_CARDS, TILE_KIND, card_term, tile_term
from .scoring import round_points
from .setup import DIRK_TILES
from .state import AlhambraState, Scoring, event, evolve, evolved, joined

Result = tuple[AlhambraState, list[Event]]


#: The sentences of every turn's refills, marked for translation once here.
_NEW_TILES = gettext_noop("New in the market: %(names)s.")
_NEW_MONEY = gettext_noop("New money on display: %(names)s.")


def end_turn(state: AlhambraState, changes: dict[str, Any], events: list[Event]) -> Result:
    """Finish the turn of ``state`` with this move's ``changes`` applied.

    :param changes: fields of the state the move changed (used and extended).
    """
    market = changes.get("market", state.market)
    display = changes.get("display", state.display)
    changes["current"] = (state.current + 1) % state.players
    changes["phase"] = "action"
    changes["extra"] = False
    changes["turn"] = state.turn + 1
    if None not in market and len(display) == 4:
        return evolved(state, changes), events
    secret = state.secret
    bag = secret.bag
    if None in market:
        market = list(market)
        refilled = []
        for slot in range(4):
            if market[slot] is None and bag:
                market[slot] = bag[0]
                refilled.append(bag[0])
                bag = bag[1:]
        changes["market"] = tuple(market)
        if refilled:
            names = joined(tuple([tile_term(t) for t in refilled]))
            events.append(event("market", message(_NEW_TILES, names=names), {"tiles": refilled}))
        if None in market:
            changes["secret"] = evolve(secret, bag=bag)
            return _game_end(evolved(state, changes), events)
    deck, rng_state = secret.deck, secret.rng
    triggered = []
    if len(display) < 4:
        discard = changes.get("discard", state.discard)
        drawn: list[int] = []
        need = 4 - len(display)
        at = 0
        while len(drawn) < need:
            if at >= len(deck):
                if not discard:
                    break
                rng = Rng(rng_state)
                shuffled = list(discard)
                rng.shuffle(shuffled)
                deck, at, rng_state, discard = tuple(shuffled), 0, rng.state, ()
                events.append(event("reshuffle", message(gettext_noop("The discarded money is reshuffled.")), {}))
            code = deck[at]
            at += 1
            if code in SCORING_CARDS:
                triggered.append(code - 100)
            else:
                drawn.append(code)
        deck = deck[at:]
        changes["display"] = tuple(sorted(display + tuple(drawn)))
        changes["discard"] = discard
        if drawn:
            names = joined(tuple([card_term(c) for c in drawn]))
            events.append(event("display", message(_NEW_MONEY, names=names), {"cards": drawn}))
    changes["secret"] = evolve(secret, bag=bag, deck=deck, rng=rng_state)
    new = evolved(state, changes)
    for round_number in triggered:
        text = message(gettext_noop("Scoring card %(round_number)s turned up."), round_number=round_number)
        events.append(event("scoring_card", text, {"round": round_number}))
        new = score_round(new, round_number, events)
        if new.dirk is not None:
            new = _deliver_to_dirk(new, round_number, events)
    return new, events


def _deliver_to_dirk(state: AlhambraState, round_number: int, events: list[Event]) -> AlhambraState:
    bag = state.secret.bag
    count = DIRK_TILES if round_number == 1 else len(bag) // 3
    tiles, bag = bag[:count], bag[count:]
    assert state.dirk is not None
    if tiles:
        names = Joined(tuple(tile_term(t) for t in tiles))
        events.append(
            event("dirk", message(gettext_noop("Dirk receives %(names)s."), names=names), {"tiles": list(tiles)})
        )
    return cast(
        AlhambraState,
        evolve(
            state,
            dirk=tuple(sorted(state.dirk + tiles)),
            secret=evolve(state.secret, bag=bag),
        ),
    )


def dirk_counts(dirk: tuple[int, ...] | None) -> list[int] | None:
    """Dirk's buildings per type (``None`` without Dirk)."""
    if dirk is None:
        return None
    counts = [0] * 6
    for tile in dirk:
        counts[TILE_KIND[tile]] += 1
    return counts


def score_round(state: AlhambraState, round_number: int, events: list[Event]) -> AlhambraState:
    """Score majorities and walls; add the points to the seats' scores."""
    points, walls, dirk = round_points([s.alhambra for s in state.seats], dirk_counts(state.dirk), round_number)
    seats = tuple(evolve(s, score=s.score + p) for s, p in zip(state.seats, points, strict=True))
    record = Scoring(round_number, tuple(points), tuple(walls), dirk)
    parts: list[Param] = [
        message(gettext_noop("%(seat)s +%(points)s (wall %(wall)s)"), seat=f"seat {i + 1}", points=p, wall=w)
        for i, (p, w) in enumerate(zip(points, walls, strict=True))
    ]
    if dirk is not None:
        parts.append(f"Dirk +{dirk}")
    events.append(
        event(
            "scoring",
            message(gettext_noop("Scoring %(round)s: %(parts)s."), round=round_number, parts=Joined(tuple(parts))),
            {"round": round_number, "points": points, "walls": walls, "dirk": dirk},
        )
    )
    return cast(AlhambraState, evolve(state, seats=seats, scorings=state.scorings + (record,)))


def _game_end(state: AlhambraState, events: list[Event]) -> Result:
    """The market could not be refilled: each tile left goes to the player
    with the most money of its slot's currency (a tie, or nobody holding
    that currency: to nobody); they place them; then the final scoring."""
    seats = list(state.seats)
    record = []
    events.append(event("end", message(gettext_noop("The market cannot be refilled: the game ends.")), {}))
    for slot, tile in enumerate(state.market):
        if tile is None:
            continue
        totals = [sum(c % 10 for c in s.hand if c // 10 == slot) for s in seats]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        receiver = winners[0] if best > 0 and len(winners) == 1 else None
        record.append((tile, receiver))
        name, currency = tile_term(tile), Term(CURRENCIES[slot])
        if receiver is None:
            template = (
                gettext_noop("Slot %(slot)s: %(name)s goes to nobody (nobody holds %(currency)s).")
                if best == 0
                else gettext_noop("Slot %(slot)s: %(name)s goes to nobody (a tie for most %(currency)s).")
            )
            text = message(template, slot=slot + 1, name=name, currency=currency)
        else:
            seats[receiver] = evolve(seats[receiver], pending=seats[receiver].pending + (tile,))
            text = message(
                gettext_noop("Slot %(slot)s: %(name)s goes to %(seat)s (most %(currency)s)."),
                slot=slot + 1,
                name=name,
                seat=f"seat {receiver + 1}",
                currency=currency,
            )
        events.append(event("handout", text, {"tile": tile, "seat": receiver, "slot": slot}))
    new = evolve(
        state,
        seats=tuple(seats),
        market=(None, None, None, None),
        handout=tuple(record),
        phase="handout",
        extra=False,
    )
    if any(s.pending for s in new.seats):
        return new, events
    return final_scoring(new, events)


def final_scoring(state: AlhambraState, events: list[Event]) -> Result:
    """Scoring 3, and the game is over."""
    return evolve(score_round(state, 3, events), phase="over"), events
