"""A plural marked for the catalogue, not translated yet.

Django marks a msgid with ``gettext_noop`` for a line stored in English
and translated by each reader later (``tournaments.services.common.log``),
but has no plural twin: ``ngettext_noop`` is that twin.  ``makemessages``
reads its calls as ``ngettext``'s (the ``makemessages`` command of this
app passes ``--keyword=ngettext_noop:1,2`` to xgettext).
"""

from __future__ import annotations

from typing import NamedTuple


class Plural(NamedTuple):
    """The two English msgids of a plural entry."""

    singular: str
    plural: str


def ngettext_noop(singular: str, plural: str) -> Plural:
    """Marks ``singular`` and ``plural`` as one plural entry; returns them unchanged."""
    return Plural(singular, plural)
