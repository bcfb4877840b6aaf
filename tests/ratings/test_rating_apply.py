"""Applying finished games to ratings: what is rated, exactly once, in order."""

import threading

import pytest
from django.db import connection

from games import services as game_services
from games.engine import Termination, get_rules
from games.models import Match, MoveRecord
from ratings.models import Rating, RatingChange
from ratings.services import ApplyResult, rating_apply, ratings_sweep
from ratings.tasks import rating_apply as rating_apply_task

from .conftest import (
    everyone_moves_once,
    finish_by_resignations,
    play_to_the_end,
    rated_match,
    rated_result,
    submit_first_option,
)

pytestmark = pytest.mark.django_db


def rating(user, game="alta"):
    return Rating.objects.get(user=user, game=game)


def test_a_finished_duel_moves_both_ratings_like_classic_elo(alice, bob, now):
    match = rated_result([alice, bob], now=now)
    assert match.termination == "resignation"
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    assert rating(alice).value == 1520.0 and rating(bob).value == 1480.0
    assert rating(alice).games == rating(bob).games == 1
    assert rating(alice).display == "1520?"
    change = RatingChange.objects.get(match=match, user=alice)
    assert (change.old, change.new, change.delta, change.k) == (
        1500.0,
        1520.0,
        20.0,
        40,
    )
    assert (change.expected, change.actual, change.place, change.players) == (
        0.5,
        1.0,
        1,
        2,
    )
    assert change.breakdown == [
        {
            "user": bob.pk,
            "rating": 1500.0,
            "expected": 0.5,
            "actual": 1.0,
            "delta": 20.0,
        }
    ]


def test_applying_the_same_game_twice_changes_ratings_once(alice, bob, now):
    match = rated_result([alice, bob], now=now)
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    assert rating_apply(match_id=match.pk) == ApplyResult.ALREADY_APPLIED
    assert rating(alice).value == 1520.0 and rating(alice).games == 1
    assert RatingChange.objects.filter(match=match).count() == 2


def test_two_tasks_for_one_game_change_ratings_once(alice, bob, carol, now):
    match = rated_result([carol, alice, bob], now=now)
    first = rating_apply_task.apply(kwargs={"match_id": match.pk})
    second = rating_apply_task.apply(kwargs={"match_id": match.pk})
    assert (first.get(), second.get()) == ("applied", "already_applied")
    assert [rating(u).games for u in (alice, bob, carol)] == [1, 1, 1]
    assert RatingChange.objects.filter(match=match).count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs row locks across connections")
def test_two_tasks_racing_on_postgresql_change_ratings_once(alice, bob, now, monkeypatch):
    # Commits are real here: keep the finish hook from rating the game first.
    monkeypatch.setattr(rating_apply_task, "delay", lambda **kwargs: None)
    match = rated_result([alice, bob], now=now)
    assert not RatingChange.objects.exists()
    barrier = threading.Barrier(2)
    results = []

    def run():
        try:
            barrier.wait()
            # While a task runs eagerly Celery marks the whole process as
            # inside a task (``denied_join_result``): a plain get() here,
            # during the other thread's task, is refused as a task waiting
            # on a task, which this is not.
            results.append(rating_apply_task.apply(kwargs={"match_id": match.pk}).get(disable_sync_subtasks=False))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["already_applied", "applied"]
    assert rating(alice).value == 1520.0 and rating(alice).games == 1


def test_the_resigned_player_ranks_last_in_a_bigger_table(alice, bob, carol, dave, now):
    match = rated_match([alice, bob, carol, dave], now=now)
    everyone_moves_once(match, now)
    game_services.match_resign(match_id=match.pk, user=carol, now=now)
    match = play_to_the_end(match, now)
    assert match.termination == "normal"
    rating_apply(match_id=match.pk)
    carol_change = RatingChange.objects.get(match=match, user=carol)
    assert carol_change.place == 4 and carol_change.actual == 0.0
    assert carol_change.delta == pytest.approx(-3 * 20 * 0.5)
    places = dict(match.seats.values_list("user_id", "place"))
    for change in RatingChange.objects.filter(match=match):
        assert change.place == places[change.user_id]
    assert sum(RatingChange.objects.filter(match=match).values_list("delta", flat=True)) == pytest.approx(0)


