"""Receivers of the games app's hooks and of this app's own
(``signals.py``): each only enqueues this app's task."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def on_match_finished(sender, *, match_id: int, **kwargs) -> None:
    """Queue the tournament step for a finished match.

    Sent after the game's transaction committed, so the worker finds the
    finished match.  A broker failure must not turn a committed move into
    an error page: it is logged, and ``tournaments_sweep`` records the game
    later.  Matches outside tournaments cost the task one lookup.
    """
    from tournaments.tasks import tournament_game_finished as game_finished_task

    try:
        game_finished_task.delay(match_id=match_id)
    except Exception:
        logger.exception(
            "Could not queue tournament_game_finished for match %s; the sweep will.",
            match_id,
        )


def on_autoplay_due(sender, *, match_ids: list[int], **kwargs) -> None:
    """Queue the autoplay of each game a round deadline sweep claimed.  A
    broker failure is logged."""
    from tournaments.tasks import tournament_match_autoplay as autoplay_task

    for match_id in match_ids:
        try:
            autoplay_task.delay(match_id=match_id)
        except Exception:
            logger.exception("Could not queue tournament_match_autoplay for match %s", match_id)
