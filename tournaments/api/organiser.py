"""Organiser tools over the API: pause, resume, a message to every player,
late registration, pairing a round by hand, letting a withdrawn player back
in; and a player's request for a half-point bye, and taking it back.  The
services check the organiser (403 ``not_organiser`` otherwise)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.validators import free_text
from games.services import Conflict, NotAllowed

from .. import selectors, services
from ..models import MAX_ROUNDS, Tournament
from ..overview import tournament_overview
from ..pairing_warnings import problem_text
from ..services.messages import MAX_MESSAGE, MAX_SUBJECT
from .common import ERRORS, MAX_ID, TournamentPlayerNameInputSerializer, WriteApi
from .serializers import TournamentDetailSerializer, detail_data

#: A pairing's limits: players at a table (the largest game), tables.
MAX_TABLE, MAX_TABLES = 6, 512


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
        subject = serializers.CharField(max_length=MAX_SUBJECT)
        text = serializers.CharField(max_length=MAX_MESSAGE, validators=[free_text])

    class TournamentMessageOutputSerializer(serializers.Serializer):
        sent = serializers.IntegerField()

    @extend_schema(
        request=TournamentMessageInputSerializer, responses={200: TournamentMessageOutputSerializer, **ERRORS}
    )
    def post(self, request, pk: int):
        """Organisers: mail a message to every player still in the tournament;
        409 ``over`` once it is finished or cancelled."""
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


class TournamentByeWithdrawApi(WriteApi):
    class TournamentByeWithdrawInputSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
        participant = serializers.IntegerField(
            min_value=1,
            max_value=MAX_ID,
            required=False,
            allow_null=True,
            default=None,
            help_text="Organisers: the player whose bye to take back (empty: your own).",
        )

    @extend_schema(request=TournamentByeWithdrawInputSerializer, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Players: take back your half-point bye of a round not paired yet,
        and play it; organisers: a player's (``participant``).  403
        ``not_organiser`` for someone else's bye, 404 ``no_bye`` when none
        was asked for, 409 ``round_paired`` once the round is paired (409
        ``paired_by_hand``: paired by hand without the player)."""
        data = self.TournamentByeWithdrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.bye_withdraw(
            tournament_id=pk,
            by=request.user,
            round_number=data.validated_data["round"],
            participant_id=data.validated_data["participant"],
            now=timezone.now(),
        )
        return Response(_detail(pk, request.user))


class TournamentReinstateApi(WriteApi):
    @extend_schema(request=None, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int, participant: int):
        """Organisers: let a player who withdrew (or was withdrawn for
        missing deadlines) back into the running tournament, from the next
        pairing (a Swiss round already paired by hand stands: they sit it
        out, see the round pairing's ``sitting_out``); the games forfeited
        meanwhile stay forfeited.  409
        ``registered`` for a player still in, ``disqualified`` for one
        disqualified."""
        services.participant_reinstate(
            tournament_id=pk, participant_id=participant, by=request.user, now=timezone.now()
        )
        return Response(_detail(pk, request.user))


class TournamentPairingWarningSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text="rematch, three_in_a_row, colour_difference, position_repeat, position_imbalance, second_bye, "
        "forfeit_win_bye"
    )
    players = serializers.ListField(child=serializers.IntegerField())
    count = serializers.IntegerField()
    text = serializers.CharField()


