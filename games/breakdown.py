"""A finished game's reveal and score breakdown, for people.

``Rules.reveal(state)`` gives one ``SeatReveal`` per seat at the end: what
the rules reveal of it (Alta's merchant cards, Alhambra's money hand,
Alpaca's tiles in hand) and its breakdown (``Outcome.details``: totals,
per-round lists, per-cell or per-kind counts).  Both are JSON objects, so
any game's reveal reads as labelled lines ("Island points: 49", "Merchants:
mill + settlement: 10") without a template per game: ``reveal_lines`` is
what the finished game's page renders (``games/_reveal_lines.html``) and
what a mail about the end renders the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from games.engine import SeatReveal, get_rules
from games.terms import TERMS, term

#: The labels of the engines' breakdown and reveal keys, in the reader's language.
LABELS = {
    "cells": pgettext_lazy("score breakdown", "Cells"),
    "island_points": pgettext_lazy("score breakdown", "Island points"),
    "merchants": pgettext_lazy("score breakdown", "Merchants"),
    "merchant_points": pgettext_lazy("score breakdown", "Merchant points"),
    "total": pgettext_lazy("score breakdown", "Total"),
    "harbours": pgettext_lazy("score breakdown", "Harbours"),
    # Alhambra's points per scoring (its board's "Scoring 1"; no other
    # game's breakdown has this key).
    "rounds": pgettext_lazy("score breakdown", "Scorings"),
    "buildings": pgettext_lazy("score breakdown", "Buildings"),
    "walls": pgettext_lazy("score breakdown", "Walls"),
    "dirk_score": pgettext_lazy("score breakdown", "Dirk score"),
    "hand": pgettext_lazy("score breakdown", "Hand"),
    "tiles": pgettext_lazy("score breakdown", "Tiles"),
    "cards": pgettext_lazy("score breakdown", "Cards"),
    "end_toll": pgettext_lazy("score breakdown", "End toll"),
    "score": pgettext_lazy("score breakdown", "Score"),
    "points": pgettext_lazy("score breakdown", "Points"),
    "chains": pgettext_lazy("score breakdown", "Chains"),
    "colour": pgettext_lazy("score breakdown", "Colour"),
}

#: How a sentence names each tie-break (``Rules.tie_break``).
TIE_BREAKS = {"harbours": pgettext_lazy("tie-break", "most fishing harbours")}


def tie_lines(game: str, seats, details) -> list[str]:
    """A sentence per group of players level on points, best first: the
    rules' tie-break with each one's count, or that they share the place.
    ``seats`` have their final ``place`` and ``score``; ``details`` are the
    outcome's, by seat index.  A seat that left the game is not counted
    (its place says it left, not its points)."""
    key = get_rules(game).tie_break
    level: dict[int, list] = {}
    for seat in seats:
        if not seat.departed and seat.score is not None and seat.index is not None:
            level.setdefault(seat.score, []).append(seat)
    lines = []
    for score, group in sorted(level.items(), key=lambda item: -item[0]):
        if len(group) < 2:
            continue
        group.sort(key=lambda s: (s.place or 99, s.index))
        said = {"names": get_text_list([str(s.user) for s in group], _("and")), "score": score}
        if len({s.place for s in group}) == 1 or not key:
            lines.append(_shared_place(said, key, [details[s.index] for s in group]))
        else:
            counts = ", ".join(f"{s.user} {details[s.index].get(key, '?')}" for s in group)
            line = _("%(names)s are level on %(score)s points; the tie-break, %(rule)s, ranks them: %(counts)s.") % {
                **said,
                "rule": TIE_BREAKS[key],
                "counts": counts,
            }
            lines.append(" ".join([line, *_still_level(group)]))
    return lines


def _shared_place(said: dict, key: str | None, details: list) -> str:
    """The sentence for players level on points who share the place
    (``said``: their names and score): with a tie-break (``key``), that
    it was compared and left them level, with the count each has, else
    that they share it.  Counts that are not alike or not known are not told."""
    counts = {detail.get(key) for detail in details} if key else set()
    if key is None or len(counts) != 1 or None in counts:
        return _("%(names)s are level on %(score)s points and share the place.") % said
    return _(
        "%(names)s are level on %(score)s points and on the tie-break, %(rule)s (%(count)s each), and share the place."
    ) % {**said, "rule": TIE_BREAKS[key], "count": counts.pop()}


#: Why a seat that left ranks below the players who finished, by ``Seat.departed``.
_RANKED_BELOW = {
    "resignation": gettext_lazy(
        "%(name)s resigned, so ranks below every player who finished the game, whatever the points."
    ),
    "timeout": gettext_lazy(
        "%(name)s ran out of time, so ranks below every player who finished the game, whatever the points."
    ),
    "abandoned": gettext_lazy(
        "%(name)s left the game, so ranks below every player who finished it, whatever the points."
    ),
}


def departure_lines(seats) -> list[str]:
    """A sentence per seat that left the game and ranks below a player with
    fewer points (the ranking and the points then read in opposite orders,
    which "(resigned)" beside the name alone does not explain)."""
    placed = [s for s in seats if s.place is not None and s.score is not None]
    lines = []
    for seat in sorted(placed, key=lambda s: (s.place, s.index or 0)):
        outscored = any(o.place < seat.place and o.score < seat.score for o in placed)
        if seat.departed and outscored:
            lines.append(str(_RANKED_BELOW.get(seat.departed, _RANKED_BELOW["abandoned"])) % {"name": seat.user})
    return lines


def _still_level(group) -> list[str]:
    """A sentence per set of ``group`` (level on points, sorted by place)
    that the tie-break left level too: they share the place (Alta: "still
    tied: shared victory"), which the tie-break's counts alone do not say."""
    places: dict[int, list] = {}
    for seat in group:
        places.setdefault(seat.place, []).append(seat)
    return [
        _("%(names)s are still level and share the place.")
        % {"names": get_text_list([str(s.user) for s in level], _("and"))}
        for level in places.values()
        if len(level) > 1
    ]


#: Breakdown keys that are the same for every seat and that the board of
#: the end (page, replay, mail) shows once for the whole table: Alhambra's
#: Dirk score, in Dirk's own panel.
BOARD_WIDE = frozenset({"dirk_score"})


def reveal_lines(entry: SeatReveal, game: str = "") -> dict[str, list[tuple[str, str]]]:
    """``{"revealed": lines, "breakdown": lines}`` of one seat's reveal
    (cards and colours named as ``game`` names them), for a reader who
    sees the board of the end too (``BOARD_WIDE`` is left to it).  A
    holding the breakdown lists too (Alta's merchant cards, each with its
    points) is said once, among the revealed lines, as the breakdown words
    it."""
    revealed = {key: entry.breakdown.get(key, value) for key, value in entry.revealed.items()}
    breakdown = {
        key: value for key, value in entry.breakdown.items() if key not in entry.revealed and key not in BOARD_WIDE
    }
    return {"revealed": breakdown_lines(revealed, game), "breakdown": breakdown_lines(breakdown, game)}


def breakdown_lines(detail: Mapping[str, Any], game: str = "") -> list[tuple[str, str]]:
    """``(label, text)`` for every entry of a seat's breakdown, in order, in
    the active language."""
    return [(_label(key), _text(value, game)) for key, value in detail.items()]


def _label(key: str) -> str:
    return str(LABELS[key]) if key in LABELS else _words(key).capitalize()


def _words(name: str, game: str = "") -> str:
    """A slug ("fishing_harbour") as words; a term of ``game`` (also the
    first word of "denar 3") in the active language."""
    if game == "alpaca" and "/" in str(name) and not get_language().startswith("en"):
        # A tile, "yellow/red-green": each colour in the reader's language.
        return re.sub(r"[a-z]+", lambda m: _words(m.group(0), game), str(name))
    first, _, rest = str(name).partition(" ")
    if game and first in TERMS.get(game, {}):
        named = term(game, first).lower()  # English too: "farmer's hut", as the board names it
        return f"{named} {rest}" if rest else named
    return str(name).replace("_", " ")


def _none() -> str:
    return pgettext("score breakdown", "none")


#: Games whose counts read number first ("1 blue, 2 pink", as its
#: board writes a hand); the others' read name first ("pavilion 2", "D4 3").
_COUNT_FIRST = {"atlantis"}


def _text(value: Any, game: str = "") -> str:
    if isinstance(value, Mapping):
        if set(value) == {"cards", "points"}:  # a set of cards that scored together
            return _scored(_text(value["cards"], game), value["points"])
        return ", ".join(_count(_words(key, game), _text(item, game), game) for key, item in value.items()) or _none()
    if isinstance(value, list | tuple):
        if not value:
            return _none()
        if all(isinstance(item, str) for item in value):
            return " + ".join(_words(item, game) for item in value)
        separator = "; " if any(isinstance(item, Mapping) for item in value) else ", "
        return separator.join(_text(item, game) for item in value)
    if isinstance(value, str):
        return _words(value, game)
    return str(value)


def _scored(cards: str, points: Any) -> str:
    """ "mill + tower (6 points)": cards that scored together, and what."""
    if not isinstance(points, int):
        return f"{cards} ({points})"
    return ngettext("%(cards)s (%(points)s point)", "%(cards)s (%(points)s points)", points) % {
        "cards": cards,
        "points": points,
    }


def _count(name: str, count: str, game: str) -> str:
    """One entry of a tally, as the game's board writes one ("1 blue",
    "pavilion 2"): not "blue: 1", which reads as a field and its value."""
    return f"{count} {name}" if game in _COUNT_FIRST else f"{name} {count}"
