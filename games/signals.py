"""The hooks other apps listen to (house style 9.7).

Each is sent after the transaction that caused it has committed, with the
match id only; a receiver enqueues its own app's task and does nothing else.
"""

from django.dispatch import Signal

#: kwargs: match_id, event_id (a ``MatchEvent``: invited, started, cancelled …)
match_event = Signal()
#: kwargs: match_id, ply (a ``MoveRecord`` was stored)
move_made = Signal()
#: kwargs: match_id (the match finished: outcome stored)
match_finished = Signal()
