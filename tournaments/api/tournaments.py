"""Tournament endpoints: one APIView per operation.
Each calls one service or selector; errors are the games API's
``{"code", "detail"}``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db.models import Count
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.validators import free_text, one_line_text
from games.api.paging import PAGED, paged, query_of
from games.api.serializers import TimeControlInputSerializer
from games.models import TimeoutPolicy
from games.timing.limits import MAX_DAYS_PER_MOVE

from .. import selectors, services
from ..models import MAX_CAPACITY, MAX_DESCRIPTION, MAX_REASON, MAX_ROUNDS, MAX_TOURNAMENT_NAME, Tournament
from ..overview import tournament_overview
from ..services.organiser import MAX_EXTENSION_DAYS
from ..services.validation import MAX_ROUND_DAYS
from .common import (
    ERRORS,
    MAX_ID,
    ListCreateApi,
    MomentInputField,
    TournamentPlayerNameInputSerializer,
    WriteApi,
)
from .serializers import (
    TournamentDetailSerializer,
    TournamentSummarySerializer,
    detail_data,
    summary_data,
)


def _detail(pk: int, user) -> dict:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    return detail_data(
        tournament_overview(tournament),
        can_manage=selectors.can_manage(user, tournament),
    )


def _summaries(tournaments: list[Any]) -> list:
    """A page of the list; each tournament annotated with ``registered``."""
    return list(TournamentSummarySerializer([summary_data(t, t.registered) for t in tournaments], many=True).data)


class TournamentListApi(ListCreateApi):
    class TournamentFilterSerializer(serializers.Serializer):
        status = serializers.ChoiceField(choices=Tournament.Status.values, required=False)
        club = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)

    class TournamentCreateInputSerializer(TimeControlInputSerializer):
        name = serializers.CharField(max_length=MAX_TOURNAMENT_NAME)
        description = serializers.CharField(
            max_length=MAX_DESCRIPTION, required=False, default="", allow_blank=True, validators=[free_text]
        )
        club = serializers.IntegerField(
            min_value=1,
            max_value=MAX_ID,
            allow_null=True,
            required=False,
            default=None,
            help_text="Empty: site-wide (staff).",
        )
        game = serializers.CharField(max_length=32, default="alta")
        players_per_table = serializers.IntegerField(min_value=2, max_value=8, default=2)
        format = serializers.ChoiceField(choices=Tournament.Format.values)
        rounds = serializers.IntegerField(
            min_value=1,
            max_value=MAX_ROUNDS,
            required=False,
            allow_null=True,
            default=None,
        )
        double_round_robin = serializers.BooleanField(default=False)
        pairing_system = serializers.ChoiceField(choices=Tournament.Pairing.values, default=Tournament.Pairing.DUTCH)
        third_place = serializers.BooleanField(default=False)
        late_registration = serializers.BooleanField(default=False)
        advance = serializers.IntegerField(min_value=1, max_value=7, default=1)
        days_per_move = serializers.IntegerField(min_value=1, max_value=MAX_DAYS_PER_MOVE, default=3)
        timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.values, default=TimeoutPolicy.AUTO)
        vacation_allowed = serializers.BooleanField(default=True)
        rated = serializers.BooleanField(default=False)
        registration_opens_at = MomentInputField(required=False, allow_null=True, default=None)
        registration_closes_at = MomentInputField()
        capacity = serializers.IntegerField(min_value=2, max_value=MAX_CAPACITY, default=16)
        registration = serializers.ChoiceField(
            choices=Tournament.Registration.values,
            default=Tournament.Registration.ANYONE,
        )
        seeding = serializers.ChoiceField(choices=Tournament.Seeding.values, default=Tournament.Seeding.RATING)
        round_days = serializers.IntegerField(
            min_value=1, max_value=MAX_ROUND_DAYS, required=False, allow_null=True, default=None
        )

    @extend_schema(
        parameters=[TournamentFilterSerializer, *PAGED],
        responses={200: TournamentSummarySerializer(many=True), **ERRORS},
    )
    def get(self, request):
        """Tournaments, newest first: 200 a page."""
        filters = self.TournamentFilterSerializer(data=query_of(request))
        filters.is_valid(raise_exception=True)
        # Explicitly ordered: a query with an aggregate drops Meta.ordering,
        # and paging needs one order ending in a unique column.
        tournaments = (
            Tournament.objects.select_related("club")
            .annotate(registered=Count("participants"))
            .order_by("-created_at", "-pk")
        )
        if "status" in filters.validated_data:
            tournaments = tournaments.filter(status=filters.validated_data["status"])
        if "club" in filters.validated_data:
            tournaments = tournaments.filter(club_id=filters.validated_data["club"])
        return paged(request, tournaments, size=200, render=_summaries)

    @extend_schema(
        request=TournamentCreateInputSerializer,
        responses={201: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request):
        """Create a tournament of a club you organise (staff: or site-wide)."""
        data = self.TournamentCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        club_id = fields.pop("club")
        tournament = services.tournament_create(creator=request.user, club_id=club_id, now=timezone.now(), **fields)
        return Response(_detail(tournament.pk, request.user), status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: TournamentDetailSerializer, **ERRORS})
    def get(self, request, pk: int):
        """Settings, players, rounds with live game status, standings with
        tie-breaks, and the bracket (elimination formats)."""
        return Response(_detail(pk, request.user))


class _TournamentAction(WriteApi):
    """POST with no body: call ``service(tournament_id, user, now)``."""

    service: ClassVar[Callable[..., object]]

    @extend_schema(request=None, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        type(self).service(tournament_id=pk, user=request.user, now=timezone.now())
        return Response(_detail(pk, request.user))


class TournamentRegisterApi(_TournamentAction):
    """Register while registration is open."""

    service = staticmethod(services.tournament_register)


class TournamentUnregisterApi(_TournamentAction):
    """Take back your registration before the start."""

    service = staticmethod(services.tournament_unregister)


class TournamentWithdrawApi(_TournamentAction):
    """Withdraw from a running tournament: remaining games are forfeited."""

    service = staticmethod(services.participant_withdraw)


class TournamentStartInputSerializer(serializers.Serializer):
    paused = serializers.BooleanField(
        default=False,
        help_text="Start paused: round 1 waits to be paired by hand (round-pairing) until the tournament resumes.",
    )


class TournamentStartApi(WriteApi):
    @extend_schema(request=TournamentStartInputSerializer, responses={200: TournamentDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Organisers: close registration now and create round 1 (or, with
        ``paused``, let it wait for a pairing by hand)."""
        data = TournamentStartInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_start(tournament_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_detail(pk, request.user))


class TournamentReasonInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=MAX_REASON, validators=[one_line_text])


class TournamentCancelApi(WriteApi):
    @extend_schema(
        request=TournamentReasonInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Organisers: cancel the tournament (running games go on unrated by it)."""
        data = TournamentReasonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_cancel(tournament_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_detail(pk, request.user))


class TournamentInviteApi(WriteApi):
    @extend_schema(
        request=TournamentPlayerNameInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Organisers: invite a player (by display name or email address) to register."""
        data = TournamentPlayerNameInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_invite(tournament_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_detail(pk, request.user))


class TournamentSeedingApi(WriteApi):
    class TournamentSeedingInputSerializer(serializers.Serializer):
        order = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
            max_length=MAX_CAPACITY,
            help_text="Player ids, strongest first.",
        )

    @extend_schema(
        request=TournamentSeedingInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Organisers: the manual seeding order."""
        data = self.TournamentSeedingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_seeds_set(
            tournament_id=pk,
            order=data.validated_data["order"],
            by=request.user,
            now=timezone.now(),
        )
        return Response(_detail(pk, request.user))


class TournamentReplaceApi(WriteApi):
    @extend_schema(
        request=TournamentPlayerNameInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int, participant: int):
        """Organisers: put another player in this player's place (before round 1)."""
        data = TournamentPlayerNameInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.participant_replace(
            tournament_id=pk,
            participant_id=participant,
            by=request.user,
            now=timezone.now(),
            **data.validated_data,
        )
        return Response(_detail(pk, request.user))


class TournamentDisqualifyApi(WriteApi):
    @extend_schema(
        request=TournamentReasonInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int, participant: int):
        """Organisers: disqualify a player; their remaining games are forfeited."""
        data = TournamentReasonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.participant_disqualify(
            tournament_id=pk,
            participant_id=participant,
            by=request.user,
            now=timezone.now(),
            **data.validated_data,
        )
        return Response(_detail(pk, request.user))


class TournamentRoundExtendApi(WriteApi):
    class TournamentExtendInputSerializer(serializers.Serializer):
        days = serializers.IntegerField(min_value=1, max_value=MAX_EXTENSION_DAYS)

    @extend_schema(
        request=TournamentExtendInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int, number: int):
        """Organisers: move a round's hard deadline later."""
        data = self.TournamentExtendInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.round_extend(
            tournament_id=pk,
            number=number,
            by=request.user,
            now=timezone.now(),
            **data.validated_data,
        )
        return Response(_detail(pk, request.user))


class TournamentGameResultApi(WriteApi):
    class TournamentResultInputSerializer(serializers.Serializer):
        ranking = serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
                min_length=1,
                max_length=8,
            ),
            min_length=0,
            max_length=8,
            help_text="Groups of the ids of the players who played, best first; a shared place is one group.",
        )
        reason = serializers.CharField(max_length=MAX_REASON, validators=[one_line_text])
        forfeited = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
            max_length=8,
            required=False,
            help_text="Ids of the players who did not play (a no-show): the game counts as unplayed for them all.",
        )

    @extend_schema(
        request=TournamentResultInputSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def post(self, request, game: int):
        """Organisers: decide an unfinished game by hand (the reason is logged)."""
        data = self.TournamentResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.game_result_set(game_id=game, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_detail(result.tournament_id, request.user))
