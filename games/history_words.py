"""A game's history as its reader reads it: the page and the data export
give the same words (``selectors.match_history`` keeps what is stored)."""

from __future__ import annotations

from typing import Any

from games.boards import board_for
from games.i18n import move_words
from games.models import MoveRecord


def history_in_words(game: str, history: list[dict[str, Any]], board=None) -> list[dict[str, Any]]:
    """``history`` (of ``match_history``) in the active language: events
    with the board's names for what the engine calls by slug, moves in the
    reader's notation, a resignation or timeout by its name.  Changes the
    entries in place and returns them."""
    if board is None:
        board = board_for(game)
    words = getattr(board, "words", None)
    for entry in history:
        if words is not None:
            entry["events"] = [words(text) for text in entry["events"]]
        if entry["text"]:
            kind = MoveRecord.Kind(entry["kind"])
            entry["text"] = move_words(game, entry["text"]) if kind == MoveRecord.Kind.MOVE else str(kind.label).lower()
    return history
