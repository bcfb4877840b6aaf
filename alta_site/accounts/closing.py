"""Closing an account: the player leaves everything they take part in by
each game's and competition's own rules, then their personal data goes.

The user row itself stays, anonymised ("deleted player 123"), because
finished games, other players' ratings and tournament standings refer to
it (``PROTECT`` foreign keys): the history others played stays intact.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Callable
from email.utils import getaddresses
from functools import partial

from allauth.account.models import EmailAddress
from django.db import transaction
from django.db.models import Q

from alta_site.devmail.models import CapturedEmail
from core.errors import Conflict
from games import services as game_services
from games.event_lines import line_record
from games.models import ChatMessage, ChatReader, DeadlineSettings, Match, MatchEvent, Seat, Vacation
from mail.models import GameMute, InboundEmail, OutgoingEmail, ReplyToken
from ratings import services as rating_services
from ratings.models import LadderMembership
from tournaments import services as tournament_services
from tournaments.models import (
    ACCOUNT_CLOSED,
    ClubEmailInvitation,
    ClubMembership,
    Participant,
    Tournament,
    TournamentEmailInvitation,
    TournamentEvent,
    TournamentInvitation,
    open_invitation,
)

from .models import User
from .own_addresses import confirmed_addresses


def closed_name(user_id: int) -> str:
    """The display name a closed account plays under in the records."""
    return f"deleted player {user_id}"


def closed_email(user_id: int) -> str:
    """A unique address that can receive nothing (``.invalid``, RFC 2606)."""
    return f"deleted-{user_id}@deleted.invalid"


def is_closed(user) -> bool:
    return user.email == closed_email(user.pk)


def account_close(*, user: User, now: dt.datetime) -> User:
    """Close ``user``'s account, in one transaction:

    1. Leave tournaments (unregister before the start, withdraw from a
       running one: its games are forfeited by the tournament's rules),
       ladders (open challenges withdrawn) and clubs (but the last
       organiser of a club stays); tournament invitations go.
    2. Games not started: cancel those the player created, leave the
       others, decline invitations.
    3. Running games: resign every seat still playing (each game's own
       resignation rule decides what happens to the table).
    4. Delete personal data: email addresses, API tokens, deadline settings
       and vacations, mutes, reply tokens, mail sent to or received from the
       player; rename them in the game and tournament logs; blank the
       profile (bounces of their address included) and make the account unusable (which also ends its sessions).

    Idempotent: closing a closed account changes nothing.
    """
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if is_closed(user):
            return user
        _leave_competitions(user, now)
        _leave_games(user, now)
        _forget(user, now)
    return user


def _leave_competitions(user: User, now: dt.datetime) -> None:
    entries = Participant.objects.filter(user=user, status=Participant.Status.REGISTERED)
    for entry in entries.select_related("tournament"):
        if entry.tournament.status == Tournament.Status.REGISTRATION:
            tournament_services.tournament_unregister(tournament_id=entry.tournament_id, user=user, now=now)
        elif entry.tournament.status == Tournament.Status.RUNNING:
            tournament_services.participant_withdraw(
                tournament_id=entry.tournament_id, user=user, now=now, reason=ACCOUNT_CLOSED
            )
    for membership in LadderMembership.objects.filter(user=user, left_at__isnull=True):
        rating_services.ladder_leave(ladder_id=membership.ladder_id, user=user, now=now)
    rating_services.challenges_withdraw(user=user, now=now)
    # Clubs: leave each (requests withdrawn, invitations declined), except
    # where they are the last organiser, so that every club keeps one.
    for club_id in ClubMembership.objects.filter(user=user).values_list("club_id", flat=True):
        with contextlib.suppress(Conflict):  # the last organiser
            tournament_services.club_leave(club_id=club_id, user=user, now=now)
    TournamentInvitation.objects.filter(user=user).delete()


def _leave_games(user: User, now: dt.datetime) -> None:
    for seat in Seat.objects.filter(invited_user=user, user__isnull=True, match__status=Match.Status.OPEN):
        assert seat.invitation_token is not None  # an invited seat carries its token
        game_services.invitation_decline(token=seat.invitation_token, user=user, now=now)
    for match in Match.objects.filter(seats__user=user, status=Match.Status.OPEN):
        if match.created_by_id == user.pk:
            game_services.match_cancel(match_id=match.pk, user=user, now=now)
        else:
            game_services.match_leave(match_id=match.pk, user=user, now=now)
    running = Seat.objects.filter(user=user, departed="", match__status=Match.Status.ACTIVE)
    for match_id in running.values_list("match_id", flat=True):
        game_services.match_resign(match_id=match_id, user=user, now=now)


def _rename_in(events, old: str, new: str, others: list[str]) -> None:
    """Replace the player's name as a whole word in stored log lines (they
    were written with the name of the day; ``Bob`` must not touch ``Bobby``,
    nor ``Anna`` the ``Anna`` in another player's ``Anna Lena``, one of
    ``others``): in the English ``text`` and in the name parameters kept in
    ``data["params"]``, from which each reader's translation is rebuilt."""
    pattern = _name_pattern(old, others)

    def rename(value: str) -> str:
        return pattern.sub(lambda found: new if found.group(0) == old else found.group(0), value)

    # Any row with params: the text alone may have been cut short.
    candidates = events.filter(Q(text__contains=old) | Q(data__has_key="params"))
    for event in candidates.only("pk", "text", "data"):
        data = _renamed_params(event.data, rename)
        text = _renamed_text(event.text, data, rename)
        if text != event.text or data != event.data:
            type(event).objects.filter(pk=event.pk).update(text=text, data=data)


