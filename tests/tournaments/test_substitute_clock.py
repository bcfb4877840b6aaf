"""A substitute takes over a seat's clock as it stands: the time its turn
has used so far counts, and from then on the substitute's own vacations and
weekends pause it (issue 6: nobody loses a game because of a holiday;
issue 21: the substitute takes over the seat in running games)."""

import pytest

from games.deadlines.sweeps import deadlines_sweep
from games.deadlines.vacation import vacation_start
from games.models import Seat
from tournaments.services import participant_replace, tournament_pause, tournament_resume

from .conftest import DAY, HOUR, new_players, started

pytestmark = pytest.mark.django_db


def _seat_to_move(tournament):
    return (
        Seat.objects.select_related("user")
        .filter(match__tournament_game__tournament=tournament, deadline_at__isnull=False)
        .order_by("pk")
        .first()
    )


def _replace(tournament, seat, by, now):
    participant = tournament.participants.get(user=seat.user)
    (newcomer,) = new_players(1, prefix="Sub")
    participant_replace(
        tournament_id=tournament.pk, participant_id=participant.pk, display_name=str(newcomer), by=by, now=now
    )
    return newcomer


def test_a_substitute_who_goes_on_vacation_is_not_timed_out_for_the_previous_players_vacation(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _seat_to_move(t)
    # The player used a day of their three, then went away for ten.
    vacation_start(user=seat.user, days=10, now=now + DAY)
    newcomer = _replace(t, seat, alice, now + 5 * DAY)
    # The substitute takes the seat with the two days left, and soon goes away too.
    vacation_start(user=newcomer, days=3, now=now + 6 * DAY)
    deadlines_sweep(now=now + 6 * DAY + HOUR)
    assert not seat.match.moves.exists()  # nothing was played for the substitute on vacation
    seat.refresh_from_db()
    assert seat.user_id == newcomer.pk
    # Two days left at the hand-over: one used before the vacation, one after it.
    assert seat.deadline_at == now + 10 * DAY


def test_a_substitute_on_vacation_has_the_clock_stopped_and_no_reminder_meanwhile(alice, club, now):
    from games.deadlines.reminders import reminders_sweep

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _seat_to_move(t)
    (newcomer,) = new_players(1, prefix="Away")
    vacation_start(user=newcomer, days=5, now=now)
    participant = t.participants.get(user=seat.user)
    participant_replace(
        tournament_id=t.pk, participant_id=participant.pk, display_name=str(newcomer), by=alice, now=now + DAY
    )
    seat.refresh_from_db()
    # One day was used by the previous player; the two left run when the vacation ends.
    assert seat.deadline_at == now + 7 * DAY
    reminders_sweep(now=now + 2 * DAY + HOUR)  # the previous player's 24-hour reminder was due
    assert not seat.match.events.filter(kind="reminder").exists()


def test_a_substitute_in_a_paused_tournament_gets_the_time_left_when_it_was_paused(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _seat_to_move(t)
    vacation_start(user=seat.user, days=2, now=now + DAY)  # clock: one day used, stopped two days
    tournament_pause(tournament_id=t.pk, by=alice, now=now + 4 * DAY)  # one more day used
    _replace(t, seat, alice, now + 5 * DAY)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 8 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == now + 9 * DAY


def test_a_substitute_is_not_dropped_for_the_deadlines_the_previous_player_missed(alice, club, now):
    """Three missed deadlines in a row drop a seat: the substitute brought
    in for a player who stopped moving starts with a clean run."""
    from tests.deadlines.conftest import mover_seat, play_turn

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, days_per_move=3)
    seat = _seat_to_move(t)
    match = seat.match
    at = now
    for _ in range(2):  # the player misses two deadlines; the opponent moves each time
        at = mover_seat(match).deadline_at + HOUR
        assert deadlines_sweep(now=at) == {"auto": 1}
        at += HOUR
        play_turn(match, at)
    seat.refresh_from_db()
    assert seat.auto_moves == 2 and mover_seat(match).pk == seat.pk
    newcomer = _replace(t, seat, alice, at + HOUR)
    assert deadlines_sweep(now=mover_seat(match).deadline_at + HOUR) == {"auto": 1}
    seat.refresh_from_db()
    assert seat.user_id == newcomer.pk and seat.departed == "" and seat.auto_moves == 1
    match.refresh_from_db()
    assert match.is_active


def test_a_substitute_on_vacation_is_told_when_the_tournament_forbids_vacations(alice, club, now):
    """A game that forbids vacations keeps the clock running and tells the
    player: the substitute who takes it over while away too."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, vacation_allowed=False)
    seat = _seat_to_move(t)
    (newcomer,) = new_players(1, prefix="Away")
    vacation = vacation_start(user=newcomer, days=5, now=now)
    participant = t.participants.get(user=seat.user)
    participant_replace(
        tournament_id=t.pk, participant_id=participant.pk, display_name=str(newcomer), by=alice, now=now + DAY
    )
    [told] = seat.match.events.filter(kind="vacation_forbidden")
    assert told.user == newcomer and told.data["seat_id"] == seat.pk and told.data["vacation_id"] == vacation.pk
    seat.refresh_from_db()
    assert seat.deadline_at == now + 3 * DAY  # the clock keeps running


def test_a_substitute_to_move_gets_the_position_with_a_reply_address_at_once(
    alice, club, now, django_capture_on_commit_callbacks
):
    """The inbox is the main client: a substitute put in a seat that is to
    move can play by mail from the first mail, not only after a reminder."""
    from django.core import mail

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _seat_to_move(t)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        newcomer = _replace(t, seat, alice, now + DAY)
    game_mails = [m for m in mail.outbox if m.to == [newcomer.email] and m.reply_to]
    assert len(game_mails) == 1, [m.subject for m in mail.outbox if m.to == [newcomer.email]]
    [turn] = game_mails
    assert str(seat.match) in turn.subject and "you play this game now" in turn.subject
    assert "IT IS YOUR MOVE" in turn.body and "A." in turn.body
