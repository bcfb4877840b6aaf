"""Pairing a Swiss round by hand, before it starts.

The organiser pauses the tournament; once the round being played is
complete the next round waits, and the page proposes its automatic pairing
for editing (:func:`round_pairing_proposal`).  :func:`round_pairing_set`
stores the edited pairing, with warnings for rematches and first-move
problems (``pairing.manual``), and the round is made from it when the
tournament pairs it (at once if it is not paused).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

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
from .formats import Sizes, next_step
from .running import advance_locked, half_byes_of


@dataclass(frozen=True)
class Proposal:
    """The next round's pairing, for the organiser to edit: ``tables`` are
    (first, second), ``by_hand`` whether an organiser set it."""

    round: int
    tables: tuple[tuple[PlayerId, PlayerId], ...]
    byes: tuple[PlayerId, ...]
    by_hand: bool
    problems: tuple[pairing.Problem, ...]


def _next_round(tournament: Tournament) -> int | None:
    """The round to pair by hand: the next one, when the latest is
    complete, it is not paired yet and the Swiss has it."""
    if not (
        tournament.format == Tournament.Format.SWISS
        and tournament.players_per_table == 2
        and tournament.status == Tournament.Status.RUNNING
    ):
        return None
    latest = tournament.round_set.order_by("-number").first()
    if latest is None or tournament.games.filter(round=latest, ranking__isnull=True).exists():
        return None
    number = latest.number + 1
    return number if number <= (tournament.rounds or 0) else None


def round_pairing_proposal(tournament: Tournament) -> Proposal | None:
    """What the organiser may edit now (None when no round waits)."""
    number = _next_round(tournament)
    if number is None:
        return None
    results = results_of(tournament)
    stored = tournament.manual_pairings.filter(round=number).first()
    if stored is not None:
        tables = tuple((a, b) for a, b in stored.tables)
        return Proposal(number, tables, tuple(stored.byes), True, tuple(pairing.manual_check(results, tables)))
    rules = get_rules(tournament.game)
    games = tournament.games.select_related("round")
    step = next_step(
        tournament,
        players_of(tournament),
        results,
        existing={g.key for g in games},
        latest_round_open=False,
        sizes=Sizes(rules.min_players, rules.max_players),
        half_byes=half_byes_of(tournament),
    )
    tables = tuple((t.players[0], t.players[1]) for t in step.tables if t.round == number)
    byes = tuple(r.table[0] for r in step.results if r.round == number and r.is_bye and not r.half_point)
    return Proposal(number, tables, byes, False, ())


def round_pairing_set(
    *,
    tournament_id: int,
    number: int,
    tables: Sequence[tuple[PlayerId, PlayerId]],
    byes: Sequence[PlayerId] = (),
    by,
    now: dt.datetime,
) -> list[pairing.Problem]:
    """Pair round ``number`` by hand (first player of a table moves
    first).  Returns the warnings (rematches, first-move problems); the
    pairing is stored all the same.

    :raises NotAllowed, Conflict (no round waits), GameActionError (the
        pairing leaves a player out, pairs one twice, or has two byes).
    """
    tables = [(int(a), int(b)) for a, b in tables]
    byes = [int(p) for p in byes]
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if _next_round(tournament) != number:
            raise Conflict(
                _("Only the next round of a Swiss can be paired by hand, once the round before it is complete."),
                code="no_round_waiting",
            )
        resting = half_byes_of(tournament).get(number, frozenset())
        if pairing.manual_errors(players_of(tournament), tables, byes, resting=resting):
            raise GameActionError(
                _("Pair every player still in exactly once, with one bye at most."), code="invalid_pairing"
            )
        problems = pairing.manual_check(results_of(tournament), tables)
        ManualPairing.objects.update_or_create(
            tournament=tournament,
            round=number,
            defaults={"tables": [list(t) for t in tables], "byes": byes, "by": by, "created_at": now},
        )
        log(
            tournament,
            "paired_by_hand",
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
