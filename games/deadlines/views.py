"""Pages for deadlines: the player's reminder, vacation and calendar
settings (``/profile/deadlines/``) and the secret calendar feed
(``/calendar/<token>.ics``).  Views call a service or a selector and return.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from core.actions import form_post
from core.moments import moment_for
from games.models import DeadlineSettings
from games.services import GameActionError
from games.timing.clock import reminder_hours

from .calendar import calendar_entries, deadlines_calendar
from .selectors import deadlines_of, running_games_of, vacations_of
from .vacation import (
    MAX_REMINDER_HOURS,
    calendar_token_get,
    deadline_settings_get,
    deadline_settings_update,
    vacation_days_left,
    vacation_end,
    vacation_start,
)


class ReminderForm(forms.Form):
    reminder_hours = forms.CharField(
        required=False,
        max_length=40,
        # Lazy: a form's labels are made at import, before any language is active.
        label=gettext_lazy("Remind me this many hours before a deadline"),
        help_text=gettext_lazy("Comma-separated, for example “24, 2”. Leave empty for no reminders."),
    )
    auto_vacation = forms.BooleanField(
        required=False,
        label=gettext_lazy("Use a day of vacation instead of timing out"),
        help_text=gettext_lazy(
            "When a deadline passes and you have vacation days left, one is spent and all your clocks stop for a day."
        ),
    )

    def clean_reminder_hours(self) -> list[int]:
        raw = self.cleaned_data["reminder_hours"].replace(";", ",")
        try:
            return [int(part) for part in raw.split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write whole numbers of hours, separated by commas.")) from None


class VacationForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=366, initial=7, label=gettext_lazy("Days away"))


@login_required
def deadlines_settings(request):
    """Show and change reminders and auto-vacation; show the vacation
    allowance, the running vacation and the calendar feed's URL."""
    now = timezone.now()
    prefs = deadline_settings_get(user=request.user)
    if request.method == "POST":
        form = ReminderForm(request.POST)
        if form.is_valid():
            try:
                deadline_settings_update(
                    user=request.user,
                    now=now,
                    reminder_hours_list=form.cleaned_data["reminder_hours"],
                    auto_vacation=form.cleaned_data["auto_vacation"],
                )
            except GameActionError as error:
                form.add_error("reminder_hours", error.message)
            else:
                messages.success(request, _("Your deadline settings were saved."))
                return redirect("deadline-settings")
    else:
        hours = ", ".join(str(h) for h in reminder_hours(prefs))
        form = ReminderForm(initial={"reminder_hours": hours, "auto_vacation": prefs.auto_vacation})
    token = prefs.calendar_token or calendar_token_get(user=request.user)
    feed_path = reverse("calendar-feed", args=[token])
    games = running_games_of(request.user)
    return render(
        request,
        "games/deadlines_settings.html",
        {
            "form": form,
            "vacation_form": VacationForm(),
            "away": prefs.is_away(now),
            "prefs": prefs,
            "days_left": vacation_days_left(user=request.user, now=now),
            "days_per_year": settings.VACATION_DAYS_PER_YEAR,
            "vacations": vacations_of(request.user),
            "games": games,
            "games_without_vacation": [m for m in games if not m.vacation_allowed],
            "deadlines": deadlines_of(request.user),
            "feed_url": f"{settings.SITE_URL}{feed_path}",
            "webcal_url": "webcal://" + f"{settings.SITE_URL}{feed_path}".split("://", 1)[1],
            "max_hours": MAX_REMINDER_HOURS,
        },
    )


@form_post("deadline-settings", keep=())
@login_required
def vacation_start_view(request):
    form = VacationForm(request.POST)
    if not form.is_valid():
        if form.has_error("days", "min_value") or form.has_error("days", "max_value"):
            # A number, but none that fits: say what does (as 20 days of 14 left would).
            left = vacation_days_left(user=request.user, now=timezone.now())
            messages.error(
                request,
                ngettext(
                    "You have %(left)s vacation day left this year.",
                    "You have %(left)s vacation days left this year.",
                    left,
                )
                % {"left": left},
            )
        else:
            messages.error(request, _("Give the number of days you will be away."))
        return redirect("deadline-settings")
    try:
        vacation = vacation_start(user=request.user, days=form.cleaned_data["days"], now=timezone.now())
    except GameActionError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Enjoy your vacation: your clocks are stopped until %(when)s (%(zone)s time).")
            % moment_for(request.user, vacation.ends_at),
        )
    return redirect("deadline-settings")


@form_post("deadline-settings", keep=())
@login_required
def vacation_end_view(request):
    try:
        vacation_end(user=request.user, now=timezone.now())
    except GameActionError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Welcome back: your clocks are running again."))
    return redirect("deadline-settings")


@form_post("deadline-settings", keep=())
@login_required
def calendar_reset_view(request):
    calendar_token_get(user=request.user, reset=True)
    messages.success(request, _("Your calendar has a new address; the old one no longer works."))
    return redirect("deadline-settings")


@require_GET
def calendar_feed(request, token: str):
    """The deadlines of the user whose secret ``token`` this is, as .ics."""
    prefs = DeadlineSettings.objects.filter(calendar_token=token).select_related("user").first()
    if prefs is None or not prefs.user.is_active:
        raise Http404("No such calendar.")
    now = timezone.now()
    # In the owner's language: the calendar app asking says nothing of it.
    with translation.override(prefs.user.language or settings.LANGUAGE_CODE):
        body = deadlines_calendar(
            seats=deadlines_of(prefs.user),
            owner=str(prefs.user),
            now=now,
            entries=calendar_entries(user=prefs.user, now=now),
        )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="deadlines.ics"'
    response["Cache-Control"] = "private, max-age=300"
    response["X-Robots-Tag"] = "noindex"
    return response
