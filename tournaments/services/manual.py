"""Pairing a round by hand, before it starts.

The organiser pauses the tournament; once the round being played is
complete the next round waits, and the page proposes its automatic pairing
for editing (:func:`round_pairing_proposal`).  Round 1 waits the same way
when the organiser starts the tournament paused
(``running.tournament_start``): a round already made is never paired
again, as its players have been sent their games.  What may change depends on
the format (:class:`Proposal`'s ``mode``):

- a Swiss (tables of any size): everything, who sits at which table, in
  which seat, and who has the bye;
- a round robin, and the rounds of a table knockout or of groups: the
  tables are the format's (the schedule, or the results), only the seat
  order within each table (who moves first) may change;
- a two-player knockout bracket: nothing.  Each game follows from the
  seeding and the results before it and starts as soon as both players
  are known, so no round waits; the seeding order before the start is the
  organiser's tool.

:func:`round_pairing_set` stores the edited pairing, with warnings
(rematches, first moves, seat positions, a second bye: ``pairing.manual``),
and the round is made from it when the tournament pairs it (at once if it
is not paused).

A player the organiser lets back in (``tools.participant_reinstate``)
after the round was paired by hand does not undo that pairing: in a Swiss
they sit the round out (no game, no points: a bye's point would reward
coming back, and would move the bye the organiser chose) and are paired
from the next round, as a late player is; the page names them
(``Proposal.sitting_out``).  In the formats whose tables are fixed their
scheduled game is played again, in the format's seat order, and the other
tables keep the seat order set by hand.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engine import get_rules
from games.services import Conflict, GameActionError

from .. import pairing
from ..models import ManualPairing, Tournament
from ..selectors import players_of, results_of
from ..types import PlayerId
from .common import locked_tournament, log, require_manager
from .formats import Sizes, next_step, table_limits
from .running import PAIRED_BY_HAND, advance_locked, half_byes_of, let_back_since_paired

#: ``Proposal.mode``: every seat may change, or only the order at a table.
TABLES, SEATS = "tables", "seats"


@dataclass(frozen=True)
class Proposal:
    """The next round's pairing, for the organiser to edit: ``tables``
    list players in seat order (the first moves first), ``by_hand``
    whether an organiser set it, ``mode`` what may change (``TABLES`` or
    ``SEATS``), ``sizes`` the smallest and largest table; ``set_aside``:
    a pairing set by hand no longer fits the players in the round (one
    left since), so this is the automatic one the round will get;
    ``sitting_out``: players let back in after the round was paired by
    hand, whom it leaves out (no game, no points this round)."""

    round: int
    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    by_hand: bool
    problems: tuple[pairing.Problem, ...]
    mode: str = TABLES
    sizes: tuple[int, int] = (2, 2)
    set_aside: bool = False
    sitting_out: tuple[PlayerId, ...] = ()


def pairing_by_hand_possible(tournament: Tournament) -> bool:
    """Whether the format has rounds to pair by hand (not a bracket)."""
    return not tournament.is_bracket


def _automatic(tournament: Tournament) -> tuple[int, Proposal] | None:
    """The round that waits to start and its automatic pairing: the next
    round, when the latest is complete (or none is made: the tournament
    started paused) and the next one is not made yet (the tournament is
    paused); None otherwise."""
    if tournament.status != Tournament.Status.RUNNING or not pairing_by_hand_possible(tournament):
        return None
    latest = tournament.round_set.order_by("-number").first()
    if latest is not None and tournament.games.filter(round=latest, ranking__isnull=True).exists():
        return None
    rules = get_rules(tournament.game)
    sizes = Sizes(rules.min_players, rules.max_players)
    games = tournament.games.select_related("round")
    step = next_step(
        tournament,
        players_of(tournament),
        results_of(tournament),
        existing={g.key for g in games},
        latest_round_open=False,
        sizes=sizes,
        half_byes=half_byes_of(tournament),
    )
    if step.finished or not step.tables:
        return None
    number = min(t.round for t in step.tables)
    tables = tuple(tuple(t.players) for t in step.tables if t.round == number)
    byes = tuple(r.table[0] for r in step.results if r.round == number and r.is_bye and not r.half_point)
    mode = TABLES if tournament.format == Tournament.Format.SWISS else SEATS
    return number, Proposal(number, tables, byes, False, (), mode, table_limits(tournament, sizes))


def round_pairing_proposal(tournament: Tournament) -> Proposal | None:
    """What the organiser may edit now (None when no round waits)."""
    automatic = _automatic(tournament)
    if automatic is None:
        return None
    number, proposal = automatic
    stored = tournament.manual_pairings.filter(round=number).first()
    if stored is None:
        return proposal
    tables = tuple(tuple(t) for t in stored.tables)
    byes = tuple(stored.byes)
    optional = _let_back(tournament, proposal)
    if not _still_fits(tournament, proposal, tables, byes, optional):
        # The round is made as the format pairs it (``formats``), so that is what to show.
        return replace(proposal, set_aside=True)
    if proposal.mode == SEATS:
        # Every table of the round, in the seat order set by hand where it was set.
        tables = pairing.reseated(proposal.tables, tables)
    problems = tuple(pairing.manual_check(results_of(tournament), tables, byes))
    seated = {p for table in tables for p in table} | set(byes)
    sitting_out = tuple(sorted(optional - seated))
    return Proposal(number, tables, byes, True, problems, proposal.mode, proposal.sizes, sitting_out=sitting_out)


def _let_back(tournament: Tournament, proposal: Proposal) -> frozenset[PlayerId]:
    """The players let back in after the round was paired by hand, whom
    its pairing may leave out (a Swiss: in the other formats the tables
    are the format's)."""
    if proposal.mode == SEATS:
        return frozenset()
    return let_back_since_paired(tournament).get(proposal.round, frozenset())


def _still_fits(tournament: Tournament, proposal: Proposal, tables, byes, optional: frozenset[PlayerId]) -> bool:
    """Whether a stored pairing can still be played as set: the players it
    seats are exactly those in the round, but for the ``optional`` ones let
    back in since (``pairing.manual_round``), or, in a format whose tables
    are fixed, each of its tables is still one of the round's
    (``pairing.manual_reseat``)."""
    if proposal.mode == SEATS:
        return pairing.tables_within(tables, proposal.tables)
    resting = half_byes_of(tournament).get(proposal.round, frozenset())
    errors = pairing.manual_errors(
        players_of(tournament), tables, byes, resting=resting, optional=optional, sizes=proposal.sizes
    )
    return not errors


def round_pairing_set(
    *,
    tournament_id: int,
    number: int,
    tables: Sequence[Sequence[PlayerId]],
    byes: Sequence[PlayerId] = (),
    by,
    now: dt.datetime,
) -> list[pairing.Problem]:
    """Pair round ``number`` by hand (players in seat order: the first of
    a table moves first).  Returns the warnings (rematches, first moves,
    seat positions, a second bye); the pairing is stored all the same.

    :raises NotAllowed, Conflict (no round waits; a bracket),
        GameActionError (the pairing leaves a player out (but for one let
        back in after the round was first paired by hand), seats one twice,
        has a table of the wrong size or more byes than needed; in a
        format whose tables are fixed, changes more than the seat order).
    """
    tables = [tuple(int(p) for p in table) for table in tables]
    byes = [int(p) for p in byes]
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if not pairing_by_hand_possible(tournament):
            raise Conflict(bracket_note(), code="bracket")
        automatic = _automatic(tournament)
        if automatic is None or automatic[0] != number:
            raise Conflict(_no_round_waiting(number), code="no_round_waiting")
        proposal = automatic[1]
        if proposal.mode == SEATS:
            if not pairing.same_tables(proposal.tables, tables) or sorted(byes) != sorted(proposal.byes):
                raise GameActionError(
                    _(
                        "In this format the tables follow the schedule or the results: "
                        "change only the seat order at each table."
                    ),
                    code="tables_fixed",
                )
        else:
            resting = half_byes_of(tournament).get(number, frozenset())
            optional = _let_back(tournament, proposal)
            if pairing.manual_errors(
                players_of(tournament), tables, byes, resting=resting, optional=optional, sizes=proposal.sizes
            ):
                raise GameActionError(
                    _(
                        "Seat every player still in exactly once, at tables of the game's size, "
                        "with no more byes than needed (one at most)."
                    ),
                    code="invalid_pairing",
                )
        problems = pairing.manual_check(results_of(tournament), tables, byes)
        ManualPairing.objects.update_or_create(
            tournament=tournament,
            round=number,
            defaults={"tables": [list(t) for t in tables], "byes": byes, "by": by, "created_at": now},
        )
        log(
            tournament,
            PAIRED_BY_HAND,
            gettext_noop("%(by)s paired round %(round)s by hand."),
            params={"by": by, "round": number},
            user=by,
            now=now,
            round=number,
            tables=[list(t) for t in tables],
            byes=byes,
            warnings=[p.kind for p in problems],
        )
        advance_locked(tournament, now)
    return problems


def _no_round_waiting(number: int) -> str:
    """Why round ``number`` cannot be paired by hand now."""
    if number == 1:
        return _(
            "Round 1 can be paired by hand only before its games are made: "
            "start the tournament paused, and round 1 waits for your pairing."
        )
    return _("Only the round that waits to start can be paired by hand, once the round before it is complete.")


def bracket_note() -> str:
    """Why a knockout bracket has no pairing by hand."""
    return _(
        "In a knockout bracket each game follows from the seeding and the results before it, and starts as soon "
        "as both players are known: there is no round to pair by hand. Set the seeding order before the start instead."
    )
