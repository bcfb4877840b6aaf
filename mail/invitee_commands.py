"""``accept N`` (``accepteer``, ``aanvaard``) and ``decline N`` (``weiger``)
at the command address: a player answers an invitation to game N without
its mail (lost, or seen on the site), as a reply to that mail does
(``games.services.invitation_accept``, ``invitation_decline``).  Without a
number, the one invitation waiting for them is meant; with several, the
answer lists them.  ``games`` lists them too (``waiting_lines``)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.models import Match, Seat
from games.selectors import invitations_for
from games.services import GameActionError, invitation_accept, invitation_decline

from .inbound import first_line_of

_ACCEPT = re.compile(r"^\s*(?:accept|accepteer|accepteren|aanvaard|aanvaarden)\b(.*)$", re.IGNORECASE)
_DECLINE = re.compile(r"^\s*(?:decline|weiger|weigeren)\b(.*)$", re.IGNORECASE)
#: What may follow the word: the game's number, named as people do
#: ("accept #12", "accept the invitation to game 12", "weiger partij 12 aub").
_REST = re.compile(
    r"[\s:,.!-]*(?:(?:the\s+)?invitation\s+|(?:de\s+)?uitnodiging\s+)?(?:(?:to|for|voor)\s+)?"
    r"(?:game\s+|(?:de\s+)?partij\s+|(?:het\s+)?spel\s+)?(?:#?(\d+))?(?:[\s,.!]*(?:please|thanks|aub|a\.u\.b\.|graag|bedankt))?"
    r"[\s.!]*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class InviteeRequest:
    accepting: bool
    match_id: int | None  #: ``None``: not named


def invitee_request(body: str) -> InviteeRequest | None:
    """The ``accept`` or ``decline`` command on the first non-empty line of
    ``body``, if it is one (a line that goes on with other words is not)."""
    line = first_line_of(body)
    for accepting, pattern in ((True, _ACCEPT), (False, _DECLINE)):
        found = pattern.match(line)
        rest = _REST.fullmatch(found.group(1)) if found else None
        if rest is not None:
            digits = rest.group(1)
            # More than nine digits name no game (beyond the column's range): 0.
            match_id = None if digits is None else int(digits) if len(digits) <= 9 else 0
            return InviteeRequest(accepting, match_id)
    return None


def invitee_answer(request: InviteeRequest, user, now: dt.datetime) -> tuple[bool, str, list[str]]:
    """``(done, detail, paragraphs)``: take the seat an invitation to
    ``user`` reserves, or decline it."""
    verb = "accept" if request.accepting else "decline"
    waiting = list(invitations_for(user).order_by("match_id", "pk"))
    if request.match_id is not None:
        waiting = [seat for seat in waiting if seat.match_id == request.match_id]
    if not waiting:
        if request.match_id is None:
            return False, f"{verb}: none waiting", [_("No invitation to a game waits for you.")]
        return (
            False,
            f"{verb}: not invited",
            [_("No invitation to game #%(id)s waits for you.") % {"id": request.match_id}],
        )
    if len({seat.match_id for seat in waiting}) > 1:
        return False, f"{verb}: which game", [_which(waiting, request.accepting)]
    seat = waiting[0]
    service = invitation_accept if request.accepting else invitation_decline
    try:
        match = service(token=seat.invitation_token or "", user=user, now=now)
    except GameActionError as error:
        return False, f"{verb}: {error.code}", [_("Nothing was changed. %(why)s") % {"why": error.message}]
    return True, f"{verb}: done", [_answered(match, request.accepting)]


def _answered(match: Match, accepting: bool) -> str:
    if not accepting:
        return _("You declined the invitation to %(game)s; %(creator)s has been told.") % {
            "game": match,
            "creator": match.created_by,
        }
    if match.status == Match.Status.ACTIVE:
        return _("You took your seat in %(game)s and the game has started: its first emails are on their way.") % {
            "game": match
        }
    return _("You took your seat in %(game)s; the game starts when every seat is taken, and you will get an email.") % {
        "game": match
    }


def _which(waiting: list[Seat], accepting: bool) -> str:
    example = _accept_example("N") if accepting else _decline_example("N")
    games = ", ".join(_invitation(seat) for seat in waiting)
    return _("Say which game: %(example)s. Invitations waiting for you: %(games)s.") % {
        "example": example,
        "games": games,
    }


def _invitation(seat: Seat) -> str:
    return _("%(game)s from %(creator)s") % {"game": seat.match, "creator": seat.match.created_by}


def _accept_example(match_id: int | str) -> str:
    return _("accept %(id)s") % {"id": match_id}


def _decline_example(match_id: int | str) -> str:
    return _("decline %(id)s") % {"id": match_id}


def waiting_lines(user) -> list[str]:
    """For the ``games`` list: each game an invitation to ``user`` waits in,
    with how to answer it."""
    lines = []
    for seat in invitations_for(user).order_by("match_id", "pk"):
        match = seat.match
        taken = match.seats.filter(user__isnull=False).count()
        line = _("%(game)s: %(creator)s invites you (%(taken)s of %(seats)s seats taken)") % {
            "game": match,
            "creator": match.created_by,
            "taken": taken,
            "seats": match.players,
        }
        answer = _('answer: send "%(accept)s" or "%(decline)s"') % {
            "accept": _accept_example(match.pk),
            "decline": _decline_example(match.pk),
        }
        lines.append(f"{line}\n  {answer}")
    return lines
