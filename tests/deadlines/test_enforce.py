"""Timeouts enforced by the sweeper with a pinned clock: the auto policy
(and the drop after three auto-played turns), the forfeit policy, the
claim that lets a late move win, and failures that must not block the
sweep."""

from __future__ import annotations

import logging

import pytest

from games import services
from games.deadlines import sweeps as deadlines
from games.deadlines.sweeps import (
    LEASE,
    RETRY_AFTER,
    deadline_enforce,
    deadlines_sweep,
)
from games.engine import get_rules
from games.models import MoveRecord, Seat

from .conftest import DAY, HOUR, events, mover_seat, play_turn, start_match

pytestmark = pytest.mark.django_db
MINUTE = HOUR / 60


def sweep_at_deadline(match):
    """Sweep one minute after the current mover's deadline; returns
    (seat that was due, report, the time of the sweep)."""
    seat = mover_seat(match)
    at = seat.deadline_at + MINUTE
    return seat, deadlines_sweep(now=at), at


def test_nothing_is_enforced_before_the_deadline(duel, now):
    seat = mover_seat(duel)
    assert deadlines_sweep(now=seat.deadline_at - MINUTE) == {}
    assert not MoveRecord.objects.filter(match=duel).exists()


def test_auto_policy_plays_the_default_turn_through_the_write_path(duel, now):
    seat, report, at = sweep_at_deadline(duel)
    assert report == {"auto": 1}
    record = MoveRecord.objects.get(match=duel)
    assert (record.source, record.kind, record.seat_index, record.user) == (
        "system",
        "move",
        seat.index,
        seat.user,
    )
    rules = get_rules("alta")
    duel.refresh_from_db()
    assert seat.index not in rules.to_move(rules.load(duel.state))
    seat.refresh_from_db()
    assert seat.auto_moves == 1 and seat.deadline_at is None
    assert mover_seat(duel).deadline_at == at + 3 * DAY
    [event] = events(duel, "timeout_auto")
    assert event.user == seat.user and event.data["seat_id"] == seat.pk
    assert event.data["moves"] == record.text and event.data["auto_moves"] == 1
    # Swept again: nothing left to do.
    assert deadlines_sweep(now=at) == {}


def test_three_auto_played_turns_in_a_row_drop_the_seat(alice, bob, carol, now):
    match = start_match(alice, bob, carol, now=now)
    sleeper = mover_seat(match)
    t = now
    outcomes = []
    while len(outcomes) < 3:
        seat = mover_seat(match)
        if seat.pk == sleeper.pk:
            _, report, t = sweep_at_deadline(match)
            outcomes.append(dict(report))
        else:
            t += HOUR
            play_turn(match, t)
    assert outcomes == [{"auto": 1}, {"auto": 1}, {"dropped": 1}]
    sleeper.refresh_from_db()
    assert sleeper.departed == "timeout" and sleeper.deadline_at is None
    timeout = MoveRecord.objects.get(match=match, kind="timeout")
    assert timeout.seat_index == sleeper.index and timeout.source == "system"
    assert [e.data["seat_id"] for e in events(match, "timeout_dropped")] == [sleeper.pk]
    match.refresh_from_db()
    assert match.is_active  # the two others play on; the sleeper is auto-played
    rules = get_rules("alta")
    assert sleeper.index not in rules.to_move(rules.load(match.state))
    assert sleeper.index in rules.departed_seats(rules.load(match.state))


def test_a_real_move_resets_the_run_of_auto_played_turns(duel, now):
    sleeper = mover_seat(duel)
    t = now
    for _ in range(2):
        _, _, t = sweep_at_deadline(duel)
        play_turn(duel, t + HOUR)  # the opponent
    sleeper.refresh_from_db()
    assert sleeper.auto_moves == 2
    play_turn(duel, t + 2 * HOUR)  # the sleeper wakes up
    play_turn(duel, t + 3 * HOUR)
    sleeper.refresh_from_db()
    assert sleeper.auto_moves == 0
    _, report, _ = sweep_at_deadline(duel)
    assert report == {"auto": 1}
    sleeper.refresh_from_db()
    assert sleeper.auto_moves == 1 and sleeper.departed == ""


