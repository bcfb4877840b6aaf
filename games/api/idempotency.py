"""The ``Idempotency-Key`` header of the API's writes that create something
(a move, a game, a chat line): a repeat of a key from the same account
answers as the first request did and changes nothing; the key decides, not
the body (``games.services.idempotency``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions

#: The longest Idempotency-Key taken ("api:<user>:" + it fits the column).
MAX_IDEMPOTENCY_KEY = 200

#: The header as the schema documents it, on every write that takes it.
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Repeat it when retrying: the same key from the same account answers as the first request "
    "did (status included) and changes nothing, whatever the body.",
)


def idempotency_key(request) -> str | None:
    """The request's key as stored, scoped to its account (another
    account's equal key is its own), or None without the header.

    :raises ValidationError: a key of no or more than
        ``MAX_IDEMPOTENCY_KEY`` characters."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
        raise exceptions.ValidationError(
            {"Idempotency-Key": _("An Idempotency-Key has 1 to %(max)s characters.") % {"max": MAX_IDEMPOTENCY_KEY}}
        )
    return f"api:{request.user.pk}:{key}"
