"""A fixed two-player bracket, resolved from the results so far.

Single and double elimination both describe their bracket as a list of
:class:`GameSpec` (which game feeds which slot), and this module works out
from the players and the results what every game looks like *now*: who is
in it, whether it can be played, who won.  Because the answer is a pure
function of (players, results), the Django side can call it whenever a game
finishes, create every ``ready`` game that has no match yet (keyed by
``GameSpec.key``, so a repeated call creates nothing twice) and draw the
whole bracket from the same answer.

Rules applied to every game, in this order:

1. A slot whose player is not known yet (an earlier game is unfinished)
   makes the game ``waiting``.
2. A slot with nobody in it (a bye in round 1, or a bye carried on) makes it
   a ``bye``: the other player goes through without a game; if both slots
   are empty the game is ``void`` and nobody goes through.
3. A recorded result decides the game (``played``).  A shared first place
   goes to the player the game's own tie-break put first (already in the
   ranking), then to the higher seed.
4. Otherwise, if a player has withdrawn, the game is a ``walkover`` for the
   other; if both have withdrawn the higher seed goes through (and gives a
   walkover in the next game).  :meth:`Bracket.walkovers` returns these as
   forfeit results.  The caller records them every time, in the same
   transaction as it creates the ready games: an unrecorded walkover is
   worked out again from the withdrawals of the moment, so a second
   withdrawal (or a reinstatement) could change who went through after
   later games were built on it (the next call then raises ValueError).
   A game already under way when a player withdraws turns into a walkover
   the same way; the caller records it and ends the match.
5. Otherwise the game is ``ready``.

A game that is only needed in some cases (the grand-final reset) is
``not_needed`` otherwise.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..types import GameResult, Player, PlayerId, Table
from .common import by_seed, knockout_seats

WAITING = "waiting"
READY = "ready"
PLAYED = "played"
WALKOVER = "walkover"
BYE = "bye"
VOID = "void"
NOT_NEEDED = "not_needed"


@dataclass(frozen=True)
class Source:
    """Where a slot's player comes from: a seed, or a game's winner/loser."""

    kind: str  # "seed" | "winner" | "loser"
    ref: int | str

    def describe(self) -> str:
        if self.kind == "seed":
            return f"seed {self.ref}"
        return f"{self.kind} of {self.ref}"


@dataclass(frozen=True)
class GameSpec:
    """One game of the bracket.

    ``schedule`` is the earliest round in which it can be played, used as
    ``Table.round``.  ``reset_of`` names the game this one replays when the
    second slot of that game won it (the grand-final reset).
    """

    key: str
    bracket: str
    round: int
    schedule: int
    sources: tuple[Source, Source]
    reset_of: str | None = None


@dataclass(frozen=True)
class BracketGame:
    """A game as it stands: ``players`` by slot (None: unknown or nobody)."""

    key: str
    bracket: str
    round: int
    schedule: int
    sources: tuple[str, str]
    players: tuple[PlayerId | None, PlayerId | None]
    seats: tuple[PlayerId, ...]
    status: str
    winner: PlayerId | None = None
    loser: PlayerId | None = None
    result: GameResult | None = None
    forfeited: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class Bracket:
    """The whole bracket; ``placements`` is filled once it is finished."""

    games: tuple[BracketGame, ...]
    finished: bool
    champion: PlayerId | None
    placements: tuple[tuple[int, PlayerId], ...]

    def game(self, key: str) -> BracketGame:
        for game in self.games:
            if game.key == key:
                return game
        raise KeyError(key)

    def ready(self) -> tuple[Table, ...]:
        """Games to play now (or being played): create the missing ones."""
        return tuple(Table(round=g.schedule, key=g.key, players=g.seats) for g in self.games if g.status == READY)

    def walkovers(self) -> tuple[GameResult, ...]:
        """Forfeit results to record for walkovers not recorded yet."""
        return tuple(
            GameResult.forfeit(round=g.schedule, table=g.seats, forfeited=g.forfeited, key=g.key)
            for g in self.games
            if g.status == WALKOVER and g.result is None
        )


class _Unknown(enum.Enum):
    """A slot whose player is not known yet (its source game is unfinished)."""

    UNKNOWN = "unknown"


_UNKNOWN = _Unknown.UNKNOWN
_Slot = PlayerId | None | _Unknown


def resolve(
    specs: Sequence[GameSpec],
    players: Iterable[Player],
    results: Iterable[GameResult],
) -> dict[str, BracketGame]:
    """Every game of ``specs`` as it stands (module docstring, rules 1-5).

    :raises ValueError: on a result with an unknown or repeated key, or
        whose players are not the game's players, or for a game that cannot
        be played (waiting, bye, void, not needed).
    """
    players = by_seed(players)
    results = list(results)
    by_position = {i: p.id for i, p in enumerate(players, start=1)}
    seed_of = {p.id: p.seed for p in players}
    withdrawn = {p.id for p in players if p.withdrawn}
    by_key: dict[str, GameResult] = {}
    for result in results:
        if result.key in by_key:
            raise ValueError(f"two results for game {result.key!r}")
        by_key[result.key] = result
    unknown = set(by_key) - {s.key for s in specs}
    if unknown:
        raise ValueError(f"results for unknown games {sorted(unknown)}")
    games: dict[str, BracketGame] = {}

    def slot(source: Source) -> _Slot:
        if source.kind == "seed":
            return by_position.get(int(source.ref))
        game = games[str(source.ref)]
        if game.status in (WAITING, READY):
            return _UNKNOWN
        return game.winner if source.kind == "winner" else game.loser

    for spec in specs:
        a, b = (slot(source) for source in spec.sources)
        recorded = by_key.get(spec.key)
        status, winner, loser = _decide(spec, games, a, b, recorded, seed_of, withdrawn)
        if recorded is not None and status not in (PLAYED, WALKOVER):
            raise ValueError(f"result for game {spec.key!r}, which is {status}")
        known = tuple(p for p in (a, b) if isinstance(p, int))
        forfeited: tuple[PlayerId, ...] = ()
        seats: tuple[PlayerId, ...] = ()
        if recorded is not None:
            seats = recorded.table
            forfeited = tuple(p for p in seats if p in recorded.forfeited)
        elif status in (READY, WALKOVER):
            seats = knockout_seats(known, results, seed_of, spec.schedule)
            forfeited = tuple(p for p in seats if p in withdrawn)
        games[spec.key] = BracketGame(
            key=spec.key,
            bracket=spec.bracket,
            round=spec.round,
            schedule=spec.schedule,
            sources=(spec.sources[0].describe(), spec.sources[1].describe()),
            players=(
                a if isinstance(a, int) else None,
                b if isinstance(b, int) else None,
            ),
            seats=seats,
            status=status,
            winner=winner,
            loser=loser,
            result=recorded,
            forfeited=forfeited,
        )
    return games


def _decide(
    spec: GameSpec,
    games: dict[str, BracketGame],
    a: _Slot,
    b: _Slot,
    result: GameResult | None,
    seed_of: dict[PlayerId, int],
    withdrawn: set[PlayerId],
) -> tuple[str, PlayerId | None, PlayerId | None]:
    """(status, winner, loser) of one game (module docstring, rules 1-5)."""
    if spec.reset_of is not None:
        replayed = games[spec.reset_of]
        if replayed.status in (WAITING, READY):
            return WAITING, None, None
        if replayed.winner is None or replayed.winner != replayed.players[1]:
            return NOT_NEEDED, None, None
    if a is _UNKNOWN or b is _UNKNOWN:
        return WAITING, None, None
    if a is None or b is None:
        alone = a if b is None else b
        if isinstance(alone, int):
            return BYE, alone, None
        return VOID, None, None
    assert isinstance(a, int) and isinstance(b, int)
    if result is not None:
        if set(result.table) != {a, b}:
            raise ValueError(
                f"result for game {spec.key!r} has players {sorted(result.table)}, the bracket has {sorted((a, b))}"
            )
        winner, loser = result.order(seed_of)
        return (WALKOVER if result.forfeited else PLAYED), winner, loser
    gone = [p for p in (a, b) if p in withdrawn]
    if not gone:
        return READY, None, None
    higher, lower = sorted((a, b), key=seed_of.__getitem__)
    if len(gone) == 2:
        return WALKOVER, higher, lower
    return WALKOVER, (b if gone[0] == a else a), gone[0]


def exit_stages(
    exits: dict[PlayerId, tuple[int, BracketGame | None]], games: Iterable[BracketGame]
) -> dict[PlayerId, int]:
    """The stages for :func:`placements` from each player's exit: (the stage
    reached, the game that put them out, None for the champion).

    A player put out by a walkover they gave (they withdrew) ranks below
    everybody put out in play at that stage, above those put out earlier;
    one who never played a game (byes and walkovers only) ranks below
    everybody who did, as a table knockout leaves such a player unplaced.
    """
    played = {p for g in games if g.status == PLAYED for p in g.seats}
    stages = {}
    for player, (stage, game) in exits.items():
        if game is not None and player in game.forfeited:
            stages[player] = 2 * stage - 1 if player in played else 0
        else:
            stages[player] = 2 * stage
    return stages


def placements(stages: dict[PlayerId, int], players: Iterable[Player]) -> tuple[tuple[int, PlayerId], ...]:
    """(place, player) from each player's exit stage (higher is better).

    Players leaving at the same stage share the place and are listed by
    seed; players with no stage are left out.
    """
    ordered = [p.id for p in by_seed(players) if p.id in stages]
    ordered.sort(key=lambda p: -stages[p])
    out: list[tuple[int, PlayerId]] = []
    for index, player in enumerate(ordered):
        if out and stages[out[-1][1]] == stages[player]:
            out.append((out[-1][0], player))
        else:
            out.append((index + 1, player))
    return tuple(out)