def test_two_player_auto_drop_ends_the_game_as_a_timeout(duel, now):
    sleeper = mover_seat(duel)
    reports = []
    for _ in range(3):
        _, report, t = sweep_at_deadline(duel)
        reports.append(dict(report))
        duel.refresh_from_db()
        if duel.is_active:
            play_turn(duel, t + HOUR)
    assert reports == [{"auto": 1}, {"auto": 1}, {"dropped": 1}]
    duel.refresh_from_db()
    assert duel.status == "finished" and duel.termination == "timeout"
    sleeper.refresh_from_db()
    assert sleeper.place == 2 and sleeper.departed == "timeout"


def test_forfeit_in_a_two_player_game_the_opponent_wins(alice, bob, now):
    match = start_match(alice, bob, now=now, timeout_policy="forfeit")
    loser, report, at = sweep_at_deadline(match)
    assert report == {"forfeit": 1}
    match.refresh_from_db()
    assert match.status == "finished" and match.termination == "timeout" and match.finished_at == at
    assert match.outcome["termination"] == "timeout"
    loser.refresh_from_db()
    winner = Seat.objects.get(match=match, index=1 - loser.index)
    assert (loser.place, loser.departed, winner.place) == (2, "timeout", 1)
    record = MoveRecord.objects.get(match=match)
    assert (record.kind, record.source, record.seat_index, record.user) == (
        "timeout",
        "system",
        loser.index,
        None,
    )
    assert [e.data["seat_id"] for e in events(match, "timeout_forfeit")] == [loser.pk]


def test_forfeit_with_three_players_ranks_the_seat_last_and_play_goes_on(alice, bob, carol, now):
    match = start_match(alice, bob, carol, now=now, timeout_policy="forfeit")
    loser, report, _ = sweep_at_deadline(match)
    assert report == {"forfeit": 1}
    match.refresh_from_db()
    assert match.is_active
    loser.refresh_from_db()
    assert loser.departed == "timeout"
    rules = get_rules("alta")
    state = rules.load(match.state)
    assert rules.departed_seats(state) == (loser.index,)
    assert mover_seat(match).pk != loser.pk


def test_a_late_move_that_gets_the_lock_first_wins(duel, now):
    seat = mover_seat(duel)
    at = seat.deadline_at + MINUTE
    lease, won = deadlines._claim([(seat.pk, duel.pk, seat.deadline_at)], at)
    assert won == [(seat.pk, duel.pk)] and at + LEASE <= lease < at + LEASE + MINUTE
    play_turn(duel, at)  # the move arrives between the claim and the enforcement
    assert deadline_enforce(match_id=duel.pk, seat_id=seat.pk, claimed=lease, now=at) == "stale"
    assert not MoveRecord.objects.filter(match=duel, source="system").exists()
    assert not events(duel, "timeout_auto")


def test_a_move_after_the_enforcement_is_refused(duel, now):
    seat, _, at = sweep_at_deadline(duel)
    with pytest.raises(services.Conflict) as caught:
        services.move_submit(
            match_id=duel.pk,
            user=seat.user,
            ply=0,
            text="tower D4",
            source="web",
            now=at,
        )
    assert caught.value.code == "stale_ply"


def test_a_claim_taken_by_another_sweeper_is_left_alone(duel, now):
    seat = mover_seat(duel)
    at = seat.deadline_at + MINUTE
    rows = [(seat.pk, duel.pk, seat.deadline_at)]
    assert deadlines._claim(rows, at)[1] == [(seat.pk, duel.pk)]
    assert deadlines._claim(rows, at)[1] == []
    assert deadlines_sweep(now=at) == {}  # the claimed seat is no longer due


