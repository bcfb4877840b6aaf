"""The games REST API: one APIView per operation."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS_WITH_MOVES as ERRORS
from core.api import ErrorSerializer, InstantField, ListCreateApi, WriteApi
from core.validators import MAX_ADDRESS
from games import selectors, services
from games.boards import playable_slugs
from games.deadlines.selectors import players_away
from games.engine import get_rules
from games.forms import MOVE_MAX_LENGTH
from games.history_words import history_in_words
from games.i18n import move_words, not_played
from games.models import PLY_MAX, Match, MoveRecord, TimeoutPolicy
from games.timing.limits import MAX_DAYS_PER_MOVE

from .idempotency import IDEMPOTENCY_KEY, idempotency_fingerprint, idempotency_key, key_reused_refusal
from .paging import PAGED, paged, query_of
from .serializers import (
    MatchDetailSerializer,
    MatchSummarySerializer,
    MovePlayedSerializer,
    TimeControlInputSerializer,
    event_data,
    match_data,
)


def _match(pk: int) -> Match:
    return get_object_or_404(Match.objects.prefetch_related("seats__user"), pk=pk)


def _summaries(matches) -> list[dict]:
    matches = list(matches)
    away = players_away(matches, now=timezone.now())  # one query for the whole list
    return [match_data(m, away=away) for m in matches]


def _reveal(match: Match, state) -> list[dict] | None:
    """Once the game is over: each seat's holdings as the rules reveal them
    and its score breakdown (``Rules.reveal``, the structure the finished
    game's page and mail render), seats numbered from 1 as everywhere here."""
    if not match.is_finished or match.state is None:
        return None
    rules = get_rules(match.game)
    found = rules.reveal(rules.load(match.state) if state is None else state)
    return None if found is None else [{**seat.dump(), "seat": seat.seat + 1} for seat in found]


def _not_played(match: Match, record: MoveRecord) -> dict | None:
    """The end of the mover's message that was not played (a move of it
    turned up cards), in their language; ``None`` when all was played.
    Only ever in the answer to the mover's own request."""
    found = not_played(match.game, record.not_played)
    return None if found is None else {"moves": found[0], "reason": found[1]}


def _position_after(match: Match, user, ply: int) -> dict:
    """The game as ``user`` saw it right after the move that made ``ply``
    (its view, whose turn, its ply), the rest (seats, status) as it is now:
    a retried move is answered with what it did even when the game has
    gone on since (the state is then rebuilt from the move log)."""
    body = detail_data(match, user, state=selectors.match_state_at(match, ply))
    body["ply"] = ply
    return body


def _history(match: Match, seat_index: int | None) -> list[dict]:
    """``match_history`` as the API gives it: seats numbered from 1, and
    beside each canonical ``text`` (what replays and what clients parse)
    the same in the reader's words, as the game's page writes it."""
    entries = selectors.match_history(match, seat_index)
    words = history_in_words(match.game, [dict(entry) for entry in entries])
    return [
        {**entry, "seat": entry["seat"] + 1, "text_in_your_language": worded["text"]}
        for entry, worded in zip(entries, words, strict=True)
    ]


def detail_data(match: Match, user, *, state=None, seats=None) -> dict:
    seen = selectors.match_view_for(match, user, state=state, seats=seats, with_options=False)
    names = selectors.seat_names(match, seats)
    return {
        **match_data(match, seats),
        "your_seat": None if seen.seat is None else seen.seat.number,
        "your_turn": seen.to_move,
        "view": seen.view,
        "outcome": match.outcome if match.is_finished else None,
        "reveal": _reveal(match, state),
        # Public events only (``setup_events``): the same for every reader.
        "start": selectors.match_start_events(match, None, names),
        "start_deal": selectors.match_start_deal(match, names),
        "seed": match.seed if match.is_finished else None,
        "seed_commitment": match.seed_commitment,
        "seed_salt": match.seed_salt if match.is_finished else None,
        "rematch_of": match.rematch_of_id,
        "tournament": event_data(match),
    }


class GameListApi(ListCreateApi):
    class GameFilterSerializer(serializers.Serializer):
        status = serializers.ChoiceField(choices=Match.Status.values, required=False)
        game = serializers.ChoiceField(choices=playable_slugs(), required=False)

    class GameCreateInputSerializer(TimeControlInputSerializer):
        game = serializers.ChoiceField(choices=playable_slugs())
        # Checked against the chosen game's range by the service, so every
        # count outside it is refused alike (code ``invalid_players``).
        players = serializers.IntegerField(help_text="Seats, within the chosen game's range (see its rules).")
        days_per_move = serializers.IntegerField(min_value=1, max_value=MAX_DAYS_PER_MOVE, default=3)
        rated = serializers.BooleanField(default=False)
        timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.values, default=TimeoutPolicy.AUTO)
        vacation_allowed = serializers.BooleanField(default=True)
        invite = serializers.ListField(
            child=serializers.CharField(max_length=MAX_ADDRESS),
            max_length=5,
            default=list,
            help_text="Display names or email addresses.",
        )

    @extend_schema(
        parameters=[GameFilterSerializer, *PAGED], responses={200: MatchSummarySerializer(many=True), **ERRORS}
    )
    def get(self, request):
        """Games, newest first (default: open games with a free seat), 100
        a page."""
        filters = self.GameFilterSerializer(data=query_of(request))
        filters.is_valid(raise_exception=True)
        wanted = filters.validated_data.get("status")
        if wanted in (None, Match.Status.OPEN):
            matches = selectors.matches_open()
        else:
            matches = Match.objects.filter(status=wanted).prefetch_related("seats__user")
        if "game" in filters.validated_data:
            matches = matches.filter(game=filters.validated_data["game"])
        return paged(request, matches.select_related("created_by"), size=100, render=_summaries)

    @extend_schema(
        request=GameCreateInputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: MatchDetailSerializer, **ERRORS, 422: key_reused_refusal()},
    )
    def post(self, request):
        """Create a game: you take the first seat; a repeated
        Idempotency-Key with the same body returns the game it created."""
        data = self.GameCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create(
            creator=request.user,
            now=timezone.now(),
            idempotency_key=idempotency_key(request),
            idempotency_fingerprint=idempotency_fingerprint(request, data.validated_data),
            **data.validated_data,
        )
        return Response(detail_data(_match(match.pk), request.user), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: MatchDetailSerializer, **ERRORS})
    def get(self, request, pk: int):
        """The game as you may see it: your seat's view, or the spectator's."""
        return Response(detail_data(_match(pk), request.user))


