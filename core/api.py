"""What every API endpoint of the site shares: the error responses it
documents and the base views for writes (authenticated, rate-limited per
user with the ``game_write`` scope)."""

from __future__ import annotations

import datetime as dt
import functools

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import permissions, serializers
from rest_framework.views import APIView

from .moments import zone_name
from .throttling import WriteRateThrottle


class InstantField(serializers.DateTimeField):
    """A moment in an answer: ISO 8601 in UTC ("2026-01-12T09:00:00Z"),
    whatever the reader's time zone, as every endpoint writes its times (a
    client shows them in its reader's zone).  DRF's own field writes the
    active zone's offset, the token owner's; input is read as DRF reads it."""

    def to_representation(self, value):
        with timezone.override(dt.UTC):
            return super().to_representation(value)


class MomentInputField(serializers.DateTimeField):
    """A moment a client sends.  Without an offset it is read in the
    sender's time zone, as DRF reads it, and refused when the clocks change
    then (the hour they go back is lived twice, the hour they skip not at
    all), as the site's forms refuse it: DRF's own check reads both as
    valid.  One at the end of the calendar that has no moment in UTC (the
    year 1 east of UTC, 9999 west of it) is refused as out of range (DRF's
    own ``overflow`` error, translated), where DRF's field raises and the
    request ends in a server error."""

    default_error_messages = {
        "clock_change": _(
            "{time} is not one moment in your time zone, {zone}: the clocks change then. "
            "Send it with its UTC offset, e.g. {example}."
        ),
    }

    def enforce_timezone(self, value):
        zone = self.timezone if hasattr(self, "timezone") else self.default_timezone()
        if zone is not None and timezone.is_naive(value) and _clocks_change(value, zone):
            self.fail(
                "clock_change",
                time=value.isoformat(timespec="minutes"),
                zone=zone_name(zone),
                example=value.replace(tzinfo=zone).isoformat(timespec="minutes"),
            )
        try:
            return super().enforce_timezone(value)
        except OverflowError:
            self.fail("overflow")


def _clocks_change(local: dt.datetime, zone: dt.tzinfo) -> bool:
    """Is the wall time ``local`` lived twice or not at all in ``zone``?
    (Its two readings, before and after the change, differ in offset.)"""
    try:
        return local.replace(tzinfo=zone, fold=0).utcoffset() != local.replace(tzinfo=zone, fold=1).utcoffset()
    except OverflowError:
        return False  # the end of the calendar: the overflow error says so


class ErrorSerializer(serializers.Serializer):
    """The shape of every error answer (``core.exception_handler``)."""

    code = serializers.CharField()
    detail = serializers.CharField()


#: Error answers an endpoint may give, for the schema (all ``{"code", "detail"}``).
ERRORS = {code: ErrorSerializer for code in (400, 403, 404, 409, 429, 503)}
#: Endpoints that pass a move to the engine may also refuse it.
ERRORS_WITH_MOVES = {**ERRORS, 422: ErrorSerializer}


#: The methods of a write.
WRITE_METHODS = ("post", "put", "patch", "delete")


def _answered_before_commit(handler):
    """``handler`` run in one transaction: the write and the reading of its
    answer.  After the commit nothing queries the database, so a database
    that goes away right then (a restart, a dropped connection) cannot turn
    a done write into an error answer, which a client would retry (and a
    retry without an Idempotency-Key would do it again)."""

    @functools.wraps(handler)
    def handle(self, request, *args, **kwargs):
        with transaction.atomic():
            return handler(self, request, *args, **kwargs)

    return handle


class AnsweredBeforeCommit(APIView):
    """Every write method a subclass defines is ``_answered_before_commit``,
    unless the subclass sets ``answers_after_commit`` (its answer is built
    without a query, and its write keeps its own transaction)."""

    answers_after_commit = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.answers_after_commit:
            return
        for method in WRITE_METHODS:
            if method in cls.__dict__:
                setattr(cls, method, _answered_before_commit(cls.__dict__[method]))


class WriteApi(AnsweredBeforeCommit):
    """A write endpoint: authenticated, rate-limited per user.  A body that
    is not valid JSON (or form data) is refused (400) before the action
    runs, also by an action that reads no body."""

    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "game_write"

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.stream is not None:
            request.data  # noqa: B018 - parsing raises ParseError on garbage


class ListCreateApi(AnsweredBeforeCommit):
    """Anyone reads; writing (POST, PATCH, ...) is authenticated and
    rate-limited."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_throttles(self):
        if self.request.method not in permissions.SAFE_METHODS:
            self.throttle_scope = "game_write"
            return [WriteRateThrottle()]
        return super().get_throttles()


#: Refusals DRF gives before a view's own code runs, so no operation
#: declares them itself: (status, the methods whose operations give it,
#: None for all, and what it means).  Every path refuses the methods it does
#: not list (405: the schema has no operation for those, so each of the
#: path's operations says it), and every write parses its body before
#: acting, also one that reads none (``WriteApi``), so each refuses a body
#: it cannot read (415).
_REFUSALS = (
    (401, None, "No token where one is needed, or an unknown or revoked one."),
    (405, None, "A method this path does not take (the Allow header lists the ones it does)."),
    (415, {"post", "put", "patch"}, "A body in a format the API does not read (JSON, form or multipart)."),
)


def document_refusals(result, generator, request, public):
    """drf-spectacular hook: documents ``_REFUSALS`` on the operations that
    give them (even where anyone may read, an unknown or revoked token is a
    401), with the ``{code, detail}`` error shape."""
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            for status, methods, description in _REFUSALS:
                if methods is None or method in methods:
                    operation["responses"].setdefault(
                        str(status),
                        {
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                            "description": description,
                        },
                    )
    result.setdefault("components", {}).setdefault("schemas", {}).setdefault(
        "Error",
        {
            "type": "object",
            "properties": {"code": {"type": "string"}, "detail": {"type": "string"}},
            "required": ["code", "detail"],
        },
    )
    return result
