"""Organiser tools while a tournament runs: a substitute, late
registration, a requested half-point bye, pause and resume, a message to
every player; each logged."""

import re

import pytest
from django.urls import reverse

from games.models import Match, Seat
from games.services import Conflict, NotAllowed, NotFound
from mail.models import OutgoingEmail, ReplyToken
from tests.conftest import living_in
from tournaments.models import TournamentGame
from tournaments.overview import tournament_overview
from tournaments.services import (
    bye_request,
    participant_add_late,
    participant_replace,
    players_message,
    round_deadlines_sweep,
    tournament_pause,
    tournament_resume,
    tournaments_sweep,
)

from .conftest import DAY, HOUR, best_seed_wins, new_players, running_games, started

pytestmark = pytest.mark.django_db


def entry(tournament, seed):
    return tournament.participants.select_related("user").get(seed=seed)


# ------------------------------------------------------------ substitute
def test_a_substitute_takes_over_the_seat_of_a_running_game_and_the_results_stay(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        from tournaments.services import tournament_game_finished

        tournament_game_finished(match_id=game.match_id, now=now)
    leaver = entry(t, 1)
    old = leaver.user
    game = next(g for g in running_games(t) if leaver.pk in g.players)
    ReplyToken.objects.create(token="x" * 32, match=game.match, seat_index=0, user=old, ply=0, created_at=now)
    (newcomer,) = new_players(1, prefix="Sub")
    participant_replace(tournament_id=t.pk, participant_id=leaver.pk, display_name=str(newcomer), by=alice, now=now)

    seat_users = set(Seat.objects.filter(match=game.match).values_list("user_id", flat=True))
    assert newcomer.pk in seat_users and old.pk not in seat_users
    assert not ReplyToken.objects.filter(user=old, match=game.match).exists()
    # Round 1's win stays with the place, and the standings say who took it over.
    row = next(r for r in tournament_overview(t).standings if r.participant.pk == leaver.pk)
    assert (row.points, str(row.participant.user)) == ("1", str(newcomer))
    assert row.replaced == [f"{old} (until round 2)"]
    assert t.events.filter(kind="substituted", user=alice).exists()
    assert OutgoingEmail.objects.filter(to=newcomer.email, subject__contains="takes the place of").exists()


def test_a_substitute_for_a_player_who_already_left_a_table_keeps_the_seats_result(alice, club, now):
    from games.services import match_resign
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2, game="alta", players_per_table=4)
    (game,) = running_games(t)
    seats = list(Seat.objects.filter(match=game.match).order_by("index").select_related("user"))
    leaver = t.participants.get(user=seats[0].user)
    # The first player resigns; the other three play on.
    match_resign(match_id=game.match_id, user=seats[0].user, now=now, source="web")
    (newcomer,) = new_players(1, prefix="Sub")
    participant_replace(tournament_id=t.pk, participant_id=leaver.pk, display_name=str(newcomer), by=alice, now=now)
    for seat in seats[1:3]:
        match_resign(match_id=game.match_id, user=seat.user, now=now, source="web")

    tournament_game_finished(match_id=game.match_id, now=now)
    game.refresh_from_db()
    winner = t.participants.get(user=seats[3].user)
    assert game.ranking[0] == [winner.pk] and game.ranking[-1] == [leaver.pk]
    assert t.round_set.get(number=1).completed_at == now
    (round2,) = running_games(t)
    assert newcomer.pk in set(Seat.objects.filter(match=round2.match).values_list("user_id", flat=True))
    rows = {r.participant.pk: r for r in tournament_overview(t).standings}
    assert (rows[winner.pk].points, rows[leaver.pk].points) == ("1", "0")
    assert str(rows[leaver.pk].participant.user) == str(newcomer)


