"""A moment as its reader sees it: in their time zone and language."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _


def zone_name(zone) -> str:
    """A time zone's name as the profile's list and the page footer write
    it, and so every mail: "America/New York", not "America/New_York"."""
    return str(zone).replace("_", " ")


def doubled_hour_offset(local: dt.datetime) -> str:
    """The words " UTC+02:00" for a local time its zone lives twice (the hour the
    clocks go back: Amsterdam's 02:30 on the last Sunday of October is
    first UTC+02:00, then UTC+01:00), so that the two moments do not read
    the same; "" for every other time.  ``local`` as ``astimezone`` gives
    it (its ``fold`` says which of the two it is)."""
    offset = local.utcoffset()
    if offset is None or local.replace(fold=1 - local.fold).utcoffset() == offset:
        return ""
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f" UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def moment_in(zone: dt.tzinfo, moment: dt.datetime) -> dict[str, str]:
    """``{"when": …, "zone": …}``: ``moment`` as a weekday, date and time in
    ``zone`` and the active language ("Thursday 10 December 2026, 06:53"),
    and the zone's name (``zone_name``), which every message says (a reader
    in another zone must not guess).  A time the zone lives twice says
    its UTC offset ("Sunday 25 October 2026, 02:30 UTC+01:00")."""
    local = moment.astimezone(zone)
    return {"when": date_format(local, "l j F Y, H:i") + doubled_hour_offset(local), "zone": zone_name(zone)}


def moment_for(user, moment: dt.datetime) -> dict[str, str]:
    """``moment_in`` ``user``'s time zone (UTC for no user, e.g. an address
    without an account)."""
    return moment_in(user.zone if user is not None else zoneinfo.ZoneInfo("UTC"), moment)


def written_moment(zone: dt.tzinfo, moment: dt.datetime) -> str:
    """How every mail writes a moment: "Thursday 10 December 2026, 06:53
    (Europe/Amsterdam time)", in the active language."""
    return _("%(when)s (%(zone)s time)") % moment_in(zone, moment)


#: A new account's time zone when its browser told none: the usual one of
#: the players of its language (a player changes it on their profile).
ZONE_OF_LANGUAGE = {"nl": "Europe/Amsterdam"}


def zone_for_language(language: str) -> str:
    """The time zone name a new account reading ``language`` starts with."""
    return ZONE_OF_LANGUAGE.get(language, "UTC")
