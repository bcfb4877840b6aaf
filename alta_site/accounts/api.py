"""The caller's own account: ``/api/me/`` (read it, change the display
name) and ``/api/me/export/`` (everything about them, ``export.user_export``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, ListCreateApi

from .forms import clean_display_name
from .views_data import export_response


class MeExportApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        """Your data: account, settings, your games as you see them, moves,
        ratings, competitions and mails, as one JSON document."""
        return export_response(request.user)


class MeApi(ListCreateApi):
    """Reading is free; a change counts against the user's write limit."""

    permission_classes = [permissions.IsAuthenticated]

    class MeOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        email = serializers.EmailField()
        display_name = serializers.CharField()
        time_zone = serializers.CharField()
        language = serializers.CharField()
        notifications = serializers.CharField()

    class MeInputSerializer(serializers.Serializer):
        display_name = serializers.CharField(max_length=200, required=False, help_text="Shown to other players.")

        def validate_display_name(self, value: str) -> str:
            try:
                return clean_display_name(value, exclude_pk=self.context["user"].pk)
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.messages[0], code=error.code) from None

    @extend_schema(responses={200: MeOutputSerializer, **ERRORS})
    def get(self, request):
        """Your account."""
        return Response(self.MeOutputSerializer(request.user).data)

    @extend_schema(request=MeInputSerializer, responses={200: MeOutputSerializer, **ERRORS})
    def patch(self, request):
        """Change your display name (refused when it reads like another's)."""
        data = self.MeInputSerializer(data=request.data, context={"user": request.user})
        data.is_valid(raise_exception=True)
        if "display_name" in data.validated_data:
            request.user.display_name = data.validated_data["display_name"]
            request.user.save(update_fields=["display_name"])
        return Response(self.MeOutputSerializer(request.user).data)