def _renamed_text(text: str, data: dict, rename: Callable[[str], str]) -> str:
    """The English line with the new name.  A line that holds moves (its
    ``notation`` params) is written again from its message and its
    renamed params: a move's words may be the name ("take", "tower"), and
    a move is never renamed."""
    if data.get("notation") and data.get("message"):
        english, _line = line_record(
            data["message"], data.get("params"), times=data.get("times", ()), notation=data["notation"]
        )
        return english[: MatchEvent._meta.get_field("text").max_length]
    return rename(text)


def _name_pattern(old: str, others: list[str]) -> re.Pattern:
    """Whole words ``old`` or any of ``others`` that contains it as a whole
    word, longest first: a match of another name is then kept as it is."""
    word = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)")
    longer = sorted({name for name in others if name != old and word.search(name)}, key=len, reverse=True)
    alternatives = "|".join(re.escape(name) for name in [*longer, old])
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _renamed_params(data: dict, rename: Callable[[str], str]) -> dict:
    """``data`` with ``rename`` applied to its string ``params`` (and to
    the names of a list: a game's winners), but for moves and moments
    (the params ``notation`` and ``times`` name), which name nobody."""
    params = data.get("params")
    if not isinstance(params, dict):
        return data
    kept = {*data.get("notation", ()), *data.get("times", ())}

    def renamed(value):
        if isinstance(value, list):
            return [rename(item) if isinstance(item, str) else item for item in value]
        return rename(value) if isinstance(value, str) else value

    return {**data, "params": {key: value if key in kept else renamed(value) for key, value in params.items()}}


#: Log lines that may name an address: an invitation by email (made before
#: the invitee had an account), the refusal of one and its taking back.
_ADDRESS_EVENTS = ("invited", "declined", "invitation_taken_back")


def _addresses_out_of_invitations(addresses: set[str], new: str) -> None:
    """Write ``new`` for each of ``addresses`` in the invitation lines of
    every game (``bob@example.com`` as a whole address only: not in
    ``jimbob@example.com`` nor ``bob@example.com.evil.org``)."""
    for address in addresses:
        pattern = re.compile(rf"(?<![\w.+-]){re.escape(address)}(?![\w-]|\.\w)", re.IGNORECASE)
        events = MatchEvent.objects.filter(kind__in=_ADDRESS_EVENTS, text__icontains=address)
        for event in events.only("pk", "text", "data"):
            text = pattern.sub(new, event.text)
            data = {
                key: pattern.sub(new, value) if isinstance(value, str) else value for key, value in event.data.items()
            }
            data = _renamed_params(data, partial(pattern.sub, new))
            if text != event.text or data != event.data:
                MatchEvent.objects.filter(pk=event.pk).update(text=text, data=data)


