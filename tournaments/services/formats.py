"""What each format asks for next, from the pure pairing functions.

:func:`next_step` turns (tournament settings, players, results so far) into
a :class:`Step`: games to create, results to record at once (byes,
forfeits, walkovers), and whether the tournament is over with which
placings.  No database access here beyond what the caller passes in, so
the step is a pure function of the results, and a repeated call asks for
the same games (the caller skips the keys it already has).

- Brackets (two-player single and double elimination) are asked after
  every finished game: every ``ready`` game is created at once, and
  walkovers are recorded until none is left (each may make another).
- The other formats are paired a round at a time, once every game of the
  latest round is decided.  A round that needs no game at all (only byes
  and forfeits) is recorded and the next one paired straight away.
- A Swiss player who asked for a half-point bye in a round is left out of
  that round's pairing and scores half a point.
- A Swiss round an organiser paired by hand is played as paired (unless a
  player left since: then it is paired automatically); a player let back
  in after it was paired sits it out (no game, no points) and is paired
  from the next round.  In the other formats paired by round the tables
  are the format's; a seat order set by hand is kept while its tables are
  still the round's (a table a player let back in has again keeps the
  format's order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import NamedTuple

from .. import pairing
from ..models import MAX_ROUNDS, Tournament
from ..pairing.bracket import BYE, Source
from ..pairing.double_elimination import double_elimination_specs
from ..pairing.elimination import single_elimination_specs
from ..standings import standings
from ..types import GameResult, Player, PlayerId, RoundPairing, Table

Format = Tournament.Format


@dataclass(frozen=True)
class Step:
    tables: tuple[Table, ...] = ()
    results: tuple[GameResult, ...] = ()
    finished: bool = False
    placements: tuple[tuple[int, PlayerId], ...] = ()
    #: A two-player round robin of an odd field: who rests (no game, no
    #: points) in the round of ``tables``, withdrawn players left out.
    rests: tuple[PlayerId, ...] = ()
    #: A two-player bracket's players its byes send through a round
    #: without a game (by round: the top seeds' in round 1, a losers
    #: bracket's later), every one known so far, recorded as no result.
    bracket_byes: tuple[tuple[int, PlayerId], ...] = ()


class Sizes(NamedTuple):
    """The game's table limits (from its rules)."""

    min_players: int
    max_players: int


class ManualRound(NamedTuple):
    """A round paired by hand: its tables (players in seat order, the
    first moves first) and its byes; ``optional``: the players let back
    in after it was paired, who sit it out unless it seats them."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()
    optional: frozenset[PlayerId] = frozenset()


def next_step(
    tournament: Tournament,
    players: list[Player],
    results: list[GameResult],
    *,
    existing: set[str],
    latest_round_open: bool,
    sizes: Sizes,
    half_byes: Mapping[int, frozenset[PlayerId]] | None = None,
    manual: Mapping[int, ManualRound] | None = None,
) -> Step:
    """The games and results the tournament needs now.

    :param existing: keys of the games (and byes) already in the database.
    :param latest_round_open: a game of the latest round is undecided.
    :param half_byes: Swiss: round number -> players who asked for a
        half-point bye in it.
    :param manual: round number -> the pairing an organiser set.
    """
    if tournament.is_bracket:
        return _bracket_step(tournament, players, results, existing)
    if latest_round_open:
        return Step()
    return _round_step(tournament, players, results, sizes, half_byes or {}, manual or {})


def _bracket(tournament: Tournament, players, results) -> pairing.Bracket:
    if tournament.format == Format.DOUBLE_ELIMINATION:
        return pairing.double_elimination_bracket(players, results)
    return pairing.single_elimination_bracket(players, results, tournament.third_place)


def bracket_of(tournament: Tournament, players, results) -> pairing.Bracket | None:
    """The bracket as it stands, for pages (None for other formats)."""
    return _bracket(tournament, players, results) if tournament.is_bracket else None


def bracket_sources(tournament: Tournament, player_count: int) -> dict[str, tuple[Source, Source]]:
    """Where the two players of each bracket game come from, by game key:
    the structure behind :attr:`pairing.BracketGame.sources`' English
    text, for pages to word in the reader's language."""
    if tournament.format == Format.DOUBLE_ELIMINATION:
        specs = double_elimination_specs(player_count) if player_count >= 2 else []
    else:
        specs = single_elimination_specs(player_count, tournament.third_place)
    return {spec.key: spec.sources for spec in specs}


def _bracket_step(tournament, players, results, existing) -> Step:
    results = list(results)
    recorded: list[GameResult] = []
    bracket = _bracket(tournament, players, results)
    # Each walkover can make the next game a walkover too; the bracket is
    # finite, so this ends (bounded all the same).
    for _ in range(4 * len(players) + 4):
        walkovers = bracket.walkovers()
        if not walkovers:
            break
        recorded.extend(walkovers)
        results.extend(walkovers)
        bracket = _bracket(tournament, players, results)
    tables = tuple(t for t in bracket.ready() if t.key not in existing)
    gone = {p.id for p in players if p.withdrawn}
    # Every bye known so far: the top seeds' from the start, and a bye
    # carried on later (a losers bracket's, once the game feeding its one
    # player is decided); the caller tells each once.
    byes = tuple(
        (g.schedule, g.winner)
        for g in bracket.games
        if g.status == BYE and g.winner is not None and g.winner not in gone
    )
    return Step(
        tables=tables,
        bracket_byes=byes,
        results=tuple(recorded),
        finished=bracket.finished,
        placements=bracket.placements,
    )


