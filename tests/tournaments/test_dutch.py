"""Swiss by the Dutch system: handbook-style examples with known pairings,
and 1,200 random tournaments (thousands of rounds) checked against the absolute criteria
(no rematch, one bye at most, no avoidable colour clash) and S1 v S2."""

import random
from collections import Counter
from fractions import Fraction

from tournaments.pairing import dutch_pairing
from tournaments.pairing.colours import clash, colour_history, preference
from tournaments.pairing.common import met
from tournaments.standings import scores
from tournaments.types import GameResult, Table

from .simulate import field, pairings, random_result


def tables(pairing):
    return [t.players for t in pairing.tables]


def beat(round_, winner, loser, first=None):
    """``winner`` beats ``loser``; ``first`` moved first (default winner)."""
    first = winner if first is None else first
    table = (first, loser if first == winner else winner)
    return GameResult(round=round_, table=table, ranking=((winner,), (loser,)))


def drew(round_, first, second):
    return GameResult(round=round_, table=(first, second), ranking=((first, second),))


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    # 1-5, 2-6, 3-7, 4-8; odd pairing numbers move first.
    assert tables(dutch_pairing(field(8), [], 1)) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_round_one_with_an_odd_field_gives_the_last_player_the_bye():
    pairing = dutch_pairing(field(7), [], 1)
    assert pairing.byes == (7,)
    assert tables(pairing) == [(1, 4), (5, 2), (3, 6)]
    assert pairing.results[0].unplayed_winners == (7,)


def test_round_two_pairs_each_score_bracket_s1_against_s2_with_colours():
    results = [beat(1, 1, 5), beat(1, 2, 6, first=6), beat(1, 3, 7), beat(1, 4, 8, first=8)]
    # Winners 1 2 3 4: 1-3 (both want to move second: the higher-ranked
    # 1 gets it), 2-4 (both want first: 2 gets it).  Losers likewise.
    assert tables(dutch_pairing(field(8), results, 2)) == [(3, 1), (2, 4), (5, 7), (8, 6)]


def test_a_rematch_is_avoided_by_a_transposition():
    results = [drew(1, 1, 3), drew(1, 4, 2)]
    # All on 1/2: S1 = 1 2, S2 = 3 4; 1-3 have met, so 1-4 and 2-3.
    assert {frozenset(t) for t in tables(dutch_pairing(field(4), results, 2))} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_an_odd_bracket_floats_its_lowest_player_down_to_the_best_resident():
    results = [beat(1, 1, 4), beat(1, 2, 5, first=5), beat(1, 6, 3, first=3)]
    # On 1 point: 1 2 6 -> 6 floats down; 1-2.  On 0: 6 meets the highest
    # resident it has not met (3 was its opponent: 4), then 3-5.
    assert {frozenset(t) for t in tables(dutch_pairing(field(6), results, 2))} == {
        frozenset((1, 2)),
        frozenset((4, 6)),
        frozenset((3, 5)),
    }


def test_the_player_who_floated_last_round_does_not_float_again():
    results = [beat(1, 1, 4), beat(1, 2, 5, first=5), beat(1, 6, 3, first=3)]
    results += [beat(2, 1, 2, first=2), beat(2, 4, 6, first=6), beat(2, 3, 5, first=5)]
    # 1 (2 points) floats down and meets 3 (it has met 4 and 2).  Of 2 4 6
    # the lowest, 6, floated down last round, so 4 floats instead: 2-6,
    # then 4-5 on 0 points.
    assert {frozenset(t) for t in tables(dutch_pairing(field(6), results, 3))} == {
        frozenset((1, 3)),
        frozenset((2, 6)),
        frozenset((4, 5)),
    }


def no_clash(history, opponents):
    prefs = {}

    def ok(a, b):
        for p in (a, b):
            if p not in prefs:
                prefs[p] = preference(history.get(p, ()))
        return b not in opponents[a] and not clash(prefs[a], prefs[b])

    return ok


def s1_s2_expected(order, points, history, opponents):
    """The round's pairs if every bracket is even and its S1[i]-S2[i]
    pairs are all allowed (then the Dutch pairing must be exactly that),
    else None."""
    ok = no_clash(history, opponents)
    brackets: dict[Fraction, list[int]] = {}
    for pid in order:
        brackets.setdefault(points[pid], []).append(pid)
    expected = set()
    for members in brackets.values():
        if len(members) % 2:
            return None
        half = len(members) // 2
        for a, b in zip(members[:half], members[half:], strict=True):
            if not ok(a, b):
                return None
            expected.add(frozenset((a, b)))
    return expected


def test_thousands_of_random_tournaments_meet_the_absolute_criteria():
    rng = random.Random(2026)
    # A fixed number of tournaments (about 10 s on an idle core): a time
    # limit would check fewer on a loaded machine.
    checked = s1_s2 = 0
    while checked < 1200:
        count = rng.randint(4, 16)
        rounds = rng.randint(1, min(count - 1, 9))
        players = field(count)
        results: list[GameResult] = []
        for number in range(1, rounds + 1):
            history = colour_history(results)
            opponents = met(results)
            points = scores(players, results)
            order = sorted(points, key=lambda p: (-points[p], p))
            pairing = dutch_pairing(players, results, number)
            paired = [p for t in pairing.tables for p in t.players]
            assert sorted(paired + list(pairing.byes)) == list(range(1, count + 1))
            assert len(pairing.byes) == count % 2
            rematches = [t for t in pairing.tables if t.players[1] in opponents[t.players[0]]]
            if number <= count // 2:  # a rematch-free pairing always exists
                assert rematches == []
            ok = no_clash(history, opponents)
            clashes = [t for t in pairing.tables if not ok(*t.players)]
            if clashes and count <= 8 and not pairing.byes:
                # Only where no pairing of the round avoids every clash.
                assert not any(all(ok(a, b) for a, b in pairs) for pairs in pairings(order)), (number, clashes)
            if not clashes:
                for t in pairing.tables:
                    seats = colour_history([GameResult(round=number, table=t.players, ranking=(t.players,))])
                    for p in t.players:
                        h = history.get(p, []) + seats[p]
                        assert abs(sum(h)) <= 2 and not (len(h) >= 3 and h[-1] == h[-2] == h[-3]), (p, h)
            if not pairing.byes:
                expected = s1_s2_expected(order, points, history, opponents)
                if expected is not None:
                    s1_s2 += 1
                    assert {frozenset(t.players) for t in pairing.tables} == expected
            results.extend(random_result(rng, t, ties=0.2) for t in pairing.tables)
            results.extend(pairing.results)
        byes = Counter(p for r in results if r.is_bye for p in r.table)
        if rounds <= count:
            assert max(byes.values(), default=0) <= 1
        checked += 1
    assert s1_s2 >= 500, s1_s2  # the S1 v S2 check really ran (754 rounds)


def test_withdrawn_players_are_not_paired():
    players = field(6, withdrawn=[2])
    pairing = dutch_pairing(players, [], 1)
    assert 2 not in {p for t in pairing.tables for p in t.players}
    assert pairing.byes == (6,)
    assert all(isinstance(t, Table) for t in pairing.tables)
