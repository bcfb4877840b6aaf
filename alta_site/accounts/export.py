"""A player's data, all of it, as one JSON document (profile and API).

Games appear as the player's own seat sees them: their private view, the
move log with the events visible to their seat and their own move texts.
Nothing here reads another seat's view, the raw state or, while a game
runs, its seed or salt; the hidden-information test of the export checks
that.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from allauth.account.models import EmailAddress
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q

from games.history_words import history_in_words
from games.models import ChatReader, DeadlineSettings, Match, MoveRecord, Vacation
from games.selectors import match_history, match_view_for
from games.selectors_chat import chat_of_user
from mail.models import GameMute, InboundEmail, OutgoingEmail
from ratings.models import Challenge, LadderMembership, Rating, RatingChange
from tournaments.models import (
    ByeRequest,
    Club,
    ClubEmailInvitation,
    ClubMembership,
    Participant,
    Tournament,
    TournamentEmailInvitation,
    TournamentInvitation,
)

from .models import User
from .own_addresses import confirmed_addresses

#: Bumped when the document's shape changes.
EXPORT_VERSION = 1
#: Lifecycle lines every player of a game sees; other events (reminders,
#: timeouts, invitations) are exported only to the player they concern.
_SHARED_EVENTS = frozenset({"created", "joined", "left", "cancelled", "started", "finished"})
#: Lines for the game's creator as well: a refused invitation may name the
#: address it was sent to, which only the creator (who typed it) knows.
_CREATOR_EVENTS = frozenset({"declined"})


def _account(user: User) -> dict[str, Any]:
    return {
        "id": user.pk,
        "email": user.email,
        "email_addresses": [
            {"email": e.email, "verified": e.verified, "primary": e.primary}
            for e in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        # What the mail intake keeps when mail to their address bounces.
        "email_bounces": {
            "address": user.email_bounced_address,
            "last_at": user.email_bounced_at,
            "reason": user.email_bounce_reason,
            "count": user.email_bounces,
            "checked_at": user.email_checked_at,
        },
        # When a spam complaint of theirs about our mail stopped their game mail.
        "email_marked_as_spam_at": user.email_complained_at,
        "display_name": user.display_name,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "is_staff": user.is_staff,
    }


def _settings(user: User) -> dict[str, Any]:
    deadlines = DeadlineSettings.objects.filter(user=user).first()
    return {
        "time_zone": user.time_zone,
        "language": user.language,
        "notifications": user.notifications,
        "reminder_hours": deadlines.reminder_hours if deadlines else None,
        "auto_vacation": deadlines.auto_vacation if deadlines else False,
        "calendar_feed": bool(deadlines and deadlines.calendar_token),
        "vacations": list(Vacation.objects.filter(user=user).values("starts_at", "ends_at", "auto")),
        "muted_games": list(GameMute.objects.filter(user=user).values_list("match_id", flat=True)),
        "chat_at_once": user.chat_at_once,
        "muted_chats": list(ChatReader.objects.filter(user=user, muted=True).values_list("match_id", flat=True)),
        "api_tokens": list(user.api_tokens.values("name", "hint", "created_at", "last_used_at")),
    }


def _game(match: Match, user: User) -> dict[str, Any]:
    """The game as their seat sees it; a game they left or declined before
    its start, or are invited to, without a view (they hold no seat)."""
    seen = match_view_for(match, user, with_options=False)
    seat = seen.seat
    finished = match.is_finished
    invited = any(s.invited_user_id == user.pk and s.user_id is None for s in match.seats.all())
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "created_at": match.created_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "players": [str(s.user) for s in sorted(match.seats.all(), key=lambda s: s.table_order()) if s.user_id],
        "your_seat": seat.number if seat else None,
        "your_score": seat.score if seat else None,
        "your_place": seat.place if seat else None,
        "departed": seat.departed if seat else "",
        "invited_to_a_seat": invited,
        "your_view": seen.view if seat else None,
        # As their game page words it: moves in their notation.
        "history": history_in_words(match.game, match_history(match, seen.seat_index, with_start=True))
        if seat and seat.index is not None
        else [],
        "log": [
            {"at": e.created_at, "text": e.shown_text}
            for e in match.events.order_by("created_at", "pk")
            if e.kind in _SHARED_EVENTS
            or e.user_id == user.pk
            or (e.kind in _CREATOR_EVENTS and match.created_by_id == user.pk)
            # Their seat's lines, but an invitation by email names the address
            # it went to, which whoever took the seat later never saw.
            or (seat and e.data.get("seat_id") == seat.pk and not e.data.get("stranger"))
        ],
        "outcome": match.outcome if finished else None,
        "seed_commitment": match.seed_commitment,
        "seed": match.seed if finished else None,
        "seed_salt": match.seed_salt if finished else None,
    }


def _ratings(user: User) -> dict[str, Any]:
    return {
        "ratings": list(Rating.objects.filter(user=user).values("game", "value", "games", "peak", "last_played_at")),
        "changes": list(
            RatingChange.objects.filter(user=user)
            .order_by("finished_at", "pk")
            .values("match_id", "game", "finished_at", "old", "new", "delta", "place", "players")
        ),
        "ladders": list(
            LadderMembership.objects.filter(user=user).values("ladder__name", "capacity", "joined_at", "left_at")
        ),
        "challenges": [
            {
                "ladder": c.ladder.name,
                "challenger": str(c.challenger),
                "challenged": str(c.challenged),
                "status": c.status,
                "created_at": c.created_at,
            }
            for c in Challenge.objects.filter(Q(challenger=user) | Q(challenged=user))
            .select_related("ladder", "challenger", "challenged")
            .order_by("created_at", "pk")
        ],
        "tournaments": list(
            Participant.objects.filter(user=user).values(
                "tournament_id", "tournament__name", "status", "registered_at", "left_at", "final_place"
            )
        ),
        "bye_requests": list(
            ByeRequest.objects.filter(participant__user=user)
            .order_by("created_at", "pk")
            .values("participant__tournament_id", "participant__tournament__name", "round", "created_at")
        ),
    }


def _clubs_and_tournaments(user: User) -> dict[str, Any]:
    """Their club memberships (requests and invitations too), the
    tournaments they were invited to, the invitations by email they sent
    and those sent to an address of theirs they confirmed, and the clubs and
    tournaments they created."""
    confirmed = Q(pk__in=[])
    for address in confirmed_addresses(user):
        confirmed |= Q(email__iexact=address)
    return {
        "invitations_by_email_sent": _email_invitations(Q(invited_by=user)),
        "invitations_by_email_to_you": _email_invitations(confirmed),
        "clubs": list(
            ClubMembership.objects.filter(user=user)
            .order_by("created_at", "pk")
            .values("club_id", "club__name", "role", "status", "invited_by__display_name", "created_at", "joined_at")
        ),
        "tournament_invitations": list(
            TournamentInvitation.objects.filter(user=user)
            .order_by("created_at", "pk")
            .values("tournament_id", "tournament__name", "invited_by__display_name", "created_at")
        ),
        "clubs_created": list(
            Club.objects.filter(created_by=user).order_by("created_at", "pk").values("id", "name", "created_at")
        ),
        "tournaments_created": list(
            Tournament.objects.filter(created_by=user)
            .order_by("created_at", "pk")
            .values("id", "name", "game", "club_id", "status", "created_at")
        ),
    }


def _email_invitations(which: Q) -> list[dict[str, Any]]:
    """Clubs' and tournaments' invitations by email that ``which`` selects,
    oldest first."""
    rows = [
        {"to": "club", "club_id": row.club_id, "name": row.club.name, **_email_invitation(row)}
        for row in ClubEmailInvitation.objects.filter(which).select_related("club", "invited_by")
    ] + [
        {"to": "tournament", "tournament_id": row.tournament_id, "name": row.tournament.name, **_email_invitation(row)}
        for row in TournamentEmailInvitation.objects.filter(which).select_related("tournament", "invited_by")
    ]
    return sorted(rows, key=lambda row: (row["created_at"], row["name"]))


def _email_invitation(row) -> dict[str, Any]:
    return {
        "email": row.email,
        "invited_by": str(row.invited_by) if row.invited_by else None,
        "created_at": row.created_at,
        "accepted_at": row.accepted_at,
        "taken_back_at": row.taken_back_at,
        "bounced_at": row.bounced_at,
    }


def _mails(user: User) -> dict[str, Any]:
    # By address only the mails of no account (sent before they signed up):
    # an address they took over may hold another player's game mails.
    sent = OutgoingEmail.objects.filter(Q(user=user) | Q(user__isnull=True, to__iexact=user.email))
    sent = sent.order_by("created_at", "pk")
    received = InboundEmail.objects.filter(user=user).order_by("received_at", "pk")
    return {
        "sent_to_you": list(sent.values("created_at", "sent_at", "kind", "to", "subject", "text", "status")),
        "received_from_you": list(
            received.values("received_at", "sender", "subject", "body", "outcome", "detail", "match_id")
        ),
    }


def user_export(user: User, *, now: dt.datetime) -> dict[str, Any]:
    """Everything stored about ``user``, JSON-safe after ``EXPORT_ENCODER``:
    account, settings, games (their own seat's views only), moves, ratings
    and competitions, clubs, and the mails sent to and received from them."""
    # Their seats, the seats they are invited to, and the games whose log
    # names them (joined and left, or declined, before the start).
    about_them = Q(seats__user=user) | Q(seats__invited_user=user) | Q(events__user=user) | Q(created_by=user)
    matches = Match.objects.filter(about_them).distinct().order_by("created_at", "pk").prefetch_related("seats__user")
    return {
        "export_version": EXPORT_VERSION,
        "exported_at": now,
        "account": _account(user),
        "settings": _settings(user),
        "games": [_game(match, user) for match in matches],
        "moves": list(
            MoveRecord.objects.filter(user=user)
            .order_by("match_id", "ply")
            .values("match_id", "ply", "kind", "source", "text", "created_at")
        ),
        **_ratings(user),
        **_clubs_and_tournaments(user),
        "mails": _mails(user),
        # Only what they wrote: the other players' lines are theirs.
        "chat": [
            {"match_id": m.match_id, "text": m.text, "source": m.source, "created_at": m.created_at}
            for m in chat_of_user(user)
        ],
    }


#: Encodes the datetimes of ``user_export``.
EXPORT_ENCODER = DjangoJSONEncoder
