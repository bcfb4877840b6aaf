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


def moment_in(zone: dt.tzinfo, moment: dt.datetime) -> dict[str, str]:
    """``{"when": …, "zone": …}``: ``moment`` as a weekday, date and time in
    ``zone`` and the active language ("Thursday 10 December 2026, 06:53"),
    and the zone's name (``zone_name``), which every message says (a reader
    in another zone must not guess)."""
    return {"when": date_format(moment.astimezone(zone), "l j F Y, H:i"), "zone": zone_name(zone)}


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