class TournamentRoundPairingApi(WriteApi):
    """The round that waits to start, paired by hand (organisers only)."""

    class TournamentPairingOutputSerializer(serializers.Serializer):
        round = serializers.IntegerField()
        mode = serializers.ChoiceField(
            choices=[services.TABLES, services.SEATS],
            help_text="tables: every seat may change (Swiss); seats: only the seat order at each table.",
        )
        min_table = serializers.IntegerField()
        max_table = serializers.IntegerField()
        by_hand = serializers.BooleanField()
        started = serializers.BooleanField(
            help_text="The round's games are made but none has a move yet: a new pairing cancels them "
            "(their players are mailed) and makes new ones."
        )
        tables = serializers.ListField(
            child=serializers.ListField(child=serializers.IntegerField()),
            help_text="Participant ids in seat order: the first moves first.",
        )
        byes = serializers.ListField(child=serializers.IntegerField())
        sitting_out = serializers.ListField(
            child=serializers.IntegerField(),
            help_text="Participants let back in after the round was paired by hand: the pairing stands without "
            "them, they have no game and no points this round and are paired from the next one.",
        )
        warnings = TournamentPairingWarningSerializer(many=True)

    class TournamentPairingSetOutputSerializer(serializers.Serializer):
        round = serializers.IntegerField()
        tables = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
        byes = serializers.ListField(child=serializers.IntegerField())
        warnings = TournamentPairingWarningSerializer(many=True)

    class TournamentPairingInputSerializer(serializers.Serializer):
        tables = serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(min_value=1, max_value=MAX_ID), min_length=1, max_length=MAX_TABLE
            ),
            max_length=MAX_TABLES,
            help_text="Participant ids in seat order: the first moves first.",
        )
        byes = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ID), max_length=MAX_TABLES, default=list
        )

    def get_throttles(self):
        # Reading the proposal is not a write.
        return super().get_throttles() if self.request.method == "POST" else []

    def _proposal(self, request, pk: int, number: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        if not selectors.can_manage(request.user, tournament):
            raise NotAllowed(_("Only the tournament's organisers can do that."), code="not_organiser")
        if not services.pairing_by_hand_possible(tournament):
            raise Conflict(services.bracket_note(), code="bracket")
        proposal = services.round_pairing_proposal(tournament)
        if proposal is None or proposal.round != number:
            raise Conflict(services.round_pairing_refusal(tournament, number), code="no_round_waiting")
        return tournament, proposal

    @staticmethod
    def _data(tournament, proposal, problems) -> dict:
        return {
            "round": proposal.round,
            "mode": proposal.mode,
            "min_table": proposal.sizes[0],
            "max_table": proposal.sizes[1],
            "by_hand": proposal.by_hand,
            "started": proposal.started,
            "tables": [list(t) for t in proposal.tables],
            "byes": list(proposal.byes),
            "sitting_out": list(proposal.sitting_out),
            "warnings": _warnings(tournament, problems),
        }

    @extend_schema(responses={200: TournamentPairingOutputSerializer, **ERRORS})
    def get(self, request, pk: int, number: int):
        """Organisers: the pairing of the round that waits to start (the
        tournament is paused), with its warnings."""
        tournament, proposal = self._proposal(request, pk, number)
        return Response(self._data(tournament, proposal, proposal.problems))

    @extend_schema(
        request=TournamentPairingInputSerializer, responses={200: TournamentPairingSetOutputSerializer, **ERRORS}
    )
    def post(self, request, pk: int, number: int):
        """Organisers: pair the round that waits to start by hand.  The
        pairing is stored and the warnings (rematches, first moves, seat
        positions, a second bye) returned; 400 ``invalid_pairing`` for one
        that leaves a player out, seats one twice or has a bye too many,
        400 ``tables_fixed`` for more than a new seat order where the format
        fixes the tables, 409 for a bracket or when no round waits."""
        data = self.TournamentPairingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        problems = services.round_pairing_set(
            tournament_id=pk, number=number, by=request.user, now=timezone.now(), **data.validated_data
        )
        tournament = get_object_or_404(Tournament, pk=pk)
        return Response(
            {
                "round": number,
                "tables": data.validated_data["tables"],
                "byes": data.validated_data["byes"],
                "warnings": _warnings(tournament, problems),
            }
        )


def _warnings(tournament: Tournament, problems) -> list[dict]:
    names = {p.pk: str(p.user) for p in selectors.participants_of(tournament)}
    return [
        {"kind": p.kind, "players": list(p.players), "count": p.count, "text": problem_text(p, names)} for p in problems
    ]
