"""Checks of the texts people write (names, reasons) shared by the apps."""

from __future__ import annotations

import unicodedata

#: The control characters a text of several lines keeps: its line breaks and tabs.
LAYOUT_CHARACTERS = frozenset("\n\r\t")
#: Unicode's explicit direction controls (embeddings, overrides, isolates):
#: they reorder the text around them, so that a name or a description reads
#: otherwise than it was written ("Spring cup" shown as "puc gnirpS").
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def has_control_characters(text: str, *, keeping: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a control character (Unicode category Cc: a
    NUL, a bell, an escape, DEL, a C1 control...; or a direction control,
    ``DIRECTION_CONTROLS``) other than those in ``keeping``, which no page
    or mail shows as it was written.  Without ``keeping`` tabs and line
    breaks count too: callers check a name after folding its white space."""
    return any(
        (unicodedata.category(char) == "Cc" or char in DIRECTION_CONTROLS) and char not in keeping for char in text
    )
