"""Whether game mail still goes to an address that bounces.

A hard bounce (5.x.x) is not always the end of an address: a mailbox that
is full (5.2.2), a server refusing a mail for its content (5.7.1) or a
misconfigured server for an afternoon all bounce one mail and take the
next.  A mailbox that no longer exists bounces every mail, and mailing it
on harms the site's sending reputation with every provider.  So game mail
goes on until ``HARD_BOUNCES_BEFORE_PAUSE`` different mails to the
player's current address have bounced since they last checked it, then
stops (the notifications only: answers to mail they send still go, as
their mail proves the address is read).  The banner on every page tells
them from the first bounce; checking the address in their profile ("try
again"), or changing or confirming it, sends game mail again.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

#: Hard bounces of different mails after which game mail stops.
HARD_BOUNCES_BEFORE_PAUSE = 3


def game_mail_paused(user) -> bool:
    """Has game mail to ``user``'s address stopped (``HARD_BOUNCES_BEFORE_PAUSE``
    hard bounces of it since they last checked it)?  No query: the fields
    are on the user row."""
    return bool(user.mail_bouncing) and user.email_bounces >= HARD_BOUNCES_BEFORE_PAUSE


def bounce_meaning(reason: str) -> str:
    """What the status code that starts a stored bounce reason means, in
    the active language, with the code ("the mailbox is full, 5.2.2")."""
    code = reason.split(" ", 1)[0]
    if code.startswith("5.1."):
        meaning = _("the address does not exist")
    elif code == "5.2.2":
        meaning = _("the mailbox is full")
    elif code.startswith("5.2."):
        meaning = _("the mailbox does not accept mail")
    elif code.startswith("5.7."):
        meaning = _("their mail server refused our email")
    else:
        meaning = _("delivery failed")
    return f"{meaning}, {code}" if code.startswith("5.") else meaning


def bounce_notice(user) -> dict | None:
    """What the banner on every page tells a signed-in player whose
    address bounces (``None`` when it does not): the address, what the
    bounce means and whether game mail has stopped.  No query."""
    if not getattr(user, "is_authenticated", False) or not user.mail_bouncing:
        return None
    return {
        "address": user.email,
        "reason": bounce_meaning(user.email_bounce_reason),
        "paused": game_mail_paused(user),
    }
