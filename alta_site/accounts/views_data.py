"""A player's data in their own hands: download it all, or close the
account (confirmed by the password, or by a link mailed to the account's
address)."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import EmailMessage
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.actions import form_post
from mail.render import in_language

from .closing import account_close
from .export import EXPORT_ENCODER, user_export
from .mailing import queue_rendered


class _CloseLinkTokens(PasswordResetTokenGenerator):
    """Tokens for the mailed closing link: valid for
    ``PASSWORD_RESET_TIMEOUT``, and void once the password, the email or the
    last login changes (as a password-reset link is)."""

    key_salt = "alta_site.accounts.close-link"


close_link_tokens = _CloseLinkTokens()


class ConfirmCloseForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("I understand that my account cannot be restored and that my running games are resigned."),
    )


class CloseAccountForm(ConfirmCloseForm):
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput, strip=False)
    field_order = ["password", "confirm"]

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


def _close_and_leave(request):
    account_close(user=request.user, now=timezone.now())
    logout(request)
    messages.success(request, _("Your account is closed and your personal data deleted."))
    return redirect("home")


@login_required
def account_close_view(request):
    form = CloseAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        return _close_and_leave(request)
    return render(request, "accounts/close.html", {"form": form})


@form_post("account-close", keep=())
@login_required
def account_close_link_send(request):
    """Mail the signed-in player a link that confirms closing instead of
    the password."""
    user = request.user
    url = request.build_absolute_uri(reverse("account-close-link", args=[close_link_tokens.make_token(user)]))
    context = {"user": user, "url": url, "site_name": settings.SITE_NAME}
    with in_language(user):
        subject = " ".join(render_to_string("accounts/email/close-link-subject.txt", context).split())
        body = render_to_string("accounts/email/close-link-body.txt", context)
    queue_rendered(EmailMessage(subject=subject, body=body, to=[user.email]))
    messages.success(request, _("A link to close your account was mailed to %(email)s.") % {"email": user.email})
    return redirect("account-close")


@login_required
def account_close_link(request, token: str):
    """The mailed link: valid only for the account it was sent to, signed in."""
    if not close_link_tokens.check_token(request.user, token):
        messages.error(request, _("This link is no longer valid. Ask for a new one."))
        return redirect("account-close")
    form = ConfirmCloseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return _close_and_leave(request)
    return render(request, "accounts/close.html", {"form": form, "by_link": True})
