"""The name a closed account keeps in the records, "deleted player 123",
as its reader reads it ("verwijderde speler 123" in Dutch).

Stored log lines keep their name parameters in English (the name of the
day, replaced at closing by ``alta_site.accounts.closing``): a line is
shown in its reader's language only once those names are too.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext

#: The stored form (``closing.closed_name``), as a whole word.
CLOSED_NAME = re.compile(r"(?<!\w)deleted player (\d+)(?!\w)")


def closed_name_shown(number: int | str) -> str:
    """Closed account ``number``'s name in the active language."""
    return gettext("deleted player %(number)s") % {"number": number}


def closed_names_shown(text: str) -> str:
    """``text`` (a stored name, or a list of them) with every closed
    account's name in the active language."""
    return CLOSED_NAME.sub(lambda found: closed_name_shown(found.group(1)), text)
