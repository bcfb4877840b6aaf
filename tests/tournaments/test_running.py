"""Running a tournament: round 1 at the start, results from finished
matches, the next games, final standings; each step idempotent."""

import pytest

from games.models import Match
from games.services import Conflict, GameActionError, NotAllowed
from mail.models import OutgoingEmail
from tournaments.models import Tournament, TournamentGame
from tournaments.pairing import single_elimination_bracket
from tournaments.selectors import players_of, results_of
from tournaments.services import (
    game_result_set,
    tournament_advance,
    tournament_game_finished,
    tournament_start,
    tournaments_start_due,
    tournaments_sweep,
)

from .conftest import (
    DAY,
    finish,
    make_tournament,
    new_players,
    play_out,
    register,
    running_games,
    started,
    user_of,
)

pytestmark = pytest.mark.django_db


def game_map(tournament):
    return {g.key: g for g in tournament.games.select_related("match", "round")}


# ------------------------------------------------------------------ start
def test_the_start_pairs_round_1_and_starts_its_games_with_the_settings(alice, club, now):
    players = new_players(4)
    t = started(
        alice,
        club,
        players,
        now=now,
        format="swiss",
        rounds=2,
        days_per_move=5,
        timeout_policy="forfeit",
        rated=True,
        vacation_allowed=False,
        round_days=9,
    )
    assert t.status == Tournament.Status.RUNNING and t.started_at == now
    games = running_games(t)
    assert [g.key for g in games] == ["R1-T1", "R1-T2"]
    for game in games:
        match = game.match
        assert (match.game, match.days_per_move, match.timeout_policy, match.rated) == (
            "alta",
            5,
            "forfeit",
            True,
        )
        assert match.vacation_allowed is False
        assert match.status == Match.Status.ACTIVE
        # The stored seat order is the match's engine seat order.
        seats = list(match.seats.order_by("index").values_list("user_id", flat=True))
        assert [user_of(t, pid).pk for pid in game.players] == seats
    assert games[0].round.deadline_at == now + 9 * DAY
    # Dutch on seeds: 1 v 3, 2 v 4; pairing number 1 (odd) moves first,
    # 2 (even) second.  The match keeps that seat order.
    seed_of = dict(t.participants.values_list("pk", "seed"))
    assert [[seed_of[p] for p in g.players] for g in games] == [[1, 3], [4, 2]]


def test_too_few_players_cancel_the_tournament_and_tell_them(alice, club, bob, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2)
    register(t, [bob], now)
    tournament_start(tournament_id=t.pk, now=now + 8 * DAY)
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert "was cancelled" in mail.subject and "fewer than 2 players registered" in " ".join(mail.text.split())


def test_the_beat_starts_tournaments_only_once_registration_closed(alice, club, now):
    t = make_tournament(alice, club, now=now, format="single_elimination")
    register(t, new_players(3), now)
    assert tournaments_start_due(now=now + 6 * DAY) == []
    assert tournaments_start_due(now=now + 7 * DAY) == [t.pk]
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    # Three players: the top seed has a bye, seeds 2 and 3 play.
    assert [g.key for g in running_games(t)] == ["R1-2"]
    assert tournaments_start_due(now=now + 8 * DAY) == []
    assert t.games.count() == 1


def test_only_organisers_start_early_and_only_once(alice, club, bob, carol, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=1)
    register(t, [bob, carol], now)
    with pytest.raises(NotAllowed):
        tournament_start(tournament_id=t.pk, by=bob, now=now)
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    with pytest.raises(Conflict, match="already started"):
        tournament_start(tournament_id=t.pk, by=alice, now=now)
    assert t.games.count() == 1