def _addresses_out_of_email_invitations(addresses: set[str], new: str, now: dt.datetime) -> None:
    """Clubs' and tournaments' invitations mailed to one of ``addresses``
    keep their rows (the inviter's daily allowance counts them) but read
    ``new`` for the address; one not used yet is taken back first, as a
    game's seat offered to the address is: its link and reply address no
    longer enter anyone."""
    for model in (ClubEmailInvitation, TournamentEmailInvitation):
        for address in addresses:
            sent = model.objects.filter(email__iexact=address)
            sent.filter(open_invitation).update(taken_back_at=now)
            sent.update(email=new)


def _addresses_in(value: str) -> set[str]:
    """The addresses written in a stored header value (one or more, each
    bare or as ``Name <address>``, comma- or newline-separated), lower case."""
    return {address.lower() for _name, address in getaddresses(value.splitlines()) if address}


def _naming(model, field: str, addresses: set[str]) -> list[int]:
    """The pks of ``model`` rows whose ``field`` names one of ``addresses``
    exactly: ``bob@example.com`` must not take ``jimbob@example.com``'s mail
    or ``bob@example.com.evil.org``'s. The database narrows by substring,
    the parsed header decides."""
    contains = Q(pk__in=[])
    for address in addresses:
        contains |= Q(**{f"{field}__icontains": address})
    rows = model.objects.filter(contains).values_list("pk", field)
    return [pk for pk, value in rows if _addresses_in(value) & addresses]


def _forget(user: User, now: dt.datetime) -> None:
    # Not an address never confirmed: its mail and invitations may be another's.
    addresses = confirmed_addresses(user)
    name = user.display_name
    # Other players whose names contain this one keep theirs.
    others = list(
        User.objects.exclude(pk=user.pk).filter(display_name__contains=name).values_list("display_name", flat=True)
    )
    # Their games, and those they joined, left or declined before the start
    # (no seat of theirs is left there, but the log lines name them).
    matches = Match.objects.filter(
        Q(seats__user=user) | Q(seats__invited_user=user) | Q(created_by=user) | Q(events__user=user)
    )
    _rename_in(MatchEvent.objects.filter(match__in=matches.values("pk")), name, closed_name(user.pk), others)
    _addresses_out_of_invitations(addresses, closed_name(user.pk))
    _addresses_out_of_email_invitations(addresses, closed_email(user.pk), now)
    # A declined invitation keeps the invitee's name for the creator's mail.
    for event in MatchEvent.objects.filter(kind="declined", user=user).only("pk", "data"):
        if event.data.get("invitee") == name:
            MatchEvent.objects.filter(pk=event.pk).update(data={**event.data, "invitee": closed_name(user.pk)})
    _rename_in(
        TournamentEvent.objects.filter(Q(user=user) | Q(tournament__participants__user=user)).distinct(),
        name,
        closed_name(user.pk),
        others,
    )

    to_them = Q(user=user)
    for address in addresses:
        to_them |= Q(to__iexact=address)
    OutgoingEmail.objects.filter(to_them).delete()
    InboundEmail.objects.filter(Q(user=user) | Q(pk__in=_naming(InboundEmail, "sender", addresses))).delete()
    CapturedEmail.objects.filter(pk__in=_naming(CapturedEmail, "to", addresses)).delete()
    for address in addresses:
        Seat.objects.filter(invited_email__iexact=address).update(
            invited_email="", invitation_token=None, invitation_bounced_at=None
        )
    ReplyToken.objects.filter(user=user).delete()
    # Their chat lines stay in place (the others' answers keep their
    # order) but lose their author and their words.
    ChatMessage.objects.filter(author=user).update(author=None, text="")
    ChatReader.objects.filter(user=user).delete()
    GameMute.objects.filter(user=user).delete()
    Vacation.objects.filter(user=user).delete()
    DeadlineSettings.objects.filter(user=user).delete()
    user.api_tokens.all().delete()
    EmailAddress.objects.filter(user=user).delete()
    user.groups.clear()
    user.user_permissions.clear()

    user.email = closed_email(user.pk)
    user.display_name = closed_name(user.pk)
    user.time_zone = "UTC"
    user.language = User.Language.ENGLISH
    user.notifications = User.Notifications.NONE
    # The address that bounced and the server's words about it (which name it).
    user.email_bounced_address = user.email_bounce_reason = ""
    user.email_bounced_at = user.email_checked_at = user.email_complained_at = None
    user.email_bounces = 0
    user.is_active = user.is_staff = user.is_superuser = False
    user.last_login = None
    user.set_unusable_password()  # also invalidates every session of the account
    user.save()
