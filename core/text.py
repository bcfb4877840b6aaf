"""Checks of the texts people write (names, reasons) shared by the apps."""

from __future__ import annotations

import unicodedata

#: The control characters a text of several lines keeps: its line breaks and tabs.
LAYOUT_CHARACTERS = frozenset("\n\r\t")


def has_control_characters(text: str, *, keeping: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a control character (Unicode category Cc: a
    NUL, a bell, an escape, DEL, a C1 control...) other than those in
    ``keeping``, which no page or mail shows as it was written.  Without
    ``keeping`` tabs and line breaks count too: callers check a name after
    folding its white space."""
    return any(unicodedata.category(char) == "Cc" and char not in keeping for char in text)
