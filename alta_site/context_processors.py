"""Template context shared by every page."""

from django.conf import settings
from django.urls import NoReverseMatch, reverse

# (label, url name): a section appears in the navigation once its page exists.
NAVIGATION = [
    ("Lobby", "lobby"),
    ("My games", "my_games"),
    ("Ladders", "ladders"),
    ("Tournaments", "tournaments"),
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
    }
