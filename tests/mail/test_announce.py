"""Emails of moves and events are written by a worker after the move
commits, from the position the move produced, exactly once, and a lost
task is made up for by the sweep."""

import datetime as dt

import pytest
from django.core import mail
from django.db import DatabaseError
from django.utils import timezone

from games.engine import get_rules
from games.models import MatchEvent, MoveRecord
from games.services import move_submit
from mail import announce
from mail.models import OutgoingEmail

from .conftest import mover_of

pytestmark = pytest.mark.django_db


def _whole_turn(game, now, capture=None):
    """Play the mover's whole turn with default moves; returns the records."""
    rules = get_rules("alta")
    mover = mover_of(game)
    records = []
    while True:
        game.refresh_from_db()
        state = rules.load(game.state)
        if mover.index not in rules.to_move(state):
            return mover, records
        text = rules.format_move(state, mover.index, rules.default_move(state, mover.index))
        if capture is None:
            result = move_submit(
                match_id=game.pk, user=mover.user, text=text, ply=game.ply, source=MoveRecord.Source.WEB, now=now
            )
        else:
            with capture(execute=True):
                result = move_submit(
                    match_id=game.pk, user=mover.user, text=text, ply=game.ply, source=MoveRecord.Source.WEB, now=now
                )
        records.append(result.record)


def test_a_move_writes_no_email_inside_its_transaction(game, now):
    """The move's transaction stores the record only; the emails come after commit."""
    mail.outbox.clear()
    before = OutgoingEmail.objects.count()
    _, records = _whole_turn(game, now)  # on-commit callbacks never run here
    assert OutgoingEmail.objects.count() == before
    assert all(r.notified_at is None for r in records)


