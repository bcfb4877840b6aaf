"""Alta state and moves <-> JSON-safe data (server side: holds every secret).

Cards are written as type slugs and merchant cards as their two slugs, so a
stored game reads like the rules; islands as ``{cell name: slug}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import NotationError
from games.engine.message import gettext_noop

from .board import CELL_INDEX, CELL_NAMES, bit_indices, build
from .components import MERCHANTS, TYPE_INDEX, TYPES
from .moves import ChooseMerchant, PlaceHand, Refresh, Take
from .state import (
    AltaState,
    Secret,
)

_MERCHANT_INDEX = {pair: i for i, pair in enumerate(MERCHANTS)}


def _cards(cards: Any) -> list[str]:
    return list(map(TYPES.__getitem__, cards))


def _merchant(index: int | None) -> list[str] | None:
    return None if index is None else list(MERCHANTS[index])


def _merchant_index(pair: Any) -> int | None:
    return None if pair is None else _MERCHANT_INDEX[tuple(pair)]


def dump_state(state: AltaState) -> dict[str, Any]:
    seats = []
    for seat in range(state.players):
        island = state.islands[seat]
        cells = island.cells
        seats.append(
            {
                "hand": _cards(state.hands[seat]),
                # The placed cells in index order, as the frame reads them.
                "island": {CELL_NAMES[i]: TYPES[cells[i]] for i in bit_indices(island.occupied)},
                "merchants": [{"card": list(MERCHANTS[m]), "blind": blind} for m, blind in state.merchants[seat]],
            }
        )
    return {
        "players": state.players,
        "first": state.first,
        "turn": state.turn,
        "step": state.step,
        "refreshed": state.refreshed,
        "face_up": _cards(state.face_up),
        "out_of_game": _cards(state.out_of_game),
        "merchant_up": _merchant(state.merchant_up),
        "seats": seats,
        "secret": {
            "deck": _cards(state.secret.deck),
            "merchant_deck": [list(MERCHANTS[m]) for m in state.secret.merchant_deck],
            "rng": state.secret.rng,
        },
        "departed": [[seat, reason] for seat, reason in state.departed],
        "early_end": state.early_end,
    }


def _types(names: Any) -> tuple[int, ...]:
    return tuple(map(TYPE_INDEX.__getitem__, names))


def load_state(data: Mapping[str, Any]) -> AltaState:
    seats = data["seats"]
    secret = data["secret"]
    return AltaState(
        players=int(data["players"]),
        first=int(data["first"]),
        turn=int(data["turn"]),
        step=str(data["step"]),
        refreshed=bool(data["refreshed"]),
        hands=tuple(_types(s["hand"]) for s in seats),
        islands=tuple(build({CELL_INDEX[c]: TYPE_INDEX[t] for c, t in s["island"].items()}) for s in seats),
        face_up=_types(data["face_up"]),
        out_of_game=_types(data["out_of_game"]),
        merchant_up=_merchant_index(data["merchant_up"]),
        merchants=tuple(
            tuple((_MERCHANT_INDEX[tuple(m["card"])], bool(m["blind"])) for m in s["merchants"]) for s in seats
        ),
        secret=Secret(
            _types(secret["deck"]),
            tuple(_MERCHANT_INDEX[tuple(m)] for m in secret["merchant_deck"]),
            int(secret["rng"]),
        ),
        departed=tuple((int(s), str(r)) for s, r in data.get("departed", ())),
        early_end=data.get("early_end"),
    )


def dump_move(move: Any) -> dict[str, Any]:
    """``move`` as JSON-safe data.

    :raises TypeError: ``move`` is not an Alta move.
    """
    if isinstance(move, PlaceHand):
        return {"move": "place", "card": move.card, "cell": move.cell}
    if isinstance(move, Take):
        return {"move": "take", "slot": move.slot, "cell": move.cell}
    if isinstance(move, Refresh):
        return {"move": "refresh"}
    if isinstance(move, ChooseMerchant):
        return {"move": "merchant", "source": move.source}
    raise TypeError(f"Not an Alta move: {move!r}.")


def load_move(data: Any) -> Any:
    """:raises NotationError: the data is not a dumped Alta move."""
    try:
        kind = data["move"]
        if kind == "place":
            return PlaceHand(str(data["card"]), str(data["cell"]))
        if kind == "take":
            return Take(int(data["slot"]), str(data["cell"]))
        if kind == "refresh":
            return Refresh()
        if kind == "merchant":
            return ChooseMerchant(str(data["source"]))
    except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: int() of an infinite float
        pass
    raise NotationError(gettext_noop("Not a stored Alta move: %(repr)s."), repr=repr(data))
