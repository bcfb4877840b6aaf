"""The ``Idempotency-Key`` header of the API's writes that create something
(a move, a game, a chat line): a repeat of a key from the same account
with the same body answers as the first request did and changes nothing;
with another body it is refused (422 ``idempotency_key_reused``, as the
IETF httpapi Idempotency-Key draft asks), also changing nothing
(``games.services.idempotency``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions

from core.api import ErrorSerializer
from games.services.idempotency import request_fingerprint

#: The longest Idempotency-Key taken ("api:<user>:" + it fits the column).
MAX_IDEMPOTENCY_KEY = 200

#: The header as the schema documents it, on every write that takes it.
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Repeat it when retrying: the same key from the same account with the same body answers as "
    "the first request did (status included) and changes nothing. The same key with another body is refused "
    "(422, code idempotency_key_reused).",
)

#: What a reused key's 422 means, for the schema of every write that takes one.
KEY_REUSED = (
    "The Idempotency-Key was already used by this account for a request with another body "
    "(code idempotency_key_reused): nothing was done."
)


def key_reused_refusal(also: str = "") -> OpenApiResponse:
    """The schema's 422 answer of a write taking an Idempotency-Key, with
    what ``also`` gives 422 on that write ("" for nothing else)."""
    return OpenApiResponse(ErrorSerializer, description=f"{also} {KEY_REUSED}" if also else KEY_REUSED)


def idempotency_fingerprint(request, validated: dict) -> str:
    """The fingerprint kept beside the request's key: that of its body as
    its serializer validated it (so key order, spacing and defaults left
    out do not tell two bodies apart); "" without a key (nothing to
    compare, and a move without one need not hash its body)."""
    if "Idempotency-Key" not in request.headers:
        return ""
    return request_fingerprint(validated)


def idempotency_key(request) -> str | None:
    """The request's key as stored, scoped to its account (another
    account's equal key is its own), or None without the header.

    :raises ValidationError: a key of no or more than
        ``MAX_IDEMPOTENCY_KEY`` characters, or holding a control character
        (the draft's key is a printable string; a NUL cannot be stored)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
        raise exceptions.ValidationError(
            {"Idempotency-Key": _("An Idempotency-Key has 1 to %(max)s characters.") % {"max": MAX_IDEMPOTENCY_KEY}}
        )
    if any(ord(character) < 0x20 or ord(character) == 0x7F for character in key):
        raise exceptions.ValidationError({"Idempotency-Key": _("An Idempotency-Key holds no control characters.")})
    return f"api:{request.user.pk}:{key}"
