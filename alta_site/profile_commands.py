"""The profile's language and time zone by mail, at the command address
(as ``name_commands`` sets the display name): a player who plays by mail
alone, whose account a reply made with a guessed language and zone, sets
them as the profile page does.

- ``language nl`` (``taal nederlands``, ``language English``): the language
  of every mail and page.
- ``time zone Europe/Amsterdam`` (``tijdzone``, ``zone``; a city alone when
  one zone has it: ``zone Amsterdam``, ``zone new york``): the zone every
  deadline is written in.
- ``digest`` (``samenvatting``) / ``every turn`` (``elke beurt``): one daily
  mail for all games, whose reply addresses take moves as the turn mails'
  do, or a mail for every turn.  (No game mail at all is the unsubscribe
  link's: a player who plays by mail would have nothing left to reply to.)
- ``chat at once`` (``chat meteen``) / ``chat with my moves`` (``chat bij
  mijn zetten``): each chat line mailed as it is written, or read in the
  next game mail (``chat_at_once``, as on the profile page)."""

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
MAILS_NAME = "game mails"
CHAT_NAME = "chat mails"

_LANGUAGE = re.compile(r"^\s*(?:(?:my\s+)?language|(?:mijn\s+)?taal)\b\s*[:=]?\s*(?P<value>.*?)[\s.!]*$", re.IGNORECASE)
_ZONE = re.compile(
    r"^\s*(?:(?:my\s+)?time\s*zone|timezone|(?:mijn\s+)?tijdzone|zone)\b\s*[:=]?\s*(?P<value>.*?)[\s.!]*$",
    re.IGNORECASE,
)
_MAILS = re.compile(
    r"^\s*(?:(?:game\s+)?mails?\s*[:=]?\s*)?(?:(?P<digest>(?:(?:a|one|the)\s+)?(?:daily\s+)?digest|samenvatting|"
    r"(?:een\s+)?dagelijkse?\s+samenvatting)|(?P<each>(?:a\s+mail\s+)?(?:for\s+)?every\s+(?:turn|move)|elke\s+(?:beurt|zet)))"
    r"(?:\s+please|\s+graag|\s+aub)?[\s.!]*$",
    re.IGNORECASE,
)
#: How chat comes: at once, or with the game's mails ("chat at once", "chat
#: meteen"; "chat with my moves", "chat bij mijn zetten", "chat met de mails").
_CHAT = re.compile(
    r"^\s*(?:(?:my|mijn|de)\s+)?chat\s*(?:messages|berichten)?\s*[:=]?\s*(?:"
    r"(?P<now>(?:at\s+)?once|right\s+away|immediately|meteen|direct|onmiddellijk|per\s+direct)|"
    r"(?:with|in)\s+(?:my\s+|the\s+)?(?:moves|turns|(?:game\s+)?mails)|"
    r"(?:bij|met|in)\s+(?:mijn\s+|de\s+)?(?:zetten|beurten|(?:spel)?mails))"
    r"(?:\s+please|\s+graag|\s+aub)?[\s.!]*$",
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


def mails_request(text: str) -> str | None:
    """The ``Notifications`` value a ``digest`` or ``every turn`` line asks for."""
    found = _MAILS.match(first_line_of(text))
    if found is None:
        return None
    return "daily_digest" if found.group("digest") else "every_turn"


def mails_answer(value: str, *, user, now: dt.datetime) -> AddressAnswer:
    """Set how ``user``'s game mails come: one daily digest, or a mail per turn."""
    user.notifications = value
    user.save(update_fields=["notifications", *user.settings_saved()])
    if value == user.Notifications.DAILY_DIGEST:
        said = _(
            "You now get one daily digest instead of a mail for every turn: each morning it lists the games "
            'where it is your move, each with its reply address. Send "every turn" to have a mail for every turn '
            "again."
        )
    else:
        said = _("You now get a mail for every turn.")
    return AddressAnswer(True, f"mails: {value}", [said])


def chat_request(text: str) -> bool | None:
    """Whether a ``chat at once`` (``True``) or ``chat with my moves``
    (``False``) line asks for chat at once; ``None`` for any other line."""
    found = _CHAT.match(first_line_of(text))
    if found is None:
        return None
    return bool(found.group("now"))


def chat_answer(at_once: bool, *, user, now: dt.datetime) -> AddressAnswer:
    """Set whether ``user`` gets each chat line mailed at once, or with the
    next mail of its game (``chat_at_once``)."""
    user.chat_at_once = at_once
    user.save(update_fields=["chat_at_once"])
    if at_once:
        said = _(
            "You now get each chat message by mail as soon as it is written. "
            'Send "chat with my moves" to read chat in your next game mail again.'
        )
    else:
        said = _("You now read chat messages in your next mail of their game.")
    return AddressAnswer(True, f"chat: {'at once' if at_once else 'with the mails'}", [said])


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


def mails_help() -> list[str]:
    return [_("  digest (samenvatting) / every turn (elke beurt): one daily mail for all your games, or one per turn")]


def chat_help() -> list[str]:
    return [
        _(
            "  chat at once (chat meteen) / chat with my moves (chat bij mijn zetten): each chat message mailed "
            "as it is written, or read in your next game mail"
        )
    ]


CHAT_COMMAND = AddressCommand(read=chat_request, answer=chat_answer, help=chat_help)
MAILS_COMMAND = AddressCommand(read=mails_request, answer=mails_answer, help=mails_help)
LANGUAGE_COMMAND = AddressCommand(read=language_request, answer=language_answer, help=language_help)
ZONE_COMMAND = AddressCommand(read=zone_request, answer=zone_answer, help=zone_help)
