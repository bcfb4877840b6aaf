"""A game's chat over the API: only its seated players read or write it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response

from core.api import ERRORS, InstantField, ListCreateApi
from core.errors import NotAllowed
from core.validators import chat_text
from games.models import CHAT_MAX_LENGTH, ChatMessage, Match, MoveRecord, Seat
from games.selectors_chat import chat_newest_first, chat_writers_left
from games.services.chat import chat_post

from .idempotency import IDEMPOTENCY_KEY, idempotency_fingerprint, idempotency_key, key_reused_refusal
from .paging import PAGED, paged


def _lines(messages: list[ChatMessage]) -> list[dict]:
    """The answer's chat lines, each saying whether its writer left the
    game (one query for them all)."""
    left = chat_writers_left(messages)
    return [_line(message, left.get(message.author_id or 0)) for message in messages]


def _line(message: ChatMessage, left: Seat | None) -> dict:
    """``left``: the seat the writer left, None while they play on."""
    return {
        "id": message.pk,
        "player": str(message.author) if message.author is not None else None,
        "seat": None if message.seat_index is None else message.seat_index + 1,
        "text": message.text,
        "at": message.created_at,
        "author_left": None if left is None else left.departed,
        "author_left_in_your_language": None if left is None else left.departed_text,
    }


class GameChatApi(ListCreateApi):
    permission_classes = [permissions.IsAuthenticated]

    class ChatInputSerializer(serializers.Serializer):
        text = serializers.CharField(max_length=CHAT_MAX_LENGTH, validators=[chat_text])

    class ChatLineSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        player = serializers.CharField(allow_null=True, help_text="Null once the author closed their account.")
        seat = serializers.IntegerField(allow_null=True, help_text="Null before the seats were drawn.")
        text = serializers.CharField(help_text="As written: escape it before showing it as HTML.")
        at = InstantField()
        author_left = serializers.CharField(
            allow_null=True,
            help_text="Why the writer left the game, as the seats' departed says it (resignation, timeout, "
            "abandoned); null while they play on. A player who left may still chat.",
        )
        author_left_in_your_language = serializers.CharField(
            allow_null=True, help_text='The same in your language ("resigned"), as the game\'s page writes it.'
        )

    @extend_schema(parameters=PAGED, responses={200: ChatLineSerializer(many=True), **ERRORS})
    def get(self, request, pk: int):
        """The game's chat, for its players only: its latest 200 lines in
        the order written; each next page the 200 before."""
        lines = chat_newest_first(get_object_or_404(Match, pk=pk), request.user)
        if lines is None:
            raise NotAllowed(_("Only the players of this game can chat in it."), code="not_seated")
        return paged(request, lines, size=200, render=lambda page: _lines(page[::-1]))

    @extend_schema(
        request=ChatInputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: ChatLineSerializer, **ERRORS, 422: key_reused_refusal()},
    )
    def post(self, request, pk: int):
        """Send a message to the other players of the game; a repeated
        Idempotency-Key with the same text returns the message it sent."""
        data = self.ChatInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = chat_post(
            match_id=pk,
            user=request.user,
            text=data.validated_data["text"],
            source=MoveRecord.Source.API,
            now=timezone.now(),
            idempotency_key=idempotency_key(request),
            idempotency_fingerprint=idempotency_fingerprint(request, data.validated_data),
        )
        return Response(_lines([message])[0], status=status.HTTP_201_CREATED)
