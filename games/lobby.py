"""The lobby's filters: which open games to join and which running games
to watch, by game, number of players, time control and rated or not."""

from __future__ import annotations

from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.boards import playable_slugs
from games.engine import get_rules
from games.models import Match

#: Time controls a player picks from: (value, label, condition).
_TIME_CONTROLS = {
    "short": (_("1 or 2 days per move"), Q(bank_initial_days__isnull=True, days_per_move__lte=2)),
    "medium": (_("3 to 5 days per move"), Q(bank_initial_days__isnull=True, days_per_move__range=(3, 5))),
    "long": (_("6 days or more per move"), Q(bank_initial_days__isnull=True, days_per_move__gte=6)),
    "bank": (_("Fischer bank"), Q(bank_initial_days__isnull=False)),
}

#: How many games each list of the lobby shows at most.
LOBBY_LIMIT = 50


def _game_choices() -> list[tuple[str, str]]:
    return [("", gettext("Any game")), *((slug, get_rules(slug).name) for slug in playable_slugs())]


def _player_choices() -> list[tuple[str, str]]:
    counts = sorted(
        {n for slug in playable_slugs() for n in range(get_rules(slug).min_players, get_rules(slug).max_players + 1)}
    )
    return [("", gettext("Any number")), *((str(n), str(n)) for n in counts)]


class LobbyFilterForm(forms.Form):
    """GET parameters of the lobby; every field may be left empty (any)."""

    game = forms.ChoiceField(choices=_game_choices, required=False, label=_("Game"))
    players = forms.TypedChoiceField(
        choices=_player_choices, coerce=int, empty_value=None, required=False, label=_("Players")
    )
    time_control = forms.ChoiceField(
        choices=lambda: [("", _("Any time control")), *((key, label) for key, (label, _q) in _TIME_CONTROLS.items())],
        required=False,
        label=_("Time control"),
    )
    rated = forms.ChoiceField(
        choices=[
            ("", pgettext_lazy("rated or not", "Either")),
            ("yes", _("Rated only")),
            ("no", _("Unrated only")),
        ],
        required=False,
        label=_("Rated"),
    )

    def filter(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """``matches`` narrowed to the valid choices (an invalid one is
        ignored, so a stale link still shows a lobby)."""
        data = self.cleaned_data if self.is_valid() else {}
        if data.get("game"):
            matches = matches.filter(game=data["game"])
        if data.get("players"):
            matches = matches.filter(players=data["players"])
        if data.get("time_control"):
            matches = matches.filter(_TIME_CONTROLS[data["time_control"]][1])
        if data.get("rated"):
            matches = matches.filter(rated=data["rated"] == "yes")
        return matches

    @property
    def active(self) -> bool:
        """Whether any filter narrows the lists."""
        return self.is_valid() and any(self.cleaned_data.values())


def matches_to_watch(*, exclude_user=None) -> QuerySet[Match]:
    """Games in play, most recently started first; anyone may open them
    and sees the spectator view (nothing hidden)."""
    matches = Match.objects.filter(status=Match.Status.ACTIVE)
    if exclude_user is not None and exclude_user.is_authenticated:
        matches = matches.exclude(seats__user=exclude_user)
    return matches.prefetch_related("seats__user").order_by("-started_at", "-pk")
