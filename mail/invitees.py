"""Players who only use email: an invitation to an address without an
account, accepted by a reply from that address, makes an account for it.

The reply proves the address (only its owner reads the invitation's
secret reply address), so the address is stored verified.  The account
has no password: every mail to it carries a one-time sign-in link
(``core.signin``, ``sections.sign_in_section``).
"""

from __future__ import annotations

import datetime as dt
import secrets

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.moments import zone_for_language

from .addresses import command_address


def address_is_taken(address: str) -> bool:
    """Does any account use ``address`` (verified or not)?  Such an
    address never gets a second account."""
    User = get_user_model()
    return (
        User.objects.filter(email__iexact=address).exists()
        or EmailAddress.objects.filter(email__iexact=address).exists()
    )


def address_holder(address: str):
    """The active account whose verified address ``address`` is (case
    aside), or None.  Only a verified one: a mail written for the holder
    may carry their sign-in link, and anyone can add an address to their
    account without proving it."""
    found = (
        EmailAddress.objects.filter(email__iexact=address, verified=True, user__is_active=True)
        .select_related("user")
        .first()
    )
    return found.user if found is not None else None


def _drawn_name(language: str) -> str:
    """A neutral name in the player's language ("Guest-12345",
    "Gast-12345"): nothing of the address (other players of the game see
    the name, and the address is the player's own)."""
    with translation.override(language or settings.LANGUAGE_CODE):
        return _("Guest-%(number)s") % {"number": secrets.randbelow(90000) + 10000}


def email_only_account_create(*, address: str, now: dt.datetime, language: str = ""):
    """Create the email-only account of ``address`` (verified, primary, no
    password) with a neutral display name (``Guest-12345``, in Dutch
    ``Gast-12345``) that the
    player can change later, reading mail in ``language`` (default: the
    site's).  Expects the caller to have checked ``address_is_taken``;
    runs in the caller's transaction.

    :raises IntegrityError: the address got an account meanwhile.
    """
    User = get_user_model()
    # Their deadlines are written in their zone: guessed from the language until they set it.
    extra = {"language": language, "time_zone": zone_for_language(language)} if language else {}
    for attempt in range(5):
        try:
            with transaction.atomic():
                user = User.objects.create_user(
                    email=address.lower(), password=None, display_name=_drawn_name(language), **extra
                )
                break
        except IntegrityError:
            # A display name drawn twice; a taken address fails every time.
            if attempt == 4 or User.objects.filter(email__iexact=address).exists():
                raise
    user.date_joined = now
    user.save(update_fields=["date_joined"])
    EmailAddress.objects.create(user=user, email=address.lower(), verified=True, primary=True)
    return user


def email_only_account_told(user, *, opponents: int) -> list[str]:
    """What the answer that made ``user``'s email-only account tells them
    (in the active language): how they play without a password, and the
    drawn name the others (``opponents`` of them in a game) see, which
    they would otherwise find only in a seat order, not knowing which
    "Guest-…" is them.  The answer carries their sign-in link
    (``sections.sign_in_section``)."""
    return [
        _(
            "An account was made for this address, without a password: you play, chat and are rated "
            "by replying to the game emails. Each of them carries a one-time link to sign in on the site."
        ),
        ngettext(
            "Your opponent sees you as %(name)s. To choose another name, sign in with the link "
            "below and change it on your profile page.",
            "The other players see you as %(name)s. To choose another name, sign in with the link "
            "below and change it on your profile page.",
            opponents,
        )
        % {"name": user.display_name},
        _('Or send "name" and the name you want to %(address)s ("name Jan de Vries").')
        % {"address": command_address()},
    ]