class _SimpleAction(WriteApi):
    service: ClassVar[Callable[..., Match]]

    @extend_schema(request=None, responses={200: MatchDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        type(self).service(match_id=pk, user=request.user, now=timezone.now())
        return Response(detail_data(_match(pk), request.user))


class GameJoinApi(_SimpleAction):
    """Take a free seat (or the seat you were invited to)."""

    service = staticmethod(services.match_join)


class GameLeaveApi(_SimpleAction):
    """Give your seat back before the game starts."""

    service = staticmethod(services.match_leave)


class GameCancelApi(_SimpleAction):
    """Cancel a game you created, before it starts."""

    service = staticmethod(services.match_cancel)


class InviteeSerializer(serializers.Serializer):
    invitee = serializers.CharField(max_length=MAX_ADDRESS, help_text="A display name or an email address.")


class GameInviteApi(WriteApi):
    @extend_schema(request=InviteeSerializer, responses={200: MatchDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Invite a player (display name) or an email address into a free
        seat of a game you created, before it starts: they are mailed the
        invitation.  An address counts against your day's allowance of
        invitations by address."""
        data = InviteeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.seat_invite(match_id=pk, invitee=data.validated_data["invitee"], user=request.user, now=timezone.now())
        return Response(detail_data(_match(pk), request.user))


class GameInvitationTakeBackApi(WriteApi):
    @extend_schema(request=InviteeSerializer, responses={200: MatchDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Take back the invitation of a game you created to this display
        name or address, before anyone took its seat: its link no longer
        seats anyone, and the seat is free."""
        data = InviteeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # Found before the lock, checked again under it: the service says
        # "not the creator" or "not open" before "no such invitation".
        seat_id = selectors.invited_seat_id(pk, data.validated_data["invitee"]) or 0
        services.seat_invitation_take_back(match_id=pk, seat_id=seat_id, user=request.user, now=timezone.now())
        return Response(detail_data(_match(pk), request.user))


class GameResignApi(WriteApi):
    @extend_schema(request=None, responses={200: MatchDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Resign: you rank last and the others play on."""
        services.match_resign(match_id=pk, user=request.user, now=timezone.now(), source=MoveRecord.Source.API)
        return Response(detail_data(_match(pk), request.user))


class GameRematchApi(WriteApi):
    @extend_schema(request=None, responses={201: MatchDetailSerializer, 200: MatchDetailSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Offer a rematch of a finished game you played: a new game with the
        same players (invited) and settings (201), or the rematch already
        offered (200)."""
        rematch, offered = services.match_rematch(match_id=pk, user=request.user, now=timezone.now())
        answer = status.HTTP_201_CREATED if offered else status.HTTP_200_OK
        return Response(detail_data(_match(rematch.pk), request.user), status=answer)


class LegalMovesApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    class LegalMovesOutputSerializer(serializers.Serializer):
        ply = serializers.IntegerField()
        your_turn = serializers.BooleanField()
        moves = serializers.ListField(
            child=serializers.CharField(), help_text="The game's canonical notation (English), as the log keeps it."
        )
        moves_in_your_language = serializers.ListField(
            child=serializers.CharField(),
            help_text="The same moves, in order, as you read and write them (your language; POST moves/ takes them).",
        )
        structured = serializers.ListField(
            child=serializers.DictField(),
            help_text="The same moves in the game's move form (the 'move' object POST moves/ takes), in order.",
        )

    @extend_schema(responses={200: LegalMovesOutputSerializer, **ERRORS})
    def get(self, request, pk: int):
        """Every legal move for you now, in notation, numbered from 1 in order,
        and each in the game's move form."""
        match = _match(pk)
        seen = selectors.match_view_for(match, request.user, with_options=False)
        if seen.seat is None:
            raise services.NotAllowed(_("You are not playing in this game."), code="not_a_player")
        rules = get_rules(match.game)
        index = seen.seat.index
        options = (
            rules.move_options(rules.load(match.started_state), index) if seen.to_move and index is not None else []
        )
        return Response(
            {
                "ply": match.ply,
                "your_turn": seen.to_move,
                "moves": [text for text, _move in options],
                "moves_in_your_language": [move_words(match.game, text) for text, _move in options],
                "structured": [rules.dump_move(move) for _text, move in options],
            }
        )


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "minLength": 1, "maxLength": MOVE_MAX_LENGTH},
            {"type": "object", "additionalProperties": True},
        ],
        "description": "Notation (several moves separated by ';'), or one legal move as an object in the "
        "game's move form (legal-moves lists each as 'structured').",
    }
)
class MoveField(serializers.Field):
    """A move as notation text (several moves separated by ';'), or one move
    in the engine's JSON form (an object, as a game's move log stores it)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.text = serializers.CharField(max_length=MOVE_MAX_LENGTH)

    def to_internal_value(self, data):
        if isinstance(data, dict):
            return data
        return self.text.run_validation(data)

    def to_representation(self, value):
        return value


class StalePlySerializer(ErrorSerializer):
    """A move refused because the game is elsewhere (``stale_ply``) carries
    the current position: its ``ply`` and the game as you may see it."""

    ply = serializers.IntegerField(required=False)
    game = MatchDetailSerializer(required=False)


class MovesApi(ListCreateApi):
    # The move's answer is built from what the write returned, without a
    # query; the move path keeps its one transaction (``move_submit``).
    answers_after_commit = True

    class MoveInputSerializer(serializers.Serializer):
        ply = serializers.IntegerField(min_value=0, max_value=PLY_MAX, help_text="The position you are answering.")
        move = MoveField(required=False)
        option = serializers.IntegerField(
            min_value=1, max_value=PLY_MAX, required=False, help_text="Number of a move in legal-moves (from 1)."
        )

        def validate(self, data):
            if ("move" in data) == ("option" in data):
                raise serializers.ValidationError(_("Give either 'move' or 'option'."))
            return data

    class MoveHistorySerializer(serializers.Serializer):
        ply = serializers.IntegerField()
        seat = serializers.IntegerField()
        kind = serializers.CharField()
        player = serializers.CharField()
        text = serializers.CharField(
            allow_null=True, help_text="The canonical notation (English) or kind, as the move log keeps it."
        )
        text_in_your_language = serializers.CharField(
            allow_null=True, help_text="The same, as you read it (your language); null where text is."
        )
        events = serializers.ListField(child=serializers.CharField(), help_text="What happened, in your language.")
        at = InstantField()

    @extend_schema(responses={200: MoveHistorySerializer(many=True), **ERRORS})
    def get(self, request, pk: int):
        """The move history as far as you may see it."""
        match = _match(pk)
        seat = selectors.seat_of(match, request.user)
        return Response(_history(match, None if seat is None else seat.index))

    @extend_schema(
        request=MoveInputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: MovePlayedSerializer,
            **ERRORS,
            409: StalePlySerializer,
            422: key_reused_refusal("A move the game's rules refuse (notation, legality, turn)."),
        },
    )
    def post(self, request, pk: int):
        """Play a move for the position ``ply``; a repeated Idempotency-Key
        with the same body returns the first result."""
        data = self.MoveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        move = data.validated_data.get("move")
        key = idempotency_key(request)
        try:
            result = services.move_submit(
                match_id=pk,
                user=request.user,
                text=move if isinstance(move, str) else None,
                option=data.validated_data.get("option"),
                structured=move if isinstance(move, dict) else None,
                ply=data.validated_data["ply"],
                source=MoveRecord.Source.API,
                now=timezone.now(),
                idempotency_key=key,
                idempotency_fingerprint=idempotency_fingerprint(request, data.validated_data),
            )
        except services.Conflict as conflict:
            if conflict.code == "stale_ply":  # the position to answer instead, as you may see it
                conflict.extra["game"] = detail_data(_match(pk), request.user)
            raise
        if result.duplicate:  # answered as the first time: the position that move left
            body = _position_after(_match(pk), request.user, result.record.ply)
        else:
            body = detail_data(result.match, request.user, state=result.state, seats=result.seats)
        body["not_played"] = _not_played(result.match, result.record)
        return Response(body, status=status.HTTP_201_CREATED)


class ReplayApi(APIView):
    permission_classes = [permissions.AllowAny]

    class ReplayQuerySerializer(serializers.Serializer):
        ply = serializers.IntegerField(min_value=0, default=0, help_text="The position: after this many submissions.")

    class ReplayOutputSerializer(serializers.Serializer):
        ply = serializers.IntegerField()
        last = serializers.IntegerField(help_text="The final position's ply.")
        move = serializers.JSONField(allow_null=True, help_text="The submission that led here (as in moves/).")
        view = serializers.DictField(help_text="The position as a spectator sees it.")
        reveal = serializers.JSONField(allow_null=True, help_text="At the last position: as in the game's answer.")

    @extend_schema(parameters=[ReplayQuerySerializer], responses={200: ReplayOutputSerializer, **ERRORS})
    def get(self, request, pk: int):
        """A finished game position by position, as a spectator sees it; the
        last position reveals what the rules reveal at the end (409 while
        the game runs)."""
        match = _match(pk)
        if not match.is_finished or match.state is None:
            raise services.Conflict(_("Only a finished game can be replayed."), code="not_finished")
        query = self.ReplayQuerySerializer(data=query_of(request))
        query.is_valid(raise_exception=True)
        ply = query.validated_data["ply"]
        if ply > match.ply:
            raise exceptions.ValidationError({"ply": _("This game ended at position %(last)s.") % {"last": match.ply}})
        state = selectors.match_state_at(match, ply)
        move = next((entry for entry in _history(match, None) if entry["ply"] == ply), None)
        return Response(
            {
                "ply": ply,
                "last": match.ply,
                "move": move,
                "view": get_rules(match.game).view(state, None),
                "reveal": _reveal(match, state) if ply == match.ply else None,
            }
        )


class MyGamesApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    class MyGamesFilterSerializer(serializers.Serializer):
        status = serializers.ChoiceField(choices=Match.Status.values, required=False)

    @extend_schema(
        parameters=[MyGamesFilterSerializer, *PAGED], responses={200: MatchSummarySerializer(many=True), **ERRORS}
    )
    def get(self, request):
        """Your games, the ones waiting for your move first, 200 a page."""
        filters = self.MyGamesFilterSerializer(data=query_of(request))
        filters.is_valid(raise_exception=True)
        matches = selectors.matches_for_user(request.user, status=filters.validated_data.get("status"))
        return paged(request, matches.select_related("created_by"), size=200, render=_summaries)


class MyInvitationsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    class InvitationSerializer(serializers.Serializer):
        token = serializers.CharField(help_text="For POST /api/invitations/{token}/accept/ and .../decline/.")
        accept = serializers.CharField(help_text="The URL that accepts it.")
        decline = serializers.CharField(help_text="The URL that declines it.")
        invited_by = serializers.CharField()
        game = MatchSummarySerializer()

    @extend_schema(parameters=PAGED, responses={200: InvitationSerializer(many=True), **ERRORS})
    def get(self, request):
        """Open games that invite you (by display name or by your email
        address), with what accepts or declines each, newest first, 100 a
        page."""
        seats = selectors.invitations_for(request.user).order_by("-match__created_at", "pk")
        return paged(request, seats, size=100, render=self._invitations)

    @staticmethod
    def _invitations(seats) -> list[dict]:
        matches = Match.objects.filter(pk__in={s.match_id for s in seats}).prefetch_related(
            "seats__user", "seats__invited_user"
        )
        games = {m.pk: m for m in matches.select_related("created_by")}
        summaries = {row["id"]: row for row in _summaries(games.values())}
        return [
            {
                "token": seat.invitation_token,
                "accept": reverse("api-invitation-accept", args=[seat.invitation_token]),
                "decline": reverse("api-invitation-decline", args=[seat.invitation_token]),
                "invited_by": seat.match.created_by.display_name,
                "game": summaries[seat.match_id],
            }
            for seat in seats
            if seat.invitation_token
        ]


class InvitationApi(WriteApi):
    service: ClassVar[Callable[..., Match]]

    @extend_schema(request=None, responses={200: MatchDetailSerializer, **ERRORS})
    def post(self, request, token: str):
        match = type(self).service(token=token, user=request.user, now=timezone.now())
        return Response(detail_data(_match(match.pk), request.user))


class InvitationAcceptApi(InvitationApi):
    """Accept an invitation: take the seat it reserves."""

    service = staticmethod(services.invitation_accept)


class InvitationDeclineApi(InvitationApi):
    """Decline an invitation: the seat opens for anyone."""

    service = staticmethod(services.invitation_decline)
