"""Tournament standings: a pure function of (players, results).

Standings are recomputed from the results every time and never edited by
hand; a result an organiser sets by hand is just another
``GameResult``.

Points:

- At a table of N >= 2 players each player scores, against every other
  player at the table, 1 for finishing ahead, 1/2 for a shared place and 0
  for finishing behind; the sum is divided by N - 1.  A two-player game is
  therefore 1 / 1/2 / 0, and a win at a table of 3 is worth as much as a
  win at a table of 4.
- A forfeited player loses to every player who played and scores 0 (so a
  game both players forfeited scores 0 each, not 1/2).
- A bye (one-player table) scores one win's points, 1; a bye the player
  asked for (``GameResult.half_point``) scores 1/2.
- All arithmetic is exact (``fractions.Fraction``), so equal scores compare
  equal whatever the table sizes.

Tie-breaks, in order, for a Swiss (the order lichess uses):

1. Buchholz: over the games the player actually played, the mean final
   score of the co-players who played too.  For two-player games that is
   the plain sum of the opponents' scores.
2. Sonneborn-Berger: over the same games, the sum of (pairwise result
   against a co-player) x (that co-player's score), not divided by the
   number of co-players (the classic rule is defined for two-player games;
   this is its multi-player form): beating three co-players at one table
   counts each of them, like beating them in three games.  For two-player
   games that is the classic sum of the scores of opponents beaten plus half
   of those drawn.
3. Rating at the start (higher first).

For a round robin (``round_robin=True``) Buchholz parts nobody: everyone
meets everyone, so each player's Buchholz is everyone else's points, the
same for all who tie.  The usual round-robin order applies instead:

1. Sonneborn-Berger (as above).
2. Direct encounter: among the players level on points and
   Sonneborn-Berger, the points each scored in the games played between
   them (pairwise results, as in Sonneborn-Berger).  As in FIDE's
   tie-break regulations it applies only when every two of them have met
   (shared a table over the board): otherwise it parts none of them, and
   wins decide.  When it parts only some of them, each group it leaves
   level is compared again on the games among its own players alone, and
   so on until a comparison parts nobody: in a four-way tie that puts one
   player first, the other three are ranked by the games between those
   three.
3. Wins: the games won over the board (alone in first place).
4. Rating at the start (higher first).

Choices the usual tie-break rules leave open, made here:

- Unplayed games (byes, forfeits, walkovers) count for points but not for
  tie-breaks: they have no opponent to measure.  This is simpler than the
  older FIDE "virtual opponent" and, unlike it, needs no knowledge of the
  number of rounds.  A forfeited co-player at a multi-player table is left
  out of the tie-breaks of the players who did play.
- A withdrawn player keeps every result so far and stays in the table with
  ``withdrawn`` set; opponents keep the points won against them.
- Players equal on points and every tie-break share a rank; they are listed
  by seed so the order is still deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .types import GameResult, Player, PlayerId

_HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Standing:
    """One line of the standings table."""

    rank: int
    player: PlayerId
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    rating: int
    played: int
    unplayed: int
    withdrawn: bool
    #: Round robin: the points scored against the players tied with this one.
    head_to_head: Fraction = Fraction(0)
    #: Round robin: the direct-encounter score of each comparison, the first
    #: (``head_to_head``) among everyone tied, each next one among those
    #: the comparison before left level with this player (empty if none, or
    #: if some two of the tied players have not met: it then parts nobody).
    direct_encounter: tuple[Fraction, ...] = ()
    wins: int = 0


def result_points(result: GameResult) -> dict[PlayerId, Fraction]:
    """Points each player at the table scores in ``result`` (module doc)."""
    size = len(result.table)
    if size == 1:
        return {result.table[0]: _HALF if result.half_point else Fraction(1)}
    points = {p: Fraction(0) for p in result.forfeited}
    below = size
    for group in result.ranking:
        below -= len(group)
        score = Fraction(2 * below + len(group) - 1, 2 * (size - 1))
        for player in group:
            points[player] = score
    return points


def pairwise_result(result: GameResult, a: PlayerId, b: PlayerId) -> Fraction:
    """1, 1/2 or 0 for ``a`` against ``b`` at the same table."""
    if a in result.forfeited:
        return Fraction(0)
    if b in result.forfeited:
        return Fraction(1)
    place = _places(result)
    if place[a] < place[b]:
        return Fraction(1)
    return _HALF if place[a] == place[b] else Fraction(0)


def scores(players: Iterable[Player], results: Iterable[GameResult]) -> dict[PlayerId, Fraction]:
    """Every player's points; cheaper than :func:`standings` for pairing.

    :raises ValueError: when a result names a player not in ``players``.
    """
    total = {p.id: Fraction(0) for p in players}
    for result in results:
        for player, points in result_points(result).items():
            if player not in total:
                raise ValueError(f"result names unknown player {player}")
            total[player] += points
    return total


def standings(
    players: Iterable[Player], results: Iterable[GameResult], *, round_robin: bool = False
) -> tuple[Standing, ...]:
    """The standings, best first (see the module docstring for the rules;
    ``round_robin`` picks that format's tie-breaks).

    The answer depends only on the set of results, not on their order.

    :raises ValueError: on duplicate player ids or a result naming a player
        not in ``players``.
    """
    players = list(players)
    results = list(results)
    by_id = {p.id: p for p in players}
    if len(by_id) != len(players):
        raise ValueError("duplicate player id")
    total = scores(players, results)
    buchholz = dict.fromkeys(by_id, Fraction(0))
    berger = dict.fromkeys(by_id, Fraction(0))
    played = dict.fromkeys(by_id, 0)
    unplayed = dict.fromkeys(by_id, 0)
    wins = dict.fromkeys(by_id, 0)
    for result in results:
        for player in result.unplayed_winners:
            unplayed[player] += 1
        present = result.played
        if len(present) < 2:
            continue
        place = _places(result)
        share = Fraction(1, len(present) - 1)
        for a in present:
            played[a] += 1
            for b in present:
                if a == b:
                    continue
                buchholz[a] += total[b] * share
                if place[a] < place[b]:
                    berger[a] += total[b]
                elif place[a] == place[b]:
                    berger[a] += total[b] * _HALF
        first = [p for p in result.ranking[0] if p in present] if result.ranking else []
        if len(first) == 1:
            wins[first[0]] += 1
    encounters: dict[PlayerId, tuple[Fraction, ...]] = {}
    if round_robin:
        encounters = _direct_encounters(results, _level_groups(by_id, lambda pid: (total[pid], berger[pid])))

    def criteria(pid: PlayerId) -> tuple[Fraction | int | tuple[Fraction, ...], ...]:
        if round_robin:
            return (total[pid], berger[pid], encounters.get(pid, ()), wins[pid], by_id[pid].rating)
        return (total[pid], buchholz[pid], berger[pid], by_id[pid].rating)

    ordered = sorted(
        by_id,
        key=lambda pid: (
            _descending(criteria(pid)),
            by_id[pid].seed,
            pid,
        ),
    )
    table: list[Standing] = []
    for index, pid in enumerate(ordered):
        rank = table[-1].rank if table and criteria(pid) == criteria(table[-1].player) else index + 1
        table.append(
            Standing(
                rank=rank,
                player=pid,
                points=total[pid],
                buchholz=buchholz[pid],
                sonneborn_berger=berger[pid],
                rating=by_id[pid].rating,
                played=played[pid],
                unplayed=unplayed[pid],
                withdrawn=by_id[pid].withdrawn,
                head_to_head=next(iter(encounters.get(pid, ())), Fraction(0)),
                direct_encounter=encounters.get(pid, ()),
                wins=wins[pid],
            )
        )
    return tuple(table)


def _level_groups(ids: Iterable[PlayerId], level: Callable[[PlayerId], tuple]) -> list[frozenset[PlayerId]]:
    """The players of ``ids`` that share a ``level`` with another, grouped."""
    groups: dict[tuple, set[PlayerId]] = defaultdict(set)
    for pid in ids:
        groups[level(pid)].add(pid)
    return [frozenset(group) for group in groups.values() if len(group) > 1]


def _direct_encounters(
    results: list[GameResult], tied: Iterable[frozenset[PlayerId]]
) -> dict[PlayerId, tuple[Fraction, ...]]:
    """Each ``tied`` player's direct-encounter scores, compared in order
    (higher first): the points scored in the games against the others of
    their group, then, if that parts the group only in part, against the
    others still level with them alone, and so on (:func:`_encounter_passes`).
    A group some two of whom have not met gets no scores (empty for each,
    parting nobody: FIDE's rule), as the games played say nothing about
    those not played yet; every part of a group all of whom met has met
    too.  Players in no group are not in the answer."""
    met = {frozenset(pair) for result in results for pair in combinations(result.played, 2)}
    scores: dict[PlayerId, tuple[Fraction, ...]] = {}
    for group in tied:
        if all(frozenset(pair) in met for pair in combinations(group, 2)):
            scores.update(_encounter_passes(results, group))
        else:
            scores.update(dict.fromkeys(group, ()))
    return scores


def _encounter_passes(results: list[GameResult], group: frozenset[PlayerId]) -> dict[PlayerId, tuple[Fraction, ...]]:
    """Direct encounter within ``group`` (two players or more): each one's
    points against the others of it in the games played between them (the
    sum of the pairwise results against those of them at the table),
    followed, for each part of the group still level after that, by that
    part's own direct encounter.  A comparison that parts nobody ends it:
    the scores of players level so far then have the same length, so
    comparing them as tuples ranks exactly as the passes do."""
    points = dict.fromkeys(group, Fraction(0))
    for result in results:
        present = [p for p in result.played if p in group]
        for a in present:
            for b in present:
                if a != b:
                    points[a] += pairwise_result(result, a, b)
    passes: dict[PlayerId, tuple[Fraction, ...]] = {pid: (points[pid],) for pid in group}
    parts = _level_groups(group, lambda pid: (points[pid],))
    if parts == [group]:
        return passes  # this comparison parts nobody: the next tie-break decides
    for part in parts:
        for pid, later in _encounter_passes(results, part).items():
            passes[pid] += later
    return passes


def _descending(values: tuple) -> tuple:
    """A sort key putting higher ``values`` first, compared in order (a
    tuple among them, the direct-encounter scores, in the same way)."""
    return tuple(_descending(v) if isinstance(v, tuple) else -v for v in values)


def pairing_order(players: Iterable[Player], results: Iterable[GameResult]) -> list[PlayerId]:
    """Player ids in the order a Swiss pairs them: points, Buchholz and
    Sonneborn-Berger as in the standings, then the seed in place of the
    rating at the start, so the tournament's seeding (by rating, drawn at
    random or set by the organiser) decides among players level on all
    three: round 1 is paired as seeded.  Seeded by rating, the seed already
    follows the rating at the start."""
    players = list(players)
    seed = {p.id: p.seed for p in players}
    table = standings(players, results)
    table_order = sorted(table, key=lambda s: (-s.points, -s.buchholz, -s.sonneborn_berger, seed[s.player], s.player))
    return [s.player for s in table_order]


def _places(result: GameResult) -> Mapping[PlayerId, int]:
    return {p: i for i, group in enumerate(result.ranking) for p in group}
