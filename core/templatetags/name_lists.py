"""``|names_text``: players named as a sentence lists them, in the active
language ("Anna, Bob and Carla"; ``core.name_lists``)."""

from __future__ import annotations

from django import template

from core.name_lists import names_text as _names_text

register = template.Library()


@register.filter(is_safe=False)
def names_text(value, blank: str = "") -> str:
    """``value`` (names) as "A, B and C" in the active language; an empty
    place (None: an open seat) is written ``blank``."""
    return _names_text(name or blank for name in value or ())
