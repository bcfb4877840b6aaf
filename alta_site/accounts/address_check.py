"""The player checked their bouncing address: the profile's "it works
again", or a new or confirmed address."""

from __future__ import annotations

import datetime as dt

from mail.bounces import address_bounce_clear

from .tokens import user_tokens_uncache


def address_checked(*, user_id: int, now: dt.datetime) -> None:
    """``mail.bounces.address_bounce_clear``, and the API reads the user
    afresh at once (its tokens cache their user, and the clearing is an
    ``update()``, which no save signal reports)."""
    address_bounce_clear(user_id=user_id, now=now)
    user_tokens_uncache(user_id)
