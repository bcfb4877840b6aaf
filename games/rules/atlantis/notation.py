"""Atlantis notation: the canonical text of a move, and its words.

Canonical forms (``format_move``)::

    A blue -> 5            pawn on Atlantis plays blue, lands on 5
    12 pink grey -> M      pawn on 12 plays pink (lands on a pawn), then grey
    pay 5 blue pink        toll: tile of value 5 and a blue and a pink card
    pay 4 2x blue          tile 4 and two blue cards
    pay 5 2 cards          the same with 2 cards of the colours held most
    sell 4                 hand in a tile of value 4 for 2 cards
    bridge 27              build your bridge over the gap starting at 27
    pass                   only when no pawn can move

Here too the labels of the numbered options (``option_label``), the names
of the colours (``colour_of``) and places (``place``), the examples shown in
a refusal, and ``WORDINGS`` (the Dutch notation).  Reading a player's text
back, and splitting a line into its sub-moves, is ``notation_parse``.
"""

from __future__ import annotations

import re

from games.engine import IllegalMove, NotationError
from games.engine.message import Joined, Notation, Term, gettext_noop, message
from games.engine.wording import Wording

from .board import ATLANTIS, MAINLAND
from .legal import trace
from .moves import BuildBridge, Go, Pass, Pay, Sell
from .state import COLOURS, PASS_CARDS, AtlantisState, tile_name

#: English and Dutch names (the Dutch also as an adjective before a noun:
#: "een blauwe kaart"), and the two-letter codes.
_ALIASES = {
    0: ("blue", "blauw", "blauwe", "bl"),
    1: ("white", "wit", "witte", "wh"),
    2: ("grey", "gray", "grijs", "grijze", "gy"),
    3: ("yellow", "geel", "gele", "ye"),
    4: ("green", "groen", "groene", "gn"),
    5: ("pink", "roze", "rose", "pk"),
    6: ("brown", "bruin", "bruine", "br"),
}

#: Moves to show in a refusal, in the reader's notation ("'A blauw -> 5', ... of 'pas'").
EXAMPLES = message(
    gettext_noop("%(examples)s or %(last)s"),
    examples=Joined(
        tuple(Notation(f"'{e}'") for e in ("A blue -> 5", "12 pink grey", "pay 5 blue", "sell 4", "bridge 27"))
    ),
    last=Notation("'pass'"),
)


def place(position: int) -> str:
    if position == ATLANTIS:
        return "A"
    return "M" if position == MAINLAND else str(position)


def colour_of(token: str) -> int | None:
    """The colour a word means, or None; :raises NotationError: ambiguous."""
    exact = [c for c, names in _ALIASES.items() if token in names]
    if exact:
        return exact[0]
    found = sorted({c for c, names in _ALIASES.items() if any(n.startswith(token) for n in names)})
    if len(found) > 1:
        options = Joined(tuple(Term(COLOURS[c]) for c in found), gettext_noop(" or "))
        raise NotationError(
            gettext_noop("'%(token)s' could be %(options)s; write more letters."), token=token, options=options
        )
    return found[0] if found else None


def format_move(state: AtlantisState, seat: int, move: object) -> str:
    """Canonical text of ``move`` (see the module docstring).

    :raises TypeError: ``move`` is not an Atlantis move.
    """
    if isinstance(move, Go):
        cards = " ".join(COLOURS[c] for c in move.colours)
        try:
            return f"{place(move.origin)} {cards} -> {place(trace(state, seat, move))}"
        except IllegalMove:
            return f"{place(move.origin)} {cards}"
    if isinstance(move, Pay):
        parts = [str(v) for v in move.tiles]
        for colour in sorted(set(move.cards)):
            n = move.cards.count(colour)
            parts.append(COLOURS[colour] if n == 1 else f"{n}x {COLOURS[colour]}")
        return "pay " + " ".join(parts)
    if isinstance(move, Sell):
        return f"sell {move.value}"
    if isinstance(move, BuildBridge):
        return f"bridge {move.position}"
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"Not an Atlantis move: {move!r}.")


def option_label(state: AtlantisState, seat: int, move: object) -> str:
    """``format_move`` plus what the move means: destination tile, toll,
    cards gained (the numbered options of an email; still parseable)."""
    text = format_move(state, seat, move)
    road = state.road
    if isinstance(move, Go):
        destination = trace(state, seat, move)
        top = road.top(destination)
        where = "mainland" if top is None else tile_name(top)
        toll = road.toll(move.origin, destination)
        return f"{text} ({where}{f', toll {toll}' if toll else ''})"
    if isinstance(move, Pay):
        paid = sum(move.tiles) + len(move.cards)
        n = len(move.cards)
        parts = [f"tiles {sum(move.tiles)}"] if move.tiles else []
        parts += [f"{n} card{'s' if n != 1 else ''}"] if n else []
        return f"{text} ({' + '.join(parts)}: pays {paid} of {state.toll_due})"
    # A sale or a pass brings no more cards than the two piles still hold.
    left = len(state.draw) + sum(state.discard)
    if isinstance(move, Sell):
        n = min(move.value // 2, left)
        return f"{text} ({n} card{'s' if n != 1 else ''})"
    if isinstance(move, BuildBridge):
        gap = road.gap_at(move.position)
        if gap is not None:
            span = gap.first if gap.first == gap.last else f"{gap.first}-{gap.last}"
            return f"{text} (gap {span}, toll {gap.toll} now)"
    if isinstance(move, Pass):
        n = min(PASS_CARDS, left)
        return f"{text} (draw {n} card{'s' if n != 1 else ''})"
    return text


__all__ = [
    "colour_of",
    "format_move",
    "option_label",
    "place",
]


#: The canonical text and option labels in Dutch notation (``parse_move``
#: reads them back): ``A blauw -> 5 (vasteland, tol 2)``, ``betaal 5 2x roze``,
#: ``verkoop 4 (2 kaarten)``, ``brug 27 (wateropening 27-28, nu tol 1)``, ``pas``.
WORDINGS = {
    "nl": Wording(
        {
            "blue": "blauw",
            "white": "wit",
            "grey": "grijs",
            "yellow": "geel",
            "green": "groen",
            "pink": "roze",
            "brown": "bruin",
            "pay": "betaal",
            "sell": "verkoop",
            "bridge": "brug",
            "pass": "pas",
            "mainland": "vasteland",
            "toll": "tol",
            "tiles": "tegels",
            "card": "kaart",
            "cards": "kaarten",
            "pays": "betaalt",
            "of": "van",
            "gap": "wateropening",
            "draw": "trek",
        },
        ((re.compile(r"toll (\d+) now"), r"nu toll \1"),),
    )
}