def _round_step(tournament: Tournament, players, results, sizes: Sizes, half_byes, manual) -> Step:
    results = list(results)
    recorded: list[GameResult] = []
    latest = max((r.round for r in results), default=0)
    # Every pass pairs one round; a round without games (byes, forfeits)
    # is recorded and the next one paired.  Bounded by the longest format.
    for _ in range(2 * len(players) + 2 * MAX_ROUNDS + 4):
        number = latest + 1
        answer = _pair_with_byes(
            tournament, players, results, number, sizes, half_byes.get(number, frozenset()), manual.get(number)
        )
        if answer is None or (not answer.tables and not answer.results):
            return Step(
                results=tuple(recorded),
                finished=True,
                placements=_placements(tournament, players, results, sizes),
            )
        recorded.extend(answer.results)
        results.extend(answer.results)
        if answer.tables:
            return Step(tables=answer.tables, results=tuple(recorded), rests=_rests(tournament, players, answer))
        latest = number
    raise RuntimeError(f"tournament {tournament.pk}: no round with games")  # pragma: no cover


def _rests(tournament: Tournament, players, answer: RoundPairing) -> tuple[PlayerId, ...]:
    """The players resting in a two-player round robin's round (its
    ``byes``: they score nothing, unlike a Swiss bye); withdrawn ones are
    not told, so left out."""
    if tournament.format != Format.ROUND_ROBIN or tournament.players_per_table != 2:
        return ()
    gone = {p.id for p in players if p.withdrawn}
    return tuple(pid for pid in answer.byes if pid not in gone)


def _pair_with_byes(
    tournament: Tournament,
    players,
    results,
    number: int,
    sizes: Sizes,
    asked: frozenset[PlayerId],
    manual: ManualRound | None = None,
) -> RoundPairing | None:
    """Round ``number``'s pairing with the requested half-point byes: those
    players sit out (as if withdrawn, for this round only) and score 1/2.
    A pairing set by hand replaces the automatic one while it still fits.
    None when the format is over: a Swiss also once too few players are
    left for one game."""
    asked = frozenset(p.id for p in players if p.id in asked and not p.withdrawn)
    swiss = tournament.format == Format.SWISS and number <= (tournament.rounds or 0)
    if swiss and sum(not p.withdrawn for p in players) < table_limits(tournament, sizes)[0]:
        # Too few players left for any game: the Swiss ends now rather
        # than hand its last player a bye (and a mail) for each round left.
        return None
    answer = None
    if swiss and manual is not None:
        table_sizes = table_limits(tournament, sizes)
        answer = pairing.manual_round(
            number, players, manual.tables, manual.byes, resting=asked, optional=manual.optional, sizes=table_sizes
        )
    if not swiss:
        answer = _pair(tournament, players, results, number, sizes)
        if answer is not None and manual is not None:
            answer = pairing.manual_reseat(answer, manual.tables)
        return answer
    if not asked:
        return answer or _pair(tournament, players, results, number, sizes)
    present = [replace(p, withdrawn=True) if p.id in asked else p for p in players]
    answer = answer or _pair(tournament, present, results, number, sizes)
    byes = tuple(GameResult.half_bye(number, pid, key=f"R{number}-H{pid}") for pid in sorted(asked))
    if answer is None:
        return RoundPairing(round=number, results=byes)
    return replace(answer, results=byes + answer.results)


def table_limits(tournament: Tournament, sizes: Sizes) -> tuple[int, int]:
    """The smallest and largest table the tournament seats."""
    return min(max(2, sizes.min_players), tournament.players_per_table), tournament.players_per_table


def _pair(tournament: Tournament, players, results, number: int, sizes: Sizes) -> RoundPairing | None:
    """Round ``number``'s pairing, or None when the format is over."""
    size = tournament.players_per_table
    min_size = max(2, sizes.min_players)
    if tournament.format == Format.SWISS:
        if number > (tournament.rounds or 0):
            return None
        if size == 2:
            pair = (
                pairing.swiss_pairing
                if tournament.pairing_system == Tournament.Pairing.MONRAD
                else pairing.dutch_pairing
            )
            return pair(players, results, number)
        return pairing.swiss_table_pairing(players, results, number, size=size, min_size=min_size)
    if tournament.format == Format.ROUND_ROBIN and size == 2:
        double = tournament.double_round_robin
        if number > pairing.round_robin_rounds(len(players), double):
            return None
        return pairing.round_robin_round(players, number, double)
    return _knockout(tournament, players, results, sizes).next_round


def _knockout(tournament: Tournament, players, results, sizes: Sizes) -> pairing.Knockout:
    """Tables of more than two: single elimination or groups and a final."""
    size = tournament.players_per_table
    options = {
        "size": size,
        "advance": tournament.advance,
        "min_size": max(2, sizes.min_players),
    }
    if tournament.format == Format.ROUND_ROBIN:
        return pairing.group_stage(players, results, final_size=sizes.max_players, **options)
    return pairing.table_knockout(players, results, **options)


def _placements(tournament: Tournament, players, results, sizes: Sizes):
    if tournament.has_standings:
        round_robin = tournament.format == Format.ROUND_ROBIN
        return tuple((row.rank, row.player) for row in standings(players, results, round_robin=round_robin))
    return _knockout(tournament, players, results, sizes).placements
