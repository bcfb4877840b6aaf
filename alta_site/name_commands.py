"""``name <new name>`` (``naam``, "my name is ...", "mijn naam is ...") at
the command address: a player who plays by mail alone (whose account,
made by a reply, is called "Guest-12345") chooses the name the other
players see, with the profile page's checks
(``accounts.forms.clean_display_name``).  Here because it joins the
accounts and ``mail``, which does not know them (registered in
``mail.address_commands`` by ``apps``)."""

from __future__ import annotations

import datetime as dt
import re

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from mail.address_commands import AddressAnswer, AddressCommand
from mail.inbound import first_line_of

from .accounts.forms import clean_display_name

NAME = "display name"

#: "name Jan", "my name is Jan de Vries", "naam: Jan", "mijn naam is Jan", "call me Jan", "noem me Jan".
_NAME = re.compile(
    r"^\s*(?:(?:my\s+)?name(?:\s+is)?|(?:mijn\s+)?naam(?:\s+is)?|call\s+me|noem\s+m[ei]j?)\b\s*[:=]?\s*(?P<name>.*?)\s*$",
    re.IGNORECASE,
)
_QUOTES = "\"'\u2018\u2019\u201c\u201d"


def name_request(text: str) -> str | None:
    """The new name of a ``name`` command on the first line of ``text``
    ("" when none is written), else ``None``."""
    found = _NAME.match(first_line_of(text))
    return found.group("name").strip(_QUOTES).strip() if found else None


def name_answer(name: str, *, user, now: dt.datetime) -> AddressAnswer:
    """Give ``user`` the display ``name``, or say why not (nothing changed)."""
    if not name:
        return AddressAnswer(
            False,
            "name: none",
            [
                _("Write the name after the word, for example: name %(example)s (you are now %(name)s).")
                % {"example": "Jan de Vries", "name": user.display_name}
            ],
        )
    old = user.display_name
    try:
        cleaned = clean_display_name(name, exclude_pk=user.pk)
        if cleaned == old:  # as written, or once cleaned (invisible characters dropped)
            return AddressAnswer(
                False, "name: unchanged", [_refused(_("%(name)s is already your name.") % {"name": old})]
            )
        with transaction.atomic():
            user.display_name = cleaned
            user.save(update_fields=["display_name"])
    except ValidationError as error:
        user.display_name = old
        return AddressAnswer(False, "name: refused", [_refused(" ".join(error.messages))])
    except IntegrityError:  # another account took it at the same moment
        user.display_name = old
        return AddressAnswer(False, "name: taken", [_refused(_("That display name is already taken."))])
    return AddressAnswer(
        True,
        "name: changed",
        [
            _("Your name is now %(name)s (it was %(old)s): the other players see it in every game.")
            % {"name": cleaned, "old": old}
        ],
    )


def _refused(why: str) -> str:
    return _("Your name was not changed. %(why)s") % {"why": why}


def name_help() -> list[str]:
    # "Others", not "the other players": the list is shown under a two-player game's mails too.
    return [_("  name (naam) <new name>: your name as others see it")]


COMMAND = AddressCommand(read=name_request, answer=name_answer, help=name_help)
