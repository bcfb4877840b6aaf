"""One-time sign-in links for players who only use email (no password).

A link names the user and carries a token of Django's password-reset
kind: it expires after ``PASSWORD_RESET_TIMEOUT`` and is void once the
user signs in (the last login is part of the token) or sets a password.
Mail writes the links; the accounts app honours them.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


class _SignInTokens(PasswordResetTokenGenerator):
    key_salt = "alta.core.signin"


sign_in_tokens = _SignInTokens()


def is_email_only(user) -> bool:
    """A player without a password: they sign in only through a mailed link."""
    return user is not None and user.is_active and not user.has_usable_password()


def sign_in_url(user) -> str:
    """The absolute one-time sign-in link for ``user``."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return settings.SITE_URL + reverse("mail-sign-in", args=[uid, sign_in_tokens.make_token(user)])
