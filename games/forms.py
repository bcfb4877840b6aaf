"""Forms of the game pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.validators import MAX_ADDRESS
from games.boards import playable_slugs
from games.engine import get_rules
from games.models import PLY_MAX, TimeoutPolicy
from games.timing.limits import MAX_BANK_DAYS, MAX_DAYS_PER_MOVE


def game_choices() -> list[tuple[str, str]]:
    choices = []
    for slug in playable_slugs():
        rules = get_rules(slug)
        label = _("%(game)s (%(min)s-%(max)s players)") % {
            "game": rules.name,
            "min": rules.min_players,
            "max": rules.max_players,
        }
        choices.append((slug, label))
    return choices


def bank_fields() -> tuple[forms.Field, forms.Field, forms.Field, forms.Field]:
    """The Fischer bank's three fields and the weekend rule, for a form that
    sets a time control (a casual game's, a tournament's), in this order;
    its ``clean`` passes its data through ``bank_cleaned``.  The service
    checks the combination (``games.timing.clock.time_control_clean``)."""
    return (
        forms.IntegerField(
            min_value=1,
            max_value=MAX_DAYS_PER_MOVE,
            required=False,
            label=_("Fischer bank: initial days"),
            help_text=_("Optional. With a bank, each player starts with these days instead of days per move…"),
        ),
        forms.IntegerField(
            min_value=0,
            max_value=MAX_DAYS_PER_MOVE,
            required=False,
            initial=1,
            label=_("Days added per move"),
            help_text=_("…gains these after every move…"),
        ),
        forms.IntegerField(
            min_value=1,
            max_value=MAX_BANK_DAYS,
            required=False,
            label=_("Most days in the bank"),
            help_text=_("…and never holds more."),
        ),
        forms.BooleanField(
            required=False,
            label=_("No clock at weekends"),
            help_text=_("Saturday and Sunday do not count, in each player's own time zone."),
        ),
    )


def bank_cleaned(data: dict) -> dict:
    """Without a bank its other two fields mean nothing (the increment's
    initial value comes back with every form); an empty increment is none."""
    if data.get("bank_initial_days") is None:
        data["bank_increment_days"] = 0
        data["bank_cap_days"] = None
    elif data.get("bank_increment_days") is None:
        data["bank_increment_days"] = 0
    return data


class MatchCreateForm(forms.Form):
    game = forms.ChoiceField(choices=game_choices, label=_("Game"))
    players = forms.IntegerField(min_value=1, max_value=6, initial=2, label=_("Players"))
    days_per_move = forms.IntegerField(
        min_value=1,
        max_value=MAX_DAYS_PER_MOVE,
        initial=3,
        label=_("Days per move"),
        help_text=_("Each player has this many days for a move."),
    )
    bank_initial_days, bank_increment_days, bank_cap_days, weekends_off = bank_fields()
    vacation_allowed = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Vacations pause the clock"),
        help_text=_("Untick to keep clocks running while a player is on vacation."),
    )
    timeout_policy = forms.ChoiceField(
        choices=TimeoutPolicy.choices,
        initial=TimeoutPolicy.AUTO,
        label=_("When a deadline passes"),
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(
        required=False, label=_("Rated"), help_text=_("Counts for the Elo rating of every player.")
    )
    invite = forms.CharField(
        required=False,
        label=_("Invite players"),
        help_text=_("Display names or email addresses, separated by commas. Other seats are open to anyone."),
    )

    def clean(self):
        return bank_cleaned(super().clean())

    def clean_invite(self) -> list[str]:
        return [part.strip() for part in self.cleaned_data["invite"].split(",") if part.strip()]


#: The longest move text the move box takes (a whole Alhambra turn is well under 200).
MOVE_MAX_LENGTH = 2000


class MoveForm(forms.Form):
    ply = forms.IntegerField(min_value=0, max_value=PLY_MAX, widget=forms.HiddenInput)
    move = forms.CharField(
        max_length=MOVE_MAX_LENGTH,
        label=_("Your move"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )


class SeatInviteForm(forms.Form):
    """The creator's invitation into a free seat (``views_invite``): a
    display name or an address, as the creation form's ``invite``."""

    invitee = forms.CharField(max_length=MAX_ADDRESS)
