"""The day's allowance of invitations mailed to an address someone typed:
a game's, a club's, a tournament's.  Each mails someone who never asked
for it (whether an account uses the address is never looked up), so an
account may send ``INVITATIONS_TO_STRANGERS_PER_DAY`` of them in any 24
hours, every kind together.  An app that mails such invitations
registers how it counts its own (``address_invitations_register``); the
games' are counted here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils.translation import ngettext

from core.errors import LimitReached
from core.locks import hold
from games.models import MatchEvent

#: ``counter(user, since)``: how many invitations by address ``user`` sent after ``since``.
Counter = Callable[[Any, dt.datetime], int]

_COUNTERS: list[Counter] = []


def address_invitations_register(counter: Counter) -> None:
    """Count ``counter``'s invitations in every account's allowance."""
    if counter not in _COUNTERS:
        _COUNTERS.append(counter)


def address_allowance_check(user, count: int, *, now: dt.datetime) -> None:
    """Refuse ``count`` more invitations by address past ``user``'s
    allowance (those taken back or used count too).  Holds a lock named
    for ``user``, so that invitations sent at once (to a game and to a
    club) count each other: call inside the transaction that records them.
    A named lock, not ``user``'s row: an organiser's invitation holds its
    club's or tournament's lock already, and closing an account locks the
    row before those.

    :raises LimitReached."""
    if not count:
        return
    hold(f"address-invitations:{user.pk}")
    allowed = settings.INVITATIONS_TO_STRANGERS_PER_DAY
    since = now - dt.timedelta(days=1)
    sent = sum(counter(user, since) for counter in _COUNTERS)
    if sent + count > allowed:
        raise _limit_reached(allowed, sent)


def _limit_reached(allowed: int, sent: int) -> LimitReached:
    """The refusal past the day's ``allowed`` (``sent`` in the last 24 hours)."""
    return LimitReached(
        ngettext(
            "You can invite %(allowed)d email address per day, and have invited %(sent)d in the last 24 hours. "
            "Invite players by their display name, or try again tomorrow.",
            "You can invite %(allowed)d email addresses per day, and have invited %(sent)d in the last 24 hours. "
            "Invite players by their display name, or try again tomorrow.",
            allowed,
        )
        % {"allowed": allowed, "sent": sent},
        code="invitation_limit",
    )


def _game_invitations(user, since: dt.datetime) -> int:
    """A game's seats offered to an address (``creation.match_create``)."""
    return MatchEvent.objects.filter(kind="invited", user=user, data__stranger=True, created_at__gt=since).count()


address_invitations_register(_game_invitations)