def test_a_lost_task_is_made_up_for_by_the_sweep_once(game, now, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    mover, records = _whole_turn(game, now)  # the after-commit tasks are "lost"
    other = game.seats.exclude(pk=mover.pk).get()
    assert announce.notifications_due(now=now) == ([], [])  # still within the grace period
    later = now + announce.GRACE + dt.timedelta(seconds=1)
    moves, events = announce.notifications_due(now=later)
    assert moves == [r.pk for r in records] and events == []
    with django_capture_on_commit_callbacks(execute=True):
        assert announce.notifications_write(move_ids=moves, event_ids=events, now=later) == len(records)
        # A second worker, or the task arriving late after all, writes nothing more.
        assert announce.notifications_write(move_ids=moves, event_ids=events, now=later) == 0
    assert [m.to for m in mail.outbox] == [[other.user.email]]
    assert "your move" in mail.outbox[0].subject
    assert announce.notifications_due(now=later) == ([], [])


def test_the_email_shows_the_position_its_move_produced(game, now, django_capture_on_commit_callbacks):
    """Rendered late, after the game moved on, a "your move" email still
    shows the position (and reply token) of its own ply."""
    mail.outbox.clear()
    mover, first_turn = _whole_turn(game, now)
    other = game.seats.exclude(pk=mover.pk).get()
    game.refresh_from_db()
    ply_after_first_turn = game.ply
    _whole_turn(game, now, capture=django_capture_on_commit_callbacks)  # the other player answers
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        announce.notifications_write(move_ids=[first_turn[-1].pk], event_ids=[], now=now)
    [message] = mail.outbox
    assert message.to == [other.user.email]
    from mail.models import ReplyToken

    token = ReplyToken.objects.get(user=other.user, match=game, ply=ply_after_first_turn)
    assert token.token in message.reply_to[0]
    rules = get_rules("alta")
    from games.selectors import match_state_at
    from mail.since import words

    state = match_state_at(game, ply_after_first_turn)
    first_option = rules.move_options(state, other.index)[0][0]
    # Shown with the cards' names for the engine's slugs ("wheat field").
    assert f"1. {words('alta', first_option)}" in message.body


def test_one_failing_row_does_not_hold_up_the_others(game, now, monkeypatch, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    _, records = _whole_turn(game, now)
    event = MatchEvent.objects.create(
        match=game,
        kind="reminder",
        text="Your deadline is near.",
        user=mover_of(game).user,
        data={},
        created_at=now,
        ply=game.ply,
    )
    from mail import move_mail

    def broken(record, **kwargs):
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(move_mail, "notify_move", broken)
    with django_capture_on_commit_callbacks(execute=True):
        written = announce.notifications_write(move_ids=[r.pk for r in records], event_ids=[event.pk], now=now)
    assert written == 1
    event.refresh_from_db()
    assert event.notified_at == now
    assert MoveRecord.objects.filter(pk__in=[r.pk for r in records], notified_at__isnull=True).count() == len(records)


def test_a_row_failing_after_writing_mail_takes_only_its_own_mail_back(
    game, now, monkeypatch, django_capture_on_commit_callbacks
):
    """Rows are written together, but a row that raises half-way leaves no
    email behind and stays for the sweep, while the rest are sent."""
    mail.outbox.clear()
    _, first = _whole_turn(game, now)
    _, second = _whole_turn(game, now)
    records = first + second
    from mail import move_mail

    real = move_mail.notify_move
    failing = records[-1].pk

    def fails_after_writing(record, **kwargs):
        real(record, **kwargs)
        if record.pk == failing:
            raise RuntimeError("renderer bug after the outbox row was written")

    monkeypatch.setattr(move_mail, "notify_move", fails_after_writing)
    with django_capture_on_commit_callbacks(execute=True):
        written = announce.notifications_write(move_ids=[r.pk for r in records], event_ids=[], now=now)
    assert written == len(records) - 1
    assert MoveRecord.objects.get(pk=failing).notified_at is None
    assert not OutgoingEmail.objects.filter(dedupe_key__startswith=f"turn:{game.pk}:{records[-1].ply}:").exists()
    # The first turn's "your move" went to the second mover; the failed
    # row's (to the first mover) was rolled back with it.
    assert [m.to for m in mail.outbox] == [[records[-1].user.email]]
    turns = OutgoingEmail.objects.filter(kind=OutgoingEmail.Kind.YOUR_TURN)
    assert [(e.to, e.status) for e in turns] == [(records[-1].user.email, OutgoingEmail.Status.SENT)]


def test_rows_written_together_are_sent_together_by_the_writing_task(
    game, now, monkeypatch, django_capture_on_commit_callbacks
):
    """The emails of a whole batch of rows are sent in one go (one SMTP
    connection), after the commit, by the task that wrote them: no second
    task is queued for them."""
    _, first = _whole_turn(game, now)
    _, second = _whole_turn(game, now)
    from mail import sending, tasks

    queued, calls = [], []
    monkeypatch.setattr(tasks.emails_send, "delay", lambda ids: queued.append(list(ids)))
    real = sending.send_claimed

    def counted(*, email_ids, now):
        calls.append(list(email_ids))
        # Claimed for this task by the transaction that wrote them.
        assert not OutgoingEmail.objects.filter(pk__in=email_ids).exclude(status="sending").exists()
        return real(email_ids=email_ids, now=now)

    monkeypatch.setattr(sending, "send_claimed", counted)
    with django_capture_on_commit_callbacks(execute=True):
        announce.notifications_write(move_ids=[r.pk for r in first + second], event_ids=[], now=now)
    assert queued == []
    assert len(calls) == 1
    turns = OutgoingEmail.objects.filter(kind=OutgoingEmail.Kind.YOUR_TURN)
    assert sorted(calls[0]) == sorted(turns.values_list("pk", flat=True))
    assert len(calls[0]) == 2  # each player was told once it was their move
    assert set(turns.values_list("status", flat=True)) == {OutgoingEmail.Status.SENT}


def test_mail_the_writing_task_could_not_send_is_handed_out_again_after_the_lease(
    game, now, monkeypatch, django_capture_on_commit_callbacks
):
    _, records = _whole_turn(game, now)
    from mail import sending

    def broken(**kwargs):
        raise ConnectionError("database gone between commit and send")

    monkeypatch.setattr(sending, "send_claimed", broken)
    with django_capture_on_commit_callbacks(execute=True):
        written = announce.notifications_write(move_ids=[r.pk for r in records], event_ids=[], now=now)
    assert written == len(records)
    turns = OutgoingEmail.objects.filter(kind=OutgoingEmail.Kind.YOUR_TURN)
    ids = set(turns.values_list("pk", flat=True))
    assert ids and set(turns.values_list("status", flat=True)) == {OutgoingEmail.Status.SENDING}
    monkeypatch.undo()
    assert not set(sending.outbox_due(now=timezone.now())) & ids  # still within the claim's lease
    assert set(sending.outbox_due(now=timezone.now() + dt.timedelta(minutes=6))) >= ids
    mail.outbox.clear()
    sending.emails_send(email_ids=list(ids), now=timezone.now() + dt.timedelta(minutes=6))
    assert sorted(m.to[0] for m in mail.outbox) == sorted(turns.values_list("to", flat=True))


def test_a_claimed_mail_the_sweep_handed_out_is_not_sent_by_its_first_claimer(
    game, now, monkeypatch, django_capture_on_commit_callbacks
):
    """A writer that comes back after its lease ran out leaves the mail to
    whoever the sweep gave it to: it is sent once."""
    _, records = _whole_turn(game, now)
    from mail import sending

    late = []
    monkeypatch.setattr(sending, "send_claimed", lambda **kwargs: late.append(kwargs))
    with django_capture_on_commit_callbacks(execute=True):
        announce.notifications_write(move_ids=[r.pk for r in records], event_ids=[], now=now)
    monkeypatch.undo()
    later = timezone.now() + dt.timedelta(minutes=6)
    mail.outbox.clear()
    sending.emails_send(email_ids=sending.outbox_due(now=later), now=later)
    sent = len(mail.outbox)
    assert sent and sending.send_claimed(**late[0]) == {"sent": 0, "failed": 0, "skipped": sent}
    assert len(mail.outbox) == sent


def test_a_chunk_that_cannot_commit_does_not_stop_the_next(game, now, monkeypatch, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    _, first = _whole_turn(game, now)
    _, second = _whole_turn(game, now)
    monkeypatch.setattr(announce, "WRITE_CHUNK", len(first))
    real, calls = announce._write_chunk, []

    def commit_fails_once(model, ids, notify, now):
        calls.append(ids)
        if len(calls) == 1:
            raise DatabaseError("connection lost at commit")
        return real(model, ids, notify, now)

    monkeypatch.setattr(announce, "_write_chunk", commit_fails_once)
    with django_capture_on_commit_callbacks(execute=True):
        written = announce.notifications_write(move_ids=[r.pk for r in first + second], event_ids=[], now=now)
    ids = [r.pk for r in first + second]
    assert calls == [ids[i : i + len(first)] for i in range(0, len(ids), len(first))]
    assert written == len(second)
    assert MoveRecord.objects.filter(notified_at__isnull=True).count() == len(first)
    assert len(mail.outbox) == 1  # the second turn's "your move"


def test_the_claim_is_compiled_once_per_connection(game, now, monkeypatch):
    """After its first use on a connection, the claim (the rows, and the
    seats read with them) reuses its compiled SQL: only its ``WHERE`` is
    compiled again, for the new ids."""
    from django.db.models.sql.compiler import SQLCompiler

    from games.models import Seat

    _, first = _whole_turn(game, now)
    announce.notifications_write(move_ids=[first[0].pk], event_ids=[], now=now)
    _, second = _whole_turn(game, now)
    compiled: list[str] = []
    real = SQLCompiler.as_sql

    def counted(self, *args, **kwargs):
        # The claim locks; the seats read with it carry their mutes.
        if self.query.select_for_update or (self.query.model is Seat and self.query.annotations):
            compiled.append(self.query.model.__name__)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counted)
    mail.outbox.clear()
    announce.notifications_write(move_ids=[second[0].pk], event_ids=[], now=now)
    assert MoveRecord.objects.get(pk=second[0].pk).notified_at == now
    assert compiled == []


def test_the_claim_reads_each_players_mute_and_whether_the_game_has_chat(game, alice, now):
    """``outbox`` takes the mute of each seat and the game's chat from the
    claim (an id, or None), not from a query per mail."""
    from games.models import ChatMessage, Seat
    from mail.models import GameMute

    _, records = _whole_turn(game, now)
    GameMute.objects.create(user=alice, match=game)

    def claimed():
        row = announce._claimed(MoveRecord).get(pk=records[0].pk)
        return row.match_chat_id, {s.user_id: s.mail_mute_id for s in row.match.seats.all()}

    chat, mutes = claimed()
    others = Seat.objects.filter(match=game).exclude(user=alice).values_list("user_id", flat=True)
    assert chat is None
    assert mutes[alice.pk] is not None and all(mutes[user] is None for user in others)
    ChatMessage.objects.create(match=game, author=alice, text="hi", source=MoveRecord.Source.WEB, created_at=now)
    assert claimed()[0] is not None


def test_a_rows_emails_are_inserted_in_the_rows_savepoint_only(game, now, django_capture_on_commit_callbacks):
    """Keys nearly never repeat: each row's emails (and reply tokens) are
    inserted without a savepoint each, inside the one of their row."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _, records = _whole_turn(game, now)
    before = OutgoingEmail.objects.count()
    with CaptureQueriesContext(connection) as queries:
        announce.notifications_write(move_ids=[r.pk for r in records], event_ids=[], now=now)
    inserts = [q["sql"] for q in queries if q["sql"].startswith("INSERT")]
    savepoints = [q["sql"] for q in queries if q["sql"].startswith("SAVEPOINT")]
    assert OutgoingEmail.objects.count() > before and len(inserts) >= 2
    # The chunk's own savepoint (the test's transaction) and one per row.
    assert len(savepoints) <= 1 + len(records)


def test_a_row_whose_emails_exist_is_written_again_guarded_and_sends_nothing_twice(
    game, now, django_capture_on_commit_callbacks
):
    """Its unguarded inserts clash: the row is rolled back and written
    again with each insert in its own savepoint, where the repeated keys
    find the earlier emails; the row is marked notified and nothing new is
    written or sent."""
    _, records = _whole_turn(game, now)
    ids = [r.pk for r in records]
    with django_capture_on_commit_callbacks(execute=True):
        announce.notifications_write(move_ids=ids, event_ids=[], now=now)
    written = list(OutgoingEmail.objects.order_by("pk").values_list("pk", "message_id"))
    assert written
    MoveRecord.objects.filter(pk__in=ids).update(notified_at=None)  # as if its task ran again
    mail.outbox.clear()
    later = now + dt.timedelta(seconds=5)
    with django_capture_on_commit_callbacks(execute=True):
        assert announce.notifications_write(move_ids=ids, event_ids=[], now=later) == len(ids)
    assert list(OutgoingEmail.objects.order_by("pk").values_list("pk", "message_id")) == written
    assert mail.outbox == []
    assert set(MoveRecord.objects.filter(pk__in=ids).values_list("notified_at", flat=True)) == {later}


def test_the_claim_is_built_once_and_only_its_clones_are_evaluated(game, now, monkeypatch):
    from django.db.models import QuerySet

    _, first = _whole_turn(game, now)
    announce.notifications_write(move_ids=[first[0].pk], event_ids=[], now=now)
    built: list[str] = []
    real = QuerySet.annotate

    def annotate(self, *args, **kwargs):
        built.extend(name for name in kwargs if name in ("mail_mute_id", "match_chat_id"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "annotate", annotate)
    _, second = _whole_turn(game, now)
    announce.notifications_write(move_ids=[second[0].pk], event_ids=[], now=now)
    assert MoveRecord.objects.get(pk=second[0].pk).notified_at == now
    assert built == []
    for kept in (announce._claim_of(MoveRecord), announce._seats_of(MoveRecord)):
        assert kept._result_cache is None and not kept._hints
