"""The player's language as they sign in and out: the browser keeps it (a
cookie) for the pages it reads signed out; a bouncing address cleared when
the player changes or confirms it."""

from __future__ import annotations

from allauth.account.signals import email_changed, email_confirmed
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver
from django.utils import timezone

from .address_check import address_checked
from .middleware import REMEMBER_LANGUAGE


@receiver(user_logged_in, dispatch_uid="accounts.language_at_sign_in")
@receiver(user_logged_out, dispatch_uid="accounts.language_at_sign_out")
def _remember_their_language(sender, request, user, **kwargs) -> None:
    """Signed out later, the pages stay in the player's language, not the browser's."""
    if request is not None and user is not None:
        setattr(request, REMEMBER_LANGUAGE, user.language)


@receiver(email_changed, dispatch_uid="accounts.bounces_cleared_by_new_address")
def _new_address_is_checked(sender, request, user, to_email_address, **kwargs) -> None:
    """A new primary address: mail goes there, nothing of the old one's
    bounces counts."""
    address_checked(user_id=user.pk, now=timezone.now())


@receiver(email_confirmed, dispatch_uid="accounts.bounces_cleared_by_confirmation")
def _confirmed_address_is_checked(sender, request, email_address, **kwargs) -> None:
    """Confirming the address that bounced (its link reached them) shows
    it works again."""
    user = email_address.user
    if user.email_bounced_address and user.email_bounced_address.lower() == email_address.email.lower():
        address_checked(user_id=user.pk, now=timezone.now())
