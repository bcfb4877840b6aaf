"""Hard round deadlines: organisers told once; a day later unfinished
games are played out with the engine's default moves."""

import pytest

from games.models import Match, MoveRecord
from mail.models import OutgoingEmail
from tournaments.models import Round, Tournament
from tournaments.services import (
    club_join,
    club_member_promote,
    game_result_set,
    match_autoplay,
    round_deadlines_sweep,
    round_extend,
)

from .conftest import DAY, HOUR, finish, new_players, running_games, started, user_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def late_round(alice, bob, club, now):
    """A 4-player Swiss with a 5-day round deadline; bob co-organises."""
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    return started(alice, club, new_players(4), now=now, format="swiss", rounds=2, round_days=5)


def deadline_mails():
    return OutgoingEmail.objects.filter(dedupe_key__startswith="round-deadline:")


def test_nothing_happens_before_the_deadline(late_round, now):
    assert round_deadlines_sweep(now=now + 5 * DAY - HOUR) == {
        "notified": [],
        "autoplay": [],
    }
    assert not deadline_mails().exists()


def test_organisers_are_told_once_when_the_deadline_passes(late_round, alice, bob, now):
    round_ = late_round.round_set.get(number=1)
    after = now + 5 * DAY + HOUR
    assert round_deadlines_sweep(now=after) == {"notified": [round_.pk], "autoplay": []}
    assert sorted(deadline_mails().values_list("to", flat=True)) == [
        alice.email,
        bob.email,
    ]
    mail = deadline_mails().get(to=alice.email)
    assert "round 1 is past its deadline" in mail.subject
    assert "2 games unfinished" in mail.text and "R1-T1" in mail.text
    # A second sweep (or a second worker) does not mail again.
    assert round_deadlines_sweep(now=after + HOUR) == {"notified": [], "autoplay": []}
    assert deadline_mails().count() == 2


def test_a_round_whose_games_are_all_decided_raises_no_alarm(late_round, now):
    for game in running_games(late_round):
        finish(game, user_of(late_round, game.players[0]), now)
    from tournaments.services import tournament_advance

    tournament_advance(tournament_id=late_round.pk, now=now)
    round_deadlines_sweep(now=now + 5 * DAY + HOUR)
    assert not deadline_mails().filter(dedupe_key__contains=f":{late_round.round_set.get(number=1).pk}:").exists()


def test_a_day_after_the_notice_the_games_are_queued_for_autoplay(late_round, now):
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    assert round_deadlines_sweep(now=after + 23 * HOUR)["autoplay"] == []
    matches = sorted(g.match_id for g in running_games(late_round))
    swept = round_deadlines_sweep(now=after + 24 * HOUR)
    assert sorted(swept["autoplay"]) == matches
    assert round_deadlines_sweep(now=after + 25 * HOUR)["autoplay"] == []
    assert late_round.events.filter(kind="autoplay").count() == 1


def test_an_extension_stops_the_autoplay_and_a_new_deadline_warns_again(late_round, alice, now):
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    round_extend(tournament_id=late_round.pk, number=1, days=3, by=alice, now=after + HOUR)
    assert round_deadlines_sweep(now=after + 30 * HOUR)["autoplay"] == []
    new_deadline = late_round.round_set.get(number=1).deadline_at
    assert round_deadlines_sweep(now=new_deadline + HOUR)["notified"]
    assert deadline_mails().filter(to=alice.email).count() == 2


def test_games_decided_by_hand_are_not_autoplayed(late_round, alice, now):
    first, second = running_games(late_round)
    game_result_set(
        game_id=first.pk,
        ranking=[[first.players[0]], [first.players[1]]],
        reason="no-show",
        by=alice,
        now=now,
    )
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    assert round_deadlines_sweep(now=after + DAY)["autoplay"] == [second.match_id]


def test_autoplay_plays_default_moves_to_the_end_and_the_tournament_moves_on(late_round, now):
    game = running_games(late_round)[0]
    played = match_autoplay(match_id=game.match_id, now=now)
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and match.termination == "normal"
    assert played == match.ply > 10
    assert set(match.moves.values_list("source", flat=True)) == {MoveRecord.Source.SYSTEM}
    game.refresh_from_db()
    assert game.decided and game.source == "game"
    assert match_autoplay(match_id=game.match_id, now=now) == 0


def test_the_sweep_queues_autoplay_tasks_after_commit(late_round, now, django_capture_on_commit_callbacks):
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    # Eager Celery in tests: the queued tasks run inline once the sweep's
    # transaction commits, and finish round 1; round 2 is then paired.
    with django_capture_on_commit_callbacks(execute=True):
        round_deadlines_sweep(now=after + DAY)
    late_round.refresh_from_db()
    assert late_round.games.filter(round__number=1, ranking__isnull=True).count() == 0
    assert Round.objects.get(tournament=late_round, number=1).completed_at is not None
    assert late_round.games.filter(round__number=2).count() == 2
    assert late_round.status == Tournament.Status.RUNNING


