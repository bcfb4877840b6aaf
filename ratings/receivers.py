"""Receivers of the games app's hooks: each only
enqueues this app's task."""

from __future__ import annotations

from core.background import publish


def on_match_finished(sender, *, match_id: int, **kwargs) -> None:
    """Queue the rating update of a finished match.

    The hook fires after the game's transaction committed, so the worker
    finds the finished match.  The task is sent by the process's publisher
    thread (``core.background``): the answer to the move does not wait for
    the broker, and a broker failure is only logged; ``ratings_sweep``
    rates the game later.
    """
    from ratings.tasks import rating_apply as rating_apply_task

    publish(
        rating_apply_task,
        match_id=match_id,
        failure=f"Could not queue rating_apply for match {match_id}; the sweep will rate it.",
    )
