"""A player's own addresses: what closing an account forgets and the
export lists as theirs."""

from __future__ import annotations

from allauth.account.models import EmailAddress


def confirmed_addresses(user) -> set[str]:
    """``user``'s addresses, lowered: the account's (confirmed to sign in)
    and every other one they confirmed.  One added and never confirmed may
    be another's, so it is not among them."""
    verified = EmailAddress.objects.filter(user=user, verified=True).values_list("email", flat=True)
    return {user.email.lower(), *(address.lower() for address in verified)}
