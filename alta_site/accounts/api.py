"""``GET /api/me/export/``: everything about the caller (``export.user_export``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import permissions
from rest_framework.views import APIView

from .views_data import export_response


class MeExportApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        """Your data: account, settings, your games as you see them, moves,
        ratings, competitions and mails, as one JSON document."""
        return export_response(request.user)
