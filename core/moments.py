"""A moment as its reader sees it: in their time zone and language."""

from __future__ import annotations

import datetime as dt

from django.utils.dateformat import format as date_format


def moment_for(user, moment: dt.datetime) -> dict[str, str]:
    """``{"when": …, "zone": …}`` for a message: ``moment`` as a weekday,
    date and time in ``user``'s time zone and the active language
    ("Thursday 10 December 2026, 06:53"), and that zone's name, which the
    message says (a reader in another zone must not guess)."""
    zone = user.zone
    return {"when": date_format(moment.astimezone(zone), "l j F Y, H:i"), "zone": zone.key}
