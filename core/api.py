"""What every API endpoint of the site shares: the error responses it
documents and the base views for writes (authenticated, rate-limited per
user with the ``game_write`` scope)."""

from __future__ import annotations

from rest_framework import permissions, serializers
from rest_framework.views import APIView

from .throttling import WriteRateThrottle


class ErrorSerializer(serializers.Serializer):
    """The shape of every error answer (``core.exception_handler``)."""

    code = serializers.CharField()
    detail = serializers.CharField()


#: Error answers an endpoint may give, for the schema (all ``{"code", "detail"}``).
ERRORS = {code: ErrorSerializer for code in (400, 403, 404, 409, 429, 503)}
#: Endpoints that pass a move to the engine may also refuse it.
ERRORS_WITH_MOVES = {**ERRORS, 422: ErrorSerializer}


class WriteApi(APIView):
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


class ListCreateApi(APIView):
    """Anyone reads; writing (POST, PATCH, ...) is authenticated and
    rate-limited."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_throttles(self):
        if self.request.method not in permissions.SAFE_METHODS:
            self.throttle_scope = "game_write"
            return [WriteRateThrottle()]
        return super().get_throttles()


def document_unauthorized(result, generator, request, public):
    """drf-spectacular hook: every operation may answer 401 (no token where
    one is needed, or an unknown or revoked one, even where anyone may
    read), with the error shape; the schema says so for each."""
    answer = {
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        "description": "No token where one is needed, or an unknown or revoked one.",
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            operation["responses"].setdefault("401", answer)
    result.setdefault("components", {}).setdefault("schemas", {}).setdefault(
        "Error",
        {
            "type": "object",
            "properties": {"code": {"type": "string"}, "detail": {"type": "string"}},
            "required": ["code", "detail"],
        },
    )
    return result
