"""The hooks other apps listen to: games never imports them, they subscribe.

Each is sent after the transaction that caused it has committed, with ids
only, through ``send_robust``: a receiver that raises (a broker that is
down) is logged by Django and never turns the committed write into an
error.  A receiver enqueues its own app's task and does nothing else; its
app's sweep makes up for a task that was never queued.
"""

from django.dispatch import Signal

#: kwargs: move_ids, event_ids (lists of ``MoveRecord`` and ``MatchEvent``
#: pks stored with ``notified_at`` null by one transaction, or by a few
#: transactions of one sweep; see ``games.services.announcements``), and
#: ``stored_sent`` (True when ``stored`` was sent for exactly these rows
#: inside their transaction)
recorded = Signal()
#: kwargs: move_ids, event_ids, as for ``recorded``, but sent *inside* the
#: one transaction that is storing them (a move, an event), right after they
#: are written; ``recorded`` follows once it commits.  The one exception to
#: "after commit": a receiver may add to that transaction only a statement
#: that cannot fail it (mail: a NOTIFY that wakes its worker at commit, and
#: vanishes with a rollback) and must not raise.  Rows a sweep gathers over
#: several transactions are announced by ``recorded`` alone.
stored = Signal()
#: kwargs: match_id (the match finished: outcome stored)
match_finished = Signal()
#: kwargs: chat_id (a ``ChatMessage`` just stored; mail delivers it at once
#: to the players who asked for that, the rest get it with their next mail)
chat_posted = Signal()
