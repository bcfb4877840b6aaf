"""Withdrawal, disqualification, extending a round, results by hand,
cancelling; and that only organisers can do the organisers' part."""

import datetime as dt

import pytest

from games.models import Match
from games.services import Conflict, GameActionError, NotAllowed
from mail.models import OutgoingEmail
from tournaments.models import Participant, Tournament
from tournaments.selectors import players_of, results_of
from tournaments.services import (
    game_result_set,
    participant_disqualify,
    participant_withdraw,
    round_extend,
    tournament_cancel,
    tournament_game_finished,
)
from tournaments.standings import standings

from .conftest import (
    DAY,
    finish,
    new_players,
    play_out,
    running_games,
    started,
    user_of,
)

pytestmark = pytest.mark.django_db


def entry(tournament, seed):
    return tournament.participants.select_related("user").get(seed=seed)


# ------------------------------------------------------------- withdrawal
def test_a_withdrawal_forfeits_the_running_game_and_the_opponent_wins(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = entry(t, 1)
    game = next(g for g in running_games(t) if leaver.pk in g.players)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    game.refresh_from_db()
    opponent = next(p for p in game.players if p != leaver.pk)
    assert (game.ranking, game.forfeited, game.source) == (
        [[opponent]],
        [leaver.pk],
        "forfeit",
    )
    assert Match.objects.get(pk=game.match_id).status == Match.Status.FINISHED
    leaver.refresh_from_db()
    assert leaver.status == Participant.Status.WITHDRAWN and leaver.left_at == now
    mail = OutgoingEmail.objects.get(to=leaver.user.email, kind="notice")
    assert "You withdrew from Winter cup" in mail.subject


@pytest.mark.parametrize("leaving", ["withdraw", "disqualify"])
def test_a_game_won_just_before_leaving_stays_won_not_forfeited(alice, club, now, leaving):
    """The winner of a game leaves the tournament before its result was
    recorded (the finished match's tournament step is queued, or was lost
    and waits for the sweep): the game they won stays a win for them, not
    a forfeit, and their opponent does not score it."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = entry(t, 1)
    game = next(g for g in running_games(t) if leaver.pk in g.players)
    finish(game, leaver.user, now)  # the match is over; no tournament step has run yet
    if leaving == "withdraw":
        participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now + DAY)
    else:
        participant_disqualify(tournament_id=t.pk, participant_id=leaver.pk, by=alice, reason="Rude", now=now + DAY)
    game.refresh_from_db()
    opponent = next(p for p in game.players if p != leaver.pk)
    assert (game.ranking, game.forfeited, game.source) == ([[leaver.pk], [opponent]], [], "game")
    points = {row.player: row.points for row in standings(players_of(t), results_of(t))}
    assert (points[leaver.pk], points[opponent]) == (1, 0)


def test_a_withdrawn_player_is_not_paired_again_but_stays_in_the_standings(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = entry(t, 4)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    t = play_out(t, now)
    later = t.games.filter(round__number__gt=1)
    assert all(leaver.pk not in g.players for g in later if g.players != [leaver.pk])
    from tournaments.selectors import players_of, results_of

    table = standings(players_of(t), results_of(t))
    row = next(r for r in table if r.player == leaver.pk)
    assert row.withdrawn and row.points == 0
    assert t.status == Tournament.Status.FINISHED


def test_withdrawing_twice_or_from_outside_is_refused(alice, club, bob, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    leaver = entry(t, 1)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    with pytest.raises(Conflict, match="already left"):
        participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    with pytest.raises(GameActionError, match="not playing in this tournament"):
        participant_withdraw(tournament_id=t.pk, user=bob, now=now)


def test_a_withdrawal_in_a_bracket_is_a_walkover_and_the_bracket_moves_on(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    leaver = entry(t, 4)  # plays seed 1 in R1-1
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    walkover = t.games.get(key="R1-1")
    assert walkover.forfeited == [leaver.pk]
    other = t.games.get(key="R1-2")
    finish(other, user_of(t, other.players[0]), now)
    tournament_game_finished(match_id=other.match_id, now=now)
    final = t.games.get(key="R2-1")
    assert entry(t, 1).pk in final.players


def test_a_player_leaving_a_larger_table_resigns_and_the_others_play_on(alice, club, now):
    t = started(
        alice,
        club,
        new_players(3),
        now=now,
        format="swiss",
        rounds=1,
        players_per_table=3,
    )
    (game,) = running_games(t)
    leaver = t.participants.select_related("user").get(pk=game.players[0])
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    game.refresh_from_db()
    assert not game.decided
    seat = game.match.seats.get(user=leaver.user)
    assert seat.departed == "resignation"
    assert Match.objects.get(pk=game.match_id).status == Match.Status.ACTIVE
    rest = [p for p in game.players if p != leaver.pk]
    finish(game, user_of(t, rest[0]), now)
    tournament_game_finished(match_id=game.match_id, now=now)
    game.refresh_from_db()
    assert game.ranking == [[rest[0]], [rest[1]], [leaver.pk]]


def test_only_organisers_disqualify_and_they_give_a_reason(alice, club, bob, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    cheat = entry(t, 2)
    with pytest.raises(GameActionError, match="Give a reason"):
        participant_disqualify(tournament_id=t.pk, participant_id=cheat.pk, by=alice, reason=" ", now=now)
    with pytest.raises(NotAllowed):
        participant_disqualify(tournament_id=t.pk, participant_id=cheat.pk, by=bob, reason="no", now=now)
    participant_disqualify(
        tournament_id=t.pk,
        participant_id=cheat.pk,
        by=alice,
        reason="used an engine",
        now=now,
    )
    cheat.refresh_from_db()
    assert (cheat.status, cheat.left_reason) == ("disqualified", "used an engine")
    assert t.events.filter(kind="disqualified", text__contains="used an engine").exists()


# ----------------------------------------------------------------- extend
def test_an_organiser_extends_a_round_deadline(alice, club, bob, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, round_days=7)
    with pytest.raises(NotAllowed):
        round_extend(tournament_id=t.pk, number=1, days=2, by=bob, now=now)
    assert round_extend(tournament_id=t.pk, number=1, days=2, by=alice, now=now) == now + 9 * DAY
    # Past the deadline, the extension counts from now.
    late = now + 20 * DAY
    assert round_extend(tournament_id=t.pk, number=1, days=3, by=alice, now=late) == late + 3 * DAY
    with pytest.raises(GameActionError, match="1 to 60 days"):
        round_extend(tournament_id=t.pk, number=1, days=0, by=alice, now=now)
    with pytest.raises(GameActionError, match="no such round"):
        round_extend(tournament_id=t.pk, number=4, days=1, by=alice, now=now)


def test_a_round_without_a_deadline_cannot_be_extended(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    with pytest.raises(Conflict, match="no round deadline"):
        round_extend(tournament_id=t.pk, number=1, days=2, by=alice, now=now)


# ---------------------------------------------------------- manual results
def test_a_result_set_by_hand_is_logged_ends_the_match_and_advances(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    loser, winner = game.players
    decided = game_result_set(
        game_id=game.pk,
        ranking=[[winner], [loser]],
        reason="loser's email bounced for weeks",
        by=alice,
        now=now,
    )
    assert (decided.source, decided.reason, decided.decided_by) == (
        "manual",
        "loser's email bounced for weeks",
        alice,
    )
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED
    assert match.seats.get(user=user_of(t, loser)).departed == "resignation"
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.participants.get(pk=winner).final_place == 1
    assert t.events.filter(kind="result_set", text__contains="bounced").exists()


def test_a_manual_result_must_place_every_player_once(alice, club, bob, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    a, b = game.players
    with pytest.raises(GameActionError, match="exactly once"):
        game_result_set(game_id=game.pk, ranking=[[a]], reason="x", by=alice, now=now)
    with pytest.raises(GameActionError, match="exactly once"):
        game_result_set(game_id=game.pk, ranking=[[a], [a, b]], reason="x", by=alice, now=now)
    with pytest.raises(GameActionError, match="Give a reason"):
        game_result_set(game_id=game.pk, ranking=[[a], [b]], reason="", by=alice, now=now)
    with pytest.raises(NotAllowed):
        game_result_set(game_id=game.pk, ranking=[[a], [b]], reason="x", by=bob, now=now)
    game_result_set(game_id=game.pk, ranking=[[a], [b]], reason="x", by=alice, now=now)
    with pytest.raises(Conflict):
        game_result_set(game_id=game.pk, ranking=[[b], [a]], reason="x", by=alice, now=now)


# ----------------------------------------------------------------- cancel
def test_cancelling_stops_the_tournament_and_tells_everyone(alice, club, bob, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    with pytest.raises(NotAllowed):
        tournament_cancel(tournament_id=t.pk, by=bob, reason="boredom", now=now)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    for player in players:
        mail = OutgoingEmail.objects.get(to=player.email, kind="notice")
        assert "the club is closing" in mail.text
    for game in running_games(t):
        finish(game, user_of(t, game.players[0]), now)
    from tournaments.services import tournament_advance

    assert tournament_advance(tournament_id=t.pk, now=now).created == 0
    assert not t.games.filter(round__number=2).exists()
    with pytest.raises(Conflict, match="already over"):
        tournament_cancel(tournament_id=t.pk, by=alice, reason="again", now=now)


def test_the_cancellation_mail_goes_only_to_the_players_still_in(alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[0], now=now)
    out = t.participants.get(user=players[1])
    participant_disqualify(tournament_id=t.pk, participant_id=out.pk, by=alice, reason="rude", now=now)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    mails = OutgoingEmail.objects.filter(dedupe_key__startswith=f"tournament-cancelled:{t.pk}:")
    told = set(mails.values_list("to", flat=True))
    assert told == {players[2].email, players[3].email}


def test_a_club_organiser_who_did_not_create_it_manages_too(alice, club, bob, now):
    from tournaments.services import club_join, club_member_promote

    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, round_days=3)
    round_extend(tournament_id=t.pk, number=1, days=1, by=bob, now=now)
    assert t.round_set.get().deadline_at == now + dt.timedelta(days=4)


def test_a_creator_no_longer_organising_in_the_club_loses_the_tools(client, alice, club, bob, now):
    from django.urls import reverse

    from tournaments.selectors import organisers_of
    from tournaments.services import club_join, club_member_promote, club_member_remove, tournament_pause

    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    t = started(bob, club, new_players(4), now=now, format="swiss", rounds=3, round_days=3)
    club_member_remove(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    with pytest.raises(NotAllowed):
        round_extend(tournament_id=t.pk, number=1, days=1, by=bob, now=now)
    client.force_login(bob)
    assert client.post(reverse("tournament-pause", args=[t.pk])).status_code == 403
    assert organisers_of(t) == [alice]
    # The club's organisers still run it.
    tournament_pause(tournament_id=t.pk, by=alice, now=now)


def test_disqualifying_before_the_start_removes_the_registration(alice, club, bob, now):
    from tournaments.services import tournament_register

    from .conftest import make_tournament

    t = make_tournament(alice, club, now=now, format="swiss", rounds=2)
    tournament_register(tournament_id=t.pk, user=bob, now=now)
    entry = t.participants.get(user=bob)
    participant_disqualify(
        tournament_id=t.pk,
        participant_id=entry.pk,
        by=alice,
        reason="duplicate",
        now=now,
    )
    assert not t.participants.exists()
    assert t.events.filter(kind="removed", text__contains="duplicate").exists()


def test_a_draw_set_by_hand_in_a_rated_tournament_is_not_rated_as_a_win(alice, club, now):
    """The match can only end by resignations, which cannot say "draw":
    a result an organiser set is kept by the tournament and not rated."""
    from ratings.models import RatingChange
    from ratings.services import rating_apply

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, rated=True)
    (game,) = running_games(t)
    game_result_set(game_id=game.pk, ranking=[list(game.players)], reason="agreed draw", by=alice, now=now)
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED
    assert not match.rated
    rating_apply(match_id=match.pk)
    assert not RatingChange.objects.filter(match=match).exists()
    game.refresh_from_db()
    assert game.ranking == [list(game.players)]


def test_starting_a_cancelled_tournament_says_it_is_over_not_that_it_started(alice, club, now):
    from tournaments.services import tournament_start

    from .conftest import make_tournament, register

    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, new_players(4), now)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="no hall", now=now)
    with pytest.raises(Conflict, match="The tournament is over.") as over:
        tournament_start(tournament_id=t.pk, now=now, by=alice)
    assert over.value.code == "over"
    running = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    with pytest.raises(Conflict, match="already started") as again:
        tournament_start(tournament_id=running.pk, now=now, by=alice)
    assert again.value.code == "started"


def test_withdrawing_before_the_start_or_after_the_end_says_what_to_do_instead(alice, club, now):
    """Before the start a player takes back their registration; after the
    end there is nothing to leave: neither hears that only a running
    tournament 'has players to withdraw'."""
    from .conftest import make_tournament, register

    players = new_players(3)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, players, now)
    with pytest.raises(Conflict, match="has not started: take back your registration instead") as early:
        participant_withdraw(tournament_id=t.pk, user=players[0], now=now)
    assert early.value.code == "not_running"
    tournament_cancel(tournament_id=t.pk, by=alice, reason="no hall", now=now)
    with pytest.raises(Conflict, match="The tournament is over.") as late:
        participant_withdraw(tournament_id=t.pk, user=players[0], now=now)
    assert late.value.code == "not_running"
    with pytest.raises(Conflict, match="The tournament is over."):
        participant_disqualify(
            tournament_id=t.pk, participant_id=entry_of(t, players[1]), by=alice, reason="x", now=now
        )


def entry_of(tournament, user) -> int:
    return tournament.participants.get(user=user).pk
