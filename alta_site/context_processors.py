"""Template context shared by every page."""

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from mail.bounce_policy import bounce_notice
from mail.complaints import complaint_notice

# (label, url name): a section appears in the navigation once its page exists.
NAVIGATION = [
    (_("Lobby"), "lobby"),
    (_("My games"), "my_games"),
    (_("Ladders"), "ladders"),
    (_("Tournaments"), "tournaments"),
]


def _navigation():
    items = []
    for label, name in NAVIGATION:
        try:
            items.append((label, reverse(name)))
        except NoReverseMatch:
            continue
    return items


def site(request):
    return {
        "site_name": settings.SITE_NAME,
        "navigation": _navigation(),
        "dev_mailbox": settings.DEV_MAILBOX,
        # The signed-in player's own address bounces: a banner on every page.
        "mail_bounce": bounce_notice(getattr(request, "user", None)),
        # Their game mail stopped because they marked our mail as spam: said on every page.
        "mail_complaint": complaint_notice(getattr(request, "user", None)),
    }
