"""The profile's language and time zone by mail, at the command address
(as ``name_commands`` sets the display name): a player who plays by mail
alone, whose account a reply made with a guessed language and zone, sets
them as the profile page does.

- ``language nl`` (``taal nederlands``, ``language English``): the language
  of every mail and page.
- ``time zone Europe/Amsterdam`` (``tijdzone``, ``zone``; a city alone when
  one zone has it: ``zone Amsterdam``, ``zone new york``): the zone every
  deadline is written in."""

from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from mail.address_commands import AddressAnswer, AddressCommand
from mail.inbound import first_line_of

from .accounts.forms import time_zone_names

LANGUAGE_NAME = "language"
ZONE_NAME = "time zone"

_LANGUAGE = re.compile(r"^\s*(?:(?:my\s+)?language|(?:mijn\s+)?taal)\b\s*[:=]?\s*(?P<value>.*?)[\s.!]*$", re.IGNORECASE)
_ZONE = re.compile(
    r"^\s*(?:(?:my\s+)?time\s*zone|timezone|(?:mijn\s+)?tijdzone|zone)\b\s*[:=]?\s*(?P<value>.*?)[\s.!]*$",
    re.IGNORECASE,
)
#: What players call each language, in the languages the site speaks.
_LANGUAGE_WORDS = {
    "en": {"en", "english", "engels", "inglese"},
    "nl": {"nl", "dutch", "nederlands", "olandese", "vlaams"},
    "it": {"it", "italian", "italiaans", "italiano"},
}


def language_request(text: str) -> str | None:
    found = _LANGUAGE.match(first_line_of(text))
    return found.group("value") if found else None


def zone_request(text: str) -> str | None:
    found = _ZONE.match(first_line_of(text))
    return found.group("value") if found else None


def language_answer(value: str, *, user, now: dt.datetime) -> AddressAnswer:
    """Set ``user``'s language to the one ``value`` names."""
    code = next((code for code, words in _LANGUAGE_WORDS.items() if value.strip().lower() in words), None)
    if code is None or code not in dict(settings.LANGUAGES):
        names = ", ".join(name for _code, name in settings.LANGUAGES)
        said = _("Say which language, for example: language nl. The languages: %(names)s.") % {"names": names}
        return AddressAnswer(False, "language: which", [said])
    user.language = code
    user.save(update_fields=["language"])
    # The answer is written in the language just chosen.
    with translation.override(code):
        said = _("Your mails and pages are now in %(language)s.") % {"language": dict(settings.LANGUAGES)[code]}
    return AddressAnswer(True, f"language: {code}", [said])


def zone_answer(value: str, *, user, now: dt.datetime) -> AddressAnswer:
    """Set ``user``'s time zone to the one ``value`` names."""
    zone = _zone_named(value)
    if zone is None:
        said = (
            _(
                "There is no time zone %(value)s here: write it as the time zone database does, for example: "
                "time zone Europe/Amsterdam, or the city alone (time zone Amsterdam)."
            )
            % {"value": repr(value)}
            if value
            else _("Write the time zone, for example: time zone Europe/Amsterdam")
        )
        return AddressAnswer(False, "zone: which", [said])
    user.time_zone = zone
    user.save(update_fields=["time_zone"])
    return AddressAnswer(
        True, f"zone: {zone}", [_("Your deadlines are now written in %(zone)s time.") % {"zone": zone}]
    )


def _zone_named(value: str) -> str | None:
    """The zone ``value`` names: a zone's name (case aside, spaces for
    underscores), or its last part when only one zone has it."""
    wanted = "_".join(value.split()).lower()
    if not wanted:
        return None
    zones = time_zone_names()
    exact = next((zone for zone in zones if zone.lower() == wanted), None)
    if exact is not None:
        return exact
    cities = [zone for zone in zones if zone.rsplit("/", 1)[-1].lower() == wanted]
    return cities[0] if len(cities) == 1 else None


def language_help() -> list[str]:
    return [_("  language (taal) <language>: the language of your mails, e.g. language nl")]


def zone_help() -> list[str]:
    return [_("  time zone (tijdzone) <zone>: the zone of your deadlines, e.g. time zone Europe/Amsterdam")]


LANGUAGE_COMMAND = AddressCommand(read=language_request, answer=language_answer, help=language_help)
ZONE_COMMAND = AddressCommand(read=zone_request, answer=zone_answer, help=zone_help)
