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

from collections.abc import Mapping
from typing import Any

from games.engine import SeatReveal


def reveal_lines(entry: SeatReveal) -> dict[str, list[tuple[str, str]]]:
    """``{"revealed": lines, "breakdown": lines}`` of one seat's reveal."""
    return {
        "revealed": breakdown_lines(entry.revealed),
        "breakdown": breakdown_lines(entry.breakdown),
    }


def breakdown_lines(detail: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(label, text)`` for every entry of a seat's breakdown, in order."""
    return [(_words(key).capitalize(), _text(value)) for key, value in detail.items()]


def _words(name: str) -> str:
    return str(name).replace("_", " ")


def _text(value: Any) -> str:
    if isinstance(value, Mapping):
        if set(value) == {"cards", "points"}:  # a set of cards that scored together
            return f"{_text(value['cards'])}: {value['points']}"
        return ", ".join(f"{_words(key)}: {_text(item)}" for key, item in value.items()) or "none"
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if all(isinstance(item, str) for item in value):
            return " + ".join(_words(item) for item in value)
        return ("; " if any(isinstance(item, Mapping) for item in value) else ", ").join(_text(item) for item in value)
    if isinstance(value, str):
        return _words(value)
    return str(value)
