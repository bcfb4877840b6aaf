"""Helpers every tournament service shares: the tournament lock, the log,
the organiser check, the round in play and the check that the tournament runs.

Lock order: the tournament row first, then any match
(through the games services).  The games app never takes a tournament
lock, so a game finishing cannot deadlock with a tournament step.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.utils import translation
from django.utils.translation import gettext as _

from core.marking import Plural
from core.name_lists import names_text
from games.services import Conflict, NotAllowed, NotFound

from ..models import Tournament, TournamentEvent
from ..selectors import can_manage


def locked_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the end of the transaction.

    :raises NotFound: no such tournament.
    """
    try:
        # ``of=("self",)``: PostgreSQL cannot lock the nullable side of the
        # outer join to the club, and only the tournament row is wanted.
        return Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound(_("There is no such tournament.")) from None


def require_manager(user, tournament: Tournament) -> None:
    """:raises NotAllowed: ``user`` does not organise ``tournament``."""
    if not can_manage(user, tournament):
        raise NotAllowed(_("Only the tournament's organisers can do that."), code="not_organiser")


def current_round(tournament: Tournament) -> int:
    return tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0


def require_running(tournament: Tournament) -> None:
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is not running."), code="not_running")


def _stored(value: object) -> str | list[str]:
    """A log param as the row keeps it: a list of names as a list, anything else as text."""
    return [str(item) for item in value] if isinstance(value, list | tuple) else str(value)


def log(
    tournament: Tournament,
    kind: str,
    message: str | Plural,
    *,
    now: dt.datetime,
    user=None,
    params: dict[str, object] | None = None,
    translated: Sequence[str] = (),
    **data,
) -> TournamentEvent:
    """Write a line of the tournament's log.  ``message`` is an English
    msgid (marked with ``gettext_noop``) with ``%(name)s`` ``params``: the
    row keeps the English line as ``text`` and both parts in ``data``, so
    each reader sees it in their own language (``TournamentEvent.shown_text``).
    A plural ``message`` (``ngettext_noop``) is worded for its ``count``
    param; a list param (names) reads as a sentence lists them, joined in
    each reader's language ("A and B").  ``translated`` names the params
    whose values are msgids too (which may use the other params:
    ``%(count)s``)."""
    params = {key: _stored(value) for key, value in (params or {}).items()}
    plural = None
    if isinstance(message, Plural):
        message, plural = message
        data.update(plural=plural)
    english = plural if plural is not None and params["count"] != "1" else message
    if params or "%" in message:
        data.update(message=message, params=params)
        if translated:
            data.update(translated=list(translated))
    else:
        data.update(message=message)
    with translation.override("en"):
        shown = {key: names_text(value) if isinstance(value, list) else value for key, value in params.items()}
    shown |= {key: str(params[key]) % params for key in translated}
    return TournamentEvent.objects.create(
        tournament=tournament,
        kind=kind,
        text=(english % shown if params else english)[:1000],
        user=user,
        data=data,
        created_at=now,
    )
