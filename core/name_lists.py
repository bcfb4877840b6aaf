"""Players named in a sentence: "Anna, Bob and Carla" (Dutch "Anna, Bob en
Carla"), as every mail and page lists them, never a bare "Anna, Bob, Carla"."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.text import get_text_list
from django.utils.translation import gettext as _


def names_text(names: Iterable[object]) -> str:
    """``names`` as a sentence lists them, in the active language: "A",
    "A and B", "A, B and C" ("" for none)."""
    return get_text_list([str(name) for name in names], _("and"))
