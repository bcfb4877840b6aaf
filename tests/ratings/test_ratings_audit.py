"""Ratings and ladders checked against numbers worked out by hand from the
issue text (issue 7) and the research notes (sections A1 and A2): the FIDE
expected score with the 400-point rule, the K schedule, K_pair = 2K / N at
multiplayer tables, ties, rounding, and the ladder's challenge flow."""

import datetime as dt

import pytest

from games import services as game_services
from ratings.calculator import PlayerState, expected_score, rate_table, rating_display
from ratings.models import Challenge, Rating, RatingChange
from ratings.services import challenge_accept, challenge_create, challenge_decline, rating_apply

from .conftest import join, make_ladder, new_player, rated_result

pytestmark = pytest.mark.django_db

ESTABLISHED = 40  # rated games: K = 20


def deltas(ratings, ranking, games=ESTABLISHED):
    players = [(name, PlayerState(rating, games)) for name, rating in ratings.items()]
    return {r.player: r.delta for r in rate_table(players, ranking)}


# Expected scores, read off E = 1 / (1 + 10^((Rb - Ra) / 400)).


@pytest.mark.parametrize(
    ("rating", "opponent", "expected"),
    [
        (1500, 1500, 0.5),
        (1600, 1400, 0.759747),  # 1 / (1 + 10^-0.5)
        (1400, 1600, 0.240253),
        (1900, 1500, 0.909091),  # exactly 400 apart: 10 / 11
        (2300, 1500, 0.909091),  # 800 apart counts as 400
        (1000, 2000, 0.090909),
    ],
)
def test_expected_scores_by_hand(rating, opponent, expected):
    assert expected_score(rating, opponent) == pytest.approx(expected, abs=1e-6)


def test_an_upset_win_between_established_players():
    # K = 20: the 1400 player gains 20 * (1 - 0.240253).
    result = deltas({"low": 1400, "high": 1600}, [["low"], ["high"]])
    assert result["low"] == pytest.approx(15.194939, abs=1e-6)
    assert result["high"] == pytest.approx(-15.194939, abs=1e-6)


def test_a_draw_between_new_players_of_different_strength():
    # K = 40: the favourite loses 40 * (0.759747 - 0.5).
    result = deltas({"high": 1600, "low": 1400}, [["high", "low"]], games=0)
    assert result["high"] == pytest.approx(-10.389877, abs=1e-6)
    assert result["low"] == pytest.approx(10.389877, abs=1e-6)


def test_the_400_point_rule_limits_what_a_favourite_can_win_and_lose():
    # 500 apart counts as 400: a win earns 20 * (1 - 10/11), a loss costs 20 * 10/11.
    win = deltas({"strong": 2000, "weak": 1500}, [["strong"], ["weak"]])
    loss = deltas({"strong": 2000, "weak": 1500}, [["weak"], ["strong"]])
    assert win["strong"] == pytest.approx(1.818182, abs=1e-6)
    assert loss["strong"] == pytest.approx(-18.181818, abs=1e-6)


def test_a_three_player_table_is_three_pairs_at_two_k_over_three():
    # K = 40, K_pair = 80 / 3.  The 1400 player beats both; the 1500 player
    # beats 1600 (0.640065) and loses to 1400 (-0.640065): net zero.
    result = deltas({"a": 1600, "b": 1500, "c": 1400}, [["c"], ["b"], ["a"]], games=0)
    assert result["c"] == pytest.approx(37.328318, abs=1e-6)
    assert result["b"] == pytest.approx(0.0, abs=1e-9)
    assert result["a"] == pytest.approx(-37.328318, abs=1e-6)


@pytest.mark.parametrize(
    ("players", "winner_gain"),
    [
        (2, 10.0),  # K_pair 20, one opponent at 0.5
        (3, 40 / 3 * 2 * 0.5),
        (4, 10.0 * 3 * 0.5),
        (5, 8.0 * 4 * 0.5),
        (6, 40 / 6 * 5 * 0.5),
    ],
)
def test_the_winner_among_equals_gains_k_times_n_minus_1_over_n(players, winner_gain):
    names = [f"p{i}" for i in range(players)]
    result = deltas(dict.fromkeys(names, 1500), [[name] for name in names])
    assert result["p0"] == pytest.approx(winner_gain)
    assert result[names[-1]] == pytest.approx(-winner_gain)
    assert sum(result.values()) == pytest.approx(0.0, abs=1e-9)


def test_a_shared_second_place_at_four_scores_half_between_the_tied():
    # K_pair = 10: second-equal beats the last (5), loses to the first (-5), ties (0).
    result = deltas(dict.fromkeys("abcd", 1500), [["a"], ["b", "c"], ["d"]])
    assert result == pytest.approx({"a": 15.0, "b": 0.0, "c": 0.0, "d": -15.0})


def test_the_k_schedule_40_then_20_then_10_at_2400():
    new = rate_table([("p", PlayerState(1500, 29)), ("q", PlayerState(1500, 29))], [["p"], ["q"]])
    assert new[0].k == 40 and new[0].delta == 20.0
    thirty_first = rate_table([("p", PlayerState(1500, 30)), ("q", PlayerState(1500, 30))], [["p"], ["q"]])
    assert thirty_first[0].k == 20 and thirty_first[0].delta == 10.0
    master = rate_table([("p", PlayerState(2300, 90, True)), ("q", PlayerState(2300, 90))], [["p"], ["q"]])
    assert master[0].k == 10 and master[0].delta == 5.0


