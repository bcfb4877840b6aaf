"""A player who stops playing a tournament game is dropped from it after
missing deadlines (issue 6); the organisers are told once, and the player
is withdrawn from the tournament: no later round pairs them, in any
format, and their results so far stay."""

import datetime as dt

import pytest
from django.urls import reverse

from games.deadlines.sweeps import deadlines_sweep
from games.models import Seat
from mail.models import OutgoingEmail
from tests.deadlines.conftest import play_turn
from tournaments.models import Participant, Tournament

from .conftest import best_seed_wins, new_players, play_out, running_games, started

pytestmark = pytest.mark.django_db
MINUTE = dt.timedelta(minutes=1)


def _seat_to_move(tournament):
    return (
        Seat.objects.select_related("user", "match")
        .filter(match__tournament_game__tournament=tournament, deadline_at__isnull=False)
        .order_by("pk")
        .first()
    )


def test_the_organisers_are_told_once_when_a_player_is_dropped_for_missing_deadlines(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    match, at, missed = sleeper.match, now, 0
    while missed < 3:  # the sleeper misses each deadline; the opponent moves at once
        seat = Seat.objects.get(pk=sleeper.pk)
        if seat.deadline_at is None:
            play_turn(match, at + MINUTE)
            continue
        at = seat.deadline_at + MINUTE
        deadlines_sweep(now=at)
        missed += 1
    sleeper.refresh_from_db()
    assert sleeper.departed == "timeout"
    told = OutgoingEmail.objects.filter(to=alice.email, subject__contains="was dropped from a game")
    assert told.count() == 1
    text = " ".join(told.get().text.split())
    assert f"{sleeper.user} missed too many deadlines in a row in {match}" in text
    assert "withdrawn from the tournament" in text
    assert t.events.filter(kind="dropped", user=sleeper.user).count() == 1
    assert not OutgoingEmail.objects.filter(to=sleeper.user.email, subject__contains="was dropped from a game")


# --------------------------------------- a dropped player is withdrawn
def _drop(tournament, seat, now):
    """Let ``seat``'s player miss deadlines until they are dropped (the
    others move at once); returns the time after the drop."""
    match, at = seat.match, now
    while not Seat.objects.get(pk=seat.pk).departed:
        if Seat.objects.get(pk=seat.pk).deadline_at is None:
            play_turn(match, at + MINUTE)
            continue
        at = Seat.objects.get(pk=seat.pk).deadline_at + MINUTE
        deadlines_sweep(now=at)
    return at + MINUTE


def _participant(tournament, seat):
    return tournament.participants.get(user=seat.user)


def _games_after_round_1(tournament, participant):
    return [g for g in tournament.games.filter(round__number__gt=1) if participant.pk in g.players]


def test_a_player_dropped_from_a_swiss_game_is_withdrawn_and_not_paired_again(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        at = _drop(t, sleeper, now)
    dropped = _participant(t, sleeper)
    assert dropped.status == Participant.Status.WITHDRAWN
    t = play_out(t, at)
    assert t.status == Tournament.Status.FINISHED
    # Round 1 stays (a loss, counted); no later game seats them.
    (first,) = [g for g in t.games.filter(round__number=1) if dropped.pk in g.players]
    assert first.ranking[-1] == [dropped.pk]
    assert _games_after_round_1(t, dropped) == []
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    standings = html[html.index("table standings") :]
    row = standings[standings.index(str(sleeper.user)) :].split("</tr>")[0]
    assert "withdrew" in row and "missed too many deadlines in a row" in html


def test_the_dropped_player_is_told_they_left_and_the_organisers_that_they_are_not_paired_again(
    alice, club, now, django_capture_on_commit_callbacks
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        _drop(t, sleeper, now)
    told = OutgoingEmail.objects.get(to=alice.email, subject__contains="was dropped from a game")
    text = " ".join(told.text.split())
    assert "withdrawn from the tournament" in text and "later rounds do not pair them" in text
    # The site withdrew them: their mail does not say they did it themselves.
    [mail] = OutgoingEmail.objects.filter(to=sleeper.user.email, subject__contains="withdrawn from")
    assert mail.subject.endswith("You were withdrawn from Winter cup")
    text = " ".join(mail.text.split())
    assert "(missed too many deadlines in a row)" in text and "You withdrew" not in text
    assert "ask the organisers to let you back in" in text


def test_a_player_dropped_from_a_round_robin_forfeits_their_later_games(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin", days_per_move=1)
    sleeper = _seat_to_move(t)
    at = _drop(t, sleeper, now)
    dropped = _participant(t, sleeper)
    t = play_out(t, at)
    later = _games_after_round_1(t, dropped)
    assert len(later) == 2 and all(g.match_id is None and g.forfeited == [dropped.pk] for g in later)


def test_a_player_dropped_in_a_double_elimination_gives_their_next_opponent_a_walkover(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="double_elimination", days_per_move=1)
    sleeper = _seat_to_move(t)
    at = _drop(t, sleeper, now)
    dropped = _participant(t, sleeper)
    t = play_out(t, at)
    assert t.status == Tournament.Status.FINISHED
    (walkover,) = _games_after_round_1(t, dropped)
    assert walkover.match_id is None and walkover.forfeited == [dropped.pk]


def test_a_player_dropped_from_a_larger_table_is_not_seated_next_round(alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=2, players_per_table=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    at = _drop(t, sleeper, now)
    dropped = _participant(t, sleeper)
    t = play_out(t, at)
    assert t.status == Tournament.Status.FINISHED
    assert dropped.pk in t.games.get(match=sleeper.match).players
    assert _games_after_round_1(t, dropped) == []
    assert Participant.objects.get(pk=dropped.pk).withdrawn


def test_an_organiser_puts_a_substitute_in_a_dropped_players_place_and_the_place_plays_on(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        at = _drop(t, sleeper, now)
    place = _participant(t, sleeper)
    (newcomer,) = new_players(1, "Sub")
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    assert f"replace-{place.pk}" in html  # the players list offers it
    url = reverse("tournament-replace", args=[t.pk, place.pk])
    client.post(url, {"display_name": str(newcomer)})
    place.refresh_from_db()
    assert place.user == newcomer and not place.withdrawn
    told = OutgoingEmail.objects.get(to=alice.email, subject__contains="was dropped from a game")
    assert "replace them in the player list" in " ".join(told.text.split())
    t = play_out(t, at)
    assert len(_games_after_round_1(t, place)) == 2  # the substitute plays rounds 2 and 3
    html = client.get(t.get_absolute_url()).content.decode()
    row = html[html.index("table standings") :]
    row = row[row.index(str(newcomer)) :].split("</tr>")[0]
    assert f"replacing {sleeper.user}" in row and "withdrew" not in row


def test_a_disqualified_players_place_cannot_be_taken_over(alice, club, now):
    from games.services import Conflict
    from tournaments.services import participant_disqualify, participant_replace

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    cheat = t.participants.get(seed=1)
    participant_disqualify(tournament_id=t.pk, participant_id=cheat.pk, by=alice, reason="cheating", now=now)
    (newcomer,) = new_players(1, "Sub")
    with pytest.raises(Conflict, match="has already left"):
        participant_replace(tournament_id=t.pk, participant_id=cheat.pk, display_name=str(newcomer), by=alice, now=now)


def test_an_organiser_lets_a_dropped_player_back_and_they_play_the_next_round(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        at = _drop(t, sleeper, now)
    place = _participant(t, sleeper)
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    client.force_login(alice)
    assert "Laat terugkomen" in client.get(t.get_absolute_url()).content.decode()
    response = client.post(reverse("tournament-reinstate", args=[t.pk, place.pk]), follow=True)
    assert f"{sleeper.user} speelt weer mee vanaf de volgende indeling." in response.content.decode()
    place.refresh_from_db()
    assert not place.withdrawn and place.left_reason == ""
    t = play_out(t, at)
    assert len(_games_after_round_1(t, place)) == 2  # not withdrawn again for the old drop


def test_only_a_player_who_withdrew_can_be_let_back(alice, club, bob, now):
    from games.services import Conflict, NotAllowed
    from tournaments.services import participant_disqualify, participant_reinstate, participant_withdraw

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    cheat, leaver, playing = (t.participants.get(seed=n) for n in (1, 2, 3))
    participant_disqualify(tournament_id=t.pk, participant_id=cheat.pk, by=alice, reason="cheating", now=now)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    with pytest.raises(Conflict, match="was disqualified"):
        participant_reinstate(tournament_id=t.pk, participant_id=cheat.pk, by=alice, now=now)
    with pytest.raises(Conflict, match="still plays"):
        participant_reinstate(tournament_id=t.pk, participant_id=playing.pk, by=alice, now=now)
    with pytest.raises(NotAllowed):
        participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=bob, now=now)
    participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=alice, now=now)
    assert not Participant.objects.get(pk=leaver.pk).withdrawn


def test_a_player_let_back_in_who_withdraws_again_is_told_again(alice, club, now):
    from tournaments.services import participant_reinstate, participant_withdraw

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = t.participants.select_related("user").get(seed=2)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=alice, now=now + MINUTE)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now + 2 * MINUTE)
    told = OutgoingEmail.objects.filter(to=leaver.user.email, subject__contains="You withdrew from")
    assert told.count() == 2


def test_a_player_dropped_before_this_rule_who_played_on_is_not_withdrawn_afterwards(alice, club, now):
    from tournaments.services import tournament_advance, tournament_game_finished
    from tournaments.services.common import log

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    veteran = t.participants.select_related("user").get(seed=4)
    assert any(veteran.pk in g.players for g in t.games.filter(round__number=2))
    # The log of a drop in round 1, from before drops withdrew anyone.
    log(t, "dropped", "%(player)s was dropped.", params={"player": veteran.user}, user=veteran.user, now=now, round=1)
    tournament_advance(tournament_id=t.pk, now=now)
    assert not Participant.objects.get(pk=veteran.pk).withdrawn


def test_a_dropped_player_reads_on_the_tournament_page_that_they_were_withdrawn_in_dutch(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    from tests.conftest import living_in

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        _drop(t, sleeper, now)
    living_in("nl", "Europe/Amsterdam", sleeper.user)
    client.force_login(sleeper.user)
    html = " ".join(client.get(t.get_absolute_url()).content.decode().split())
    assert "Je bent uit het toernooi gehaald (te veel termijnen op rij gemist)" in html


def test_dutch_organisers_read_that_a_player_afgevallen_as_the_games_own_notices_say(
    alice, club, now, django_capture_on_commit_callbacks
):
    """The game's notices say a player who missed too many deadlines "op
    rij" "valt af" ("afgevallen"); the organisers' mail said the player
    missed them "na elkaar" and "is daaruit gezet" ("uit een partij ...
    gezet" in its subject), as if someone had removed them."""
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, days_per_move=1)
    sleeper = _seat_to_move(t)
    with django_capture_on_commit_callbacks(execute=True):
        _drop(t, sleeper, now)
    told = OutgoingEmail.objects.get(to=alice.email, dedupe_key__startswith="tournament-dropped:")
    text = " ".join(told.text.split())
    assert "afgevallen" in told.subject and "gezet" not in told.subject, told.subject
    assert "termijnen op rij" in text and "valt daarin af" in text and "gezet" not in text, text


@pytest.mark.parametrize("format", ["single_elimination", "round_robin"])
def test_a_knockout_of_tables_refuses_to_let_back_in_a_player_its_first_round_left_out(alice, club, now, format):
    """A knockout of tables seats each round from the one before: a player
    who withdrew before round 1 was paired can never be seated again.
    Letting them back in made them look still in the tournament, never
    paired, and left them out of the final standings; it is refused."""
    from games.services import Conflict
    from tournaments.services import (
        participant_reinstate,
        participant_replace,
        participant_withdraw,
        tournament_resume,
        tournament_start,
    )

    from .conftest import make_tournament, register

    users = new_players(6)
    t = make_tournament(alice, club, now=now, format=format, players_per_table=3, advance=1)
    register(t, users, now)
    tournament_start(tournament_id=t.pk, now=now, by=alice, paused=True)
    participant_withdraw(tournament_id=t.pk, user=users[2], now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    leaver = t.participants.get(user=users[2])
    assert not any(leaver.pk in g.players for g in t.games.all())
    with pytest.raises(Conflict, match="out of the knockout"):
        participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=alice, now=now)
    # Nor does a substitute bring the place back.
    (stand_in,) = new_players(1, "Stand-in")
    with pytest.raises(Conflict, match="out of the knockout"):
        participant_replace(
            tournament_id=t.pk, participant_id=leaver.pk, display_name=stand_in.display_name, by=alice, now=now
        )
    leaver.refresh_from_db()
    assert leaver.user == users[2]
    assert leaver.status == Participant.Status.WITHDRAWN
    t = play_out(t, now)
    assert t.status == Tournament.Status.FINISHED
    places = dict(t.participants.values_list("pk", "final_place"))
    assert all(places[p.pk] is not None for p in t.participants.filter(status=Participant.Status.REGISTERED))


def test_a_knockout_of_tables_lets_back_in_a_player_still_in_its_latest_round(alice, club, now):
    """One who withdrew while their table of round 1 still plays is in that
    round: letting them back in is allowed."""
    from tournaments.services import participant_reinstate, participant_withdraw

    users = new_players(6)
    t = started(alice, club, users, now=now, format="single_elimination", players_per_table=3, advance=1)
    seated = next(p for p in t.participants.all() if any(p.pk in g.players for g in running_games(t)))
    participant_withdraw(tournament_id=t.pk, user=seated.user, now=now)
    participant_reinstate(tournament_id=t.pk, participant_id=seated.pk, by=alice, now=now)
    seated.refresh_from_db()
    assert seated.status == Participant.Status.REGISTERED