def test_a_normally_finished_game_is_rated_by_its_final_ranking(alice, bob, now):
    match = play_to_the_end(rated_match([alice, bob], now=now), now)
    assert match.termination == "normal"
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    places = dict(match.seats.values_list("user_id", "place"))
    tied = len(set(places.values())) == 1  # equal scores after every tie-break
    for change in RatingChange.objects.filter(match=match):
        assert change.place == places[change.user_id]
        assert change.delta == (0.0 if tied else 20.0 if change.place == 1 else -20.0)


def test_unrated_games_are_not_rated(alice, bob, now):
    match = finish_by_resignations(rated_match([alice, bob], now=now, rated=False), [alice, bob], now)
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED
    assert not Rating.objects.exists()


def test_a_game_aborted_before_everyone_moved_is_not_rated(alice, bob, now):
    match = rated_match([alice, bob], now=now)
    submit_first_option(match, now)
    mover = match.moves.get().user
    other = bob if mover == alice else alice
    game_services.match_resign(match_id=match.pk, user=other, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED
    assert not RatingChange.objects.exists()


def test_moves_the_system_played_for_an_absent_player_do_not_count(alice, bob, now):
    """The deadline sweeper's default moves (source "system") are not the
    player's own: a game where one seat never moved itself is an abort."""
    match = rated_match([alice, bob], now=now)
    submit_first_option(match, now)
    absent = next(s.user for s in match.seats.all() if s.index != match.moves.get().seat_index)
    while match.moves.filter(seat_index=match.seats.get(user=absent).index).count() == 0:
        rules = get_rules(match.game)
        index = min(rules.to_move(rules.load(match.state)))
        state = rules.load(match.state)
        game_services.move_submit(
            match_id=match.pk,
            user=match.seats.get(index=index).user,
            text=rules.format_move(state, index, rules.default_move(state, index)),
            ply=match.ply,
            source=MoveRecord.Source.SYSTEM,
            now=now,
        )
        match.refresh_from_db()
    game_services.match_resign(
        match_id=match.pk,
        user=None,
        seat_index=match.seats.get(user=absent).index,
        reason=Termination.TIMEOUT,
        source=MoveRecord.Source.SYSTEM,
        now=now,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.termination == "timeout"
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED


def test_a_game_played_to_the_end_after_a_no_show_is_rated_with_the_no_show_last(alice, bob, carol, now):
    """Issue 7: a timed-out seat ranks last; only a game that *ended*
    before everyone moved is an abort.  One player of three never moves,
    is dropped on time, and the other two play on to the normal end."""
    match = rated_match([alice, bob, carol], now=now)
    submit_first_option(match, now)
    absent = next(s for s in match.seats.select_related("user") if s.index != match.moves.get().seat_index)
    game_services.match_resign(
        match_id=match.pk,
        user=None,
        seat_index=absent.index,
        reason=Termination.TIMEOUT,
        source=MoveRecord.Source.SYSTEM,
        now=now,
    )
    play_to_the_end(match, now)
    assert (match.status, match.termination) == (Match.Status.FINISHED, "normal")
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    changes = {c.user: c for c in RatingChange.objects.filter(match=match)}
    assert set(changes) == {alice, bob, carol}
    assert changes[absent.user].place == 3 and changes[absent.user].delta < 0


def _first_to_move(match):
    rules = get_rules(match.game)
    return match.seats.get(index=min(rules.to_move(rules.load(match.state)))).user


def test_resigning_after_a_no_show_left_still_costs_rating(alice, bob, carol, now):
    """Three players: one resigns before moving, the other two play on; the
    one who then resigns loses rating instead of voiding the game."""
    match = rated_match([alice, bob, carol], now=now)
    no_show = _first_to_move(match)
    game_services.match_resign(match_id=match.pk, user=no_show, now=now)
    match.refresh_from_db()
    everyone_moves_once_but(match, no_show, now)
    loser = _first_to_move(match)
    game_services.match_resign(match_id=match.pk, user=loser, now=now)
    match.refresh_from_db()
    assert (match.status, match.termination) == (Match.Status.FINISHED, "resignation")
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    changes = {c.user: c for c in RatingChange.objects.filter(match=match)}
    [winner] = set(changes) - {no_show, loser}
    assert [changes[u].place for u in (winner, loser, no_show)] == [1, 2, 3]
    assert changes[winner].delta > changes[loser].delta > changes[no_show].delta


def test_a_game_ended_before_the_players_left_in_it_moved_is_not_rated(alice, bob, carol, now):
    """One seat leaves without moving, and the game ends before another
    seat still in it has moved: an abort."""
    match = rated_match([alice, bob, carol], now=now)
    no_show = _first_to_move(match)
    game_services.match_resign(match_id=match.pk, user=no_show, now=now)
    match.refresh_from_db()
    submit_first_option(match, now)
    game_services.match_resign(match_id=match.pk, user=match.moves.filter(kind="move").get().user, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED


def everyone_moves_once_but(match, absent, now):
    """Play until every seat but ``absent``'s has moved once."""
    absent_index = match.seats.get(user=absent).index
    own = match.moves.filter(kind="move").exclude(source="system").exclude(seat_index=absent_index)
    while own.values("seat_index").distinct().count() < match.players - 1:
        submit_first_option(match, now)


def test_a_timeout_after_everyone_moved_is_rated_with_the_absent_player_last(alice, bob, now):
    match = rated_match([alice, bob], now=now)
    everyone_moves_once(match, now)
    rules = get_rules(match.game)
    late = match.seats.get(index=min(rules.to_move(rules.load(match.state)))).user
    game_services.match_resign(
        match_id=match.pk,
        user=None,
        seat_index=match.seats.get(user=late).index,
        reason=Termination.TIMEOUT,
        source=MoveRecord.Source.SYSTEM,
        now=now,
    )
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
    assert RatingChange.objects.get(match=match, user=late).delta == -20.0


def test_abandoned_and_unfinished_games_are_not_rated(alice, bob, now):
    running = rated_match([alice, bob], now=now)
    assert rating_apply(match_id=running.pk) == ApplyResult.NOT_RATED
    abandoned = rated_result([alice, bob], now=now)
    Match.objects.filter(pk=abandoned.pk).update(termination="abandoned")
    assert rating_apply(match_id=abandoned.pk) == ApplyResult.NOT_RATED
    assert rating_apply(match_id=999_999) == ApplyResult.MISSING


def test_the_finish_hook_queues_the_rating_task(alice, bob, now, monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(rating_apply_task, "delay", lambda **kwargs: queued.append(kwargs))
    with django_capture_on_commit_callbacks(execute=True):
        match = rated_result([alice, bob], now=now)
    assert queued == [{"match_id": match.pk}]
    assert not RatingChange.objects.exists()  # the receiver only queues


def test_finishing_a_rated_game_rates_it_through_the_hook_and_the_task(
    alice, bob, now, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setitem(rating_apply_task.app.conf, "task_always_eager", True)
    with django_capture_on_commit_callbacks(execute=True):
        match = rated_result([bob, alice], now=now)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert (rating(bob).value, rating(alice).value) == (1520.0, 1480.0)


def test_a_broker_failure_does_not_break_the_move(alice, bob, now, monkeypatch, django_capture_on_commit_callbacks):
    def broken(**kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(rating_apply_task, "delay", broken)
    with django_capture_on_commit_callbacks(execute=True):
        match = rated_result([alice, bob], now=now)
    assert match.status == Match.Status.FINISHED
    assert ratings_sweep(now=now) == {"applied": 1}
    assert rating(alice).games == 1


def test_games_are_applied_in_finish_order_even_when_tasks_arrive_late(alice, bob, carol, later):
    first = rated_result([alice, bob], now=later(1))
    second = rated_result([bob, carol], now=later(2))
    third = rated_result([carol, alice], now=later(3))
    assert rating_apply(match_id=second.pk) == ApplyResult.APPLIED
    assert rating_apply(match_id=third.pk) == ApplyResult.APPLIED
    # The first game's task arrives last: the kind is replayed from it on.
    assert rating_apply(match_id=first.pk) == ApplyResult.REPLAYED
    bob_changes = RatingChange.objects.filter(user=bob).order_by("finished_at")
    assert [c.match_id for c in bob_changes] == [first.pk, second.pk]
    assert bob_changes[0].old == 1500.0 and bob_changes[1].old == bob_changes[0].new
    assert rating(bob).games == 2 and rating(bob).value == bob_changes[1].new
    assert [c.games for c in RatingChange.objects.filter(user=alice).order_by("finished_at")] == [1, 2]


def test_a_game_rated_by_an_earlier_games_late_replay_still_tells_its_players(alice, bob, carol, later):
    """Found by test_awkward_ladder_orders.  Two tasks were late: the
    earlier game's replay rated the later game too, whose own task then
    found it rated and stopped, so its players never heard of their new
    ratings (no "rated" event, no mail).  Each game is told once."""
    from games.models import MatchEvent

    first = rated_result([alice, bob], now=later(1))
    second = rated_result([bob, carol], now=later(2))
    third = rated_result([carol, alice], now=later(3))
    assert rating_apply(match_id=third.pk) == ApplyResult.APPLIED
    assert rating_apply(match_id=first.pk) == ApplyResult.REPLAYED
    assert rating_apply(match_id=second.pk) == ApplyResult.ALREADY_APPLIED
    told = sorted(MatchEvent.objects.filter(kind="rated").values_list("match_id", flat=True))
    assert told == sorted([first.pk, second.pk, third.pk])
    [news] = MatchEvent.objects.filter(kind="rated", match=second).values_list("data", flat=True)
    changes = RatingChange.objects.filter(match=second)
    assert sorted(r["new"] for r in news["ratings"]) == sorted(round(c.new) for c in changes)


def test_the_sweep_rates_forgotten_games_and_leaves_the_rest(alice, bob, carol, later):
    done = rated_result([alice, bob], now=later(1))
    rating_apply(match_id=done.pk)
    forgotten = rated_result([bob, carol], now=later(2))
    aborted = rated_match([alice, carol], now=later(3))
    game_services.match_resign(match_id=aborted.pk, user=alice, now=later(3))
    assert ratings_sweep(now=later(4)) == {"applied": 1}
    assert RatingChange.objects.filter(match=forgotten).count() == 2
    assert ratings_sweep(now=later(5)) == {}


def test_a_game_the_system_played_to_its_end_while_a_seat_never_moved_is_not_rated(alice, bob, now):
    """A rated tournament game nobody turned up for reaches its round
    deadline, and the tournament plays it to its normal end with default
    moves (source "system").  Nobody played it: no rating may move, as for
    a game that ended on time before everyone had moved."""
    from tournaments.services import match_autoplay

    match = rated_match([alice, bob], now=now)
    match_autoplay(match_id=match.pk, now=now)
    match.refresh_from_db()
    assert (match.status, match.termination) == (Match.Status.FINISHED, "normal")
    assert not match.moves.exclude(source=MoveRecord.Source.SYSTEM).exists()
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED
    assert not RatingChange.objects.exists()


def test_a_game_the_system_finished_after_everyone_moved_is_rated(alice, bob, now):
    """The same deadline after both players made moves of their own: the
    game they played is a result, finished by default moves."""
    from tournaments.services import match_autoplay

    match = rated_match([alice, bob], now=now)
    everyone_moves_once(match, now)
    match_autoplay(match_id=match.pk, now=now)
    match.refresh_from_db()
    assert (match.status, match.termination) == (Match.Status.FINISHED, "normal")
    assert rating_apply(match_id=match.pk) == ApplyResult.APPLIED
