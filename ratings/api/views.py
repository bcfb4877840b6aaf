"""Ladder and rating endpoints: one APIView per operation; errors are the games API's ``{"code", "detail"}``."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, ErrorSerializer, WriteApi
from games.services import NotFound
from ratings import selectors, services
from ratings.models import MAX_CAPACITY, Challenge, Ladder

from .serializers import (
    LadderChallengeSerializer,
    LadderMembershipSerializer,
    LadderRankingSerializer,
    LadderSerializer,
    RatingHistorySerializer,
    RatingSummarySerializer,
    challenge_data,
    history_entry_data,
    ladder_data,
    membership_data,
    ranking_row_data,
    rating_data,
)


def _challenge(pk: int) -> Challenge:
    return Challenge.objects.select_related("challenger", "challenged", "match").get(pk=pk)


class LadderListApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: LadderSerializer(many=True)})
    def get(self, request):
        """Open ladders."""
        return Response([ladder_data(ladder, ladder.member_count) for ladder in selectors.ladders_active()])


class LadderRankingApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: LadderRankingSerializer, 404: ErrorSerializer})
    def get(self, request, pk: int):
        """The ladder's visible ranking: members by rating in its game, without
        those who have not played for 30 days."""
        ladder = get_object_or_404(Ladder, pk=pk)
        ranking = selectors.ladder_ranking(ladder, now=timezone.now(), trends=True)
        count = ladder.memberships.filter(left_at__isnull=True).count()
        return Response(
            {
                "ladder": ladder_data(ladder, count),
                "ranking": [ranking_row_data(r) for r in ranking],
            }
        )


class LadderJoinApi(WriteApi):
    class LadderJoinInputSerializer(serializers.Serializer):
        capacity = serializers.IntegerField(
            min_value=1,
            max_value=MAX_CAPACITY,
            default=1,
            help_text="Ladder games wanted at once.",
        )

    @extend_schema(
        request=LadderJoinInputSerializer,
        responses={201: LadderMembershipSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Join the ladder (or rejoin it)."""
        data = self.LadderJoinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.ladder_join(
            ladder_id=pk,
            user=request.user,
            now=timezone.now(),
            capacity=data.validated_data["capacity"],
        )
        return Response(membership_data(membership), status=status.HTTP_201_CREATED)


class LadderLeaveApi(WriteApi):
    @extend_schema(request=None, responses={200: LadderMembershipSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Leave the ladder; running games go on, open challenges are withdrawn."""
        membership = services.ladder_leave(ladder_id=pk, user=request.user, now=timezone.now())
        return Response(membership_data(membership))


class LadderCapacityApi(WriteApi):
    class LadderCapacityInputSerializer(serializers.Serializer):
        capacity = serializers.IntegerField(min_value=1, max_value=MAX_CAPACITY)

    @extend_schema(
        request=LadderCapacityInputSerializer,
        responses={200: LadderMembershipSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Set how many ladder games you want running at once (1 to 10)."""
        data = self.LadderCapacityInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.ladder_capacity_set(
            ladder_id=pk,
            user=request.user,
            capacity=data.validated_data["capacity"],
            now=timezone.now(),
        )
        return Response(membership_data(membership))


class ChallengeCreateApi(WriteApi):
    class ChallengeCreateInputSerializer(serializers.Serializer):
        opponent = serializers.CharField(max_length=40, help_text="Display name of a member at most 10 places away.")

    @extend_schema(
        request=ChallengeCreateInputSerializer,
        responses={201: LadderChallengeSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Challenge another member; the challenge expires after 7 days."""
        data = self.ChallengeCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name = data.validated_data["opponent"].strip()
        opponent = get_user_model().objects.filter(display_name__iexact=name).first()
        if opponent is None:
            raise NotFound(_("There is no player called “%(name)s”.") % {"name": name}, code="unknown_player")
        challenge = services.challenge_create(
            ladder_id=pk, challenger=request.user, opponent=opponent, now=timezone.now()
        )
        return Response(challenge_data(_challenge(challenge.pk)), status=status.HTTP_201_CREATED)


class ChallengeAcceptApi(WriteApi):
    @extend_schema(request=None, responses={200: LadderChallengeSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Accept a challenge made to you: the rated game starts."""
        services.challenge_accept(challenge_id=pk, user=request.user, now=timezone.now())
        return Response(challenge_data(_challenge(pk)))


class ChallengeDeclineApi(WriteApi):
    @extend_schema(request=None, responses={200: LadderChallengeSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Decline a challenge made to you."""
        services.challenge_decline(challenge_id=pk, user=request.user, now=timezone.now())
        return Response(challenge_data(_challenge(pk)))


class ChallengeTakeBackApi(WriteApi):
    @extend_schema(request=None, responses={200: LadderChallengeSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Take back an open challenge you made."""
        services.challenge_take_back(challenge_id=pk, user=request.user, now=timezone.now())
        return Response(challenge_data(_challenge(pk)))


class MyRatingsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: RatingSummarySerializer(many=True), 403: ErrorSerializer})
    def get(self, request):
        """Your rating in every game kind you have played rated."""
        return Response([rating_data(r) for r in selectors.ratings_for_user(request.user)])


class PlayerRatingsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: RatingHistorySerializer(many=True), 404: ErrorSerializer})
    def get(self, request, who: str):
        """A player's rating in every game kind they have played rated, each
        with its history (what the player's ratings page charts)."""
        # A deactivated account's ratings are not public (nor is its page).
        player = get_user_model().objects.filter(display_name__iexact=who, is_active=True).first()
        if player is None:
            raise NotFound(_("There is no such player."), code="unknown_player")
        return Response(
            [
                {**rating_data(r), "history": [history_entry_data(c) for c in selectors.rating_history(player, r.game)]}
                for r in selectors.ratings_for_user(player)
            ]
        )


class MyChallengesApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: LadderChallengeSerializer(many=True), 403: ErrorSerializer})
    def get(self, request):
        """Your open challenges in every ladder, made and received (accept or
        decline those made to you, take back those you made, by their id)."""
        challenges = selectors.open_challenges_of(request.user, now=timezone.now()).select_related("match")
        return Response([challenge_data(c) for c in challenges])
