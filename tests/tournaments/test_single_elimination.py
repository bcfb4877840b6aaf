"""Single elimination (two players): seeding, byes, third place, ties."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import bracket_size, seeding_order, single_elimination_bracket
from tournaments.types import GameResult

from .simulate import field, random_result, win


def first_round_pairs(size):
    order = seeding_order(size)
    return [tuple(sorted(order[i : i + 2])) for i in range(0, size, 2)]


def test_sixteen_seeds_meet_in_the_standard_order():
    assert first_round_pairs(16) == [
        (1, 16),
        (8, 9),
        (5, 12),
        (4, 13),
        (3, 14),
        (6, 11),
        (7, 10),
        (2, 15),
    ]
    assert first_round_pairs(8) == [(1, 8), (4, 5), (3, 6), (2, 7)]
    assert seeding_order(2) == [1, 2]
    with pytest.raises(ValueError, match="not a power of two"):
        seeding_order(12)


def test_the_bracket_reads_the_higher_seed_first_in_each_first_round_game():
    """The issue's order, read as written: 1 v 16, 8 v 9, 5 v 12, 4 v 13, ...
    (not 9 v 8 or 13 v 4), top of the drawn bracket first."""
    assert seeding_order(16) == [1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2, 15]
    assert seeding_order(8) == [1, 8, 4, 5, 3, 6, 2, 7]
    first = [g.players for g in single_elimination_bracket(field(16), []).games if g.round == 1]
    assert first[:4] == [(1, 16), (8, 9), (5, 12), (4, 13)]


def test_bracket_size_is_the_next_power_of_two():
    assert [bracket_size(n) for n in (0, 1, 2, 3, 5, 8, 9, 1000)] == [
        1,
        1,
        2,
        4,
        8,
        8,
        16,
        1024,
    ]


@pytest.mark.parametrize(
    ("players", "with_bye"),
    [(5, {1, 2, 3}), (6, {1, 2}), (12, {1, 2, 3, 4}), (8, set())],
)
def test_byes_go_to_the_top_seeds(players, with_bye):
    bracket = single_elimination_bracket(field(players), [])
    byes = {g.winner for g in bracket.games if g.round == 1 and g.status == "bye"}
    assert byes == with_bye
    playing = {p for t in bracket.ready() if t.round == 1 for p in t.players}
    assert playing == set(range(1, players + 1)) - with_bye
    # Games are ready as soon as both players are known: with 5 players,
    # seeds 2 and 3 can play their round-2 game before 4 v 5 ends.
    if players == 5:
        assert [(t.key, set(t.players)) for t in bracket.ready() if t.round == 2] == [("R2-2", {2, 3})]


def test_twelve_players_first_round():
    bracket = single_elimination_bracket(field(12), [])
    assert sorted(tuple(sorted(t.players)) for t in bracket.ready()) == [
        (5, 12),
        (6, 11),
        (7, 10),
        (8, 9),
    ]
    assert bracket.game("R2-1").sources == ("winner of R1-1", "winner of R1-2")
    assert bracket.game("R2-1").players == (1, None)


def play_out(players, third_place=False, pick=min):
    """Play the bracket to the end; ``pick`` chooses each game's winner."""
    results = []
    while True:
        bracket = single_elimination_bracket(players, results, third_place=third_place)
        if not bracket.ready():
            return bracket, results
        for table in bracket.ready():
            results.append(win(table, pick(table.players)))


def test_higher_seeds_winning_gives_the_seed_order():
    bracket, results = play_out(field(8), third_place=True)
    assert bracket.finished and bracket.champion == 1
    assert bracket.placements == (
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (5, 6),
        (5, 7),
        (5, 8),
    )
    third = bracket.game("3P")
    assert set(third.players) == {3, 4} and third.winner == 3
    assert len(results) == 8


def test_without_third_place_game_the_semi_final_losers_share_third():
    bracket, _ = play_out(field(4))
    assert bracket.placements == ((1, 1), (2, 2), (3, 3), (3, 4))
    assert all(g.key != "3P" for g in bracket.games)


def test_with_three_players_the_lone_semi_final_loser_is_third():
    bracket, results = play_out(field(3), third_place=True)
    assert bracket.game("3P").status == "bye"
    assert bracket.placements == ((1, 1), (2, 2), (3, 3))
    assert len(results) == 2


def test_a_shared_victory_goes_to_the_tie_break_then_the_higher_seed():
    players = field(4)
    first = single_elimination_bracket(players, [])
    table = next(t for t in first.ready() if set(t.players) == {2, 3})
    shared = GameResult(round=1, table=table.players, ranking=((3, 2),), key=table.key)
    assert single_elimination_bracket(players, [shared]).game(table.key).winner == 2
    # The game's own tie-break already ordered them: that wins.
    broken = GameResult(round=1, table=table.players, ranking=((3,), (2,)), key=table.key)
    assert single_elimination_bracket(players, [broken]).game(table.key).winner == 3