def test_a_substitute_must_not_be_playing_already(alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    with pytest.raises(Conflict, match="already registered"):
        participant_replace(
            tournament_id=t.pk, participant_id=entry(t, 1).pk, display_name=str(entry(t, 2).user), by=alice, now=now
        )


# ---------------------------------------------------- late registration
def test_a_late_player_joins_a_running_swiss_from_the_next_round(alice, club, now):
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    (late,) = new_players(1, prefix="Late")
    participant = participant_add_late(tournament_id=t.pk, display_name=str(late), by=alice, now=now)
    assert participant.seed == 5
    assert not any(participant.pk in g.players for g in t.games.all())
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    round2 = t.games.filter(round__number=2)
    assert any(participant.pk in g.players for g in round2)
    assert t.events.filter(kind="late_registration", user=alice).exists()


def test_late_registration_is_for_a_swiss_only(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin")
    (late,) = new_players(1)
    with pytest.raises(Conflict, match="Only a Swiss"):
        participant_add_late(tournament_id=t.pk, display_name=str(late), by=alice, now=now)


# -------------------------------------------------------- half-point bye
def test_a_requested_bye_scores_half_a_point_and_the_player_is_not_paired(alice, club, now):
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    resting = entry(t, 2)
    bye_request(tournament_id=t.pk, user=resting.user, round_number=2, now=now)
    with pytest.raises(Conflict, match="not paired yet"):
        bye_request(tournament_id=t.pk, user=resting.user, round_number=1, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    round2 = list(t.games.filter(round__number=2))
    half = [g for g in round2 if g.source == TournamentGame.Source.HALF_BYE]
    assert [g.players for g in half] == [[resting.pk]]
    assert not any(resting.pk in g.players for g in round2 if g.match_id)
    # Four players left to pair: no pairing-allocated bye is needed.
    assert not [g for g in round2 if g.source == TournamentGame.Source.BYE]
    rows = tournament_overview(t).rounds[1].games
    (row,) = [r for r in rows if r.game.source == TournamentGame.Source.HALF_BYE]
    assert row.status_text == "Half-point bye, as asked (½ point)"
    row = next(r for r in tournament_overview(t).standings if r.participant.pk == resting.pk)
    assert (row.points, row.unplayed) == ("1½", 0)  # round 1's win and the half point


def test_a_requested_bye_at_tables_of_three_scores_half_a_win_and_the_rest_are_seated(client, alice, club, now):
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(9), now=now, format="swiss", rounds=2, game="atlantis", players_per_table=3)
    resting = entry(t, 4)
    client.force_login(resting.user)
    assert "Ask for a half-point bye" in client.get(t.get_absolute_url()).content.decode()
    bye_request(tournament_id=t.pk, user=resting.user, round_number=2, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    round2 = list(t.games.filter(round__number=2))
    assert [g.players for g in round2 if g.source == TournamentGame.Source.HALF_BYE] == [[resting.pk]]
    # The eight others play at tables of 3, 3 and 2; nobody else sits out.
    assert sorted(len(g.players) for g in round2 if g.match_id) == [2, 3, 3]
    rows = {r.participant.pk: r for r in tournament_overview(t).standings}
    # Seed 4 won its table in round 1 (1 point, as a win at any table) and sat out round 2.
    assert rows[resting.pk].points == "1½"


# -------------------------------------------------------- pause, resume
def test_pause_stops_the_clocks_and_resume_gives_back_the_time_left(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = Seat.objects.filter(match__tournament_game__tournament=t, deadline_at__isnull=False).first()
    before = seat.deadline_at
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    seat.refresh_from_db()
    assert seat.deadline_at is None
    # Nothing times out while paused, however long.
    from games.deadlines.sweeps import deadlines_sweep

    deadlines_sweep(now=now + 30 * DAY)
    assert Match.objects.filter(pk=seat.match_id, status=Match.Status.ACTIVE).exists()
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 10 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == before + 9 * DAY
    assert list(t.events.filter(kind__in=["paused", "resumed"]).values_list("kind", flat=True)) == [
        "paused",
        "resumed",
    ]


def test_resume_gives_back_the_time_left_when_a_weekend_fell_before_the_pause(alice, club, now):
    """With no clock at weekends, the time a turn used before the pause is
    what it had left at resume: the turn must not be re-dated so that
    another stretch of weekend, or none, falls before the pause."""
    friday = now + 4 * DAY + 3 * HOUR  # Friday 9 January 2026, 12:00 UTC
    t = started(alice, club, new_players(4), now=friday, format="swiss", rounds=3, days_per_move=3, weekends_off=True)
    seat = Seat.objects.filter(match__tournament_game__tournament=t, deadline_at__isnull=False).first()
    assert seat.deadline_at == friday + 5 * DAY  # 12 hours on Friday, the weekend off, 60 hours from Monday
    tournament_pause(tournament_id=t.pk, by=alice, now=friday + 3 * DAY)  # Monday noon: 24 hours used
    tournament_resume(tournament_id=t.pk, by=alice, now=friday + 4 * DAY)  # Tuesday noon
    seat.refresh_from_db()
    assert seat.deadline_at == friday + 6 * DAY  # the 48 hours left, Tuesday to Thursday noon


def test_a_vacation_taken_while_paused_does_not_restart_the_stopped_clock(alice, club, now):
    """A vacation moves the deadlines of running clocks; a turn of a paused
    tournament has none, and must not get one (it timed out mid-pause)."""
    from games.deadlines.sweeps import deadlines_sweep
    from games.deadlines.vacation import vacation_start

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = Seat.objects.filter(match__tournament_game__tournament=t, deadline_at__isnull=False).first()
    before = seat.deadline_at
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    vacation_start(user=seat.user, days=2, now=now + 6 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at is None
    deadlines_sweep(now=now + 9 * DAY)
    assert not seat.match.moves.exists()  # nothing was played for the player
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 10 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == before + 9 * DAY  # the paused days are given back, not a whole new turn


def test_a_paused_tournament_pairs_nothing_and_its_round_deadline_waits(alice, club, now):
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, round_days=7)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now + HOUR)
        tournament_game_finished(match_id=game.match_id, now=now + HOUR)
    assert not t.games.filter(round__number=2).exists()
    assert round_deadlines_sweep(now=now + 8 * DAY)["notified"] == []
    tournaments_sweep(now=now + 8 * DAY)
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 2 * DAY)
    assert t.games.filter(round__number=2).exists()


def test_a_pause_after_the_organisers_were_told_of_a_late_round_keeps_the_day_they_had(alice, club, now):
    """Told at a round's deadline that its unfinished games are played out a
    day later, the organisers pause the tournament: the pause stops that
    day too, so resuming does not play the games out at once."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, round_days=7)
    told = now + 7 * DAY + HOUR
    assert round_deadlines_sweep(now=told)["notified"]
    tournament_pause(tournament_id=t.pk, by=alice, now=told + 3 * HOUR)  # 21 hours of the day left
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 12 * DAY)
    assert round_deadlines_sweep(now=now + 12 * DAY + 20 * HOUR)["autoplay"] == []
    assert running_games(t) and not t.events.filter(kind="autoplay").exists()
    assert len(round_deadlines_sweep(now=now + 12 * DAY + 21 * HOUR)["autoplay"]) == 2


def test_only_organisers_pause_and_a_pause_is_not_repeated(alice, bob, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    with pytest.raises(NotAllowed):
        tournament_pause(tournament_id=t.pk, by=bob, now=now)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    with pytest.raises(Conflict, match="already paused"):
        tournament_pause(tournament_id=t.pk, by=alice, now=now)


def test_resuming_before_the_start_is_refused_and_registration_stays_open(alice, club, now):
    """Staff may pause a tournament before its start (it then starts
    paused); an organiser resuming it then (the API offers it) must not end
    it: it ended at once with no game, mailing everyone final standings."""
    from tournaments.models import Tournament

    from .conftest import make_tournament, register

    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, new_players(4), now)
    Tournament.objects.filter(pk=t.pk).update(paused_at=now)
    with pytest.raises(Conflict, match="not running"):
        tournament_resume(tournament_id=t.pk, by=alice, now=now)
    t.refresh_from_db()
    assert t.status == Tournament.Status.REGISTRATION and t.paused_at == now
    assert not t.games.exists() and not t.participants.filter(final_place__isnull=False).exists()
    assert not OutgoingEmail.objects.filter(dedupe_key__startswith=f"tournament-final:{t.pk}:").exists()


# --------------------------------------------------------------- message
def test_a_message_goes_to_every_player_still_in_by_mail(alice, bob, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    count = players_message(tournament_id=t.pk, subject="Round 2 news", text="Play on, please.", by=alice, now=now)
    assert count == 4
    mails = OutgoingEmail.objects.filter(subject__contains="Round 2 news")
    assert sorted(m.to for m in mails) == sorted(p.email for p in players)
    assert "Play on, please." in mails[0].text
    assert t.events.get(kind="message").user == alice
    with pytest.raises(NotAllowed):
        players_message(tournament_id=t.pk, subject="Hi", text="Spam", by=bob, now=now)


def test_a_message_sent_twice_by_a_double_click_reaches_every_player_once(client, alice, club, now):
    """The form posted twice (a double click, a resent form) mailed every
    player the message twice; the second is refused and says why."""
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    client.force_login(alice)
    url = reverse("tournament-message", args=[t.pk])
    form = {"subject": "Round 2 news", "text": "Play on, please."}
    client.post(url, form)
    page = client.post(url, form, follow=True).content.decode()
    assert "You sent this message a moment ago: every player has it already." in page
    for player in players:
        assert OutgoingEmail.objects.filter(to=player.email, subject__contains="Round 2 news").count() == 1
    # Another message, or the same one later, goes out.
    assert players_message(tournament_id=t.pk, subject="Round 2 news", text="Now!", by=alice, now=now) == 2
    assert players_message(tournament_id=t.pk, subject="Round 2 news", text="Now!", by=alice, now=now + HOUR) == 2


def one_turn(match, mover, when):
    """Play one whole turn of ``mover`` (a turn may take several submissions)."""
    from games.engine import get_rules
    from games.services import move_submit

    rules = get_rules(match.game)
    state = rules.load(match.state)
    while True:
        move = rules.default_move(state, mover.index)
        move_submit(
            match_id=match.pk,
            user=mover.user,
            ply=match.ply,
            source="web",
            now=when,
            text=rules.format_move(state, mover.index, move),
        )
        match.refresh_from_db()
        state = rules.load(match.state)
        if mover.index not in rules.to_move(state):
            return


def test_a_turn_that_begins_while_paused_starts_paused_and_resume_starts_it(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, days_per_move=3)
    (game,) = running_games(t)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    match = Match.objects.get(pk=game.match_id)
    t.refresh_from_db()
    mover = next(s for s in match.seats.select_related("user") if str(s.pk) in t.paused_seats)
    one_turn(match, mover, now + DAY)
    (other,) = [s for s in match.seats.all() if s.pk != mover.pk]
    # The turn that began during the pause starts with its clock stopped:
    # no deadline, no reminder, nothing for the timeout sweep to enforce.
    assert other.turn_started_at == now + DAY and other.deadline_at is None and other.reminder_at is None
    tournaments_sweep(now=now + DAY + HOUR)
    other.refresh_from_db()
    assert other.deadline_at is None
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 5 * DAY)
    other.refresh_from_db()
    mover.refresh_from_db()
    # The turn begun during the pause counts from the resume: three full days.
    assert other.deadline_at == now + 5 * DAY + 3 * DAY
    assert mover.deadline_at is None and mover.turn_started_at is None


def test_while_paused_the_home_page_and_the_rounds_say_whose_move_it_is(alice, club, now):
    from tournaments.selectors import current_pairings_for

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, days_per_move=3)
    (game,) = running_games(t)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    t.refresh_from_db()
    match = Match.objects.get(pk=game.match_id)
    mover = next(s for s in match.seats.select_related("user") if str(s.pk) in t.paused_seats)

    def seen():
        (row,) = tournament_overview(t).rounds[0].games
        return row.to_move, [p.your_move for u in players for p in current_pairings_for(u)]

    players = [mover.user, next(s.user for s in match.seats.select_related("user") if s.pk != mover.pk)]
    assert seen() == ([str(players[0])], [True, False])
    one_turn(match, mover, now + DAY)
    # The turn begun during the pause has no deadline, yet it is the other's move.
    assert seen() == ([str(players[1])], [False, True])


def _whole_turn(match, seat, at):
    from games.engine import get_rules
    from games.services import move_submit

    rules = get_rules(match.game)
    while True:
        match.refresh_from_db()
        state = rules.load(match.state)
        if seat.index not in rules.to_move(state):
            return
        text = rules.move_options(state, seat.index)[0][0]
        move_submit(match_id=match.pk, user=seat.user, ply=match.ply, source="web", now=at, text=text)


def _mover(match):
    from games.engine import get_rules

    rules = get_rules(match.game)
    match.refresh_from_db()
    index = min(rules.to_move(rules.load(match.state)))
    return Seat.objects.select_related("user").get(match=match, index=index)


def test_a_player_who_moves_while_paused_ends_the_run_of_auto_played_turns(alice, club, now):
    from games.deadlines.sweeps import deadlines_sweep

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, days_per_move=3)
    (game,) = running_games(t)
    match = Match.objects.get(pk=game.match_id)
    sleeper = _mover(match)
    at = now
    for _ in range(2):  # the sleeper times out twice
        at = _mover(match).deadline_at + HOUR
        assert deadlines_sweep(now=at) == {"auto": 1}
        at += HOUR
        _whole_turn(match, _mover(match), at)
    sleeper.refresh_from_db()
    assert sleeper.auto_moves == 2
    tournament_pause(tournament_id=t.pk, by=alice, now=at + HOUR)
    _whole_turn(match, sleeper, at + 2 * HOUR)  # back, and moving while paused
    sleeper.refresh_from_db()
    assert (sleeper.auto_moves, sleeper.turn_started_at) == (0, None)
    tournament_resume(tournament_id=t.pk, by=alice, now=at + 3 * HOUR)
    _whole_turn(match, _mover(match), at + 4 * HOUR)
    # A timeout now is the first in a row: auto-played, not dropped.
    assert deadlines_sweep(now=_mover(match).deadline_at + HOUR) == {"auto": 1}


def test_a_turn_ended_while_paused_banks_the_time_left_when_the_pause_began(alice, club, now):
    t = started(
        alice,
        club,
        new_players(2),
        now=now,
        format="swiss",
        rounds=1,
        bank_initial_days=5,
        bank_increment_days=1,
        bank_cap_days=10,
    )
    (game,) = running_games(t)
    match = Match.objects.get(pk=game.match_id)
    first = _mover(match)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + 4 * DAY)  # 1 day left
    _whole_turn(match, first, now + 4 * DAY + 12 * HOUR)
    first.refresh_from_db()
    assert (first.bank_seconds, first.turn_started_at) == (2 * 86400, None)  # 1 left + 1 added
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 5 * DAY)
    _whole_turn(match, _mover(match), now + 5 * DAY + HOUR)
    first = _mover(match)
    assert (first.turn_seconds, first.deadline_at) == (2 * 86400, now + 7 * DAY + HOUR)


def test_a_casual_game_ignores_tournament_pauses_and_costs_no_query(django_assert_num_queries, alice, club, now):
    """The clock hold asks nothing about a match whose seats were drawn
    (every casual match): only tournament games can be held."""
    from tournaments.services.pausing import paused_clock_held

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    (game,) = running_games(t)
    match = Match.objects.get(pk=game.match_id)
    casual = Match(seats_drawn=True)
    with django_assert_num_queries(0):
        assert paused_clock_held(casual) is False
    assert paused_clock_held(match) is False
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    assert paused_clock_held(match) is True


def test_a_message_to_the_players_reads_at_72_columns(alice, club, now):
    """The organiser's long lines and the line naming them and the
    tournament are wrapped like every other mail; a link stays whole."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    said = "Please play your games of this round before Friday evening " * 4
    players_message(tournament_id=t.pk, subject="News", text=said.strip(), by=alice, now=now)
    for sent in OutgoingEmail.objects.filter(subject__contains="News"):
        too_long = [line for line in sent.text.split("\n") if len(line) > 72 and "://" not in line]
        assert too_long == [], sent.text
        assert " ".join(said.split()) in " ".join(sent.text.split())


def test_cancelling_a_paused_tournament_gives_its_games_their_clocks_back(alice, club, now):
    """A cancelled tournament's games go on as ordinary games: a pause
    must not leave them without a clock for ever (nobody could be timed
    out, so one player could stall the game)."""
    from games.deadlines.sweeps import deadlines_sweep
    from tests.deadlines.conftest import mover_seat, play_turn
    from tournaments.services import tournament_cancel

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=3)
    seat = Seat.objects.filter(match__tournament_game__tournament=t, deadline_at__isnull=False).first()
    before = seat.deadline_at
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now + 3 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == before + 2 * DAY  # the time left when paused, from the cancellation on
    match = seat.match
    play_turn(match, now + 4 * DAY)
    nxt = mover_seat(match)
    assert nxt.deadline_at == now + 7 * DAY  # a turn that begins now has a running clock
    deadlines_sweep(now=now + 7 * DAY + HOUR)
    assert match.events.filter(kind="timeout_auto", data__seat_id=nxt.pk).exists()


def _bye_box(client, user, t) -> str:
    client.force_login(user)
    html = client.get(t.get_absolute_url()).content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_player_takes_back_their_half_point_bye_on_the_page_and_is_paired_after_all(client, alice, club, now):
    from tournaments.services import tournament_game_finished

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = entry(t, 2)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    assert "You asked for a half-point bye in round 2." in _bye_box(client, asker.user, t)
    response = client.post(reverse("tournament-bye-withdraw", args=[t.pk]), {"round": 2}, follow=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())
    assert "You play round 2 after all: your half-point bye is taken back." in text
    assert "You asked for a half-point bye" not in text
    assert "withdrew their request for a half-point bye in round 2" in text  # the log
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    round2 = list(t.games.filter(round__number=2))
    assert not [g for g in round2 if g.source == TournamentGame.Source.HALF_BYE]
    assert any(asker.pk in g.players for g in round2 if g.match_id)


def test_an_organiser_takes_back_a_players_half_point_bye_in_dutch(client, alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = entry(t, 3)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=3, now=now)
    living_in("nl", "Europe/Amsterdam", alice)
    page = _bye_box(client, alice, t)
    assert f"{asker.user} vroeg om een vrije ronde voor een half punt in ronde 3" in page
    url = reverse("tournament-bye-withdraw", args=[t.pk])
    response = client.post(url, {"round": 3, "participant": asker.pk}, follow=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())
    assert f"{asker.user} speelt ronde 3 toch: de vrije ronde is ingetrokken." in text
    assert not asker.bye_requests.exists()
    # Another player may not take it back for them.
    bye_request(tournament_id=t.pk, user=asker.user, round_number=3, now=now)
    client.force_login(entry(t, 4).user)
    client.post(url, {"round": 3, "participant": asker.pk})
    assert asker.bye_requests.exists()


def test_a_half_point_bye_cannot_be_taken_back_once_its_round_is_paired(alice, club, now):
    from tournaments.services import bye_withdraw, tournament_game_finished

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = entry(t, 2)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    with pytest.raises(Conflict, match="Round 2 is already paired"):
        bye_withdraw(tournament_id=t.pk, by=asker.user, round_number=2, now=now)
    with pytest.raises(NotFound, match="no half-point bye"):
        bye_withdraw(tournament_id=t.pk, by=asker.user, round_number=3, now=now)
    assert t.games.get(key=f"R2-H{asker.pk}").source == TournamentGame.Source.HALF_BYE


def test_adding_or_seating_a_player_who_withdrew_points_the_organiser_to_letting_them_back_in(alice, club, now):
    from tournaments.services import participant_withdraw

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    leaver, playing = entry(t, 5), entry(t, 1)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    hint = f"{leaver.user} withdrew: let them back in from the player list instead."
    with pytest.raises(Conflict, match=re.escape(hint)):
        participant_add_late(tournament_id=t.pk, display_name=str(leaver.user), by=alice, now=now)
    with pytest.raises(Conflict, match=re.escape(hint)):
        participant_replace(
            tournament_id=t.pk, participant_id=playing.pk, display_name=str(leaver.user), by=alice, now=now
        )
    with pytest.raises(Conflict, match="is already registered"):
        participant_add_late(tournament_id=t.pk, display_name=str(playing.user), by=alice, now=now)


def test_the_organisers_list_of_half_point_byes_leaves_out_players_who_withdrew(client, alice, club, now):
    from tournaments.services import participant_withdraw

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    staying, leaving = entry(t, 2), entry(t, 3)
    for asker in (staying, leaving):
        bye_request(tournament_id=t.pk, user=asker.user, round_number=3, now=now)
    participant_withdraw(tournament_id=t.pk, user=leaving.user, now=now)
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    box = html[html.index('id="organiser-heading"') :]
    box = " ".join(re.sub(r"<[^>]+>", " ", box[: box.index("</section>")]).split())
    assert f"{staying.user} asked for a half-point bye in round 3." in box
    assert f"{leaving.user} asked for a half-point bye" not in box


def test_a_bye_for_a_round_the_swiss_does_not_have_says_how_many_rounds_it_has(alice, club, now):
    # Seen: round 9 of a 3-round Swiss was refused with "Ask for a round that is not paired yet."
    from tests.conftest import living_in

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    asker = entry(t, 2)
    with pytest.raises(Conflict, match="There is no round 9: this Swiss has 3 rounds.") as refused:
        bye_request(tournament_id=t.pk, user=asker.user, round_number=9, now=now)
    assert refused.value.code == "round_paired"  # the API's code stays
    from django.utils import translation

    living_in("nl", "Europe/Amsterdam", asker.user)
    with (
        translation.override("nl"),
        pytest.raises(Conflict, match="Er is geen ronde 9: dit Zwitserse toernooi heeft 3 ronden."),
    ):
        bye_request(tournament_id=t.pk, user=asker.user, round_number=9, now=now)
