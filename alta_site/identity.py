"""The site's identity in the ``Site`` row: allauth's mails and any other
``get_current_site`` user read its name and domain, so they must say
``SITE_NAME`` and the host of ``SITE_URL``, never Django's default
``example.com``.  Synced after every ``migrate`` (``post_migrate``), which
each deployment and ``make run`` runs before serving."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sites.models import Site


def site_domain(url: str) -> str:
    """The host (and port, if any) of ``url``: ``https://a.org:8443/x`` -> ``a.org:8443``."""
    return urlsplit(url).netloc or "localhost"


def site_sync(*, using: str = "default", **kwargs) -> None:
    """Make the ``SITE_ID`` row say ``SITE_NAME`` at the host of ``SITE_URL``
    (a ``post_migrate`` receiver; idempotent)."""
    Site.objects.using(using).update_or_create(
        pk=settings.SITE_ID,
        defaults={"domain": site_domain(settings.SITE_URL), "name": settings.SITE_NAME},
    )
    Site.objects.clear_cache()
