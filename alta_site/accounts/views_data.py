"""A player's data in their own hands: download it all, or close the
account (confirmed by the password)."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .closing import account_close
from .export import EXPORT_ENCODER, user_export


class CloseAccountForm(forms.Form):
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput, strip=False)
    confirm = forms.BooleanField(
        label=_("I understand that my account cannot be restored and that my running games are resigned."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


def export_response(user) -> HttpResponse:
    """The export as a JSON download."""
    now = timezone.now()
    body = json.dumps(user_export(user, now=now), cls=EXPORT_ENCODER, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="alta-data-{user.pk}-{now:%Y%m%d}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
def data_export(request):
    return export_response(request.user)


@login_required
def account_close_view(request):
    form = CloseAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        account_close(user=request.user, now=timezone.now())
        logout(request)
        messages.success(request, _("Your account is closed and your personal data deleted."))
        return redirect("home")
    return render(request, "accounts/close.html", {"form": form})
