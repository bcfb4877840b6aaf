"""The picked pawn's ways as a list of ordinary buttons under the road.

The card markers drawn on the road are small on a phone; each way is also a
full-width button here carrying the same ``data-target`` as its marker, so
the page's script makes exactly the picked pawn's ways legal, and the page's
style shows only those (nothing when no pawn is picked).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext

from .common import grouped, place, walk_label, walks


def _where(walk: Any) -> str:
    """The marker's target: ``go 12 pink grey``."""
    return f"go {place(walk.origin)} {' '.join(walk.cards)}"


def ways_html(view: dict[str, Any]) -> str:
    """One button a way of moving a pawn (empty when the viewer cannot
    move one), grouped by origin and destination, fewest cards first."""
    buttons = [
        f'<button type="button" class="secondary way-choice" aria-disabled="true"'
        f' data-target="{escape(_where(walk))}">{escape(walk_label(view, walk))}</button>'
        for options in grouped(walks(view)).values()
        for walk in options
    ]
    if not buttons:
        return ""
    title = escape(gettext("Ways the picked pawn can go"))
    return f'<div class="atl-ways" role="group" aria-label="{title}"><p>{title}</p>{"".join(buttons)}</div>'
