"""Receivers of the games app's hooks and of this app's own
(``signals.py``): each only enqueues this app's task."""

from __future__ import annotations

import logging

from core.background import publish

logger = logging.getLogger(__name__)


def on_match_finished(sender, *, match_id: int, **kwargs) -> None:
    """Queue the tournament step for a finished match.

    Sent after the game's transaction committed, so the worker finds the
    finished match.  The task is sent by the process's publisher thread
    (``core.background``): the answer to the move does not wait for the
    broker, and a broker failure is only logged; ``tournaments_sweep``
    records the game later.  Matches outside tournaments cost the task one
    lookup.
    """
    from tournaments.tasks import tournament_game_finished as game_finished_task

    publish(
        game_finished_task,
        match_id=match_id,
        failure=f"Could not queue tournament_game_finished for match {match_id}; the sweep will.",
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


def on_advance_due(sender, *, tournament_id: int, **kwargs) -> None:
    """Queue the tournament's advance.  A lost one only delays it: every
    pairing advances first."""
    from tournaments.tasks import tournament_advance as advance_task

    publish(
        advance_task,
        tournament_id=tournament_id,
        failure=f"Could not queue tournament_advance for tournament {tournament_id}; the next advance will.",
    )
