"""Who moves first in a knockout with byes: a player coming off a bye
(no game yet) lets the one who played take the other seat than last
time, so first moves alternate from round to round wherever the two
players' last seats allow it (issue 21)."""

import random

import pytest

from tournaments.pairing import double_elimination_bracket, single_elimination_bracket
from tournaments.pairing.common import knockout_seats
from tournaments.types import GameResult

from .simulate import field, win


def play(bracket_of, count, winner_of=min):
    """Every result of a bracket of ``count`` players, ``winner_of`` each
    game's players winning it (by default the higher seed)."""
    players = field(count)
    results = []
    while ready := bracket_of(players, results).ready():
        results.extend(win(t, winner_of(t.players)) for t in ready)
    return results


def needless_repeats(results):
    """Games in which a player sits where they sat last time although
    the other player could have alternated (their last seat differed,
    or they had no game yet)."""
    last: dict[int, int] = {}
    repeats = []
    for result in sorted(results, key=lambda r: r.round):
        for seat, player in enumerate(result.table):
            other = result.table[1 - seat]
            if last.get(player) == seat and last.get(other) != seat:
                repeats.append((result.key, player))
        last.update((player, seat) for seat, player in enumerate(result.table))
    return repeats


def seeds_by_round(results, number):
    """The tables of round ``number`` in bracket order."""
    return [r.table for r in sorted(results, key=lambda r: r.key) if r.round == number]


def test_twelve_player_single_elimination_alternates_after_the_byes():
    results = play(single_elimination_bracket, 12)
    assert seeds_by_round(results, 1) == [(8, 9), (5, 12), (6, 11), (7, 10)]
    # Seeds 5-8 moved first in round 1: now the seeds coming off a bye do.
    assert seeds_by_round(results, 2) == [(1, 8), (4, 5), (3, 6), (2, 7)]
    assert needless_repeats(results) == []


def test_six_player_double_elimination_alternates_after_the_byes():
    results = play(double_elimination_bracket, 6)
    assert seeds_by_round(results, 1) == [(4, 5), (3, 6)]
    assert seeds_by_round(results, 2) == [(1, 4), (2, 3)]
    assert needless_repeats(results) == []


@pytest.mark.parametrize("count", [5, 6, 7, 9, 12, 13])
@pytest.mark.parametrize("seed", range(4))
def test_brackets_with_byes_and_upsets_never_repeat_a_seat_needlessly(count, seed):
    rng = random.Random(seed)
    for bracket_of in (single_elimination_bracket, double_elimination_bracket):
        assert needless_repeats(play(bracket_of, count, rng.choice)) == []


def game(number, first, second):
    return GameResult(round=number, table=(first, second), ranking=((first,), (second,)), key=f"R{number}")


def test_when_both_sat_alike_the_seat_order_avoids_a_third_seat_in_a_row():
    seed_of = {1: 1, 2: 2}
    # Both moved first last time, seed 1 also the time before: seed 2 moves
    # first, although round 3 would give it to the higher seed.
    results = [game(1, 1, 9), game(1, 8, 2), game(2, 1, 7), game(2, 2, 6)]
    assert knockout_seats((1, 2), results, seed_of, 3) == (2, 1)
    # With nothing to choose between them, the round decides.
    results = [game(1, 9, 1), game(1, 8, 2), game(2, 1, 7), game(2, 2, 6)]
    assert knockout_seats((1, 2), results, seed_of, 3) == (1, 2)
    assert knockout_seats((1, 2), results, seed_of, 4) == (2, 1)
