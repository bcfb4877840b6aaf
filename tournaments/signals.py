"""Hooks of the tournaments services, so that they queue no task
themselves (services import no tasks): ``receivers.py`` does.

Each is sent after the transaction that caused it has committed, through
``send_robust``."""

from django.dispatch import Signal

#: kwargs: match_ids (games a round deadline sweep left to be finished
#: with default moves)
autoplay_due = Signal()

#: kwargs: tournament_id (a player was dropped from one of its games: the
#: advance withdraws them)
advance_due = Signal()
