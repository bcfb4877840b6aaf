"""A rematch: the players of a finished game play it again."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import Conflict, NotAllowed
from games.models import Match
from games.organised import rematch_allowed
from games.selectors import rematch_of

from .creation import match_create
from .lifecycle import match_locked


def match_rematch(*, match_id: int, user, now: dt.datetime) -> tuple[Match, bool]:
    """The rematch of finished game ``match_id``, offered by ``user``, one
    of its players: a new game of the same kind, size and settings (time
    control, rated, timeout policy, options) with ``user`` seated and every
    other player invited (a closed account's seat is left open).  A game
    has one rematch: when one is waiting or being played, it is returned
    instead (the second item ``False``: nothing was created), so two
    players offering at once meet in one game.

    :raises NotFound, Conflict: the game is not over or was a tournament's
        (``organised.rematch_allowed``); NotAllowed: ``user`` did not play it.
    """
    with transaction.atomic():
        match = match_locked(match_id)  # one offer at a time
        if not match.is_finished:
            raise Conflict(_("A rematch can be offered once the game is over."), code="not_finished")
        if not rematch_allowed(match):
            # Its organisers pair the games: a second game of the same
            # players would look like part of the tournament and count nowhere.
            raise Conflict(_("A tournament game has no rematch: the tournament pairs its games."), code="organised")
        players = [s.user for s in match.seats.select_related("user") if s.user is not None and s.index is not None]
        if user.pk not in {player.pk for player in players}:
            raise NotAllowed(_("Only the players of this game can offer a rematch."), code="not_a_player")
        offered = rematch_of(match)
        if offered is not None:
            return offered, False
        rematch = match_create(
            creator=user,
            game=match.game,
            players=match.players,
            now=now,
            days_per_move=match.days_per_move,
            rated=match.rated,
            timeout_policy=match.timeout_policy,
            invite=[player.display_name for player in players if player.pk != user.pk and player.is_active],
            options=match.options,
            bank_initial_days=match.bank_initial_days,
            bank_increment_days=match.bank_increment_days,
            bank_cap_days=match.bank_cap_days,
            weekends_off=match.weekends_off,
            vacation_allowed=match.vacation_allowed,
        )
        rematch.rematch_of = match
        rematch.save(update_fields=["rematch_of"])
    return rematch, True
