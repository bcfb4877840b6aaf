"""Verifying a game's shuffles: the published audit record of a match and
the check of it (``games.audit``) for the page, the API and
``manage.py game_verify``.

Before the end only the commitment is public: ``match_audit_record``
refuses an unfinished game, because the record holds the seed, the salt
and every move.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.errors import Conflict
from games.audit import Audit, Problem, audit
from games.i18n import error_text
from games.models import Match

_PROBLEM_TEXT = {
    "unpublished": _("The seed and salt are not published yet: the game is not over."),
    "no_commitment": _(
        "No commitment to the seed was published when this game started (it started before "
        "the site published them), so only the replay can be checked."
    ),
    "commitment": _("The seed and salt do not match the commitment published when the game started."),
    "seat_order": _("The seat order is not the one the seed draws."),
    "missing_ply": _("Position %(ply)s is missing from the move log."),
    "illegal": _(
        "Move %(ply)s (seat %(seat)s) cannot be played in the position the seed and the earlier moves give: %(detail)s"
    ),
    "consequences": _("Move %(ply)s (seat %(seat)s) has other consequences than the ones recorded."),
    "unfinished": _("The game is not over after the last recorded move."),
    "outcome": _("The replayed result differs from the recorded one."),
    "state": _("The replayed final position differs from the one the site stored."),
}


def problem_text(problem: Problem, game: str) -> str:
    """A problem in ``game`` in words, in the active language (the engine's
    refusal too)."""
    seat = None if problem.seat is None else problem.seat + 1
    detail = problem.detail if problem.error is None else error_text(game, problem.error)
    return str(_PROBLEM_TEXT[problem.code]) % {"ply": problem.ply, "seat": seat, "detail": detail}


def match_audit_record(match: Match) -> dict[str, Any]:
    """Everything needed to check a finished match from its seed: JSON-safe,
    the input of ``games.audit.audit``.

    :raises Conflict: the match is not finished (the seed is still secret).
    """
    if not match.is_finished:
        raise Conflict(str(_("The seed is published when the game is over.")), code="not_finished")
    seats = sorted(match.seats.all(), key=lambda s: s.pk)  # the order they took their seats
    return {
        "game": match.game,
        "engine_version": match.engine_version,
        "players": match.players,
        "options": match.options or {},
        "commitment": match.seed_commitment,
        "seed": match.seed,
        "salt": match.seed_salt,
        # None where a tournament set the order: the seed drew nothing to check.
        "seat_order": [seat.index for seat in seats] if match.seats_drawn else None,
        "moves": [
            {"ply": r.ply, "seat": r.seat_index, "kind": r.kind, "moves": r.moves, "events": r.events}
            for r in match.moves.order_by("ply")
        ],
        "outcome": match.outcome,
    }


def match_verify(match: Match) -> Audit:
    """Check a finished match: its commitment, its replay from the seed and
    the move log, and (what only the site can) the stored final position.

    :raises Conflict: the match is not finished.
    """
    result = audit(match_audit_record(match))
    if result.replay_ok and result.final_state != match.state:
        result.replay_ok = False
        result.problems.append(Problem("state"))
    return result
