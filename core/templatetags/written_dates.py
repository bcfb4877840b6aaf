"""``|written``: Django's ``|date``, with month abbreviations written as
the reader's language writes them; ``|moment``: a moment as every mail
writes it; ``|zone_name``: a time zone as the profile lists it.

Django's ``M`` capitalises the abbreviated month in every language
("10 Dec"), but Dutch (like Italian, French, Spanish and Portuguese)
writes it in lower case ("do 10 dec"); for those languages ``M`` becomes
``b``, Django's lower-case abbreviation.  Everything else is ``|date``'s.
"""

from __future__ import annotations

import datetime as dt
import re

from django import template
from django.template.defaultfilters import date
from django.utils import timezone
from django.utils.formats import FORMAT_SETTINGS, get_format
from django.utils.translation import get_language

from core.moments import doubled_hour_offset, written_moment
from core.moments import zone_name as _zone_name

register = template.Library()

#: Languages that write month names, and so their abbreviations, in lower case.
LOWER_CASE_MONTHS = frozenset({"nl", "it", "fr", "es", "pt"})
#: ``M`` as a format character (a backslash-escaped ``\M`` is a literal M).
_MONTH = re.compile(r"(?<!\\)M")
#: A format that ends with a time of day (hours and minutes).
_ENDS_WITH_TIME = re.compile(r"(?<!\\)[GH]:i$")


@register.filter(expects_localtime=True, is_safe=False)
def written(value, arg=None):
    """``value|date:arg``, with ``M`` written as ``b`` where the active
    language writes months in lower case (in a named format such as
    ``"SHORT_DATE_FORMAT"`` too, once the language's format is looked up).
    A format ending with the time ("D j M, H:i") writes a time the zone
    lives twice with its UTC offset ("zo 25 okt, 02:30 UTC+01:00")."""
    if arg and (get_language() or "").split("-")[0] in LOWER_CASE_MONTHS:
        if arg in FORMAT_SETTINGS:
            arg = get_format(arg)
        arg = _MONTH.sub("b", arg)
    shown = date(value, arg)
    if arg and shown and _ENDS_WITH_TIME.search(arg) and isinstance(value, dt.datetime):
        # The hour the clocks go back is lived twice: say which one.
        shown += doubled_hour_offset(value)
    return shown


@register.filter(is_safe=False)
def moment(value):
    """``value`` as every mail writes a moment, in the active time zone and
    language: "Thursday 10 December 2026, 06:53 (Europe/Amsterdam time)"."""
    if not value:
        return ""
    return written_moment(timezone.get_current_timezone(), value)


@register.filter(is_safe=False)
def zone_name(value) -> str:
    """A time zone's name as the profile's list (and every mail) writes it:
    "America/New York"."""
    return _zone_name(value)
