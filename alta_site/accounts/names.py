"""Display names: what may be chosen, and when two names look the same.

A name is kept in NFKC form (full-width and other compatibility forms fold
to their plain letters).  Its *skeleton* (after Unicode TS #39) folds case
and maps every character to one representative of the characters it can be
mistaken for (Cyrillic ``А`` and Latin ``A``, ``1`` and ``l``), so two names
with the same skeleton read alike and only one of them may exist.  Names the
site itself shows for a seat or a role (``Seat 1``, ``Player 2``, and in Dutch
``Plaats 1``, ``Speler 2``) are reserved.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables
from django.utils.translation import gettext_lazy as _

#: The fewest and most characters of a display name (``normalize``); the
#: model's column and the sign-up form hold no longer one.
MIN_DISPLAY_NAME = 3
MAX_DISPLAY_NAME = 40
_SHAPE = re.compile(rf"^[\w][\w .'-]{{{MIN_DISPLAY_NAME - 2},{MAX_DISPLAY_NAME - 2}}}[\w.]$")
# Words the pages and mails use for a seat or a stand-in player, in every
# language the site speaks (a Dutch page shows an empty seat as "Plaats 2").
_RESERVED_WORDS = (
    "seat",
    "player",
    "spectator",
    "opponent",
    "nobody",
    "anonymous",
    "admin",
    "administrator",
    "moderator",
    "system",
    "alta",
    "you",
    # Dutch
    "plaats",
    "speler",
    "toeschouwer",
    "tegenstander",
    "niemand",
    "anoniem",
    "beheer",
    "beheerder",
    "systeem",
    "jij",
)


class DisplayNameError(ValueError):
    """A refused name; ``message`` says why, ready to show."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


def _neighbours(char: str) -> set[str]:
    return {
        homoglyph["c"]
        for entry in confusables.is_confusable(char, greedy=True) or []
        for homoglyph in entry["homoglyphs"]
        if len(homoglyph["c"]) == 1
    }


@cache
def _representative(char: str) -> str:
    """One character for all those ``char`` can be mistaken for (following
    the data's links to the end: they are not transitive): the least letter,
    so that a capital keeps a case to fold (``O`` rather than ``0``)."""
    group, todo = {char}, [char]
    while todo:
        for other in _neighbours(todo.pop()) - group:
            group.add(other)
            todo.append(other)
    return min((c for c in group if c.isalpha()), default=min(group))


#: Letters that read as one other letter side by side (the data's only
#: such pair in the Latin letters): "rn" reads as "m" ("Kirn" beside "Kim").
_SEQUENCES = (("rn", "m"),)


def _mapped(text: str) -> str:
    """``text`` with every character, and every sequence of ``_SEQUENCES``,
    replaced by its representative."""
    mapped = "".join(_representative(char) for char in text)
    for sequence, letter in _SEQUENCES:
        mapped = mapped.replace(_joined(sequence), _representative(letter))
    return mapped


@cache
def _joined(sequence: str) -> str:
    return "".join(_representative(char) for char in sequence)


def skeleton(name: str) -> str:
    """What ``name`` looks like, ignoring case: the key stored with a name.
    Case folds first, as names are unique ignoring case."""
    return _mapped(unicodedata.normalize("NFKC", " ".join(name.split())).casefold())


def shape_skeleton(name: str) -> str:
    """The skeleton of ``name``'s capitals read as what they look like
    (Cyrillic ``ВОВ`` folds to letters unlike ``bob``; mapped first, it
    meets it): the second key stored with a name."""
    plain = unicodedata.normalize("NFKC", " ".join(name.split()))
    return _mapped(_mapped(plain).casefold())


def skeletons(name: str) -> set[str]:
    """The keys of ``name`` (``skeleton`` and ``shape_skeleton``): two names
    read alike when they share one, whichever of the two keys it is of
    either name (so the check is the same whichever name came first)."""
    return {skeleton(name), shape_skeleton(name)}


def numbered(words: tuple[str, ...], *, number_required: bool = False) -> re.Pattern:
    """Matches the skeleton (``skeletons``) of any of ``words`` followed by
    a number (optional unless ``number_required``): names that read as one
    of them ("Seat 1", "De1eted player 7")."""
    alternatives = "|".join(re.escape(skeleton(word)) for word in words)
    digits = "".join(re.escape(_representative(str(d))) for d in range(10))
    number = rf"[ ._'-]*[{digits}]+"
    return re.compile(rf"^(?:{alternatives})(?:{number}){'' if number_required else '?'}$")


@cache
def _reserved() -> re.Pattern:
    return numbered(_RESERVED_WORDS)


def normalize(value: str) -> str:
    """The name to store for ``value``; raises ``DisplayNameError`` when it is
    malformed, mixes look-alike letters of different scripts, or is
    reserved.  (Whether another account has it is the caller's check.)"""
    name = unicodedata.normalize("NFKC", " ".join(value.split()))
    if not _SHAPE.match(name):
        raise DisplayNameError(
            _("Use %(min)s to %(max)s letters, digits, spaces, dots, dashes, apostrophes or underscores.")
            % {"min": MIN_DISPLAY_NAME, "max": MAX_DISPLAY_NAME}
        )
    if confusables.is_dangerous(name):
        raise DisplayNameError(
            _("This name mixes letters of different alphabets that look alike; use letters of one alphabet.")
        )
    if any(_reserved().match(key) for key in skeletons(name)):
        raise DisplayNameError(_("This name is reserved: the site uses it for seats and players."))
    return name
