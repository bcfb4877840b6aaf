"""One JSON error shape for the whole API: ``{"code", "detail", ...}``."""

from __future__ import annotations

import logging
import math

from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import GameActionError

logger = logging.getLogger(__name__)


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            return message if key == "non_field_errors" else f"{key}: {message}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def _own_words(exc: exceptions.APIException) -> str:
    """Our translated text for a DRF error whose own has no Dutch (the
    throttle's wait); "" for the others."""
    if isinstance(exc, exceptions.Throttled):
        wait = math.ceil(getattr(exc, "wait", None) or 0)  # set by Throttled, not in its stubs
        return ngettext(
            "Too many requests: try again in %(seconds)s second.",
            "Too many requests: try again in %(seconds)s seconds.",
            wait,
        ) % {"seconds": wait}
    return ""


def _in_owners_language(exc: exceptions.NotAcceptable, context) -> exceptions.NotAcceptable:
    """The Accept header is weighed before the request is authenticated, so
    the token owner's language was not active yet when DRF worded the 406:
    authenticate now (which activates it) and word it again."""
    request = context.get("request")
    try:
        request.user  # noqa: B018 - authenticating activates the owner's preferences
    except (AttributeError, exceptions.APIException):
        return exc
    return exceptions.NotAcceptable()


#: Seconds a client is asked to wait before retrying when the database is away.
DATABASE_RETRY_AFTER = 10


def unavailable_body() -> dict[str, object]:
    """The 503 answer's body when the database is away (sent with a
    ``Retry-After: DATABASE_RETRY_AFTER``), in the active language."""
    detail = _("The site could not reach its database just now. Try again in a moment.")
    return {"code": "unavailable", "detail": detail, "retry_after": DATABASE_RETRY_AFTER}


def exception_handler(exc, context):
    """Service errors keep their code and status; DRF errors get a code too;
    a database that cannot be reached (a restart, a dropped connection, a
    deadlock) is a 503 ``unavailable`` with a ``Retry-After``, not a 500
    page: the transaction it broke off was rolled back, and a retry with
    the same ``Idempotency-Key`` is applied once."""
    if isinstance(exc, GameActionError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, OperationalError | InterfaceError):
        logger.exception("API request failed: database unavailable")
        return Response(
            unavailable_body(),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(DATABASE_RETRY_AFTER)},
        )
    if isinstance(exc, exceptions.NotAcceptable):
        exc = _in_owners_language(exc, context)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": "invalid", "detail": _first_message(exc.detail), "errors": exc.detail}
        if exc.get_codes() == {"non_field_errors": ["null"]}:  # DRF's untranslated "No data provided"
            no_data = _("The request had no data.")
            response.data["detail"], response.data["errors"] = no_data, {"non_field_errors": [no_data]}
    elif isinstance(exc, exceptions.APIException):
        code = exc.get_codes() if isinstance(exc.get_codes(), str) else "error"
        response.data = {"code": code, "detail": _own_words(exc) or _first_message(exc.detail)}
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            response.data["retry_after"] = int(exc.wait)
    elif isinstance(exc, Http404):
        response.data = {"code": "not_found", "detail": _("Not found.")}
    if response.status_code == status.HTTP_500_INTERNAL_SERVER_ERROR:  # pragma: no cover
        response.data = {"code": "server_error", "detail": "Something went wrong."}
    return response
