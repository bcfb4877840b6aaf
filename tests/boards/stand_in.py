"""A stand-in for a ``games.models.Match`` where a board test renders a
game mail from engine states alone, with no database."""

from __future__ import annotations

from types import SimpleNamespace


def stand_in_match(game: str, players: int) -> SimpleNamespace:
    """What ``mail.render.render_game_email`` reads of a match: game #7 of
    ``game`` for ``players``, under way, outside any tournament."""
    return SimpleNamespace(
        pk=7,
        game=game,
        players=players,
        opponent_count=players - 1,
        is_finished=False,
        organised_by="",
        get_absolute_url=lambda: "/games/7/",
    )
