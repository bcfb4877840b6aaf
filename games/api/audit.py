"""``GET /api/games/{id}/audit/``: a finished game's audit record (seed,
salt, commitment, every move), the input of ``games.audit.audit``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS
from games.models import Match
from games.verify import match_audit_record, match_verify


class AuditMoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="0-based engine seat index.")
    kind = serializers.ChoiceField(choices=["move", "resign", "timeout"])
    moves = serializers.JSONField(help_text="The engine moves of the submission.")
    events = serializers.JSONField(help_text="What the moves caused, as recorded.")


class GameAuditApi(APIView):
    permission_classes = [permissions.AllowAny]

    class AuditOutputSerializer(serializers.Serializer):
        game = serializers.CharField()
        engine_version = serializers.IntegerField(allow_null=True)
        players = serializers.IntegerField()
        options = serializers.JSONField()
        commitment = serializers.CharField(allow_blank=True)
        seed = serializers.IntegerField()
        salt = serializers.CharField(allow_blank=True)
        seat_order = serializers.ListField(
            child=serializers.IntegerField(),
            allow_null=True,
            help_text="Engine seat index of each player, in joining order; null where a tournament set the order.",
        )
        moves = AuditMoveSerializer(many=True)
        outcome = serializers.JSONField()
        verified = serializers.BooleanField(help_text="Whether the site's own check passes.")

    @extend_schema(responses={200: AuditOutputSerializer, **ERRORS})
    def get(self, request, pk: int):
        """A finished game's seed, salt and move log, to check the commitment
        and replay the game (409 while it runs: the seed is secret)."""
        match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=pk)
        record = match_audit_record(match)
        return Response({**record, "verified": match_verify(match).ok})
