"""Alta: each player builds a 4 x 4 island of cards in 8 rounds.

A turn is up to five sub-moves by one seat: place a hand card (step 1),
optionally refresh two identical face-up cards (step 2), take a face-up card
and place it (step 3); a market placed in step 1 or 3 is followed at once by
a merchant choice.  Steps 4 (the other hand card goes face up) and 5 (draw
2, except after a player's 8th turn) happen by themselves.  Rules:
/work/shared/rules/alta.md; the decisions marked D there are followed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import BaseRules, Event, IllegalMove, Rng, Transition, seed_state

from . import codec, notation, view
from .board import (
    CELL_INDEX,
    CELL_NAMES,
    EMPTY_ISLAND,
    bit_indices,
    placement_error,
)
from .board import place as place_card
from .components import MARKET, MERCHANTS, TYPE_INDEX, TYPES, full_island_deck
from .legal import refresh_error, step_error
from .moves import BLIND, UP, ChooseMerchant, Move, PlaceHand, Refresh, Take
from .scoring import score_seats
from .state import (
    HAND,
    HAND_MERCHANT,
    OVER,
    ROUNDS,
    TAKE,
    TAKE_MERCHANT,
    AltaState,
    Secret,
    copy_state,
)

# Every move object exists once: legal_moves only picks from these tables.
HAND_MOVES = tuple(tuple(PlaceHand(t, c) for c in CELL_NAMES) for t in TYPES)
TAKE_MOVES = tuple(tuple(Take(s, c) for c in CELL_NAMES) for s in (1, 2))
REFRESH = Refresh()
MERCHANT_UP = ChooseMerchant(UP)
MERCHANT_BLIND = ChooseMerchant(BLIND)
_SEAT_SETS = tuple(frozenset({s}) for s in range(4))
_NOBODY: frozenset[int] = frozenset()


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


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
    codec = codec

    # ------------------------------------------------------------- setup
    def setup(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> AltaState:
        """A new game: hands, face-up cards and merchant card dealt from
        ``seed``.  Seat 0 starts: the seat order is decided before the
        engine (drawn from the seed by the match, decision D, or chosen by
        a tournament).

        :raises ValueError: unsupported number of players.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Alta is played by 2 to 4 players.")
        rng = Rng(seed_state(seed))
        rng.below(players)  # the old start draw, kept so a seed deals as before
        first = 0
        deck = full_island_deck()
        rng.shuffle(deck)
        hands = []
        for _ in range(players):
            hands.append((deck.pop(), deck.pop()))
        face_up = (deck.pop(), deck.pop())
        merchant_deck = list(range(len(MERCHANTS)))
        rng.shuffle(merchant_deck)
        merchant_up = merchant_deck.pop()
        return AltaState(
            players=players,
            first=first,
            turn=0,
            step=HAND,
            refreshed=False,
            hands=tuple(hands),
            islands=(EMPTY_ISLAND,) * players,
            face_up=face_up,
            out_of_game=(),
            merchant_up=merchant_up,
            merchants=((),) * players,
            secret=Secret(tuple(deck), tuple(merchant_deck), rng.state),
        )

    # ------------------------------------------------------------- turns
    def _movers(self, state: AltaState) -> frozenset[int]:
        if state.step == OVER:
            return _NOBODY
        return _SEAT_SETS[(state.first + state.turn) % state.players]

    def to_move(self, state: AltaState) -> frozenset[int]:
        # Same result as BaseRules.to_move, without its generic set algebra
        # in the common case (nobody has left): this sits in every apply.
        if state.departed or state.early_end is not None:
            return super().to_move(state)
        return self._movers(state)

    def _is_over(self, state: AltaState) -> bool:
        return state.step == OVER

    def legal_moves(self, state: AltaState, seat: int) -> list[Any]:
        """Every legal sub-move of ``seat`` now (empty if not its turn), in a
        stable order: by hand card type (step 1) or refresh first, then slot
        (step 3); then by cell (A1, B1, ... G7); merchant: up, then blind."""
        step = state.step
        if (
            step == OVER
            or state.early_end is not None
            or seat != (state.first + state.turn) % state.players
        ):
            return []
        if step == HAND:
            cells = bit_indices(state.islands[seat].open)
            moves: list[Any] = []
            for card in sorted(set(state.hands[seat])):
                row = HAND_MOVES[card]
                moves += [row[i] for i in cells]
            return moves
        if step == TAKE:
            cells = bit_indices(state.islands[seat].open)
            moves = [] if refresh_error(state) else [REFRESH]
            for slot_moves in TAKE_MOVES:
                moves += [slot_moves[i] for i in cells]
            return moves
        moves = []
        if state.merchant_up is not None:
            moves.append(MERCHANT_UP)
        if state.secret.merchant_deck:
            moves.append(MERCHANT_BLIND)
        return moves

    def _apply(self, state: AltaState, seat: int, move: Any) -> Transition[AltaState]:
        kind = type(move)
        if kind is PlaceHand:
            return self._place_hand(state, seat, move)
        if kind is Take:
            return self._take(state, seat, move)
        if kind is ChooseMerchant:
            return self._merchant(state, seat, move)
        if kind is Refresh:
            return self._refresh(state, seat)
        raise IllegalMove(f"That is not an Alta move: {move!r}.")

    def _cell(self, state: AltaState, seat: int, cell: str) -> int:
        index = CELL_INDEX.get(cell)
        if index is None:
            raise IllegalMove(f"There is no cell {cell!r}; cells are A1 to G7.")
        island = state.islands[seat]
        if not island.open >> index & 1:
            raise IllegalMove(placement_error(island, index) or "")
        return index

    def _place_hand(self, state: AltaState, seat: int, move: PlaceHand) -> Transition[AltaState]:
        if state.step != HAND:
            raise IllegalMove(step_error(state))
        card = TYPE_INDEX.get(move.card)
        hand = state.hands[seat]
        if card is None or card not in hand:
            held = " and ".join(TYPES[c] for c in hand)
            hint = ""
            if card in state.face_up:
                hint = " (a face-up card is taken in step 3, after your hand card)"
            raise IllegalMove(
                f"You have no {move.card} in your hand; you hold {held}{hint}."
            )
        index = self._cell(state, seat, move.cell)
        rest = list(hand)
        rest.remove(card)
        new = copy_state(
            state,
            hands=_with(state.hands, seat, tuple(rest)),
            islands=_with(
                state.islands, seat, place_card(state.islands[seat], index, card)
            ),
            step=HAND_MERCHANT if card == MARKET and _merchant_left(state) else TAKE,
        )
        text = f"Seat {seat + 1} placed {move.card} at {move.cell} from their hand."
        data = {"seat": seat, "card": move.card, "cell": move.cell, "from": "hand"}
        return Transition(new, (Event("place", text, data),))

    def _take(self, state: AltaState, seat: int, move: Take) -> Transition[AltaState]:
        if state.step != TAKE:
            raise IllegalMove(step_error(state))
        slot = move.slot
        if slot != 1 and slot != 2:
            raise IllegalMove("There are two face-up cards: take 1 or 2.")
        index = self._cell(state, seat, move.cell)
        card = state.face_up[slot - 1]
        (rest,) = state.hands[seat]
        new = copy_state(
            state,
            hands=_with(state.hands, seat, ()),
            islands=_with(
                state.islands, seat, place_card(state.islands[seat], index, card)
            ),
            face_up=_with(state.face_up, slot - 1, rest),
        )
        text = (
            f"Seat {seat + 1} took face-up {TYPES[card]} and placed it at {move.cell}; "
            f"their other hand card, {TYPES[rest]}, is now face up."
        )
        data = {
            "seat": seat,
            "card": TYPES[card],
            "cell": move.cell,
            "from": slot,
            "face_up": TYPES[rest],
        }
        events = [Event("place", text, data)]
        if card == MARKET and _merchant_left(state):
            new.__dict__["step"] = TAKE_MERCHANT
        else:
            self._end_turn(new, seat, events)
        return Transition(new, tuple(events))

    def _end_turn(self, new: AltaState, seat: int, events: list[Event]) -> None:
        """Step 5 and the hand-over, on a fresh copy not yet shared."""
        data = new.__dict__
        turn = new.turn
        if turn < (ROUNDS - 1) * new.players:
            deck = new.secret.deck
            drawn = (deck[-1], deck[-2])
            data["secret"] = Secret(deck[:-2], new.secret.merchant_deck, new.secret.rng)
            data["hands"] = _with(new.hands, seat, drawn)
            names = [TYPES[c] for c in drawn]
            events.append(
                Event(
                    "draw",
                    f"You drew {names[0]} and {names[1]}.",
                    {"seat": seat, "cards": names},
                    (seat,),
                )
            )
        data["turn"] = turn + 1
        data["refreshed"] = False
        if turn + 1 == ROUNDS * new.players:
            data["step"] = OVER
            # Scores are left to ``outcome`` and the final view: scoring every
            # island here would cost more than the rest of the last move.
            events.append(
                Event(
                    "game_over",
                    "The game is over: every island is "
                    "complete; all merchant cards are revealed.",
                    {},
                )
            )
        else:
            data["step"] = HAND

    def _refresh(self, state: AltaState, seat: int) -> Transition[AltaState]:
        error = refresh_error(state)
        if error:
            raise IllegalMove(error)
        secret = state.secret
        deck = secret.deck
        old = state.face_up
        face_up = (deck[-1], deck[-2])
        new = copy_state(
            state,
            face_up=face_up,
            out_of_game=state.out_of_game + old,
            refreshed=True,
            secret=Secret(deck[:-2], secret.merchant_deck, secret.rng),
        )
        text = (
            f"Seat {seat + 1} refreshed the face-up cards: both {TYPES[old[0]]} leave "
            f"the game; new face-up cards: {TYPES[face_up[0]]} and {TYPES[face_up[1]]}."
        )
        data = {
            "seat": seat,
            "removed": [TYPES[c] for c in old],
            "face_up": [TYPES[c] for c in face_up],
        }
        return Transition(new, (Event("refresh", text, data),))

    def _merchant(
        self, state: AltaState, seat: int, move: ChooseMerchant
    ) -> Transition[AltaState]:
        step = state.step
        if step != HAND_MERCHANT and step != TAKE_MERCHANT:
            raise IllegalMove(
                "You take a merchant card only right after placing a market. "
                + step_error(state)
            )
        secret = state.secret
        mdeck = secret.merchant_deck
        events = []
        if move.source == UP:
            if state.merchant_up is None:
                raise IllegalMove("There is no face-up merchant card; take one blind.")
            card, blind = state.merchant_up, False
            refill = mdeck[-1] if mdeck else None
            if mdeck:
                mdeck = mdeck[:-1]
            text = f"Seat {seat + 1} took the face-up merchant card ({_label(card)})"
            text += (
                f"; the new face-up one is {_label(refill)}."
                if refill is not None
                else "; the merchant deck is empty."
            )
            events.append(
                Event(
                    "merchant",
                    text,
                    {"seat": seat, "source": UP, "card": list(MERCHANTS[card])},
                )
            )
        elif move.source == BLIND:
            if not mdeck:
                raise IllegalMove("The merchant deck is empty; take the face-up card.")
            card, blind, refill = mdeck[-1], True, state.merchant_up
            mdeck = mdeck[:-1]
            events.append(
                Event(
                    "merchant",
                    f"Seat {seat + 1} took a merchant card blind.",
                    {"seat": seat, "source": BLIND},
                )
            )
            events.append(
                Event(
                    "merchant_drawn",
                    f"You drew the merchant card {_label(card)}.",
                    {"seat": seat, "card": list(MERCHANTS[card])},
                    (seat,),
                )
            )
        else:
            raise IllegalMove("Choose the merchant card 'up' (face-up) or 'blind'.")
        new = copy_state(
            state,
            merchant_up=refill,
            merchants=_with(
                state.merchants, seat, state.merchants[seat] + ((card, blind),)
            ),
            secret=Secret(secret.deck, mdeck, secret.rng),
            step=TAKE,
        )
        if step == TAKE_MERCHANT:
            self._end_turn(new, seat, events)
        return Transition(new, tuple(events))

    # ------------------------------------------------------------ scoring
    def _score(
        self, state: AltaState
    ) -> tuple[tuple[int, ...], list[Any], tuple[dict[str, Any], ...]]:
        return score_seats(state)

    def default_move(self, state: AltaState, seat: int) -> Any:
        """Take the face-up merchant card (blind if none); otherwise the
        placement that scores the most points now (first in ``legal_moves``
        order among equals); never refresh.

        :raises IllegalMove: ``seat`` has no move.
        """
        from .strategy import best_placement

        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove("There is no legal move for this seat.")
        if state.step in (HAND_MERCHANT, TAKE_MERCHANT):
            return moves[0]
        return best_placement(state, seat, [m for m in moves if m is not REFRESH])

    # ----------------------------------------------------------- notation
    def parse_move(self, state: AltaState, seat: int, text: str) -> Any:
        """See ``notation.parse_move``."""
        return notation.parse_move(state, seat, text)

    def format_move(self, state: AltaState, seat: int, move: Any) -> str:
        return notation.format_move(state, seat, move)

    # --------------------------------------------------------------- view
    def view(self, state: AltaState, seat: int | None) -> dict[str, Any]:
        """See ``view.seat_view``."""
        return view.seat_view(self, state, seat)

    def _revealed(self, state: AltaState, seat: int) -> dict[str, Any]:
        """See ``view.revealed``."""
        return view.revealed(state, seat)

    def randomize_hidden(
        self, state: AltaState, seat: int | None, seed: int
    ) -> AltaState:
        """See ``view.redeal_hidden`` (nothing is re-dealt of what the end of
        the game revealed)."""
        return view.redeal_hidden(state, seat, seed, self.is_finished(state))


def _merchant_left(state: AltaState) -> bool:
    # Always true in a real game (9 markets, 9 merchant cards); the check
    # only keeps a hand-built position from waiting for a choice forever.
    return state.merchant_up is not None or bool(state.secret.merchant_deck)


def _label(card: int | None) -> str:
    if card is None:
        return "none"
    return "+".join(MERCHANTS[card])
