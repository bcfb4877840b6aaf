"""Reading a match's chat: only its seated players ever get any of it."""

from __future__ import annotations

from games.models import ChatMessage, ChatReader, Match


def chat_is_readable(match: Match, user) -> bool:
    """Does ``user`` hold a seat in ``match`` (the only people who read its chat)?"""
    if user is None or not user.is_authenticated:
        return False
    return match.seats.filter(user_id=user.pk).exists()


def chat_muted(match: Match, user) -> bool:
    return ChatReader.objects.filter(match=match, user=user, muted=True).exists()


def chat_for(match: Match, user, *, limit: int = 200) -> list[ChatMessage] | None:
    """The latest ``limit`` messages of ``match`` in order, for a seated
    ``user``; ``None`` for anyone else (spectators, other players)."""
    if not chat_is_readable(match, user):
        return None
    rows = ChatMessage.objects.filter(match=match).select_related("author").order_by("-pk")[:limit]
    return list(reversed(rows))


def chat_unmailed(match: Match, user, *, seated: bool = False) -> list[ChatMessage]:
    """The other players' messages ``user`` has not been mailed yet (none
    when they muted the chat or hold no seat; ``seated``: the caller knows
    they hold one)."""
    reader = ChatReader.objects.filter(match=match, user=user).first()
    if reader is not None and reader.muted:
        return []
    if not seated and not match.seats.filter(user_id=user.pk).exists():
        return []
    after = reader.mailed_through if reader is not None else 0
    # An empty text is a line whose author closed their account.
    rows = ChatMessage.objects.filter(match=match, pk__gt=after).exclude(author=user).exclude(text="")
    return list(rows.select_related("author").order_by("pk"))


def chat_of_user(user) -> list[ChatMessage]:
    """Everything ``user`` wrote, for their data export."""
    return list(ChatMessage.objects.filter(author=user).order_by("pk"))
