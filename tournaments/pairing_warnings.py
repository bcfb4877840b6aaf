"""A hand-made pairing's warnings (``pairing.Problem``) as sentences, for
the pairing page and the API."""

from __future__ import annotations

from django.utils.translation import gettext as _


def problem_text(problem, names: dict[int, str]) -> str:
    """A hand-made pairing's warning (``pairing.Problem``) as a sentence."""
    who = [names.get(p, "?") for p in problem.players]
    if problem.kind == "rematch":
        return _("%(a)s and %(b)s have met before: this would be game %(count)s between them.") % {
            "a": who[0],
            "b": who[1],
            "count": problem.count,
        }
    if problem.kind == "three_in_a_row":
        if problem.count > 0:
            return _("%(player)s would move first three times in a row.") % {"player": who[0]}
        return _("%(player)s would move second three times in a row.") % {"player": who[0]}
    if problem.kind == "position_repeat":
        return _(
            "%(player)s has sat in seat %(seat)s before, while another seat at this table is still new to them."
        ) % {
            "player": who[0],
            "seat": problem.count + 1,
        }
    if problem.kind == "position_imbalance":
        return _("%(player)s would sit in seat %(seat)s more than once more often than in another seat.") % {
            "player": who[0],
            "seat": problem.count + 1,
        }
    if problem.kind == "forfeit_win_bye":
        return _(
            "%(player)s has already won a game without playing it (a forfeit): "
            "a bye would be a second win without play."
        ) % {"player": who[0]}
    if problem.kind == "second_bye":
        return _("%(player)s already had a bye: this would be bye number %(count)s.") % {
            "player": who[0],
            "count": problem.count,
        }
    return _("%(player)s would be more than two games ahead in moving first or second.") % {"player": who[0]}
