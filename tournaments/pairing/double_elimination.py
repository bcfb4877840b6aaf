"""Double elimination for two-player games.

:func:`double_elimination_bracket` is a function of the results so far
that returns the whole bracket and, through ``Bracket.ready()``, the games
that can be played now; the Django side calls it whenever a game finishes.

Structure, for a bracket of 2^k slots (the next power of two):

- Winners bracket ``W<r>-<i>``: a single-elimination bracket, standard
  seeding order, byes to the top seeds (``elimination.py``).
- Losers bracket ``L<m>-<i>``, 2(k - 1) rounds.  Round 1 pairs the losers
  of winners' round 1 two by two.  Every even round is a "minor" round: the
  survivors meet the players dropping in from the next winners' round.
  Every later odd round is a "major" round: survivors play each other.  A
  bye in the winners bracket leaves an empty slot here, which is a bye too.
- Grand final ``GF1``: winners-bracket champion v losers-bracket champion.
  If the losers-bracket champion wins it, both have lost once and the reset
  ``GF2`` decides; otherwise ``GF2`` is ``not_needed``.
- Nobody is out before a second loss; the champion has at most one.

Drop-in placement (not fixed by any standard).  A player dropping from
winners' round j has played only players from their own block of 2^j
bracket slots.  For each minor round the drop-ins are placed so that, when
possible, none meets a losers-bracket player from their own block in that
game *or in the next losers' round*; failing that, at least not in that
game; failing that, as few as possible.  The placement is chosen from the
familiar orders (reverse, half shift, reverse half shift, pair flip,
natural; brackets-manager's names) and, if none of those achieves it, by a
bipartite matching.  The blocks each losers-bracket game can hold follow
from the structure alone, so the placement depends only on the bracket size
(for 8 slots: natural, then reverse for the round-2 losers).  With these
placements two players can meet a second time at the earliest in losers'
round 3 with 8 slots, 4 with 16, 5 with 32 and 7 with 64 (measured by
simulation, and tested up to 32).

Schedule rounds (``Table.round``): winners' round r is r, losers' round m is
m + 1, the grand final 2k and its reset 2k + 1, the earliest each can be
played.

Placings: champion, runner-up (grand-final loser), then by the losers'
round in which a player was knocked out (later is better, shared within a
round).  A player put out by their own walkover (they withdrew) ranks
below those put out in play in that round; one who withdrew without
playing a game ranks last (``bracket.exit_stages``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from ..types import GameResult, Player
from .bracket import Bracket, BracketGame, GameSpec, Source, exit_stages, placements, resolve
from .elimination import bracket_size, seeding_order

_ORDERS: tuple[tuple[str, Callable[[int, int], int]], ...] = (
    ("reverse", lambda i, m: m - 1 - i),
    ("half_shift", lambda i, m: (i + m // 2) % m),
    (
        "reverse_half_shift",
        lambda i, m: (m // 2 - 1 - i) % m if i < m // 2 else m - 1 - (i - m // 2),
    ),
    ("pair_flip", lambda i, m: i ^ 1),
    ("natural", lambda i, m: i),
)


@functools.lru_cache(maxsize=32)
def drop_in_orders(size: int) -> dict[int, tuple[int, ...]]:
    """For each winners' round j >= 2: where its losers drop in.

    ``result[j][i]`` is the 0-based index of the minor losers'-round game
    that the loser of winners' game ``W<j>-<i + 1>`` joins.  It depends on
    the bracket size only, hence the cache (do not mutate the answer).
    """
    rounds = size.bit_length() - 1
    orders: dict[int, tuple[int, ...]] = {}
    if rounds < 2:
        return orders
    # blocks[h]: 2^j-slot blocks whose players may be the survivor in
    # losers' game h of the minor round of winners' round j.
    blocks = [{h} for h in range(size // 4)]
    for j in range(2, rounds + 1):
        games = size >> j
        siblings = j < rounds
        perm = _place(blocks, games, siblings)
        orders[j] = tuple(perm)
        if not siblings:
            break
        merged = []
        for h in range(games // 2):
            pool = set()
            for g in (2 * h, 2 * h + 1):
                pool |= blocks[g]
                pool.add(perm.index(g))
            merged.append({x // 2 for x in pool})
        blocks = merged
    return orders


def _place(blocks: list[set[int]], games: int, siblings: bool) -> list[int]:
    """The drop-in order for one minor round (module docstring)."""

    def strong(i: int, h: int) -> bool:
        return i in blocks[h] or (siblings and i in blocks[h ^ 1])

    def weak(i: int, h: int) -> bool:
        return i in blocks[h]

    def cost(perm: list[int]) -> tuple[int, int]:
        return (
            sum(weak(i, h) for i, h in enumerate(perm)),
            sum(strong(i, h) for i, h in enumerate(perm)),
        )

    family = [[order(i, games) for i in range(games)] for _, order in _ORDERS]
    family = [perm for perm in family if sorted(perm) == list(range(games))]
    best = min(family, key=cost)
    if cost(best) == (0, 0):
        return best
    for clash in (strong, weak):
        perm = _assignment(games, clash)
        if perm is not None:
            return perm if cost(perm) < cost(best) else best
    return best


def _assignment(games: int, clash: Callable[[int, int], bool]) -> list[int] | None:
    """A perfect drop-in -> game assignment avoiding ``clash`` (Kuhn)."""
    owner = [-1] * games

    def try_place(i: int, seen: set[int]) -> bool:
        for h in range(games):
            if h in seen or clash(i, h):
                continue
            seen.add(h)
            if owner[h] == -1 or try_place(owner[h], seen):
                owner[h] = i
                return True
        return False

    for i in range(games):
        if not try_place(i, set()):
            return None
    perm = [0] * games
    for h, i in enumerate(owner):
        perm[i] = h
    return perm


def double_elimination_specs(players: int) -> list[GameSpec]:
    """The games of a double-elimination bracket for ``players`` players."""
    if players < 2:
        return []
    size = bracket_size(players)
    k = size.bit_length() - 1
    order = seeding_order(size)
    specs = [
        GameSpec(
            f"W1-{i + 1}",
            "winners",
            1,
            1,
            (Source("seed", order[2 * i]), Source("seed", order[2 * i + 1])),
        )
        for i in range(size // 2)
    ]
    for r in range(2, k + 1):
        specs.extend(
            GameSpec(
                f"W{r}-{i + 1}",
                "winners",
                r,
                r,
                (
                    Source("winner", f"W{r - 1}-{2 * i + 1}"),
                    Source("winner", f"W{r - 1}-{2 * i + 2}"),
                ),
            )
            for i in range(size >> r)
        )
    drops = drop_in_orders(size)
    for m in range(1, 2 * (k - 1) + 1):
        if m == 1:
            sources = [
                (Source("loser", f"W1-{2 * i + 1}"), Source("loser", f"W1-{2 * i + 2}")) for i in range(size // 4)
            ]
        elif m % 2 == 0:
            j = m // 2 + 1
            dropping = {h: i for i, h in enumerate(drops[j])}
            sources = [
                (
                    Source("winner", f"L{m - 1}-{h + 1}"),
                    Source("loser", f"W{j}-{dropping[h] + 1}"),
                )
                for h in range(size >> j)
            ]
        else:
            count = size >> (m // 2 + 2)
            sources = [
                (
                    Source("winner", f"L{m - 1}-{2 * i + 1}"),
                    Source("winner", f"L{m - 1}-{2 * i + 2}"),
                )
                for i in range(count)
            ]
        specs.extend(GameSpec(f"L{m}-{i + 1}", "losers", m, m + 1, pair) for i, pair in enumerate(sources))
    lb_champion = Source("winner", f"L{2 * (k - 1)}-1") if k >= 2 else Source("loser", "W1-1")
    specs.append(GameSpec("GF1", "grand_final", 1, 2 * k, (Source("winner", f"W{k}-1"), lb_champion)))
    specs.append(
        GameSpec(
            "GF2",
            "grand_final",
            2,
            2 * k + 1,
            (Source("winner", "GF1"), Source("loser", "GF1")),
            reset_of="GF1",
        )
    )
    return specs


def double_elimination_bracket(players: Iterable[Player], results: Iterable[GameResult]) -> Bracket:
    """The double-elimination bracket as it stands.

    :param players: every registered player, withdrawn ones included.
    :param results: the results so far, keyed by game (``W1-2``, ``L3-1``,
        ``GF1``, ``GF2``).
    :raises ValueError: on a result that does not fit the bracket.
    """
    players = list(players)
    if len(players) < 2:
        champion = players[0].id if players else None
        alone = {champion: 1} if champion is not None else {}
        return Bracket((), True, champion, placements(alone, players))
    games = resolve(double_elimination_specs(len(players)), players, results)
    k = bracket_size(len(players)).bit_length() - 1
    final_stage = 2 * (k - 1) + 1
    exits: dict[int, tuple[int, BracketGame | None]] = {}
    for game in games.values():
        if game.bracket == "losers" and game.loser is not None:
            exits[game.loser] = (game.round, game)
    first, reset = games["GF1"], games["GF2"]
    decisive = reset if reset.status != "not_needed" else first
    champion = decisive.winner if decisive.status != "waiting" else None
    finished = champion is not None or decisive.status == "void"
    if champion is not None:
        exits[champion] = (final_stage + 1, None)
        if decisive.loser is not None:
            exits[decisive.loser] = (final_stage, decisive)
    stages = exit_stages(exits, games.values())
    return Bracket(
        games=tuple(games.values()),
        finished=finished,
        champion=champion,
        placements=placements(stages, players) if finished else (),
    )
