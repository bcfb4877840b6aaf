"""Double elimination: losers bracket, drop-ins, grand final and its reset."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import double_elimination_bracket, drop_in_orders
from tournaments.types import GameResult

from .simulate import field, random_result, win


def decide(players, results, key, winner):
    bracket = double_elimination_bracket(players, results)
    table = next(t for t in bracket.ready() if t.key == key)
    return results + [win(table, winner)]


def test_eight_player_structure():
    bracket = double_elimination_bracket(field(8), [])
    sources = {g.key: g.sources for g in bracket.games}
    assert sources["L1-1"] == ("loser of W1-1", "loser of W1-2")
    assert sources["L1-2"] == ("loser of W1-3", "loser of W1-4")
    # Round-2 losers drop in reversed, away from the players they beat.
    assert sources["L2-1"] == ("winner of L1-1", "loser of W2-2")
    assert sources["L2-2"] == ("winner of L1-2", "loser of W2-1")
    assert sources["L3-1"] == ("winner of L2-1", "winner of L2-2")
    assert sources["L4-1"] == ("winner of L3-1", "loser of W3-1")
    assert sources["GF1"] == ("winner of W3-1", "winner of L4-1")
    assert sources["GF2"] == ("winner of GF1", "loser of GF1")
    assert [g.schedule for g in bracket.games if g.bracket != "winners"] == [
        2,
        2,
        3,
        3,
        4,
        5,
        6,
        7,
    ]


def test_drop_ins_avoid_their_own_block_of_the_bracket():
    assert drop_in_orders(8) == {2: (1, 0), 3: (0,)}
    assert drop_in_orders(16) == {2: (3, 2, 1, 0), 3: (1, 0), 4: (0,)}
    orders = drop_in_orders(32)
    assert orders[2] == (7, 6, 5, 4, 3, 2, 1, 0)
    assert orders[3] == (2, 3, 0, 1)  # half shift
    # Every order is a permutation of the minor round's games.
    for size in (64, 256, 1024):
        for j, order in drop_in_orders(size).items():
            assert sorted(order) == list(range(size >> j))


def test_grand_final_reset_when_the_losers_bracket_champion_wins():
    players = field(4)
    results = decide(players, [], "W1-1", 1)
    results = decide(players, results, "W1-2", 2)
    results = decide(players, results, "W2-1", 1)
    results = decide(players, results, "L1-1", 3)
    results = decide(players, results, "L2-1", 2)
    bracket = double_elimination_bracket(players, results)
    assert set(bracket.game("GF1").players) == {1, 2}
    assert bracket.game("GF2").status == "waiting"

    reset = decide(players, results, "GF1", 2)
    bracket = double_elimination_bracket(players, reset)
    assert [t.key for t in bracket.ready()] == ["GF2"]
    assert set(bracket.game("GF2").players) == {1, 2} and not bracket.finished
    done = double_elimination_bracket(players, decide(players, reset, "GF2", 1))
    assert done.finished and done.champion == 1
    assert done.placements == ((1, 1), (2, 2), (3, 3), (4, 4))

    no_reset = double_elimination_bracket(players, decide(players, results, "GF1", 1))
    assert no_reset.game("GF2").status == "not_needed"
    assert no_reset.finished and no_reset.champion == 1 and not no_reset.ready()


def test_two_players_meet_until_one_has_lost_twice():
    players = field(2)
    results = decide(players, [], "W1-1", 2)
    bracket = double_elimination_bracket(players, results)
    assert set(bracket.game("GF1").players) == {1, 2}
    results = decide(players, results, "GF1", 1)
    results = decide(players, results, "GF2", 1)
    assert double_elimination_bracket(players, results).champion == 1


def test_seats_alternate_in_the_reset():
    players = field(2)
    results = decide(players, [], "W1-1", 1)
    results = decide(players, results, "GF1", 2)
    seats = [r.table for r in results]
    (gf2,) = double_elimination_bracket(players, results).ready()
    assert seats[0][0] != seats[1][0]
    # Level on first moves, and 2 moved first in GF1: 1 starts the reset.
    assert gf2.players[0] == 1


def test_a_recorded_result_is_checked_against_the_bracket():
    players = field(4)
    bad = GameResult(round=2, table=(1, 2), ranking=((1,), (2,)), key="L1-1")
    with pytest.raises(ValueError, match="'L1-1', which is waiting"):
        double_elimination_bracket(players, [bad])


def run(players, rng, withdraw_rate=0.0):
    """Play a double-elimination bracket to the end with random results."""
    results, snapshots = [], []
    while True:
        bracket = double_elimination_bracket(players, results)
        # As the Django side does: walkovers are recorded whenever they show.
        results.extend(bracket.walkovers())
        snapshots.append((bracket, list(results)))
        ready = bracket.ready()
        if not ready:
            return bracket, results, snapshots
        table = rng.choice(ready)
        if rng.random() < withdraw_rate:
            quitter = rng.choice(table.players)
            players = [p if p.id != quitter else type(p)(p.id, p.seed, p.rating, True) for p in players]
            continue
        results.append(random_result(rng, table))


def losses(results):
    count = Counter()
    for result in results:
        count[result.order({p: p for p in result.table})[1]] += 1
    return count


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 24), st.integers(0, 2**32))
def test_a_player_is_out_exactly_on_the_second_loss(count, seed):
    players = field(count)
    bracket, results, snapshots = run(players, random.Random(seed))
    assert bracket.finished
    for snapshot, before in snapshots:
        lost = losses(before)
        seated = [p for t in snapshot.ready() for p in t.players]
        assert len(seated) == len(set(seated)), "a player is in two games at once"
        assert all(lost[p] < 2 for p in seated), "a player with two losses plays on"
    lost = losses(results)
    assert lost[bracket.champion] <= 1
    assert all(lost[p] == 2 for p in range(1, count + 1) if p != bracket.champion)
    assert len(results) in (2 * count - 2, 2 * count - 1)
    assert len(results) == 2 * count - 1 or bracket.game("GF2").status == "not_needed"
    assert sorted(p for _, p in bracket.placements) == list(range(1, count + 1))
    assert bracket.placements[:2] == (
        (1, bracket.champion),
        (
            2,
            bracket.game("GF2" if bracket.game("GF2").status != "not_needed" else "GF1").loser,
        ),
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 20), st.integers(0, 2**32))
def test_withdrawals_end_in_walkovers_and_the_bracket_still_finishes(count, seed):
    bracket, results, snapshots = run(field(count), random.Random(seed), withdraw_rate=0.2)
    assert bracket.finished
    assert sorted(p for _, p in bracket.placements) == list(range(1, count + 1))
    for snapshot, _ in snapshots:
        seated = [p for t in snapshot.ready() for p in t.players]
        assert len(seated) == len(set(seated))


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([8, 16, 32]), st.integers(0, 2**32))
def test_no_early_rematch_in_the_losers_bracket(size, seed):
    # With these drop-in orders two players can meet again at the earliest
    # in this losers' round (3 for 8 slots, 4 for 16, 5 for 32).
    first_possible = {8: 3, 16: 4, 32: 5}[size]
    rng = random.Random(seed)
    _, results, _ = run(field(size - rng.randrange(size // 4)), rng)
    met = set()
    for result in results:  # in the order they were played
        pair = frozenset(result.table)
        if pair in met and result.key.startswith("L"):
            assert int(result.key[1:].split("-")[0]) >= first_possible, result.key
        met.add(pair)


def play_by_seed(players, withdraw_after=None):
    """Play a bracket out, the higher seed winning every game; the player
    ``withdraw_after[1]`` withdraws once game ``withdraw_after[0]`` is played."""
    results = []
    while True:
        bracket = double_elimination_bracket(players, results)
        results.extend(bracket.walkovers())
        bracket = double_elimination_bracket(players, results)
        if not bracket.ready():
            return bracket, results
        table = bracket.ready()[0]
        results.append(win(table, min(table.players)))
        if withdraw_after and withdraw_after[0] == table.key:
            players = [p if p.id != withdraw_after[1] else type(p)(p.id, p.seed, p.rating, True) for p in players]


def test_a_player_who_withdrew_without_playing_ranks_below_those_who_played():
    # Seen: seed 1 withdrew before the start; with a bye in winners' round 1 and
    # walkovers after it they were put out in losers' round 2 and placed above
    # seed 7, who played two games (lost W1 and L1).
    bracket, results = play_by_seed(field(7, withdrawn=[1]))
    assert not any(1 in r.table and not r.forfeited for r in results), "seed 1 played"
    places = {p: place for place, p in bracket.placements}
    assert all(places[1] > places[p] for p in range(2, 8)), bracket.placements
    assert bracket.placements[-1] == (7, 1)


def test_a_player_put_out_by_their_own_walkover_ranks_below_those_put_out_in_play_then():
    # Seed 8 loses W1-1 in play, then withdraws: L1-1 is a walkover for 5, while
    # 7 loses L1-2 in play; both went out in losers' round 1, but 8 without playing it.
    bracket, _ = play_by_seed(field(8), withdraw_after=("W1-1", 8))
    assert bracket.game("L1-1").status == "walkover" and bracket.game("L1-2").loser == 7
    places = {p: place for place, p in bracket.placements}
    assert places[8] > places[7]
    assert sorted(p for _, p in bracket.placements) == list(range(1, 9))