def test_shown_ratings_round_halves_up_and_mark_the_first_ten_games():
    assert rating_display(1497.5, 9) == "1498?"
    assert rating_display(1497.4999, 10) == "1497"


# Through the database: a finished game moves stored ratings once.


def test_history_and_peak_after_a_win_and_a_loss(alice, bob, later, client):
    first = rated_result([alice, bob], now=later(1))
    rating_apply(match_id=first.pk)
    second = rated_result([bob, alice], now=later(2))
    rating_apply(match_id=second.pk)
    # Game 2: 1480 beats 1520; E = 1 / (1 + 10^(40/400)) = 0.442688, K = 40.
    mine = Rating.objects.get(user=alice, game="alta")
    assert mine.value == pytest.approx(1520 - 40 * (1 - 0.442688), abs=1e-4)
    assert mine.peak == 1520.0 and mine.games == 2
    history = list(RatingChange.objects.filter(user=alice).order_by("finished_at"))
    assert [(c.old, c.games) for c in history] == [(1500.0, 1), (1520.0, 2)]
    page = client.get(f"/players/{alice.display_name}/ratings/").content.decode()
    assert "highest 1520" in page and "1498?" in page


def test_a_result_applied_again_leaves_ratings_alone(alice, bob, now):
    match = rated_result([alice, bob], now=now)
    rating_apply(match_id=match.pk)
    rating_apply(match_id=match.pk)
    assert Rating.objects.get(user=alice, game="alta").value == 1520.0
    assert RatingChange.objects.filter(match=match).count() == 2


# Ladder challenges.


@pytest.fixture
def duel_ladder(now):
    ladder = make_ladder(players=2)
    people = [new_player(f"Audit {i}") for i in range(3)]
    for i, user in enumerate(people):
        join(ladder, user, now, rating=1700 - 10 * i)
    return ladder, people


def test_a_challenge_can_be_accepted_until_the_seventh_day(duel_ladder, now):
    ladder, (a, b, _) = duel_ladder
    challenge = challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)
    accepted = challenge_accept(challenge_id=challenge.pk, user=b, now=now + dt.timedelta(days=7, seconds=-1))
    assert accepted.status == Challenge.Status.ACCEPTED and accepted.match is not None


def test_a_challenge_cannot_be_accepted_after_seven_days(duel_ladder, now):
    ladder, (a, b, _) = duel_ladder
    challenge = challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)
    with pytest.raises(game_services.Conflict):
        challenge_accept(challenge_id=challenge.pk, user=b, now=now + dt.timedelta(days=7))


def test_the_challenger_cannot_answer_their_own_challenge(duel_ladder, now):
    ladder, (a, b, _) = duel_ladder
    challenge = challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)
    with pytest.raises(game_services.NotAllowed):
        challenge_accept(challenge_id=challenge.pk, user=a, now=now)
    with pytest.raises(game_services.NotAllowed):
        challenge_decline(challenge_id=challenge.pk, user=a, now=now)


def test_after_a_decline_either_player_may_challenge_again(duel_ladder, now):
    ladder, (a, b, _) = duel_ladder
    challenge = challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)
    with pytest.raises(game_services.Conflict):
        challenge_create(ladder_id=ladder.pk, challenger=b, opponent=a, now=now)
    challenge_decline(challenge_id=challenge.pk, user=b, now=now)
    again = challenge_create(ladder_id=ladder.pk, challenger=b, opponent=a, now=now)
    assert again.is_open


def test_a_declined_challenge_cannot_then_be_accepted(duel_ladder, now):
    ladder, (a, b, _) = duel_ladder
    challenge = challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)
    challenge_decline(challenge_id=challenge.pk, user=b, now=now)
    with pytest.raises(game_services.Conflict):
        challenge_accept(challenge_id=challenge.pk, user=b, now=now)


# The admin's ladder form, as a Dutch-speaking staff member reads it.


def test_a_ladder_for_a_table_size_the_game_does_not_allow_is_refused_in_dutch():
    from django.core.exceptions import ValidationError
    from django.utils import translation

    from ratings.models import Ladder

    with translation.override("nl"):
        with pytest.raises(ValidationError) as error:
            Ladder(game="alta", players=6).clean()
        assert error.value.message_dict["players"] == ["Alta wordt gespeeld door 2 tot 4 spelers."]
        with pytest.raises(ValidationError) as error:
            Ladder(game="schaak", players=2).clean()
        assert error.value.message_dict["game"] == ["Onbekend spel."]


def test_challenging_a_name_nobody_has_quotes_the_name_as_typed(alice):
    from rest_framework.test import APIClient

    ladder = make_ladder(players=2)
    join(ladder, alice, dt.datetime.now(dt.UTC))
    api = APIClient()
    api.force_authenticate(alice)
    answer = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "D'Artagnan"}, format="json")
    assert answer.status_code == 404
    assert answer.json()["detail"] == "There is no player called “D'Artagnan”."


def test_the_dutch_ladder_list_heads_the_game_kind_column_spel_not_partij(client, alice):
    make_ladder(players=2)
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get("/ladders/").content.decode()
    assert '<th scope="col">Spel</th>' in page and '<th scope="col">Partij</th>' not in page
