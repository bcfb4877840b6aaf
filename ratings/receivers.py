"""Receivers of the games app's hooks: each only
enqueues this app's task."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def on_match_finished(sender, *, match_id: int, **kwargs) -> None:
    """Queue the rating update of a finished match.

    The hook fires after the game's transaction committed, so the worker
    finds the finished match.  A broker failure must not turn a committed
    move into an error page: it is logged, and ``ratings_sweep`` rates the
    game later.
    """
    from ratings.tasks import rating_apply as rating_apply_task

    try:
        rating_apply_task.delay(match_id=match_id)
    except Exception:
        logger.exception(
            "Could not queue rating_apply for match %s; the sweep will rate it.",
            match_id,
        )
