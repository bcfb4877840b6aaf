"""Two-player Swiss: Monrad order, byes, and no avoidable rematch."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import swiss_pairing
from tournaments.pairing.colours import clash, colour_history, preference, violations
from tournaments.standings import pairing_order
from tournaments.types import GameResult, Player

from .simulate import fewest_rematches, field, pairings, random_result


def game(round, first, second, winner=None):
    ranking = ((first, second),) if winner is None else ((winner,), (second if winner == first else first,))
    return GameResult(round=round, table=(first, second), ranking=ranking)


def pairs(pairing):
    return [t.players for t in pairing.tables]


def test_round_one_is_monrad_top_down():
    pairing = swiss_pairing(field(8), [], 1)
    assert pairs(pairing) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert [t.key for t in pairing.tables] == ["R1-T1", "R1-T2", "R1-T3", "R1-T4"]
    assert not pairing.byes and not pairing.results


def test_round_one_follows_the_seeding_not_the_ratings():
    """A manual or random seeding is the organiser's order: round 1 pairs
    seed 1 with seed 2 whatever their ratings (a rating decides nothing
    in the pairing; seeded by rating, the seeds already follow it)."""
    ratings = {1: 1600, 2: 2000, 3: 1700, 4: 1900}
    players = [Player(id=i, seed=i, rating=ratings[i], withdrawn=False) for i in range(1, 5)]
    assert pairing_order(players, []) == [1, 2, 3, 4]
    assert sorted(tuple(sorted(p)) for p in pairs(swiss_pairing(players, [], 1))) == [(1, 2), (3, 4)]


def test_players_level_after_a_round_are_paired_in_seed_order():
    ratings = {1: 1500, 2: 1500, 3: 2100, 4: 2200}
    players = [Player(id=i, seed=i, rating=ratings[i], withdrawn=False) for i in range(1, 5)]
    results = [game(1, 1, 2, winner=1), game(1, 3, 4, winner=3)]
    assert pairing_order(players, results)[:2] == [1, 3]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    players = field(7)
    first = swiss_pairing(players, [], 1)
    assert first.byes == (7,)
    (bye,) = first.results
    assert bye == GameResult.bye(1, 7, key="R1-B1")
    results = [bye] + [game(1, *t.players, winner=t.players[0]) for t in first.tables]
    second = swiss_pairing(players, results, 2)
    # 7 already had a bye; the lowest-ranked of the others gets this one.
    order = [p for p in pairing_order(players, results) if p != 7]
    assert second.byes == (order[-1],)


def test_a_walkover_win_counts_as_a_bye():
    players = field(3)
    results = [GameResult.forfeit(1, (2, 3), [2]), GameResult.bye(1, 1)]
    # 3 won without playing and 1 had the bye: 2 gets this one.
    assert swiss_pairing(players, results, 2).byes == (2,)


def test_rematches_are_avoided_even_when_the_greedy_pairing_fails():
    results = [
        game(1, 1, 2, winner=2),
        game(1, 3, 4, winner=4),
        game(1, 5, 6, winner=6),
        game(2, 2, 4, winner=4),
        game(2, 6, 1, winner=1),
        game(2, 3, 5, winner=3),
    ]
    players = field(6)
    assert pairing_order(players, results) == [4, 2, 1, 3, 6, 5]
    # Monrad would play 4-1, 2-3 and then 6-5 again; 2 floats down instead.
    pairing = swiss_pairing(players, results, 3)
    assert sorted(tuple(sorted(p)) for p in pairs(pairing)) == [(1, 4), (2, 5), (3, 6)]


def test_when_rematches_cannot_be_avoided_there_are_as_few_as_possible():
    players = field(4)
    results = [
        game(1, 1, 2, 1),
        game(1, 3, 4, 3),
        game(2, 1, 3, 1),
        game(2, 2, 4, 2),
        game(3, 1, 4, 1),
        game(3, 2, 3, 2),
    ]
    pairing = swiss_pairing(players, results, 4)
    assert len(pairing.tables) == 2  # everybody met everybody: two rematches


def test_withdrawn_players_are_not_paired():
    players = field(5, withdrawn=[3])
    pairing = swiss_pairing(players, [], 1)
    assert sorted(p for t in pairing.tables for p in t.players) == [1, 2, 4, 5]
    assert not pairing.byes


def test_first_moves_alternate():
    players = field(4)
    first = swiss_pairing(players, [], 1)
    assert pairs(first) == [(1, 2), (3, 4)]
    results = [game(1, 1, 2, winner=1), game(1, 3, 4, winner=4)]
    # 1 and 3 moved first in round 1, so 4 and 2 move first in round 2.
    assert pairs(swiss_pairing(players, results, 2)) == [(4, 1), (2, 3)]


def expected_bye_and_rematches(players, results):
    """Brute force of the bye rule and of the fewest rematches: the
    lowest-ranked of the fewest byes whose bye leaves the fewest rematches,
    and of those without a rematch the lowest-ranked whose bye leaves a
    pairing with no colour clash, when one does."""
    active = [p for p in pairing_order(players, results) if p not in {q.id for q in players if q.withdrawn}]
    met = Counter(frozenset(r.played) for r in results if len(r.played) == 2)
    if len(active) % 2 == 0:
        return None, fewest_rematches(active, met), met, active
    had = Counter(p for r in results for p in r.unplayed_winners)
    fewest = min(had[p] for p in active)
    options = [p for p in reversed(active) if had[p] == fewest]
    cost = {p: fewest_rematches([q for q in active if q != p], met) for p in options}
    best = min(cost.values())
    fair = [p for p in options if cost[p] == best]
    clashes = clashing(results)
    calm = [
        p
        for p in fair
        if best == 0
        and any(
            not any(frozenset(t) in met or clashes(*t) for t in option)
            for option in pairings([q for q in active if q != p])
        )
    ]
    return (calm or fair)[0], best, met, active


def clashing(results):
    """Whether two players both must have the same seat next."""
    history = colour_history(results)
    return lambda a, b: clash(preference(history.get(a, ())), preference(history.get(b, ())))


def expected_top_partner(active, met, bye, best, clashes=lambda a, b: False):
    rest = [p for p in active if p != bye]
    if not rest:
        return None
    top = rest[0]
    fewest = [pairing for pairing in pairings(rest) if sum(frozenset(p) in met for p in pairing) == best]
    # Without a rematch, colour clashes are avoided when the round allows.
    calm = [pairing for pairing in fewest if best == 0 and not any(clashes(a, b) for a, b in pairing)]
    partners = {next(b if a == top else a for a, b in pairing if top in (a, b)) for pairing in calm or fewest}
    fresh = [q for q in rest[1:] if frozenset((top, q)) not in met and not (calm and clashes(top, q))]
    old = [q for q in rest[1:] if frozenset((top, q)) in met]
    old.sort(key=lambda q: met[frozenset((top, q))])  # least met first, then rank
    return next(q for q in fresh + old if q in partners)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10), st.integers(1, 11), st.integers(0, 2**32))
def test_swiss_rounds_match_a_brute_force_search(count, rounds, seed):
    rng = random.Random(seed)
    players = field(count)
    results = []
    for number in range(1, rounds + 1):
        if rng.random() < 0.15:
            quitter = rng.randrange(count)
            players[quitter] = Player(quitter + 1, quitter + 1, players[quitter].rating, True)
        pairing = swiss_pairing(players, results, number)
        bye, best, met, active = expected_bye_and_rematches(players, results)
        seated = [p for t in pairing.tables for p in t.players]
        # Nobody plays twice, every active player plays or has the bye.
        assert len(seated) == len(set(seated))
        assert sorted(seated + list(pairing.byes)) == sorted(active)
        assert pairing.byes == (() if bye is None else (bye,))
        rematches = sum(frozenset(t.players) in met for t in pairing.tables)
        assert rematches == best, "an avoidable rematch"
        if pairing.tables:
            top = next(p for p in active if p != bye)
            table = next(t for t in pairing.tables if top in t.players)
            partner = next(p for p in table.players if p != top)
            assert partner == expected_top_partner(active, met, bye, best, clashing(results))
        for table in pairing.tables:
            if rng.random() < 0.1:
                results.append(GameResult.forfeit(number, table.players, [table.players[1]]))
            else:
                results.append(random_result(rng, table, ties=0.2))
        results.extend(pairing.results)


@settings(max_examples=10, deadline=None)
@given(st.integers(20, 120), st.integers(0, 2**32))
def test_large_swiss_has_no_rematch_and_one_bye_each(count, seed):
    rng = random.Random(seed)
    players = field(count)
    results = []
    for number in range(1, 8):
        pairing = swiss_pairing(players, results, number)
        seated = [p for t in pairing.tables for p in t.players]
        assert len(seated) == len(set(seated)) == count - count % 2
        results.extend(random_result(rng, t) for t in pairing.tables)
        results.extend(pairing.results)
    meetings = Counter(frozenset(r.table) for r in results if len(r.table) == 2)
    assert max(meetings.values()) == 1
    byes = [r.table[0] for r in results if r.is_bye]
    assert len(byes) == len(set(byes)) == (7 if count % 2 else 0)


@pytest.mark.parametrize("seed", range(40))
def test_nobody_moves_first_three_times_running_when_the_round_allows_otherwise(seed):
    rng = random.Random(seed)
    players = field(8)
    results = []
    for number in range(1, 6):
        pairing = swiss_pairing(players, results, number)
        met = Counter(frozenset(r.played) for r in results if len(r.played) == 2)
        clashes = clashing(results)
        clean = any(
            not any(frozenset(p) in met or clashes(*p) for p in option) for option in pairings(list(range(1, 9)))
        )
        history = colour_history(results)
        broken = [
            table.players
            for table in pairing.tables
            for player, seat in zip(table.players, (1, -1), strict=True)
            if len(violations([*history.get(player, []), seat])) > len(violations(history.get(player, [])))
        ]
        assert not (clean and broken), f"round {number}: {broken} break a colour limit"
        results.extend(random_result(rng, table, ties=0.15) for table in pairing.tables)


def _clash_free_exists(ids, opponents, prefs, byes_so_far):
    """Is there a bye as fair as the rules allow (to one of the fewest
    byes so far) and a pairing of the rest with no rematch and no two
    players who must both have the same seat?"""
    fewest = min(byes_so_far[p] for p in ids)
    candidates = [p for p in ids if byes_so_far[p] == fewest] if len(ids) % 2 else [None]
    return any(
        not any(b in opponents[a] or clash(prefs[a], prefs[b]) for a, b in option)
        for bye in candidates
        for option in pairings([p for p in ids if p != bye])
    )


# Fields that change (players withdraw, join late, ask for a half-point bye)
# and forfeits: seeds where the bye first chosen left only pairings with a
# colour clash, and another as fair did not.
@pytest.mark.parametrize("seed", [34, 63, 76, 250, 797, 1003, 1010, 1487, 1499, *range(30)])
def test_the_bye_is_chosen_so_that_the_round_has_no_avoidable_colour_clash(seed):
    from dataclasses import replace

    from tournaments.pairing.common import met

    rng = random.Random(seed)
    count = rng.randint(5, 10)
    players = [Player(id=i, seed=i, rating=2000 - i, withdrawn=False) for i in range(1, count + 1)]
    results = []
    late = count + 1
    for number in range(1, rng.randint(3, min(count - 1, 7)) + 1):
        active = [p for p in players if not p.withdrawn]
        if number > 1 and rng.random() < 0.3 and len(active) > 4:
            gone = rng.choice(active).id
            players = [replace(p, withdrawn=True) if p.id == gone else p for p in players]
        if number > 1 and rng.random() < 0.2 and late <= 12:
            players.append(Player(id=late, seed=late, rating=1000, withdrawn=False))
            late += 1
        resting = {rng.choice([p.id for p in players if not p.withdrawn])} if rng.random() < 0.25 else set()
        present = [replace(p, withdrawn=True) if p.id in resting else p for p in players]
        ids = [p.id for p in present if not p.withdrawn]
        if not 2 <= len(ids) <= 10:
            break
        opponents = met(results)
        history = colour_history(results)
        prefs = {p: preference(history.get(p, ())) for p in ids}
        byes_so_far = Counter(p for r in results for p in r.unplayed_winners)
        pairing = swiss_pairing(present, results, number)
        tables = [t.players for t in pairing.tables]
        rematch = any(b in opponents[a] for a, b in tables)
        clashing_tables = [t for t in tables if clash(prefs[t[0]], prefs[t[1]])]
        if clashing_tables and not rematch:
            assert not _clash_free_exists(ids, opponents, prefs, byes_so_far), (number, clashing_tables)
        results.extend(pairing.results)
        results.extend(GameResult.half_bye(number, p) for p in resting)
        for table in pairing.tables:
            if rng.random() < 0.05:
                results.append(GameResult.forfeit(number, table.players, [rng.choice(table.players)]))
            else:
                results.append(random_result(rng, table, ties=0.2))
