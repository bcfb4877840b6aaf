"""A finished game's score breakdown, for people.

Each game's ``outcome`` stores one breakdown per seat (``details``): a JSON
object of totals, per-round lists, per-cell or per-kind counts and, for
Alta, its merchant cards.  Any game's breakdown reads as labelled lines
("Island points: 49", "Merchants: mill + settlement: 10") without a
template per game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


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
        return ("; " if any(isinstance(item, Mapping) for item in value) else ", ").join(
            _text(item) for item in value
        )
    if isinstance(value, str):
        return _words(value)
    return str(value)
