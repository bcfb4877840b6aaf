"""What one seat may see of an Alta game.

Hidden information is left out, not blanked: other seats' hands and
merchant cards appear only as counts, the decks as sizes; the RNG and the
deck orders never appear.  At the end every merchant card (and any hand
card left when a game ended early) is revealed with the score breakdown.
Each island also comes as text lines in the fixed
A-G / 1-7 frame (``board_text``), so an email can show exactly the cell
names a player writes back.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.engine import Rng, seed_state
from games.engine.message import expect_fields, gettext_noop, message

from .board import CELL_NAMES, COLUMNS, EMPTY, SIZE, Island, bit_indices
from .components import CODES, MERCHANTS, TYPES
from .legal import can_refresh
from .scoring import island_layout, score_layout, score_seats
from .state import (
    HAND,
    HAND_MERCHANT,
    OVER,
    ROUNDS,
    TAKE,
    AltaState,
    Secret,
    copy_state,
)

_STEP_NAMES = {
    HAND: "hand",
    TAKE: "take",
    HAND_MERCHANT: "merchant",
    "take_merchant": "merchant",
    OVER: "over",
}
_EXPECT = {
    "hand": message(gettext_noop("place one of the two hand cards (step 1)")),
    "take": message(gettext_noop("refresh if allowed (step 2), then take a face-up card and place it (step 3)")),
    "merchant": message(gettext_noop("choose a merchant card: face-up ('merchant up') or blind")),
}
_OVER = message(gettext_noop("nothing: the game is over"))


def board_text(island: Island) -> list[str]:
    """The island as text lines: placed cards by code (MIL, HUT ...), ``+``
    where the next card may go, ``.`` elsewhere.  Shows the bounding box plus
    one cell around it (within the 4 x 4 limit), labelled with the fixed
    frame's column letters and row numbers."""
    shown = island.occupied | island.open
    rows = sorted({i // SIZE for i in bit_indices(shown)})
    cols = sorted({i % SIZE for i in bit_indices(shown)})
    rows = list(range(rows[0], rows[-1] + 1))
    cols = list(range(cols[0], cols[-1] + 1))
    lines = ["   " + "".join(f"{COLUMNS[c]:^5}" for c in cols).rstrip()]
    for r in rows:
        marks = []
        for c in cols:
            index = r * SIZE + c
            card = island.cells[index]
            if card != EMPTY:
                marks.append(CODES[TYPES[card]])
            elif island.open >> index & 1:
                marks.append("+")
            else:
                marks.append(".")
        lines.append(f"{r + 1:>2} " + "".join(f"{m:^5}" for m in marks).rstrip())
    return lines


# Every view shows every island, a game's states share most islands, and an
# island never changes (a placement makes a new one): so the parts of an
# island's entry that depend on the island alone are computed once per
# island.  The cache is bounded (a few recent games' islands); callers get
# fresh containers (``seat_view`` copies them), never the cached ones.
_ISLANDS_CACHED = 1024


@lru_cache(maxsize=_ISLANDS_CACHED)
def _island_parts(island: Island) -> tuple[dict[str, str], tuple[str, ...], tuple[str, ...], int]:
    """``(cells {name: slug}, open cell names, board_text, points of its
    cards without merchant cards)`` of ``island`` (read only: shared by
    every view of it)."""
    cells = {CELL_NAMES[i]: TYPES[island.cells[i]] for i in bit_indices(island.occupied)}
    points = score_layout(island_layout(island), []).total
    return cells, tuple(CELL_NAMES[i] for i in bit_indices(island.open)), tuple(board_text(island)), points


def _merchant_list(held: Any) -> list[list[str]]:
    return [list(MERCHANTS[m]) for m, _ in held]


def seat_view(rules: Any, state: AltaState, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``state`` for ``seat`` (``None`` = spectator)."""
    finished = rules.is_finished(state)
    step = "over" if finished else _STEP_NAMES[state.step]
    current = None if finished else state.seat_to_move
    result = score_seats(state) if finished else None
    islands = []
    for s in range(state.players):
        island = state.islands[s]
        cells, open_cells, text, points = _island_parts(island)
        entry: dict[str, Any] = {
            "seat": s,
            "cards": island.occupied.bit_count(),
            "cells": dict(cells),
            "open": list(open_cells),
            "text": list(text),
            "hand_size": len(state.hands[s]),
            "merchant_count": len(state.merchants[s]),
        }
        if result is None:
            # Island points are public; merchant points stay hidden.
            entry["island_points"] = points
        else:
            entry.update(revealed(state, s))
            entry["score"] = result[2][s]
            entry["island_points"] = result[2][s]["island_points"]
        islands.append(entry)
    view: dict[str, Any] = {
        "game": "alta",
        "seat": seat,
        "players": state.players,
        "to_move": sorted(rules.to_move(state)),
        "turn_of": current,
        "first_player": state.first,
        "round": state.round,
        "rounds": ROUNDS,
        "step": step,
        **expect_fields(_EXPECT.get(step, _OVER)),
        "refreshed": state.refreshed,
        "can_refresh": not finished and can_refresh(state),
        "face_up": [TYPES[c] for c in state.face_up],
        "deck": len(state.secret.deck),
        "out_of_game": [TYPES[c] for c in state.out_of_game],
        "merchant_face_up": None if state.merchant_up is None else list(MERCHANTS[state.merchant_up]),
        "merchant_deck": len(state.secret.merchant_deck),
        "islands": islands,
        "departed": [s for s, _ in state.departed],
    }
    if seat is not None:
        view["hand"] = [TYPES[c] for c in state.hands[seat]]
        view["merchants"] = _merchant_list(state.merchants[seat])
    if result is not None:
        totals, keys, _ = result
        view["scores"] = list(totals)
        view["harbours"] = [k[1] for k in keys]
    return view


def revealed(state: AltaState, seat: int) -> dict[str, Any]:
    """What the end of the game reveals of ``seat``: its merchant cards,
    and its hand when it still holds one (a game that ended early: one
    played to the end leaves every hand empty)."""
    shown: dict[str, Any] = {"merchants": _merchant_list(state.merchants[seat])}
    if state.hands[seat]:
        shown["hand"] = [TYPES[c] for c in state.hands[seat]]
    return shown


def redeal_hidden(state: AltaState, seat: int | None, seed: int, revealed: bool) -> AltaState:
    """A state ``seat`` (``None``: spectator) cannot tell from ``state``.

    The other seats' hands and the island deck are shuffled together and
    dealt back with the same counts; so are the other seats' blind-taken
    merchant cards and the merchant deck (a face-up take was seen by all);
    once ``revealed`` (the game is over) every hand and merchant card is
    public and only the decks and the RNG state are replaced.
    """
    rng = Rng(seed_state(seed))
    others = [] if revealed else [s for s in range(state.players) if s != seat]
    pool = list(state.secret.deck)
    for s in others:
        pool += state.hands[s]
    pool.sort()  # the re-deal must not depend on the hidden order
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
    merchants = list(state.merchants)
    mpool = list(state.secret.merchant_deck)
    if not revealed:
        for s in others:
            mpool += [m for m, blind in merchants[s] if blind]
        mpool.sort()
        rng.shuffle(mpool)
        for s in others:
            merchants[s] = tuple((mpool.pop() if blind else m, blind) for m, blind in merchants[s])
    secret = Secret(tuple(pool), tuple(mpool), rng.next_u64())
    return copy_state(state, hands=tuple(hands), merchants=tuple(merchants), secret=secret)
