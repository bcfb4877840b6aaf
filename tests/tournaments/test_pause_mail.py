"""Pausing and resuming a running tournament mails the players of its
games in play: once per event, in each player's language, the time each
stopped turn keeps (on pause) and the new deadline in their time zone (on
resume); players who want no mail, or muted the game, get none."""

import pytest

from mail.models import GameMute, OutgoingEmail
from mail.render import deadline_line
from tournaments.services import tournament_pause, tournament_resume

from .conftest import DAY, HOUR, new_players, running_games, started
from .test_pause_time_left import _mover

pytestmark = pytest.mark.django_db


def _mails(user, words: str):
    return list(OutgoingEmail.objects.filter(to=user.email, subject__contains=words).order_by("pk"))


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_pausing_tells_each_player_their_games_clocks_are_stopped_and_the_time_left_on_their_turn(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _mover(t)
    game = seat.match
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    (mail,) = _mails(seat.user, "paused")
    assert str(t) in mail.subject
    for part in (_flat(mail.text), _flat(mail.html)):
        assert f"The clocks of your games in {t} are stopped" in part
        assert f"{game}" in part and "your move: 2 days left on your turn" in part
    waiting = next(s for s in game.seats.select_related("user") if s.pk != seat.pk)
    (other,) = _mails(waiting.user, "paused")
    assert f"{game}" in other.text and "not your move" in _flat(other.text)
    players = {p.user.email for p in t.participants.select_related("user")}
    assert {m.to for m in OutgoingEmail.objects.filter(subject__contains="paused")} == players


def test_resuming_tells_each_player_the_new_deadline_in_their_time_zone(alice, club, now):
    from tests.conftest import living_in

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _mover(t)
    living_in("en", "America/New_York", seat.user)
    seat.user.refresh_from_db()
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 10 * DAY)
    seat.refresh_from_db()
    (mail,) = _mails(seat.user, "resumed")
    assert "America/New York" in deadline_line(seat.deadline_at, seat.user)  # the reader's zone, named
    for part in (_flat(mail.text), _flat(mail.html)):
        assert f"The clocks of your games in {t} run again" in part
        assert deadline_line(seat.deadline_at, seat.user) in part
    # Once per event: a second pause and resume are new events, told again; the first are not repeated.
    assert len(_mails(seat.user, "paused")) == 1
    tournament_pause(tournament_id=t.pk, by=alice, now=now + 11 * DAY)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 12 * DAY)
    assert len(_mails(seat.user, "paused")) == 2 and len(_mails(seat.user, "resumed")) == 2


def test_pause_and_resume_mails_are_in_the_players_language(alice, club, now):
    from tests.conftest import living_in

    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _mover(t)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY + 12 * HOUR)
    (paused,) = _mails(seat.user, "gepauzeerd")
    assert f"De klokken van je partijen in {t} staan stil" in _flat(paused.text)
    assert "jij bent aan zet: nog 1 dag 12 uur voor je beurt" in _flat(paused.text)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 5 * DAY)
    seat.refresh_from_db()
    seat.user.refresh_from_db()
    (resumed,) = _mails(seat.user, "hervat")
    assert f"De klokken van je partijen in {t} lopen weer" in _flat(resumed.text)
    from mail.render import in_language

    with in_language(seat.user):
        assert deadline_line(seat.deadline_at, seat.user) in _flat(resumed.text)


def test_players_who_want_no_mail_or_muted_the_game_get_none_and_digest_readers_get_it(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    (first, second) = running_games(t)[:2]
    none, muted = (first.match.seats.select_related("user").order_by("index")[i].user for i in (0, 1))
    digest = second.match.seats.select_related("user").order_by("index")[0].user
    none.notifications = none.Notifications.NONE
    none.save(update_fields=["notifications"])
    digest.notifications = digest.Notifications.DAILY_DIGEST
    digest.save(update_fields=["notifications"])
    GameMute.objects.create(user=muted, match=first.match)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 2 * DAY)
    assert not _mails(none, "paused") and not _mails(none, "resumed")
    assert not _mails(muted, "paused") and not _mails(muted, "resumed")
    assert len(_mails(digest, "paused")) == 1 and len(_mails(digest, "resumed")) == 1


def test_the_pause_mails_go_out_only_once_the_pause_commits(alice, club, now, django_capture_on_commit_callbacks):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
        queued = OutgoingEmail.objects.filter(subject__contains="paused")
        assert queued.count() == 4 and set(queued.values_list("status", flat=True)) == {OutgoingEmail.Status.QUEUED}
    assert callbacks  # the send task, run on commit


def test_a_turn_mail_during_the_pause_says_the_clock_is_stopped_and_what_the_turn_keeps(
    alice, club, now, django_capture_on_commit_callbacks
):
    """A turn that begins while the tournament is paused has no deadline:
    its mail said nothing of the clock (the player, told at the pause that
    it was not their move, could not know whether it ran); it now says it
    is stopped and what the turn keeps, as the game page does."""
    from tests.conftest import living_in
    from tests.deadlines.conftest import play_turn

    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, days_per_move=3)
    seat = _mover(t)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    with django_capture_on_commit_callbacks(execute=True):
        play_turn(seat.match, now + 2 * DAY)
    other = next(s for s in seat.match.seats.select_related("user") if s.pk != seat.pk)
    (turn,) = _mails(other.user, "je bent aan zet")
    assert (
        "Je klok staat stil zolang het toernooi gepauzeerd is: nog 3 dagen voor deze beurt, "
        "te rekenen vanaf de hervatting." in _flat(turn.text)
    ), _flat(turn.text)
    assert "Je klok staat stil" in _flat(turn.html)


def test_the_daily_digest_lists_a_turn_stopped_by_the_pause_with_the_time_it_keeps(alice, club, now):
    """A daily-digest player gets no turn mails: their digest left out the
    turn whose clock the pause stopped (it has no deadline), so they read
    nothing of a move they may make meanwhile."""
    from mail.digest import digests_send
    from tests.conftest import living_in

    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, days_per_move=3)
    seat = _mover(t)
    seat.user.notifications = seat.user.Notifications.DAILY_DIGEST
    seat.user.save(update_fields=["notifications"])
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    assert digests_send(now=now + 2 * DAY) == 1
    [digest] = OutgoingEmail.objects.filter(to=seat.user.email, kind=OutgoingEmail.Kind.DIGEST)
    for part in (_flat(digest.text), _flat(digest.html)):
        assert f"#{seat.match.pk}" in part and "klok stil zolang het toernooi gepauzeerd is: nog 2 dagen" in part, part