def test_a_failing_enforcement_is_pushed_back_and_logged_without_blocking(
    alice, bob, carol, dave, now, monkeypatch, caplog
):
    poisoned = start_match(alice, bob, now=now)
    healthy = start_match(carol, dave, now=now + MINUTE)
    real = deadlines._auto_play

    def auto_play(match, seats, seat, now, *rest):
        if match.pk == poisoned.pk:
            raise RuntimeError("engine exploded")
        return real(match, seats, seat, now, *rest)

    monkeypatch.setattr(deadlines, "_auto_play", auto_play)
    at = now + 3 * DAY + HOUR
    with caplog.at_level(logging.ERROR, logger="games.deadlines.sweeps"):
        report = deadlines_sweep(now=at)
    assert report == {"failed": 1, "auto": 1}
    assert f"Enforcing the deadline of seat {mover_seat(poisoned).pk} (match {poisoned.pk}) failed" in caplog.text
    assert mover_seat(poisoned).deadline_at == at + RETRY_AFTER
    assert not MoveRecord.objects.filter(match=poisoned).exists()
    assert not events(poisoned, "timeout_auto")  # rolled back with the rest
    assert MoveRecord.objects.filter(match=healthy, source="system").count() == 1
    monkeypatch.setattr(deadlines, "_auto_play", real)
    assert deadlines_sweep(now=at + RETRY_AFTER) == {"auto": 1}


def test_a_failing_claim_is_logged_and_left_to_the_next_sweep(duel, now, monkeypatch, caplog):
    from django.db import OperationalError

    def deadlock(rows, now):
        raise OperationalError("deadlock detected")

    monkeypatch.setattr(deadlines, "_claim", deadlock)
    at = mover_seat(duel).deadline_at + MINUTE
    with caplog.at_level(logging.WARNING, logger="games.deadlines.sweeps"):
        assert deadlines_sweep(now=at) == {"failed_claims": 1}
    assert "Claiming 1 due seats failed; the next sweep retries" in caplog.text
    monkeypatch.undo()
    assert deadlines_sweep(now=at) == {"auto": 1}


@pytest.mark.django_db(transaction=True)  # on-commit callbacks run at each commit, as in production
def test_a_sweep_hands_its_emails_to_the_worker_in_few_tasks(alice, bob, carol, dave, now, monkeypatch):
    from mail import receivers

    matches = [start_match(alice, bob, now=now), start_match(carol, dave, now=now), start_match(alice, carol, now=now)]
    published = []
    monkeypatch.setattr(receivers, "_publish", published.append)
    assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {"auto": 3}
    [rows] = published  # one task for the whole sweep, not one per deadline
    moves = MoveRecord.objects.filter(match__in=matches, source="system")
    timeouts = [e for m in matches for e in events(m, "timeout_auto")]
    assert sorted(rows) == sorted([("move", r.pk) for r in moves] + [("event", e.pk) for e in timeouts])


def test_a_full_first_batch_calls_for_help_once_after_claiming_it(alice, bob, carol, dave, now):
    matches = [start_match(alice, bob, now=now), start_match(carol, dave, now=now), start_match(alice, carol, now=now)]
    at = now + 3 * DAY + HOUR
    due_when_called = []

    def help_wanted():  # what a helper sweep started now would find
        due_when_called.append(Seat.objects.filter(deadline_at__lte=at).count())

    report = deadlines_sweep(now=at, batch_size=2, on_backlog=help_wanted)
    assert report == {"auto": 3}
    assert due_when_called == [1]  # once; the first batch was already claimed
    assert all(MoveRecord.objects.filter(match=m, source="system").count() == 1 for m in matches)


def test_no_help_is_called_for_when_the_first_batch_is_not_full(duel, now):
    called = []
    at = mover_seat(duel).deadline_at + MINUTE
    assert deadlines_sweep(now=at, batch_size=2, on_backlog=lambda: called.append(1)) == {"auto": 1}
    assert called == []


