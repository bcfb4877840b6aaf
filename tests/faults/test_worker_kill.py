"""kill -9 of the mail worker in the middle of a batch, at the worst moment:
the SMTP server has accepted a message and the outbox row is not yet
marked sent.  Nothing is lost, and the mail sent again after the crash
carries the same Message-ID, so mail clients fold the two copies.

The moment is made exact, not raced: a trigger in the test's own database
makes the worker's "mark sent" of one chosen row wait for a lock the test
holds.  The worker has then sent that row's message (the sink has it) and
sits in the UPDATE; the test kills it there and cuts its database session,
so the update never lands, as when the process dies between the two steps.
The worker is killed twice: in the first batch and in the resend.
"""

from __future__ import annotations

import collections
import json
import time

import psycopg
from celery import Celery

from .servers import Worker, manage, site_env, wait_for

MAILS = 400  # as many as the report killed the worker in
#: Rows whose "mark sent" the test holds, one per kill: the middle of the
#: first batch, then the middle of the first batch the sweep sends again
#: (a sweep hands out ``mail.sending.BATCH_SIZE`` rows, from row 200 on).
TARGETS = (200, 250)
HOLD_LOCK = 4242

SETUP = f"""
import json
from django.db import transaction
from django.utils import timezone
from mail.outbox import email_queue
sends = []
with transaction.atomic():
    for n in range({MAILS}):
        email_queue(kind="notice", to=f"player{{n}}@example.com", subject=f"Mail {{n}}", text=f"Mail {{n}}.",
                    html=f"<p>Mail {{n}}.</p>", dedupe_key=f"fault-kill-{{n}}", now=timezone.now(), sends=sends)
print(json.dumps(sends))
"""

TRIGGER = f"""
CREATE TABLE fault_hold (id bigint PRIMARY KEY);
CREATE FUNCTION fault_hold_sent() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'sent' AND EXISTS (SELECT 1 FROM fault_hold WHERE id = NEW.id) THEN
    PERFORM pg_advisory_xact_lock({HOLD_LOCK});
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER fault_hold_sent BEFORE UPDATE ON mail_outgoingemail
  FOR EACH ROW EXECUTE FUNCTION fault_hold_sent();
"""


def _held_backend(connection) -> int | None:
    """The session (pid) waiting in the trigger for the test's lock."""
    row = connection.execute(
        "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'"
    ).fetchone()
    return row[0] if row else None


def test_a_worker_killed_between_smtp_and_marking_loses_nothing_and_resends_the_same_message_id(
    site_database, redis, smtp_sink, scratch
):
    env = site_env(
        scratch,
        DATABASE_URL=site_database,
        CELERY_BROKER_URL=redis.url(0),
        CELERY_RESULT_BACKEND=redis.url(1),
        CACHE_URL=redis.url(2),
        EMAIL_URL=smtp_sink.url,
        # Rows of a dead worker are handed out again this soon (the test sweeps).
        MAIL_SEND_LEASE_SECONDS="2",
    )
    ids = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
    assert len(ids) == MAILS
    # Not the current app: the suite's shared tasks keep the site's app (and broker).
    celery = Celery(broker=redis.url(0), backend=redis.url(1), set_as_current=False)
    control = psycopg.connect(site_database, autocommit=True)
    control.execute(TRIGGER)
    message_ids = dict(control.execute("SELECT id, message_id FROM mail_outgoingemail").fetchall())
    worker = Worker(env, scratch / "worker.log")
    worker.start()
    try:
        for kill, target in enumerate(TARGETS):
            row = ids[target]
            control.execute("INSERT INTO fault_hold VALUES (%s)", [row])
            control.execute("SELECT pg_advisory_lock(%s)", [HOLD_LOCK])
            if kill == 0:
                celery.send_task("mail.tasks.emails_send", args=[ids])
            else:
                _sweep_until(celery, lambda: _held_backend(control) is not None)
            # The worker sent the row's message and now waits to mark it.
            wait_for(lambda: _held_backend(control) is not None, 120, f"the worker to hold at mail {target}")
            assert message_ids[row] in {m.message_id for m in smtp_sink.snapshot()}
            worker.kill()
            control.execute("SELECT pg_terminate_backend(%s)", [_held_backend(control)])
            wait_for(lambda: _held_backend(control) is None, 30, "the killed worker's session to end")
            control.execute("SELECT pg_advisory_unlock(%s)", [HOLD_LOCK])
            control.execute("DELETE FROM fault_hold")
            (status,) = control.execute("SELECT status FROM mail_outgoingemail WHERE id = %s", [row]).fetchone()
            assert status == "sending", "the kill came after the row was marked"
            worker = Worker(env, scratch / "worker.log")
            worker.start()
        _sweep_until(celery, lambda: _unsent(control) == 0)
    finally:
        worker.stop()

    statuses = dict(control.execute("SELECT status, count(*) FROM mail_outgoingemail GROUP BY status").fetchall())
    assert statuses == {"sent": MAILS}
    received = collections.Counter(m.message_id for m in smtp_sink.snapshot())
    assert set(received) == set(message_ids.values()), "every mail arrived, under its own Message-ID"
    doubled = {message_id for message_id, count in received.items() if count > 1}
    # Only the mails that were in flight at a kill came twice, both times
    # under the Message-ID their row was given when it was queued.
    assert doubled == {message_ids[ids[target]] for target in TARGETS}
    assert all(received[message_id] == 2 for message_id in doubled)
    control.close()


def _unsent(connection) -> int:
    (count,) = connection.execute("SELECT count(*) FROM mail_outgoingemail WHERE status <> 'sent'").fetchone()
    return count


def _sweep_until(celery: Celery, done, timeout: float = 240) -> None:
    """Run the outbox sweep (beat's job) on the worker until ``done()``.  A
    sweep before the dead worker's lease ran out finds nothing: sweep again;
    a sweep held in the trigger never finishes, but ``done()`` then holds."""
    deadline = time.monotonic() + timeout
    while not done():
        result = celery.send_task("mail.tasks.outbox_sweep", ignore_result=False)  # kept: the test waits for it
        wait_for(lambda result=result: done() or result.ready(), max(deadline - time.monotonic(), 1), "an outbox sweep")
        if result.ready() and result.failed():
            raise AssertionError(f"the outbox sweep failed: {result.result!r}")
        if time.monotonic() > deadline:
            raise AssertionError("the outbox sweeps did not get there")
