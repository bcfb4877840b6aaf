"""Sign-up and profile forms."""

from __future__ import annotations

import contextlib
import re
import zoneinfo
from functools import cache
from pathlib import Path
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import names


@cache
def _closed_names() -> re.Pattern:
    """The names closed accounts are shown under (``closing.closed_name``,
    "deleted player 7"), in every language the site speaks ("verwijderde
    speler 7" to a Dutch reader), read as skeletons: nobody else may take
    one, nor a name that reads the same."""
    phrases = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            phrases.add(" ".join(gettext("deleted player %(number)s").replace("%(number)s", " ").split()))
    return names.numbered(tuple(sorted(phrases)), number_required=True)


#: Offered first: where our clubs play (the Netherlands, Flanders) and their neighbours.
USUAL_ZONES = ("Europe/Amsterdam", "Europe/Brussels", "Europe/London", "Europe/Berlin", "Europe/Paris", "UTC")

#: The regions of the time zone database, named in the reader's language;
#: a zone is listed under its region without the region's prefix.
_REGIONS = {
    "Europe": _("Europe"),
    "America": _("America"),
    "Africa": _("Africa"),
    "Asia": _("Asia"),
    "Australia": _("Australia"),
    "Pacific": _("Pacific Ocean"),
    "Atlantic": _("Atlantic Ocean"),
    "Indian": _("Indian Ocean"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
}


@cache
def time_zone_names() -> frozenset[str]:
    """Every zone a player may choose."""
    return frozenset(n for n in zoneinfo.available_timezones() if "/" in n or n == "UTC")


def _zone_tables() -> list[Path]:
    """Where the time zone database's country table (``zone.tab``) may be:
    beside the zone files Python reads, system's first, then the tzdata
    package's."""
    tables = [Path(folder) / "zone.tab" for folder in zoneinfo.TZPATH]
    with contextlib.suppress(ImportError):
        import tzdata

        tables.append(Path(tzdata.__file__).parent / "zoneinfo" / "zone.tab")
    return tables


@cache
def listed_zone_names() -> frozenset[str]:
    """The zones the profile lists: the database's zones of the world's
    places by their current names (its country table), and UTC, without
    the old names and second names every zone also answers to ("Europe/Kiev"
    beside "Europe/Kyiv", "Asia/Istanbul" beside "Europe/Istanbul");
    every zone a player may choose when no table is found."""
    for table in _zone_tables():
        try:
            rows = table.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        named = {row.split("\t")[2] for row in rows if row and not row.startswith("#") and row.count("\t") >= 2}
        return frozenset((named & time_zone_names()) | {"UTC"})
    return time_zone_names()


@cache
def time_zone_choices(current: str = "") -> list[tuple[Any, list[tuple[str, str]]]]:
    """The profile's zone list: the usual zones, then one group per region
    (a zone outside the regions under "Other" by its full name), each
    listed zone once (``listed_zone_names``), and ``current``, a player's
    own zone, even where it is one of the names left out (a browser named
    it at sign-up: "Asia/Calcutta")."""
    usual = [zone for zone in USUAL_ZONES if zone in time_zone_names()]
    listed = listed_zone_names() | ({current} if current in time_zone_names() else set())
    grouped: dict[str, list[tuple[str, str]]] = {}
    for zone in sorted(listed - set(usual)):
        region, _slash, place = zone.partition("/")
        key = region if region in _REGIONS else ""
        grouped.setdefault(key, []).append((zone, (place if key else zone).replace("_", " ")))
    return [
        (_("Common"), [(zone, zone.replace("_", " ")) for zone in usual]),
        *((_REGIONS[region], grouped[region]) for region in _REGIONS if region in grouped),
        *([(_("Other"), grouped[""])] if grouped.get("") else []),
    ]


def clean_display_name(value: str, *, exclude_pk: int | None = None) -> str:
    """The display name to store for ``value`` (names.normalize); raises
    ``ValidationError`` when it is refused or when another account's name
    reads the same (same skeleton: case, look-alike letters)."""
    try:
        name = names.normalize(value)
    except names.DisplayNameError as error:
        raise forms.ValidationError(error.message, code="invalid") from None
    if any(_closed_names().match(key) for key in names.skeletons(name)):
        raise forms.ValidationError(_("That display name is reserved."), code="invalid")
    keys = names.skeletons(name)
    taken = get_user_model().objects.filter(Q(display_name_key__in=keys) | Q(display_name_shape_key__in=keys))
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise forms.ValidationError(_("That display name is already taken."), code="taken")
    return name


class SignupForm(forms.Form):
    """Extra fields on allauth's sign-up form (``ACCOUNT_FORMS``)."""

    #: allauth's sign-up form (built on this one) shows the password's rules
    #: as a list: a paragraph cannot hold one (``accounts/form_p.html``).
    template_name_p = "accounts/form_p.html"

    display_name = forms.CharField(
        max_length=names.MAX_DISPLAY_NAME,
        label=_("Display name"),
        help_text=_("Shown to other players. You can change it later."),
    )

    #: The browser's time zone, filled in by ``alta/zone.js`` (empty without
    #: JavaScript: the adapter then goes by the language).
    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])

    def clean_time_zone(self) -> str:
        """A zone the profile offers, else "" (never an error: the visitor cannot see the field)."""
        zone = self.cleaned_data.get("time_zone", "")
        return zone if zone in time_zone_names() else ""

    def signup(self, request, user) -> None:
        """Nothing left to do: the adapter sets the display name before the
        user's first save, because the column is unique."""


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The player's own zone stays on the list, whatever name it has.
        zones = self.fields["time_zone"]
        assert isinstance(zones, forms.ChoiceField)
        zones.choices = time_zone_choices(self.instance.time_zone or "")

    class Meta:
        model = get_user_model()
        fields = ["display_name", "time_zone", "language", "notifications", "chat_at_once"]
        widgets = {"notifications": forms.RadioSelect}
        labels = {
            "display_name": _("Display name"),
            "language": _("Language"),
            "notifications": _("Game emails"),
        }

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"], exclude_pk=self.instance.pk)

    def save(self, commit: bool = True):
        """The settings, and what they end (``User.settings_saved``)."""
        self.instance.settings_saved()
        return super().save(commit)
