"""Forming ladder tables (pure functions, no database)."""

import datetime as dt

import pytest

from ratings.matchmaking import (
    Candidate,
    closest_fill,
    form_tables,
    rematches,
)

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def players(**ratings):
    return [Candidate(name, rating) for name, rating in ratings.items()]


def as_sets(tables):
    return {frozenset(t) for t in tables}


def test_closest_ratings_sit_together():
    field = players(a=1500, b=2100, c=1490, d=2080, e=1510, f=2120, g=1480, h=2090)
    tables = form_tables(field, 4)
    assert as_sets(tables) == {frozenset("bdfh"), frozenset("aceg")}
    assert tables[0] == ("f", "b", "h", "d")  # highest rating first


def test_duels_pair_neighbours_in_rating_order():
    field = players(a=1800, b=1700, c=1600, d=1500, e=1400, f=1300)
    assert form_tables(field, 2) == [("a", "b"), ("c", "d"), ("e", "f")]


def test_a_recent_opponent_is_avoided_when_someone_else_is_close():
    field = players(a=1600, b=1590, c=1500, d=1490)
    recent = {"a": {"b"}, "b": {"a"}}
    assert as_sets(form_tables(field, 2, recent)) == {frozenset("ac"), frozenset("bd")}


def test_rematches_are_avoided_in_either_direction():
    field = players(a=1600, b=1590, c=1500, d=1490)
    assert as_sets(form_tables(field, 2, {"b": {"a"}})) == {
        frozenset("ac"),
        frozenset("bd"),
    }


def test_a_rematch_is_accepted_when_there_is_nobody_else():
    field = players(a=1600, b=1590)
    assert form_tables(field, 2, {"a": {"b"}}) == [("a", "b")]


def test_four_player_tables_dodge_a_recent_opponent_with_the_next_closest():
    field = players(a=1800, b=1790, c=1780, d=1770, e=1500, f=1490, g=1480, h=1470)
    tables = form_tables(field, 4, {"a": {"d"}})
    assert as_sets(tables) == {frozenset("abce"), frozenset("dfgh")}
    assert rematches(tables[0], {"a": {"d"}}) == 0


def test_three_player_tables_leave_out_who_has_most_games_running():
    field = [
        Candidate("a", 1600, running=0),
        Candidate("b", 1590, running=2),
        Candidate("c", 1580, running=0),
        Candidate("d", 1570, running=0),
        Candidate("e", 1560, running=1),
        Candidate("f", 1550, running=0),
        Candidate("g", 1540, running=0),
    ]
    tables = form_tables(field, 3)
    assert len(tables) == 2 and all(len(t) == 3 for t in tables)
    assert "b" not in {k for t in tables for k in t}


def test_who_waited_longest_plays_first_when_seats_are_short():
    field = [
        Candidate("a", 1500, waiting_since=T0 + dt.timedelta(days=3)),
        Candidate("b", 1500, waiting_since=T0),
        Candidate("c", 1500, waiting_since=T0 + dt.timedelta(days=1)),
    ]
    assert as_sets(form_tables(field, 2)) == {frozenset("bc")}


def test_too_few_candidates_form_no_table():
    assert form_tables(players(a=1500, b=1500, c=1500), 4) == []


def test_each_candidate_is_seated_at_most_once():
    field = players(**{f"p{i}": 1500 + 7 * i for i in range(23)})
    seated = [k for t in form_tables(field, 5) for k in t]
    assert len(seated) == 20 and len(set(seated)) == 20


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="at least 2"):
        form_tables(players(a=1500), 1)
    with pytest.raises(ValueError, match="twice"):
        form_tables([Candidate("a", 1500), Candidate("a", 1600)], 2)


def test_filling_a_table_picks_the_closest_to_the_seated_players():
    field = players(x=1200, y=1610, z=1900, w=1580)
    assert closest_fill([1600, 1620], field, 2) == ["y", "w"]
    assert closest_fill([1600, 1620], field, 2, {"y": {"a"}}, seated=["a", "b"]) == [
        "w",
        "z",
    ]
    assert closest_fill([1600], field[:1], 2) is None


@pytest.mark.django_db
def test_members_away_on_vacation_are_not_paired(alice, bob):
    from games.models import DeadlineSettings
    from ratings.availability import is_on_vacation

    DeadlineSettings.objects.update_or_create(
        user=alice, defaults={"away_from": T0 - dt.timedelta(days=1), "away_until": T0 + dt.timedelta(days=2)}
    )
    assert is_on_vacation(alice, T0) is True
    assert is_on_vacation(alice, T0 + dt.timedelta(days=3)) is False
    assert is_on_vacation(bob, T0) is False


def test_a_round_without_rematches_is_found_when_one_exists():
    # Greedy from the top would seat a with c (its best free opponent) and
    # leave b with d, who met recently; a–d and b–c repeat nothing.
    field = players(a=1800, b=1700, c=1600, d=1500)
    recent = {"a": {"b"}, "b": {"a", "d"}, "c": {"d"}, "d": {"c", "b"}}
    tables = form_tables(field, 2, recent)
    assert as_sets(tables) == {frozenset("ad"), frozenset("bc")}
    assert sum(rematches(t, recent) for t in tables) == 0


def test_fewer_rematches_over_the_round_come_before_a_closer_first_table():
    field = players(a=1800, b=1790, c=1780, d=1500, e=1490, f=1480)
    # a–b–c is the closest table, but it leaves d, e and f, who all met.
    recent = {"d": {"e", "f"}, "e": {"f"}}
    tables = form_tables(field, 3, recent)
    assert sum(rematches(t, recent) for t in tables) == 1


def test_a_large_round_is_formed_quickly():
    import time

    # Hundreds of members, each with recent opponents all around them.
    field = [Candidate(i, 1000 + (i * 7919) % 1000) for i in range(300)]
    ranked = sorted(field, key=lambda c: -c.rating)
    recent = {c.key: {o.key for o in ranked[max(0, n - 6) : n + 7] if o is not c} for n, c in enumerate(ranked)}
    for size in (2, 6):
        started = time.perf_counter()
        tables = form_tables(field, size, recent)
        assert len(tables) == 300 // size
        assert time.perf_counter() - started < 10
