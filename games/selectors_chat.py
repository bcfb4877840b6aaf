"""Reading a match's chat: only its seated players ever get any of it."""

from __future__ import annotations

from django.db.models import Exists, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from games.models import ChatMessage, ChatReader, Match, Seat


def chat_is_readable(match: Match, user) -> bool:
    """Does ``user`` hold a seat in ``match`` (the only people who read its chat)?"""
    if user is None or not user.is_authenticated:
        return False
    return match.seats.filter(user_id=user.pk).exists()


def chat_muted(match: Match, user) -> bool:
    return ChatReader.objects.filter(match=match, user=user, muted=True).exists()


def chat_for(match: Match, user, *, limit: int = 200) -> list[ChatMessage] | None:
    """The latest ``limit`` messages of ``match`` in order, for a seated
    ``user``, each with ``writer_departed`` (``chat_writers_departed``);
    ``None`` for anyone else (spectators, other players)."""
    rows = chat_newest_first(match, user)
    if rows is None:
        return None
    latest = list(rows[:limit])
    departed = chat_writers_departed(latest)
    for row in latest:
        row.writer_departed = departed.get(row.author_id or 0, "")
    return list(reversed(latest))


def chat_newest_first(match: Match, user) -> QuerySet[ChatMessage] | None:
    """Every message of ``match``, the latest first, for a seated ``user``;
    ``None`` for anyone else (spectators, other players)."""
    if not chat_is_readable(match, user):
        return None
    return ChatMessage.objects.filter(match=match).select_related("author").order_by("-pk")


def chat_latest_shown(match: Match, user) -> int | None:
    """The id of the latest message the game page shows ``user`` (0 before
    the first), which the page's poll compares to notice a new one; ``None``
    for a reader shown no chat: not seated (spectators, other players) or
    muted."""
    rows = chat_newest_first(match, user)
    if rows is None or chat_muted(match, user):
        return None
    return rows.values_list("pk", flat=True).first() or 0


def chat_writers_departed(messages: list[ChatMessage]) -> dict[int, str]:
    """Author id -> why they left the game ("resigned", in the active
    language), for the writers of ``messages`` (all of one match) who left
    it: a player who left may still chat, and the others read that they
    left next to the name."""
    return {author: seat.departed_text for author, seat in chat_writers_left(messages).items()}


def chat_writers_left(messages: list[ChatMessage]) -> dict[int, Seat]:
    """Author id -> the seat they left (``Seat.departed`` says why), for
    the writers of ``messages`` (all of one match) who left the game.  One
    query."""
    if not messages:
        return {}
    authors = {m.author_id for m in messages if m.author_id}
    seats = Seat.objects.filter(match_id=messages[0].match_id, user_id__in=authors).exclude(departed="")
    return {seat.user_id: seat for seat in seats if seat.user_id is not None}


def chat_unmailed(match: Match, user, *, seated: bool = False) -> list[ChatMessage]:
    """The other players' messages ``user`` has not been mailed yet (none
    when they muted the chat or hold no seat; ``seated``: the caller knows
    they hold one).  One query: it runs for every game mail."""
    if not seated and not match.seats.filter(user_id=user.pk).exists():
        return []
    reader = ChatReader.objects.filter(match=match, user=user)
    rows = (
        ChatMessage.objects.filter(match=match)
        .filter(pk__gt=Coalesce(Subquery(reader.values("mailed_through")[:1]), Value(0)))
        .exclude(Exists(reader.filter(muted=True)))
        .exclude(author=user)
        .exclude(text="")  # the line of an author who closed their account
    )
    return list(rows.select_related("author").order_by("pk"))


def chat_of_user(user) -> list[ChatMessage]:
    """Everything ``user`` wrote, for their data export."""
    return list(ChatMessage.objects.filter(author=user).order_by("pk"))
