"""What the Atlantis drawings share: colours, names and the pawn moves a
seat can make, all worked out from the seat's view alone.

Positions follow the notation: ``A`` is Atlantis (0), ``M`` the mainland
(54), the road 1-53.  ``walks`` repeats the engine's move rule on the view
(the next top tile of the card's colour, another card over an occupied
position, the mainland when the colour is gone ahead, a toll the seat could
pay), so the page can draw every destination without seeing the state.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.utils.translation import pgettext_lazy

from games.i18n import move_text
from games.terms import gettext, ngettext, term

ATLANTIS = 0
MAINLAND = 54
COLOURS = ("blue", "white", "grey", "yellow", "green", "pink", "brown")
#: Two-letter codes the notation also accepts (``pay 2x bl``).
CODES = {
    "blue": "bl",
    "white": "wh",
    "grey": "gy",
    "yellow": "ye",
    "green": "gn",
    "pink": "pk",
    "brown": "br",
}
#: Fill and text colour of each tile and card colour.
FILL = {
    "blue": ("#2f6fb3", "#ffffff"),
    "white": ("#f6f6f2", "#1f2a30"),
    "grey": ("#8f9499", "#ffffff"),
    "yellow": ("#f2cf3c", "#1f2a30"),
    "green": ("#4c9a5f", "#ffffff"),
    "pink": ("#f2a2c4", "#1f2a30"),
    "brown": ("#8a5a35", "#ffffff"),
}
#: Pawn colours per seat (none of them a road colour) and their names.
PAWN = ("#d62828", "#1d1d1d", "#7b2cbf", "#f77f00")
PAWN_NAME = (
    pgettext_lazy("atlantis pawn", "red"),
    pgettext_lazy("atlantis pawn", "black"),
    pgettext_lazy("atlantis pawn", "purple"),
    pgettext_lazy("atlantis pawn", "orange"),
)
MOVING_PHASES = ("start", "bridge", "move")


class Walk(NamedTuple):
    """One pawn move: where from, the cards in order, where to, the toll."""

    origin: int
    cards: tuple[str, ...]
    destination: int
    toll: int


def place(position: int | str) -> str:
    """A position as the notation writes it: ``A``, ``M`` or its number."""
    if position in (ATLANTIS, "atlantis"):
        return "A"
    if position in (MAINLAND, "mainland"):
        return "M"
    return str(position)


def number(position: int | str) -> int:
    """A view position (``"atlantis"``, ``"mainland"`` or an int) as 0-54."""
    if position == "atlantis":
        return ATLANTIS
    if position == "mainland":
        return MAINLAND
    return int(position)


def seat_names(view: dict[str, Any], names: list[str] | None) -> list[str]:
    names = list(names or [])
    return [
        names[s] if s < len(names) and names[s] else gettext("Seat %(number)s") % {"number": s + 1}
        for s in range(view["players"])
    ]


def pawn_name(seat: int) -> str:
    """The colour of ``seat``'s pawns in the active language."""
    return str(PAWN_NAME[seat])


def colour_name(colour: str) -> str:
    """A road colour in the active language (``games.terms``)."""
    return term("atlantis", colour)


def code_key() -> str:
    """The two-letter colour codes drawn on the road, each with its colour's
    name in the active language ("wh = wit"): the codes are the notation's
    English ones, which a reader of another language cannot guess."""
    return ", ".join(f"{CODES[colour]} = {colour_name(colour)}" for colour in COLOURS)


def tile_name(entry: dict[str, Any]) -> str:
    """``"blue 5"`` in the active language."""
    return f"{colour_name(entry['colour'])} {entry['value']}"


def below_words(entry: dict[str, Any]) -> str:
    """What lies under a road tile, for its title (with a leading space):
    hidden during the game, named once it is over (the view gives
    ``below``); "" for a single tile."""
    if entry.get("below"):
        names = ", ".join(tile_name(lower) for lower in entry["below"])
        return " " + gettext("(below it: %(tiles)s)") % {"tiles": names}
    return " " + gettext("(a tile below)") if entry["height"] > 1 else ""


def moving(view: dict[str, Any]) -> bool:
    """The viewer is to move and may move a pawn (not paying a toll)."""
    return (
        view.get("seat") is not None
        and view.get("seat") in view.get("to_move", [])
        and view.get("phase") in MOVING_PHASES
    )


def pawns_at(view: dict[str, Any]) -> dict[int, list[int]]:
    """Seats of the pawns on each position (0-54), seat order."""
    found: dict[int, list[int]] = {}
    for seat in view["seats"]:
        for p in seat["pawns"]:
            found.setdefault(number(p), []).append(seat["seat"])
    return {p: sorted(seats) for p, seats in found.items()}


def tolls_before(view: dict[str, Any]) -> list[int]:
    """``result[p]``: the tolls of all gaps before position ``p`` (0-54), so
    a move from ``a`` to ``b`` costs ``result[b] - result[a]``."""
    steps = [0] * (MAINLAND + 2)
    for gap in view["gaps"]:
        steps[gap["first"] + 1] += gap["toll"]
    total, out = 0, []
    for step in steps[: MAINLAND + 1]:
        total += step
        out.append(total)
    return out


def occupied(view: dict[str, Any]) -> set[int]:
    return {p for seat in view["seats"] for p in seat["pawns"] if isinstance(p, int)}


