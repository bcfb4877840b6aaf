"""Swiss pairing for two-player games: Monrad order, no avoidable rematch.

:func:`swiss_pairing` pairs the next round from the results so far.  The
number of rounds is fixed by the tournament; the caller stops asking after
the last one.

How a round is paired (Monrad with rematch avoidance):

1. Players are listed in pairing order (points, Buchholz,
   Sonneborn-Berger, then seed: ``tournaments.standings.pairing_order``).
   Withdrawn players are left out.
2. With an odd number of players one gets a bye worth one win's points:
   the lowest-ranked player among those with the fewest byes so far (a
   walkover win counts as a bye, FIDE C.04.1 rule 4), going up the list
   only as far as needed for the others to be paired without a rematch
   (if nobody's bye allows that, the lowest-ranked of those whose bye
   leaves the fewest rematches), and further up when the others can be
   paired so only with a colour clash (step 3) and another such bye
   leaves a pairing without one.
3. From the top of the list, each unpaired player is paired with the
   highest-ranked unpaired player they have not met yet, provided the
   players still unpaired can then all be paired without a rematch.  This
   is Monrad (1 v 2, 3 v 4 within a score group) with floating: a player
   who cannot be paired in their score group meets the next one down.
   Two players who both must have the same seat (``colours.clash``: the
   same absolute colour preference) are not paired either, as long as the
   round can be paired without any such pairing and without a rematch.
4. Only when no pairing of the round avoids every rematch are rematches
   allowed (and colour clashes), and then as few rematches as possible; a player who must meet somebody
   again meets the one they have met least often, the higher-ranked first
   (so the same two leaders do not meet round after round).

"Can the rest still be paired?" is answered exactly by a maximum matching
on the graph of players who have not met (Edmonds' blossom algorithm,
``matching.py``), kept up to date incrementally, so the round is paired in
polynomial time and the search never backtracks.  With few rounds played
(the usual case) the greedy Monrad pairing is already a perfect matching
and the oracle costs almost nothing.

A game lost by forfeit was not a meeting: the two players may still be
paired (the one who did not play is usually withdrawn anyway).

Seats follow FIDE's colour rules (``colours.allocate``); beyond step 3's
clashes Monrad pairs without looking at them.  Tables are keyed ``R<round>-T<board>``,
board 1 being the top pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from ..standings import pairing_order
from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .colours import ABSOLUTE, Preference, allocate, clash, colour_history, preference
from .common import met
from .matching import Matching


def swiss_pairing(players: Iterable[Player], results: Iterable[GameResult], round_number: int) -> RoundPairing:
    """Pair round ``round_number`` of a two-player Swiss.

    :param players: every registered player (withdrawn ones are skipped).
    :param results: every result so far, byes and forfeits included.
    :returns: the tables, and the bye (as a ``GameResult`` to record).
    :raises ValueError: when a result names an unknown player.
    """
    players = list(players)
    results = list(results)
    withdrawn = {p.id for p in players if p.withdrawn}
    order = [pid for pid in pairing_order(players, results) if pid not in withdrawn]
    rank = {pid: i for i, pid in enumerate(order)}
    opponents = met(results)
    adj = [
        [u for u, other in enumerate(order) if u != v and other not in opponents[pid]] for v, pid in enumerate(order)
    ]
    met_ids = [opponents[pid] for pid in order]
    matching = Matching(adj, adjacent=lambda u, v: u != v and order[v] not in met_ids[u])

    history = colour_history(results)
    prefs = [preference(history.get(pid, ())) for pid in order]
    everybody = matching.snapshot()
    bye = choose_bye(order, results, matching) if len(order) % 2 else None
    if bye is not None:
        matching.remove(bye)
    times_met = lambda u, v: met_ids[u].get(order[v], 0)  # noqa: E731
    pairs = _pair(order, adj, matching, times_met)
    if any(clash(prefs[a], prefs[b]) for a, b in pairs):
        # Rare, so tried only now: where the pairing above has no clash,
        # pairing among the partners without one gives the same pairs.
        calm = _without_clashes(order, adj, met_ids, prefs, out=[] if bye is None else [bye])
        if calm is None and bye is not None:
            # Another bye as fair (step 2) may leave a round without clashes.
            matching.restore(everybody)
            for other in bye_candidates(order, results, matching):
                calm = _without_clashes(order, adj, met_ids, prefs, out=[other])
                if calm is not None:
                    bye = other
                    break
        if calm is not None:
            pairs = _pair(order, *calm, times_met)
    byes = [] if bye is None else [GameResult.bye(round_number, order[bye], key=f"R{round_number}-B1")]
    number = {p.id: p.seed for p in players}
    tables = tuple(
        Table(
            round=round_number,
            key=f"R{round_number}-T{board}",
            players=allocate(order[a], order[b], history, rank, number),
        )
        for board, (a, b) in enumerate(pairs, start=1)
    )
    return RoundPairing(
        round=round_number,
        tables=tables,
        byes=tuple(r.table[0] for r in byes),
        results=tuple(byes),
    )


def _without_clashes(
    order: list[int],
    adj: list[list[int]],
    met_ids: list[dict[PlayerId, int]],
    prefs: list[Preference],
    *,
    out: list[int],
) -> tuple[list[list[int]], Matching] | None:
    """The graph of players who have not met and do not clash in colours
    (``colours.clash``: both must have the same seat) and its matching,
    when that pairs everybody but the indexes ``out`` (the bye); else None."""
    calm = [
        row if prefs[v].strength != ABSOLUTE else [u for u in row if not clash(prefs[v], prefs[u])]
        for v, row in enumerate(adj)
    ]
    matching = Matching(
        calm,
        adjacent=lambda u, v: u != v and order[v] not in met_ids[u] and not clash(prefs[u], prefs[v]),
    )
    matching.remove(*out)
    return (calm, matching) if matching.size == matching.alive_count // 2 else None


def _fewest_byes(order: list[int], results: list[GameResult]) -> list[int]:
    """Indexes in ``order`` of the players with the fewest byes so far,
    the lowest-ranked first."""
    count = Counter(p for r in results for p in r.unplayed_winners)
    fewest = min(count[pid] for pid in order)
    return [v for v in reversed(range(len(order))) if count[order[v]] == fewest]


def _paired_without(matching: Matching, v: int) -> int:
    """How many pairs ``matching`` makes without player ``v`` (it is left unchanged)."""
    saved = matching.snapshot()
    matching.remove(v)
    size = matching.size
    matching.restore(saved)
    return size


def choose_bye(order: list[int], results: list[GameResult], matching: Matching) -> int:
    """Index in ``order`` of who gets the bye (module docstring, step 2);
    ``matching`` covers the players of ``order`` and is left unchanged."""
    candidates = _fewest_byes(order, results)
    best, best_size = candidates[0], -1
    for v in candidates:
        size = _paired_without(matching, v)
        if size == (len(order) - 1) // 2:
            return v
        if size > best_size:
            best, best_size = v, size
    return best


def bye_candidates(order: list[int], results: list[GameResult], matching: Matching) -> list[int]:
    """Every bye step 2 allows as well as ``choose_bye``'s when the others
    can all be paired without a rematch: those of the fewest byes so far
    whose bye leaves that, the lowest-ranked first."""
    whole = (len(order) - 1) // 2
    return [v for v in _fewest_byes(order, results) if _paired_without(matching, v) == whole]


def _pair(
    order: list[int],
    adj: list[list[int]],
    matching: Matching,
    times_met: Callable[[int, int], int],
) -> list[tuple[int, int]]:
    """Monrad pairs of the players alive in ``matching`` (module doc, 3-4)."""
    unpaired = [v for v in range(len(order)) if matching.alive[v]]
    remaining = len(unpaired)
    rematches = remaining // 2 - matching.size
    pairs: list[tuple[int, int]] = []

    def candidates(p: int) -> Iterable[tuple[int, int]]:
        yield from ((q, 0) for q in adj[p] if q > p and matching.alive[q])
        if rematches:
            fresh = set(adj[p])
            old = [q for q in unpaired if q > p and matching.alive[q] and q not in fresh]
            old.sort(key=lambda q: times_met(p, q))
            yield from ((q, 1) for q in old)

    for p in unpaired:
        if not matching.alive[p]:
            continue
        for q, cost in candidates(p):
            if matching.mate[p] == q:
                # Mates in a maximum matching: the rest is still optimal.
                matching.remove(p, q)
                break
            saved = matching.snapshot()
            matching.remove(p, q)
            if (remaining - 2) // 2 - matching.size <= rematches - cost:
                break
            matching.restore(saved)
        else:  # pragma: no cover - the matching guarantees a feasible partner
            raise AssertionError("no feasible partner: the matching oracle is wrong")
        rematches -= cost
        remaining -= 2
        pairs.append((p, q))
    return pairs
