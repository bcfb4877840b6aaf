"""Forms of the tournament and club pages.  They only type and shape the
input; the services check every rule and raise ``GameActionError``."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.validators import MAX_ADDRESS, free_text, one_line_text
from games.forms import bank_cleaned, bank_fields
from games.models import TimeoutPolicy
from games.timing.limits import MAX_DAYS_PER_MOVE

from .models import MAX_CAPACITY, MAX_CLUB_NAME, MAX_REASON, MAX_ROUNDS, MAX_TOURNAMENT_NAME, Club, Tournament
from .selectors import clubs_organised_by
from .services.messages import MAX_MESSAGE, MAX_SUBJECT
from .services.organiser import MAX_EXTENSION_DAYS
from .services.validation import MAX_ROUND_DAYS


def _games():
    from games.boards import playable_slugs
    from games.engine import get_rules

    return [(slug, get_rules(slug).name) for slug in playable_slugs()]


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=MAX_TOURNAMENT_NAME, label=_("Name"))
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, validators=[free_text], label=_("Description")
    )
    club = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label=_("Club"),
        help_text=_("Site-wide tournaments (no club) are for staff."),
    )
    game = forms.ChoiceField(label=pgettext_lazy("which game", "Game"))
    players_per_table = forms.IntegerField(min_value=2, max_value=6, initial=2, label=_("Players per table"))
    format = forms.ChoiceField(choices=Tournament.Format.choices, initial=Tournament.Format.SWISS, label=_("Format"))
    rounds = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        label=_("Rounds"),
        help_text=format_lazy(
            "{} {}", _("Swiss only."), _("With more rounds than players minus one, some players meet twice (allowed).")
        ),
    )
    double_round_robin = forms.BooleanField(
        required=False,
        label=_("Double round robin"),
        help_text=_("Two-player round robin: meet everyone twice."),
    )
    pairing_system = forms.ChoiceField(
        choices=Tournament.Pairing.choices,
        initial=Tournament.Pairing.DUTCH,
        required=False,
        # Radio buttons: the choices' words wrap on a phone, where a select cuts them off.
        widget=forms.RadioSelect,
        label=_("Swiss pairing"),
        help_text=_("Two-player Swiss."),
    )
    third_place = forms.BooleanField(
        required=False,
        label=_("Third-place game"),
        help_text=_("Two-player single elimination."),
    )
    late_registration = forms.BooleanField(
        required=False,
        label=_("Late registration"),
        help_text=_("Swiss: players may still register while it runs, and play from the next round."),
    )
    advance = forms.IntegerField(
        min_value=1,
        max_value=5,
        initial=1,
        label=_("Players going through from each table"),
        help_text=_("Elimination or groups with tables of more than two."),
    )
    days_per_move = forms.IntegerField(min_value=1, max_value=MAX_DAYS_PER_MOVE, initial=3, label=_("Days per move"))
    # The casual game's time control; the service checks the combination.
    bank_initial_days, bank_increment_days, bank_cap_days, weekends_off = bank_fields()
    timeout_policy = forms.ChoiceField(
        choices=TimeoutPolicy.choices, initial=TimeoutPolicy.AUTO, label=_("On timeout"), widget=forms.RadioSelect
    )
    vacation_allowed = forms.BooleanField(required=False, initial=True, label=_("Vacation pauses the clock"))
    rated = forms.BooleanField(required=False, label=_("Rated"))
    registration_opens_at = forms.DateTimeField(
        widget=DateTimeInput(), required=False, label=_("Registration opens"), help_text=_("Empty: open now.")
    )
    registration_closes_at = forms.DateTimeField(
        widget=DateTimeInput(), label=_("Registration closes"), help_text=_("Round 1 starts then.")
    )
    capacity = forms.IntegerField(min_value=2, max_value=MAX_CAPACITY, initial=16, label=_("Capacity"))
    registration = forms.ChoiceField(choices=Tournament.Registration.choices, label=_("Who may register"))
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices, label=_("Seeding"))
    round_days = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUND_DAYS,
        required=False,
        label=_("Hard deadline per round (days)"),
        help_text=_("Empty: no deadline."),
    )

    def clean(self):
        return bank_cleaned(super().clean())

    def clean_pairing_system(self) -> str:
        # Only a two-player Swiss asks; other formats may leave it out.
        return self.cleaned_data["pairing_system"] or Tournament.Pairing.DUTCH

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = [(c.pk, c.name) for c in clubs_organised_by(user)]
        self.fields["club"].choices = ([("", _("Site-wide"))] if user.is_staff else []) + clubs
        self.fields["game"].choices = _games()


class ClubForm(forms.Form):
    name = forms.CharField(max_length=MAX_CLUB_NAME, label=_("Name"))
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, validators=[free_text], label=_("Description")
    )
    join_policy = forms.ChoiceField(
        choices=Club.JoinPolicy.choices, initial=Club.JoinPolicy.OPEN, label=_("Who may join"), widget=forms.RadioSelect
    )


class NameOrAddressForm(forms.Form):
    """A player to invite: a display name, or an email address (mailed a
    link, whether an account uses it or not: ``services.strangers``)."""

    display_name = forms.CharField(max_length=MAX_ADDRESS, label=_("Display name or email address"))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=MAX_REASON, validators=[one_line_text], label=_("Reason"))


class ExtendForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=MAX_EXTENSION_DAYS, initial=2, label=_("Days"))


class ResultForm(forms.Form):
    """A place for every player of the game who played (equal places
    share), the players who did not (a no-show: they forfeit, and the game
    counts as not played for the others), and why."""

    reason = forms.CharField(
        max_length=MAX_REASON, validators=[one_line_text], label=_("Reason"), help_text=_("Kept in the tournament log.")
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        for participant in players:
            self.fields[f"place_{participant.pk}"] = forms.IntegerField(
                min_value=1,
                max_value=len(players),
                required=False,
                label=format_lazy(_("Place of {player}"), player=participant),
            )
            self.fields[f"absent_{participant.pk}"] = forms.BooleanField(
                required=False, label=format_lazy(_("{player} did not play (forfeit)"), player=participant)
            )

    def clean(self):
        cleaned = super().clean()
        for participant in self.players:
            name = f"place_{participant.pk}"
            # A place given but out of range already has its own error.
            if not cleaned.get(f"absent_{participant.pk}") and cleaned.get(name) is None and name not in self.errors:
                self.add_error(name, _("Give a place to every player who played."))
        return cleaned

    def forfeited(self) -> list[int]:
        """The players who did not play."""
        return [p.pk for p in self.players if self.cleaned_data[f"absent_{p.pk}"]]

    def ranking(self) -> list[list[int]]:
        """The players who played, grouped by place, best first."""
        places: dict[int, list[int]] = {}
        for participant in self.players:
            if not self.cleaned_data[f"absent_{participant.pk}"]:
                places.setdefault(self.cleaned_data[f"place_{participant.pk}"], []).append(participant.pk)
        return [places[place] for place in sorted(places)]


class SeedingForm(forms.Form):
    """A position for every registered player (empty: after the others)."""

    def __init__(self, *args, participants, **kwargs):
        super().__init__(*args, **kwargs)
        self.participants = participants
        for participant in participants:
            self.fields[f"position_{participant.pk}"] = forms.IntegerField(
                min_value=1,
                max_value=MAX_CAPACITY,
                required=False,
                label=str(participant),
                initial=participant.manual_position,
            )

    def order(self) -> list[int]:
        placed = [
            (self.cleaned_data[f"position_{p.pk}"], p.registered_at, p.pk)
            for p in self.participants
            if self.cleaned_data.get(f"position_{p.pk}") is not None
        ]
        return [pk for _, _, pk in sorted(placed)]


class MessageForm(forms.Form):
    subject = forms.CharField(max_length=MAX_SUBJECT, label=_("Subject"))
    text = forms.CharField(
        max_length=MAX_MESSAGE, widget=forms.Textarea(attrs={"rows": 5}), validators=[free_text], label=_("Message")
    )


class ByeForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label=_("Round"))


class ByeWithdrawForm(ByeForm):
    """Take back a half-point bye: the player's own, or (an organiser)
    the player ``participant``'s."""

    participant = forms.IntegerField(required=False, widget=forms.HiddenInput)
