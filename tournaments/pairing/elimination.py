"""Single elimination for two-player games (a standard seeded bracket).

:func:`single_elimination_bracket` answers, from the players and the
results so far, the whole bracket: which games are ready, which are decided,
who won.  Call it whenever a game finishes and create the ``ready`` games
that have no match yet (see ``bracket.py``); a round-by-round caller gets
the same games by waiting until a round is over.  Multi-player knockouts
("top M of each table advance") re-seed every round and live in
``tables.py``.

- The bracket has the next power of two of slots.  Seeds are placed in the
  standard order (1 v 16, 8 v 9, 5 v 12, 4 v 13, 3 v 14, 6 v 11, 7 v 10,
  2 v 15 for 16), so seeds 1 and 2 can only meet in the final and the
  missing seeds above n are byes for the top seeds.
- Seeding positions are the players' order by ``Player.seed`` (withdrawn
  players included: they keep their slot and give a walkover).
- Games are keyed ``R<round>-<index>`` (index from the top of the drawn
  bracket) and ``3P`` for the optional third-place game between the losers
  of the semi-finals.  If a semi-final is a bye the other loser is third
  without a game.
- A shared first place is decided by the game's own tie-break, then the
  higher seed goes through (``bracket.py``, rule 3).
- Placings: the champion, the runner-up, then (with a third-place game) its
  winner and loser; players knocked out in the same round share a place.
  A player put out by their own walkover (they withdrew) ranks below those
  put out in play in that round; one who never played a game ranks last
  (``bracket.exit_stages``).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..types import GameResult, Player
from .bracket import Bracket, BracketGame, GameSpec, Source, exit_stages, placements, resolve


def bracket_size(players: int) -> int:
    """The next power of two at or above ``players`` (1 for 0 or 1)."""
    size = 1
    while size < players:
        size *= 2
    return size


def seeding_order(size: int) -> list[int]:
    """Seeds in bracket order; slots 2i and 2i+1 meet in round 1.

    Each step doubles the bracket by pairing seed p with (2m + 1 - p),
    alternating which of the two is drawn first (that alternation is what
    places the blocks of the next step).  The last step draws the higher
    seed of each game first, so the bracket reads 1 v 16, 8 v 9, 5 v 12,
    4 v 13, 3 v 14, 6 v 11, 7 v 10, 2 v 15 for 16, the usual seeded order:
    the top two seeds cannot meet before the final, nor the top four before
    the semi-finals.

    :raises ValueError: when ``size`` is not a power of two.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size {size} is not a power of two")
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        grown: list[int] = []
        for index, seed in enumerate(order):
            pair = [seed, mirror - seed]
            grown.extend(pair if index % 2 == 0 else reversed(pair))
        order = grown
    if size == 1:
        return order
    return [seed for i in range(0, size, 2) for seed in sorted(order[i : i + 2])]


def single_elimination_specs(players: int, third_place: bool = False) -> list[GameSpec]:
    """The games of a single-elimination bracket for ``players`` players."""
    size = bracket_size(players)
    rounds = size.bit_length() - 1
    if players < 2:
        return []
    order = seeding_order(size)
    specs = [
        GameSpec(
            key=f"R1-{i + 1}",
            bracket="main",
            round=1,
            schedule=1,
            sources=(Source("seed", order[2 * i]), Source("seed", order[2 * i + 1])),
        )
        for i in range(size // 2)
    ]
    for rnd in range(2, rounds + 1):
        specs.extend(
            GameSpec(
                key=f"R{rnd}-{i + 1}",
                bracket="main",
                round=rnd,
                schedule=rnd,
                sources=(
                    Source("winner", f"R{rnd - 1}-{2 * i + 1}"),
                    Source("winner", f"R{rnd - 1}-{2 * i + 2}"),
                ),
            )
            for i in range(size >> rnd)
        )
    if third_place and rounds >= 2:
        semi = rounds - 1
        specs.append(
            GameSpec(
                key="3P",
                bracket="third_place",
                round=rounds,
                schedule=rounds,
                sources=(Source("loser", f"R{semi}-1"), Source("loser", f"R{semi}-2")),
            )
        )
    return specs


def single_elimination_bracket(
    players: Iterable[Player],
    results: Iterable[GameResult],
    third_place: bool = False,
) -> Bracket:
    """The single-elimination bracket as it stands.

    :param players: every registered player, withdrawn ones included.
    :param results: the results so far, keyed by game (``R2-3``, ``3P``).
    :raises ValueError: on a result that does not fit the bracket.
    """
    players = list(players)
    specs = single_elimination_specs(len(players), third_place)
    games = resolve(specs, players, results)
    rounds = bracket_size(len(players)).bit_length() - 1
    if len(players) < 2:
        champion = players[0].id if players else None
        alone = {champion: 1} if champion is not None else {}
        return Bracket((), True, champion, placements(alone, players))

    has_third = "3P" in games
    exits: dict[int, tuple[int, BracketGame | None]] = {}
    for game in games.values():
        if game.loser is None:
            continue
        if game.bracket == "third_place":
            exits[game.loser] = (2 * rounds - 2, game)
            exits[game.winner] = (2 * rounds - 1, game)  # type: ignore[index]
        elif not (has_third and game.round == rounds - 1):
            exits[game.loser] = (2 * game.round, game)
    final = games[f"R{rounds}-1"]
    champion = final.winner
    if champion is not None:
        exits[champion] = (2 * rounds + 1, None)
    if has_third and games["3P"].winner is not None and games["3P"].loser is None:
        # A bye in the third-place game: the lone semi-final loser is third.
        exits[games["3P"].winner] = (2 * rounds - 1, None)
    stages = exit_stages(exits, games.values())
    decided = [g for g in games.values() if g.bracket in ("main", "third_place")]
    finished = champion is not None and all(g.status not in ("waiting", "ready") for g in decided)
    return Bracket(
        games=tuple(games.values()),
        finished=finished,
        champion=champion,
        placements=placements(stages, players) if finished else (),
    )