def walks(view: dict[str, Any]) -> list[Walk]:
    """Every pawn move the viewer can make now (empty when not moving), in
    the engine's order: origins ascending, then cards by colour order."""
    if not moving(view):
        return []
    me = view["seat"]
    hand = [view.get("hand", {}).get(c, 0) for c in COLOURS]
    capacity = sum(hand) + view["seats"][me]["tile_points"]
    colour_at = {e["position"]: e["colour"] for e in view["road"] if e["kind"] == "tile"}
    taken = occupied(view)
    tolls = tolls_before(view)
    out: list[Walk] = []

    def step(position: int, colour: str) -> int:
        for p in range(position + 1, MAINLAND):
            if colour_at.get(p) == colour:
                return p
        return MAINLAND

    def explore(origin: int, position: int, path: tuple[str, ...]) -> None:
        for index, colour in enumerate(COLOURS):
            if not hand[index]:
                continue
            target = step(position, colour)
            if target in taken:
                hand[index] -= 1
                explore(origin, target, path + (colour,))
                hand[index] += 1
            else:
                toll = tolls[target] - tolls[origin]
                if toll <= capacity - len(path) - 1:
                    out.append(Walk(origin, path + (colour,), target, toll))

    for origin in sorted({number(p) for p in view["seats"][me]["pawns"]} - {MAINLAND}):
        explore(origin, origin, ())
    return out


def grouped(found: list[Walk]) -> dict[tuple[int, int], list[Walk]]:
    """Walks by (origin, destination), each list fewest cards first."""
    groups: dict[tuple[int, int], list[Walk]] = {}
    for walk in found:
        groups.setdefault((walk.origin, walk.destination), []).append(walk)
    for options in groups.values():
        options.sort(key=lambda w: len(w.cards))
    return groups


def walk_of(move: dict[str, Any], view: dict[str, Any]) -> Walk | None:
    """The walk a dumped ``{"go": origin, "cards": [...]}`` move makes."""
    cards = tuple(move["cards"])
    for walk in walks(view):
        if walk.origin == move["go"] and walk.cards == cards:
            return walk
    return None


def walk_label(view: dict[str, Any], walk: Walk) -> str:
    """The move as the engine's options list it: ``A blue -> 5 (blue 3, toll 2)``."""
    where = gettext("mainland")
    if walk.destination != MAINLAND:
        where = tile_name(view["road"][walk.destination - 1])
    toll = ", " + gettext("toll %(toll)s") % {"toll": walk.toll} if walk.toll else ""
    cards = move_text("atlantis", " ".join(walk.cards))
    return f"{place(walk.origin)} {cards} -> {place(walk.destination)} ({where}{toll})"


def bridge_owner(view: dict[str, Any], gap: dict[str, Any]) -> list[int]:
    """Seats whose bridge stands in ``gap`` (merged gaps can hold two)."""
    return [e["bridge"] for e in view["road"] if gap["first"] <= e["position"] <= gap["last"] and "bridge" in e]


def can_bridge(view: dict[str, Any]) -> bool:
    me = view.get("seat")
    return (
        me is not None
        and me in view.get("to_move", [])
        and view.get("phase") in ("start", "bridge")
        and view["seats"][me]["bridge"] is None
    )


def tile_list(tiles: list[dict[str, Any]]) -> str:
    """``"blue 5, grey 3"``, highest value first."""
    ordered = sorted(tiles, key=lambda t: (-t["value"], COLOURS.index(t["colour"])))
    return ", ".join(tile_name(t) for t in ordered) or gettext("none")


def hand_list(hand: dict[str, int]) -> str:
    return ", ".join(f"{n} {colour_name(c)}" for c in COLOURS if (n := hand.get(c, 0))) or gettext("no cards")


def status(view: dict[str, Any], names: list[str]) -> str:
    """Whose turn it is and what they are doing, in one sentence."""
    final = view.get("final")
    if final and not view.get("to_move"):
        # A seat that resigned or was dropped ranks below everyone still playing.
        departed = set(view.get("departed") or ())
        left = [s for s in range(len(final["scores"])) if s not in departed] or list(range(len(final["scores"])))
        best = max(final["scores"][s] for s in left)
        winners = [names[s] for s in left if final["scores"][s] == best]
        won = (" " + gettext("and") + " ").join(winners)
        return ngettext(
            "Game over: %(winners)s won with %(points)s point.",
            "Game over: %(winners)s won with %(points)s points.",
            best,
        ) % {"winners": won, "points": best}
    if not view.get("to_move"):
        return gettext("No one is to move.")
    seat = view["to_move"][0]
    phase = str(view.get("phase"))
    if seat == view.get("seat"):
        if phase == "pay":
            return gettext("You are to pay a toll of %(toll)s for the pawn moved to %(position)s.") % {
                "toll": view["toll_due"],
                "position": place(view["moved_to"]),
            }
        doing = {
            "start": gettext("You are to move (sell a tile, build a bridge, then move a pawn)."),
            "bridge": gettext("You are to move (build a bridge, then move a pawn)."),
            "move": gettext("You are to move a pawn."),
        }
        return doing.get(phase, gettext("You are to move."))
    who = {"name": names[seat]}
    if phase == "pay":
        return gettext("%(name)s is to pay a toll of %(toll)s for the pawn moved to %(position)s.") % {
            **who,
            "toll": view["toll_due"],
            "position": place(view["moved_to"]),
        }
    doing = {
        "start": gettext("%(name)s is to move (sell a tile, build a bridge, then move a pawn)."),
        "bridge": gettext("%(name)s is to move (build a bridge, then move a pawn)."),
        "move": gettext("%(name)s is to move a pawn."),
    }
    return doing.get(phase, gettext("%(name)s is to move.")) % who
