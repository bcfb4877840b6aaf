"""Checks of the texts people write (names, reasons) shared by the apps."""

from __future__ import annotations

import unicodedata


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a control character (Unicode category Cc: a
    NUL, a bell, an escape, DEL...), which no page or mail shows as it was
    written.  Tabs and line breaks count too: callers check a name after
    folding its white space."""
    return any(unicodedata.category(char) == "Cc" for char in text)
