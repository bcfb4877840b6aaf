"""Plain-data values shared by pairing and standings (no Django here).

The Django side turns its rows into these frozen dataclasses, calls the pure
functions in ``tournaments.pairing`` and ``tournaments.standings``, and turns
the answers back into rows.  Nothing here knows about matches or users: a
player is an integer id (the tournament participant's id), a game result is
who sat where and who finished ahead of whom.

Choices the usual tournament rules leave open, made here:

- ``Player.seed`` is the tournament's seeding position (1 = strongest),
  whatever the organiser chose it from (rating, random draw, manual order).
  Only its order matters, so gaps are harmless.
- Withdrawal and disqualification are the same flag, ``Player.withdrawn``:
  both forfeit the remaining games and keep the player in the standings for
  the games already played.
- A result lists the players who played in ``ranking`` (groups of tied
  players, best first, exactly like the engine's ``Outcome.ranking`` with
  player ids instead of seats) and the players who did not play in
  ``forfeited``.  Every forfeited player loses to every player who played
  and scores nothing, not even against another forfeited player.
- A one-player table is a bye: one win's points, no opponent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeAlias

PlayerId: TypeAlias = int


@dataclass(frozen=True)
class Player:
    """A registered tournament player.

    ``seed`` orders the field (lower is stronger); ``rating`` is the rating
    at the start, the last standings tie-break; ``withdrawn`` is set once the
    player withdraws or is disqualified.
    """

    id: PlayerId
    seed: int
    rating: int = 0
    withdrawn: bool = False


@dataclass(frozen=True)
class GameResult:
    """The result of one game (or of one game that was not played).

    ``table`` is the players in seat order (seat 0 moved first).
    ``ranking`` groups the players who played, best first; ties share a
    group, after the game's own tie-break (as the engine's ``Outcome``).
    ``forfeited`` is the players at the table who did not play.  ``key``
    names the game for formats that need it (bracket positions such as
    ``"W2-1"``); formats that pair by round leave it empty.

    :raises ValueError: when ``ranking`` and ``forfeited`` do not cover the
        table exactly once each.
    """

    round: int
    table: tuple[PlayerId, ...]
    ranking: tuple[tuple[PlayerId, ...], ...]
    forfeited: frozenset[PlayerId] = field(default_factory=frozenset)
    key: str = ""
    #: A bye the player asked for: half a point, and not a "win without
    #: playing" (it does not stop a later pairing-allocated bye).
    half_point: bool = False

    def __post_init__(self) -> None:
        if self.half_point and len(self.table) != 1:
            raise ValueError("only a bye can be a half-point bye")
        ranked = [p for group in self.ranking for p in group]
        if any(not group for group in self.ranking):
            raise ValueError("a ranking group is empty")
        if len(set(self.table)) != len(self.table) or not self.table:
            raise ValueError(f"table {self.table!r} is empty or repeats a player")
        if len(set(ranked)) != len(ranked) or set(ranked) & self.forfeited:
            raise ValueError("a player is ranked twice or both ranked and forfeited")
        if set(ranked) | self.forfeited != set(self.table):
            raise ValueError(
                f"ranking {self.ranking!r} and forfeited {sorted(self.forfeited)} do not cover table {self.table!r}"
            )

    @classmethod
    def bye(cls, round: int, player: PlayerId, key: str = "") -> GameResult:
        """A bye: the player alone at a table, scoring one win's points."""
        return cls(round=round, table=(player,), ranking=((player,),), key=key)

    @classmethod
    def half_bye(cls, round: int, player: PlayerId, key: str = "") -> GameResult:
        """A bye the player requested: half a point."""
        return cls(round=round, table=(player,), ranking=((player,),), key=key, half_point=True)

    @classmethod
    def forfeit(
        cls,
        round: int,
        table: Iterable[PlayerId],
        forfeited: Iterable[PlayerId],
        key: str = "",
    ) -> GameResult:
        """A game not played: the players present share first place."""
        table = tuple(table)
        gone = frozenset(forfeited)
        present = tuple(p for p in table if p not in gone)
        ranking = (present,) if present else ()
        return cls(round=round, table=table, ranking=ranking, forfeited=gone, key=key)

    @property
    def played(self) -> tuple[PlayerId, ...]:
        """The players who actually played, in seat order."""
        return tuple(p for p in self.table if p not in self.forfeited)

    @property
    def is_bye(self) -> bool:
        return len(self.table) == 1

    @property
    def unplayed_winners(self) -> tuple[PlayerId, ...]:
        """Players who scored a win without playing (a bye or a walkover).

        FIDE C.04.1 rule 4 treats both alike for bye eligibility.
        """
        played = self.played
        return played if len(played) == 1 and not self.half_point else ()

    def order(self, seed_of: dict[PlayerId, int]) -> tuple[PlayerId, ...]:
        """Every player at the table, best first, ties broken by seed.

        Used where a shared place must still be decided (who advances in an
        elimination): the game's own tie-break is already in ``ranking``,
        then the higher seed goes first; forfeited players come last.
        """
        out = [p for group in self.ranking for p in sorted(group, key=seed_of.__getitem__)]
        out.extend(sorted(self.forfeited, key=seed_of.__getitem__))
        return tuple(out)


@dataclass(frozen=True)
class Table:
    """One game to create: ``players`` in seat order (seat 0 moves first)."""

    round: int
    key: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round.

    ``tables`` are the games to create.  ``byes`` are the players who sit
    this round out.  ``results`` are results to record at once without a
    game: Swiss byes (one win's points), byes that advance a player in a
    knockout, and forfeits against withdrawn players.  A round-robin rest is
    in ``byes`` only, because it scores nothing.
    """

    round: int
    tables: tuple[Table, ...] = ()
    byes: tuple[PlayerId, ...] = ()
    results: tuple[GameResult, ...] = ()