def test_the_deadline_notice_speaks_of_the_rules_default_moves_not_the_engine(late_round, alice, now):
    """Organisers read "the rules' default moves" (as the Dutch "de
    standaardzetten van de spelregels"), not the programmers' "engine"."""
    round_deadlines_sweep(now=now + 5 * DAY + HOUR)
    mail = deadline_mails().get(to=alice.email)
    text = " ".join(mail.text.split())
    assert "these games are played out with the rules' default moves from" in text
    assert "engine" not in text and "engine" not in mail.html


def _log_lines(tournament, language: str) -> list[str]:
    from django.utils import translation

    with translation.override(language):
        return [e.shown_text for e in tournament.events.filter(kind__in=["deadline", "autoplay"]).order_by("pk")]


def test_the_log_counts_unfinished_games_in_words_that_agree_with_the_number(late_round, alice, now):
    """The log read "2 game(s) unfinished" and "2 onafgemaakte partij(en)":
    each line now says one game or several, in English and Dutch."""
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    first, second = running_games(late_round)
    game_result_set(
        game_id=first.pk, ranking=[[first.players[0]], [first.players[1]]], reason="no-show", by=alice, now=after
    )
    round_deadlines_sweep(now=after + DAY)
    assert _log_lines(late_round, "en") == [
        "Round 1's deadline passed with 2 games unfinished; organisers told.",
        "Round 1: nobody acted within a day of the deadline; 1 unfinished game is finished with default moves.",
    ]
    assert _log_lines(late_round, "nl") == [
        "De termijn van ronde 1 is verstreken met 2 onafgemaakte partijen; de organisatoren zijn ingelicht.",
        "Ronde 1: niemand heeft binnen een dag na de termijn iets gedaan; "
        "1 onafgemaakte partij wordt met standaardzetten uitgespeeld.",
    ]
    stored = late_round.events.get(kind="deadline").text
    assert stored == "Round 1's deadline passed with 2 games unfinished; organisers told.", stored


def test_the_migration_words_earlier_deadline_lines_for_their_number(late_round, now):
    """A line logged with the "game(s)" msgid reads in words that agree
    with its number, and in Dutch, after the migration."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("tournaments.migrations.0009_plural_deadline_lines")
    round_deadlines_sweep(now=now + 5 * DAY + HOUR)
    event = late_round.events.get(kind="deadline")
    # As the line was stored before.
    event.data = {
        "message": "Round %(number)s's deadline passed with %(count)s game(s) unfinished; organisers told.",
        "params": {"number": "1", "count": "2"},
        "round": 1,
    }
    event.text = "Round 1's deadline passed with 2 game(s) unfinished; organisers told."
    event.save(update_fields=["data", "text"])

    migration.plural_deadline_lines(apps, None)
    event.refresh_from_db()
    assert event.text == "Round 1's deadline passed with 2 games unfinished; organisers told."
    assert _log_lines(late_round, "nl") == [
        "De termijn van ronde 1 is verstreken met 2 onafgemaakte partijen; de organisatoren zijn ingelicht."
    ]


def test_an_organiser_who_plays_reads_that_another_sets_his_games_result(alice, bob, club, now):
    """He may not set the result of a game he plays in: the notice says so
    beside that game, and only in his own notice."""
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    tournament = started(alice, club, [bob, *new_players(3)], now=now, format="swiss", rounds=2, round_days=5)
    round_deadlines_sweep(now=now + 5 * DAY + HOUR)
    said = "you play in it: another organiser or the site's staff sets its result"
    to_bob = " ".join(deadline_mails().get(to=bob.email).text.split())
    to_alice = " ".join(deadline_mails().get(to=alice.email).text.split())
    [bobs_game] = [g for g in running_games(tournament) if g.match.seats.filter(user=bob).exists()]
    assert f"{bobs_game.match} ({said})" in to_bob, to_bob
    assert to_bob.count(said) == 1 and said not in to_alice


def test_an_autoplay_the_broker_lost_is_queued_again_later(late_round, now, django_capture_on_commit_callbacks):
    """The publish after the claim failed (broker away: only logged): a
    later sweep queues the games still in play, once, and they finish."""
    from unittest import mock

    from tournaments.tasks import tournament_match_autoplay

    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    with (
        mock.patch.object(tournament_match_autoplay, "delay", side_effect=OSError("broker away")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        lost = round_deadlines_sweep(now=after + DAY)["autoplay"]
    assert len(lost) == 2 and late_round.games.filter(round__number=1, ranking__isnull=True).count() == 2
    assert round_deadlines_sweep(now=after + DAY + HOUR)["autoplay"] == []  # not yet: the task may still run
    with django_capture_on_commit_callbacks(execute=True):
        again = round_deadlines_sweep(now=after + DAY + 3 * HOUR)["autoplay"]
    assert sorted(again) == sorted(lost)
    assert late_round.games.filter(round__number=1, ranking__isnull=True).count() == 0
    assert round_deadlines_sweep(now=after + 2 * DAY)["autoplay"] == []
    assert late_round.events.filter(kind="autoplay").count() == 1