# --------------------------------------------------------------- advance
def test_a_finished_game_is_recorded_and_the_next_round_paired_when_complete(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    first, second = running_games(t)
    winner = user_of(t, first.players[1])
    finish(first, winner, now)
    report = tournament_game_finished(match_id=first.match_id, now=now)
    assert (report.recorded, report.created, report.finished) == (1, 0, False)
    first.refresh_from_db()
    loser = [p for p in first.players if p != first.players[1]]
    assert first.ranking == [[first.players[1]], loser]
    assert first.source == TournamentGame.Source.GAME
    assert not t.games.filter(round__number=2).exists()

    finish(second, user_of(t, second.players[0]), now)
    report = tournament_game_finished(match_id=second.match_id, now=now)
    assert (report.recorded, report.created) == (1, 2)
    assert [g.key for g in running_games(t)] == ["R2-T1", "R2-T2"]
    assert t.round_set.get(number=1).completed_at == now


def test_advancing_again_does_nothing_twice(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=1)
    for game in running_games(t):
        finish(game, user_of(t, game.players[0]), now)
    first = tournament_advance(tournament_id=t.pk, now=now)
    assert (first.recorded, first.finished) == (2, True)
    again = tournament_advance(tournament_id=t.pk, now=now)
    assert (again.recorded, again.created, again.finished) == (0, 0, False)
    assert tournament_game_finished(match_id=running_or_any(t), now=now).as_dict() == {
        "recorded": 0,
        "created": 0,
        "finished": False,
    }
    finals = OutgoingEmail.objects.filter(dedupe_key__startswith=f"tournament-final:{t.pk}:")
    assert finals.count() == 4
    assert t.events.filter(kind="finished").count() == 1


def running_or_any(tournament):
    return tournament.games.exclude(match=None).values_list("match_id", flat=True).first()


def test_a_match_outside_tournaments_is_ignored(alice, bob, now):
    from games.services import match_create_seated

    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    assert tournament_game_finished(match_id=match.pk, now=now) is None


def test_the_final_standings_are_published_and_everyone_is_emailed(alice, club, now):
    players = new_players(6)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    t = play_out(t, now)
    assert t.status == Tournament.Status.FINISHED and t.finished_at == now
    places = dict(t.participants.values_list("seed", "final_place"))
    assert places[1] == 1 and sorted(places.values())[0] == 1
    assert all(place is not None for place in places.values())
    for player in players:
        mail = OutgoingEmail.objects.get(to=player.email, kind="notice")
        entry = t.participants.get(user=player)
        assert "Winter cup: final standings" in mail.subject
        shared = sum(place == entry.final_place for place in places.values()) > 1
        said = (
            f"You share place {entry.final_place} of 6 with"
            if shared
            else f"You finished in place {entry.final_place} of 6."
        )
        assert said in mail.text


def test_the_sweep_records_games_whose_task_was_lost(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    finish(game, user_of(t, game.players[0]), now)
    assert tournaments_sweep(now=now) == [t.pk]
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert tournaments_sweep(now=now) == []


def test_an_unusable_outcome_leaves_the_game_for_the_organisers(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    finish(game, user_of(t, game.players[0]), now)
    Match.objects.filter(pk=game.match_id).update(outcome={"ranking": [[7]]})
    assert tournament_advance(tournament_id=t.pk, now=now).recorded == 0
    game.refresh_from_db()
    assert not game.decided


# -------------------------------------------------------------- brackets
def test_bracket_games_are_created_as_soon_as_their_players_are_known(alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="single_elimination")
    # Seeds 2 and 3 had byes and meet at once; 1 waits for 4 v 5.  A
    # bracket bye is part of the bracket, not a game with a result.
    assert sorted(game_map(t)) == ["R1-2", "R2-2"]
    bracket = single_elimination_bracket(players_of(t), results_of(t))
    assert [g.status for g in bracket.games if g.round == 1] == [
        "bye",
        "ready",
        "bye",
        "bye",
    ]


def test_a_shared_first_place_in_elimination_sends_the_higher_seed_through(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    game = game_map(t)["R1-2"]  # seed 2 v seed 3
    seeds = dict(t.participants.values_list("pk", "seed"))
    game_result_set(
        game_id=game.pk,
        ranking=[list(game.players)],
        reason="agreed draw",
        by=alice,
        now=now,
    )
    higher = min(game.players, key=seeds.__getitem__)
    final = game_map(t)
    assert "R2-1" not in final  # R1-1 still runs
    first = final["R1-1"]
    finish(first, user_of(t, first.players[0]), now)
    tournament_game_finished(match_id=first.match_id, now=now)
    assert higher in game_map(t)["R2-1"].players


def test_double_elimination_runs_to_a_grand_final(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="double_elimination")
    t = play_out(t, now)
    assert t.status == Tournament.Status.FINISHED
    keys = set(game_map(t))
    assert {"W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF1"} <= keys
    assert "GF2" not in keys  # the winners' champion won the first final
    assert t.participants.get(seed=1).final_place == 1


def test_a_grand_final_reset_is_played_when_the_losers_champion_wins(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="double_elimination")

    def underdog_in_finals(tournament, game, now):
        seeds = dict(tournament.participants.values_list("pk", "seed"))
        best = min(game.players, key=seeds.__getitem__)
        worst = max(game.players, key=seeds.__getitem__)
        return finish(game, user_of(tournament, worst if game.key == "GF1" else best), now)

    t = play_out(t, now, pick=underdog_in_finals)
    assert {"W1-1", "GF1", "GF2"} == set(game_map(t))
    assert t.participants.get(seed=1).final_place == 1


# ------------------------------------------------------- multi-player tables
def test_a_table_knockout_sends_the_top_of_each_table_to_the_final(alice, club, now):
    t = started(
        alice,
        club,
        new_players(6),
        now=now,
        format="single_elimination",
        players_per_table=3,
        advance=1,
    )
    assert [len(g.players) for g in running_games(t)] == [3, 3]
    t = play_out(t, now)
    assert t.status == Tournament.Status.FINISHED
    rounds = sorted({g.round.number for g in t.games.select_related("round")})
    assert rounds == [1, 2]
    assert t.participants.get(seed=1).final_place == 1


def test_groups_then_a_final_table_for_a_multi_player_round_robin(alice, club, now):
    t = started(
        alice,
        club,
        new_players(8),
        now=now,
        format="round_robin",
        players_per_table=4,
        advance=2,
    )
    t = play_out(t, now)
    final = t.games.filter(round__number=2).get()
    assert len(final.players) == 4  # two from each group of four
    assert t.status == Tournament.Status.FINISHED


def test_a_two_player_round_robin_meets_everyone_once(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin")
    t = play_out(t, now)
    pairs = [frozenset(g.players) for g in t.games.all()]
    assert len(pairs) == 6 == len(set(pairs))
    assert t.round_set.count() == 3


def test_a_multi_player_swiss_seats_tables_each_round(alice, club, now):
    t = started(
        alice,
        club,
        new_players(7),
        now=now,
        format="swiss",
        rounds=2,
        players_per_table=3,
    )
    assert sorted(len(g.players) for g in running_games(t)) == [2, 2, 3]
    t = play_out(t, now)
    assert t.status == Tournament.Status.FINISHED
    assert t.games.filter(round__number=2).count() == 3


def test_an_organiser_may_pair_a_swiss_by_monrad_instead(alice, club, now):
    t = started(
        alice,
        club,
        new_players(4),
        now=now,
        format="swiss",
        rounds=2,
        pairing_system="monrad",
    )
    assert t.pairing_system == Tournament.Pairing.MONRAD
    seed_of = dict(t.participants.values_list("pk", "seed"))
    # Monrad on seeds: 1 v 2, 3 v 4 (the Dutch pairs 1 v 3, 2 v 4).
    assert sorted(sorted(seed_of[p] for p in g.players) for g in running_games(t)) == [
        [1, 2],
        [3, 4],
    ]


def test_an_unknown_pairing_system_is_refused(alice, club, now):
    with pytest.raises(GameActionError) as refused:
        make_tournament(alice, club, now=now, format="swiss", rounds=2, pairing_system="lottery")
    assert refused.value.code == "invalid_pairing_system"