def test_a_group_of_due_seats_is_locked_by_one_query(alice, bob, carol, dave, now, monkeypatch):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    matches = [start_match(alice, bob, now=now), start_match(carol, dave, now=now), start_match(alice, carol, now=now)]
    monkeypatch.setattr(deadlines, "GROUP_SIZE", 2)
    with CaptureQueriesContext(connection) as queries:
        assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {"auto": 3}
    # The lock reads seats with their matches and the players' settings
    # (SQLite leaves out the FOR UPDATE clause itself).
    locks = [q for q in queries if q["sql"].startswith("SELECT") and "games_deadlinesettings" in q["sql"]]
    assert len(locks) == 2  # a group of two seats, then one
    assert all(MoveRecord.objects.filter(match=m, source="system").count() == 1 for m in matches)


def test_a_group_writes_its_auto_played_turns_together(alice, bob, carol, dave, now):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    matches = [start_match(alice, bob, now=now), start_match(carol, dave, now=now), start_match(alice, carol, now=now)]
    with CaptureQueriesContext(connection) as queries:
        assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {"auto": 3}
    inserts = [q["sql"] for q in queries if q["sql"].startswith("INSERT")]
    assert len([sql for sql in inserts if "games_moverecord" in sql]) == 1
    assert len([sql for sql in inserts if "games_matchevent" in sql]) == 1
    for match in matches:
        [record] = MoveRecord.objects.filter(match=match, source="system")
        [event] = events(match, "timeout_auto")
        assert event.data["moves"] == record.text and event.ply == record.ply == 1
        match.refresh_from_db()
        assert match.ply == 1 and mover_seat(match).deadline_at == now + 6 * DAY + HOUR


def test_a_group_whose_joint_write_fails_is_enforced_one_by_one(alice, bob, carol, dave, now, caplog):
    poisoned = start_match(alice, bob, now=now)
    healthy = start_match(carol, dave, now=now + MINUTE)
    # A row in the way of the poisoned game's next move: the joint insert
    # fails, and so does that game's own write.
    MoveRecord.objects.create(
        match=poisoned,
        ply=1,
        seat_index=0,
        kind="move",
        source="web",
        text="stray",
        moves=[],
        events=[],
        created_at=now,
    )
    at = now + 3 * DAY + HOUR
    with caplog.at_level(logging.WARNING, logger="games.deadlines.sweeps"):
        report = deadlines_sweep(now=at)
    assert report == {"failed": 1, "auto": 1}
    assert "Writing 2 enforcements together failed; enforcing them one by one" in caplog.text
    assert mover_seat(poisoned).deadline_at == at + RETRY_AFTER
    assert list(MoveRecord.objects.filter(match=poisoned).values_list("text", flat=True)) == ["stray"]
    assert not events(poisoned, "timeout_auto")
    assert MoveRecord.objects.filter(match=healthy, source="system").count() == 1
    assert len(events(healthy, "timeout_auto")) == 1


def test_a_second_seat_of_a_match_in_one_group_sees_the_first_ones_writes(duel, now):
    from games.services.announcements import Announcements

    at = now + 3 * DAY + HOUR
    lease = at + LEASE
    first = mover_seat(duel)
    second = Seat.objects.get(match=duel, index=1 - first.index)
    # Both claimed by this sweep (the second as if a clock had run for it too).
    Seat.objects.filter(pk__in=[first.pk, second.pk]).update(deadline_at=lease)
    gathered = Announcements()
    report = deadlines._enforce_group(
        [(first.pk, duel.pk), (second.pk, duel.pk)], lease=lease, now=at, gathered=gathered
    )
    # The first seat's turn was written before the match was read again:
    # the second seat, now to move and still holding the lease, had its turn
    # played on the new position (on the old one it is not to move, and its
    # default turn would have been refused).
    assert report == {"auto": 2}
    assert [r.ply for r in MoveRecord.objects.filter(match=duel).order_by("ply")] == [1, 2]
    assert [r.seat_index for r in MoveRecord.objects.filter(match=duel).order_by("ply")] == [first.index, second.index]
    assert len(gathered.move_ids) == 2 and len(gathered.event_ids) == 2
