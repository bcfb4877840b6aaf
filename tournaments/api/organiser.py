"""Organiser tools over the API: pause, resume, a message to every player,
late registration; and a player's request for a half-point bye.  The
services check the organiser (403 ``not_organiser`` otherwise)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from .. import selectors, services
from ..models import MAX_ROUNDS, Tournament
from ..overview import tournament_overview
from ..services.tools import MAX_MESSAGE
from .common import ERRORS, TournamentPlayerNameInputSerializer, WriteApi
from .serializers import TournamentDetailSerializer, detail_data


def _detail(pk: int, user) -> dict:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    return detail_data(tournament_overview(tournament), can_manage=selectors.can_manage(user, tournament))


class TournamentPauseApi(WriteApi):
    @extend_schema(request=None, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Organisers: stop the clocks of every game; pair nothing until resumed."""
        services.tournament_pause(tournament_id=pk, by=request.user, now=timezone.now())
        return Response(_detail(pk, request.user))


class TournamentResumeApi(WriteApi):
    @extend_schema(request=None, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Organisers: run the clocks again (each turn keeps the time it had left)."""
        services.tournament_resume(tournament_id=pk, by=request.user, now=timezone.now())
        return Response(_detail(pk, request.user))


class TournamentMessageApi(WriteApi):
    class TournamentMessageInputSerializer(serializers.Serializer):
        subject = serializers.CharField(max_length=150)
        text = serializers.CharField(max_length=MAX_MESSAGE)

    class TournamentMessageOutputSerializer(serializers.Serializer):
        sent = serializers.IntegerField()

    @extend_schema(
        request=TournamentMessageInputSerializer, responses={200: TournamentMessageOutputSerializer, **ERRORS}
    )
    def post(self, request, pk: int):
        """Organisers: mail a message to every player still in the tournament."""
        data = self.TournamentMessageInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sent = services.players_message(tournament_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response({"sent": sent})


class TournamentAddLateApi(WriteApi):
    @extend_schema(request=TournamentPlayerNameInputSerializer, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Organisers: add a player to a running Swiss from the next round."""
        data = TournamentPlayerNameInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.participant_add_late(tournament_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_detail(pk, request.user))


class TournamentByeApi(WriteApi):
    class TournamentByeInputSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)

    @extend_schema(request=TournamentByeInputSerializer, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Players: sit out a Swiss round not paired yet, for half a point."""
        data = self.TournamentByeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.bye_request(
            tournament_id=pk, user=request.user, round_number=data.validated_data["round"], now=timezone.now()
        )
        return Response(_detail(pk, request.user))
