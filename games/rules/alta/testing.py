"""A tiny DSL for building Alta positions in tests.

``island("FAR WHE", "MIL .")`` lays rows of card names (codes, slugs, Dutch
names; ``.`` = empty) with the first row's first cell at ``top_left``
(default ``C3``, so a 4 x 4 island fills C3-F6 and the first card's D4 lies
inside it).  ``position(...)`` builds a whole state around such islands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .board import CELL_INDEX, CELL_NAMES, EMPTY_ISLAND, SIZE, Island, build
from .components import MERCHANTS, TYPE_INDEX, TYPES
from .notation import card_type
from .state import HAND, AltaState, Secret


def _type(name: str) -> int:
    return TYPE_INDEX[card_type(name)]


def island(*rows: str, top_left: str = "C3") -> Island:
    """An island from rows of space-separated card names (``.`` = empty)."""
    start = CELL_INDEX[top_left.upper()]
    r0, c0 = divmod(start, SIZE)
    cards = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row.split()):
            if name != ".":
                cards[(r0 + r) * SIZE + c0 + c] = _type(name)
    return build(cards) if cards else EMPTY_ISLAND


def merchant(first: str, second: str) -> int:
    """The index of the merchant card showing these two types (any order)."""
    a, b = card_type(first), card_type(second)
    for index, pair in enumerate(MERCHANTS):
        if set(pair) == {a, b}:
            return index
    raise KeyError(f"No merchant card shows {a} and {b}.")


def position(
    players: int = 2,
    *,
    islands: Mapping[int, Island] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    face_up: Sequence[str] = ("mill", "tower"),
    deck: Iterable[str] | None = None,
    merchant_up: tuple[str, str] | None = ("tavern", "market"),
    merchant_deck: Iterable[tuple[str, str]] | None = None,
    merchants: Mapping[int, Sequence[tuple[str, str]]] | None = None,
    turn: int = 0,
    first: int = 0,
    step: str = HAND,
    refreshed: bool = False,
) -> AltaState:
    """A state for tests.  Defaults: every seat holds mill + tower and has an
    empty island; the deck (top card LAST) is 40 cards cycling through the
    types; the merchant deck holds every card but the face-up one."""
    hands = hands or {}
    islands = islands or {}
    merchants = merchants or {}
    deck_cards = tuple(_type(c) for c in deck) if deck is not None else tuple(i % len(TYPES) for i in range(40))
    up = None if merchant_up is None else merchant(*merchant_up)
    if merchant_deck is None:
        held = {merchant(*p) for ps in merchants.values() for p in ps}
        mdeck = tuple(m for m in range(len(MERCHANTS)) if m != up and m not in held)
    else:
        mdeck = tuple(merchant(*p) for p in merchant_deck)
    return AltaState(
        players=players,
        first=first,
        turn=turn,
        step=step,
        refreshed=refreshed,
        hands=tuple(tuple(_type(c) for c in hands.get(s, ("mill", "tower"))) for s in range(players)),
        islands=tuple(islands.get(s, EMPTY_ISLAND) for s in range(players)),
        face_up=tuple(_type(c) for c in face_up),
        out_of_game=(),
        merchant_up=up,
        merchants=tuple(tuple((merchant(*p), True) for p in merchants.get(s, ())) for s in range(players)),
        secret=Secret(deck_cards, mdeck, 12345),
    )


def cells_of(island: Island) -> dict[str, str]:
    """``{cell name: slug}`` of the placed cards."""
    return {CELL_NAMES[i]: TYPES[t] for i, t in enumerate(island.cells) if t >= 0}
