"""The game page's "Rating changes" section (registered with
``games.panels`` by ``RatingsConfig.ready``)."""

from __future__ import annotations

from django.template.loader import render_to_string

from .selectors import rating_changes_for_match


def rating_changes_panel(match) -> str:
    """A finished rated game's rating changes with their arithmetic ("" otherwise)."""
    if not (match.is_finished and match.rated):
        return ""
    changes = rating_changes_for_match(match.pk)
    if not changes:
        return ""
    return render_to_string("ratings/_match_changes.html", {"rating_changes": changes})
