"""The one-time sign-in link of a player who only uses email
(``core.signin``): a page with one button (mail scanners that fetch links
never use it up), then signed in and asked to choose a password."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.shortcuts import redirect, render
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode

from core.signin import is_email_only, sign_in_tokens


def _user_of(uidb64: str):
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
    except (TypeError, ValueError, OverflowError):
        return None
    return get_user_model().objects.filter(pk=pk).first()


def mail_sign_in(request, uidb64: str, token: str):
    """GET shows the button; POST (with CSRF) signs in once.  A used,
    expired or forged link shows why it does not work."""
    user = _user_of(uidb64)
    valid = user is not None and is_email_only(user) and sign_in_tokens.check_token(user, token)
    if not valid:
        return render(request, "accounts/mail_sign_in.html", {"valid": False}, status=400)
    if request.method == "POST":
        # Signing in changes ``last_login``, which voids the token.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("account_set_password")
    return render(request, "accounts/mail_sign_in.html", {"valid": True, "user": user})