def test_a_withdrawn_player_gives_a_walkover_that_can_be_recorded():
    players = field(4, withdrawn=[4])
    bracket = single_elimination_bracket(players, [])
    game = bracket.game("R1-1")
    assert game.status == "walkover" and game.winner == 1 and game.loser == 4
    assert [t.key for t in bracket.ready()] == ["R1-2"]
    (walkover,) = bracket.walkovers()
    assert walkover.key == "R1-1" and walkover.forfeited == {4}
    recorded = single_elimination_bracket(players, [walkover])
    assert recorded.game("R1-1").status == "walkover" and not recorded.walkovers()
    # Reinstating the player later cannot undo the recorded walkover.
    again = single_elimination_bracket(field(4), [walkover])
    assert again.game("R1-1").winner == 1


def test_results_that_do_not_fit_the_bracket_are_rejected():
    players = field(4)
    with pytest.raises(ValueError, match="unknown games"):
        single_elimination_bracket(players, [GameResult(1, (1, 4), ((1,), (4,)), key="X")])
    with pytest.raises(ValueError, match="the bracket has"):
        single_elimination_bracket(players, [GameResult(1, (1, 2), ((1,), (2,)), key="R1-1")])
    with pytest.raises(ValueError, match="which is waiting"):
        single_elimination_bracket(players, [GameResult(2, (1, 2), ((1,), (2,)), key="R2-1")])
    result = GameResult(1, (1, 4), ((1,), (4,)), key="R1-1")
    with pytest.raises(ValueError, match="two results"):
        single_elimination_bracket(players, [result, result])


def test_tiny_fields():
    assert single_elimination_bracket(field(1), []).champion == 1
    assert single_elimination_bracket([], []).champion is None
    assert single_elimination_bracket(field(1), []).placements == ((1, 1),)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 40),
    st.booleans(),
    st.integers(0, 2**32),
    st.sets(st.integers(1, 40), max_size=3),
)
def test_any_bracket_plays_out_properly(count, third_place, seed, withdrawn):
    rng = random.Random(seed)
    players = field(count, withdrawn=[w for w in withdrawn if w <= count])
    size = bracket_size(count)
    results, busy_rounds = [], []
    while True:
        bracket = single_elimination_bracket(players, results, third_place=third_place)
        ready = bracket.ready()
        # Nobody is in two games at once, and withdrawn players never play.
        seated = [p for t in ready for p in t.players]
        assert len(seated) == len(set(seated))
        assert not set(seated) & set(withdrawn)
        if not ready:
            break
        busy_rounds.append(ready)
        table = rng.choice(ready)
        results.append(random_result(rng, table))
    assert bracket.finished
    # Byes went to the top seeds, exactly size - count of them.
    byes = {g.winner for g in bracket.games if g.round == 1 and g.status == "bye"}
    assert byes == set(range(1, size - count + 1))
    # Every player is placed once; the champion lost no game.
    placed = [p for _, p in bracket.placements]
    assert sorted(placed) == list(range(1, count + 1))
    assert bracket.placements[0] == (1, bracket.champion)
    losers = {g.loser for g in bracket.games if g.bracket == "main"}
    assert bracket.champion not in losers
    # The same input gives the same bracket.
    assert single_elimination_bracket(players, results, third_place=third_place) == bracket


def test_a_recorded_walkover_survives_a_second_withdrawal():
    (walkover,) = single_elimination_bracket(field(4, withdrawn=[1]), []).walkovers()
    assert walkover.forfeited == {1}
    both_gone = field(4, withdrawn=[1, 4])
    # Unrecorded, the same game would now go to the higher seed...
    assert single_elimination_bracket(both_gone, []).game("R1-1").winner == 1
    # ...recorded, it stays 4's walkover.
    assert single_elimination_bracket(both_gone, [walkover]).game("R1-1").winner == 4


def play_by_seed(players, third_place=False):
    """Play a bracket out, the higher seed winning, walkovers recorded."""
    results = []
    while True:
        bracket = single_elimination_bracket(players, results, third_place)
        results.extend(bracket.walkovers())
        bracket = single_elimination_bracket(players, results, third_place)
        if not bracket.ready():
            return bracket
        table = bracket.ready()[0]
        results.append(win(table, min(table.players)))


def test_a_player_who_withdrew_without_playing_is_not_runner_up():
    # Seen: seed 1 withdrew before the start, had the bye and gave the final
    # as a walkover: placed second without a game, above seed 3, who played.
    bracket = play_by_seed(field(3, withdrawn=[1]))
    assert bracket.placements == ((1, 2), (2, 3), (3, 1))


def test_a_walkover_in_a_round_ranks_below_the_losers_in_play_of_that_round():
    # Seed 6 withdrew before the start: 3 v 6 is a walkover, while 5, 7 and 8
    # lost their first-round games in play (they share fifth; 6 is eighth).
    bracket = play_by_seed(field(8, withdrawn=[6]), third_place=True)
    places = {p: place for place, p in bracket.placements}
    assert places[6] == 8 and all(places[p] < 8 for p in (5, 7, 8))
