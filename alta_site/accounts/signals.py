"""The player's language as they sign in and out: the browser keeps it (a
cookie) for the pages it reads signed out."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from .middleware import REMEMBER_LANGUAGE


@receiver(user_logged_in, dispatch_uid="accounts.language_at_sign_in")
@receiver(user_logged_out, dispatch_uid="accounts.language_at_sign_out")
def _remember_their_language(sender, request, user, **kwargs) -> None:
    """Signed out later, the pages stay in the player's language, not the browser's."""
    if request is not None and user is not None:
        setattr(request, REMEMBER_LANGUAGE, user.language)
