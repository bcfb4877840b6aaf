"""A moment as its reader sees it: in their time zone and language."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from django.utils.dateformat import format as date_format


def moment_for(user, moment: dt.datetime) -> dict[str, str]:
    """``{"when": …, "zone": …}`` for a message: ``moment`` as a weekday,
    date and time in ``user``'s time zone (UTC for no user, e.g. an address
    without an account) and the active language ("Thursday 10 December
    2026, 06:53"), and that zone's name, which the message says (a reader
    in another zone must not guess)."""
    zone = user.zone if user is not None else zoneinfo.ZoneInfo("UTC")
    return {"when": date_format(moment.astimezone(zone), "l j F Y, H:i"), "zone": zone.key}


#: A new account's time zone when its browser told none: the usual one of
#: the players of its language (a player changes it on their profile).
ZONE_OF_LANGUAGE = {"nl": "Europe/Amsterdam"}


def zone_for_language(language: str) -> str:
    """The time zone name a new account reading ``language`` starts with."""
    return ZONE_OF_LANGUAGE.get(language, "UTC")
