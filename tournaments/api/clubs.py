"""Club endpoints: one APIView per operation."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.validators import free_text
from games.api.paging import PAGED, paged

from .. import selectors, services
from ..models import MAX_CLUB_NAME, MAX_DESCRIPTION, Club, ClubMembership
from .common import ERRORS, ClubInviteInputSerializer, ListCreateApi, WriteApi
from .serializers import (
    ClubDetailSerializer,
    ClubSummarySerializer,
    club_detail_data,
    club_summary_data,
)


def _club(pk: int, request) -> dict:
    club = get_object_or_404(Club, pk=pk)
    return club_detail_data(
        club,
        request.user,
        organiser=selectors.is_club_organiser(request.user, club),
        tournaments_url=request.build_absolute_uri(reverse("api-tournaments")),
    )


class ClubListApi(ListCreateApi):
    class ClubCreateInputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=MAX_CLUB_NAME)
        description = serializers.CharField(
            max_length=MAX_DESCRIPTION, required=False, default="", allow_blank=True, validators=[free_text]
        )
        join_policy = serializers.ChoiceField(choices=Club.JoinPolicy.values, default=Club.JoinPolicy.OPEN)

    @extend_schema(parameters=PAGED, responses={200: ClubSummarySerializer(many=True), **ERRORS})
    def get(self, request):
        """Clubs by name (unique, so a page stays put): 500 a page."""
        clubs = Club.objects.annotate(
            active=Count(
                "memberships",
                filter=Q(memberships__status=ClubMembership.Status.ACTIVE),
            )
        ).order_by("name")
        return paged(
            request,
            clubs,
            size=500,
            render=lambda page: ClubSummarySerializer([club_summary_data(c, c.active) for c in page], many=True).data,
        )

    @extend_schema(
        request=ClubCreateInputSerializer,
        responses={201: ClubDetailSerializer, **ERRORS},
    )
    def post(self, request):
        """Found a club: you are its first organiser."""
        data = self.ClubCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = services.club_create(creator=request.user, now=timezone.now(), **data.validated_data)
        return Response(_club(club.pk, request), status=status.HTTP_201_CREATED)


class ClubDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: ClubDetailSerializer, **ERRORS})
    def get(self, request, pk: int):
        """The club: members (organisers also see requests and invitations)
        and its tournaments."""
        return Response(_club(pk, request))


class ClubJoinApi(WriteApi):
    @extend_schema(request=None, responses={200: ClubDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Join (open club), ask to join (by request) or accept an invitation."""
        services.club_join(club_id=pk, user=request.user, now=timezone.now())
        return Response(_club(pk, request))


class ClubLeaveApi(WriteApi):
    @extend_schema(request=None, responses={200: ClubDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Leave, withdraw your request, or decline an invitation."""
        services.club_leave(club_id=pk, user=request.user, now=timezone.now())
        return Response(_club(pk, request))


class ClubInviteApi(WriteApi):
    @extend_schema(
        request=ClubInviteInputSerializer,
        responses={200: ClubDetailSerializer, **ERRORS},
    )
    def post(self, request, pk: int):
        """Organisers: invite a player by display name, or anyone by email
        address: it is mailed a link to sign in (or up) and join."""
        data = ClubInviteInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.club_invite(club_id=pk, by=request.user, now=timezone.now(), **data.validated_data)
        return Response(_club(pk, request))


class _ClubMemberAction(WriteApi):
    service: ClassVar[Callable[..., object]]

    @extend_schema(request=None, responses={200: ClubDetailSerializer, **ERRORS})
    def post(self, request, pk: int, user: int):
        type(self).service(club_id=pk, user_id=user, by=request.user, now=timezone.now())
        return Response(_club(pk, request))


class ClubApproveApi(_ClubMemberAction):
    """Organisers: accept a request to join."""

    service = staticmethod(services.club_request_approve)


class ClubRemoveApi(_ClubMemberAction):
    """Organisers: remove a member, decline a request or take back an invitation."""

    service = staticmethod(services.club_member_remove)


class ClubPromoteApi(_ClubMemberAction):
    """Organisers: make a member an organiser too."""

    service = staticmethod(services.club_member_promote)
