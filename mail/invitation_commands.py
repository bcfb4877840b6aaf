"""``invite N <whom>`` (``uitnodigen``, ``nodig ... uit``) and ``take back
N <whom>`` (``intrekken``, ``trek ... in``) at the command address: the
creator of a game that has not started invites someone into a free seat,
or takes back an invitation nobody took yet, as the game page's forms do
(``games.services.seat_invite``, ``seat_invitation_take_back``).  ``whom``
is a display name or an email address; several, separated by commas, are
each invited (or taken back) in turn.  Without a game number the creator's
one waiting game is meant; with several, the answer lists them."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games.models import Match
from games.selectors import invited_seat_id
from games.services import GameActionError, seat_invitation_take_back, seat_invite

from .inbound import first_line_of

#: The verb, then the rest of the line; a Dutch separable verb's particle
#: ends the line ("nodig 12 bob uit", "trek 12 bob in").
_VERBS = (
    ("invite", re.compile(r"^\s*(?:invite|uitnodigen)\b[\s:,.-]*(.*?)\s*$", re.IGNORECASE)),
    ("invite", re.compile(r"^\s*nodig\b[\s:,.-]*(.*?)\s+uit\b(.*?)\s*$", re.IGNORECASE)),
    ("take back", re.compile(r"^\s*(?:take\s+back|withdraw|uninvite|intrekken)\b[\s:,.-]*(.*?)\s*$", re.IGNORECASE)),
    ("take back", re.compile(r"^\s*trek\b[\s:,.-]*(.*?)\s+in\b(.*?)\s*$", re.IGNORECASE)),
)
#: The game's number first.
_GAME = re.compile(r"^(?:game\s+|spel\s+|partij\s+)?#?(\d+)\b[\s:,.-]*(.*)$", re.IGNORECASE)
#: ... or last, as a sentence says it ("invite bob to game 12", "nodig bob uit voor partij 12").
_GAME_LAST = re.compile(
    r"^(.*?)[\s,]+(?:to|into|for|from|in|voor|bij|aan|van|uit)\s+(?:(?:the\s+)?game\s+|(?:het\s+)?spel\s+|"
    r"(?:de\s+)?partij\s+)?#?(\d+)\s*[.!]?$",
    re.IGNORECASE,
)
#: Around one invitee as people write them: quotes, angle brackets, and the
#: punctuation that ends a sentence.
_AROUND = " \t\"'<>()[]!?;:\u2018\u2019\u201c\u201d"

#: The most invitees one command reads.
_MOST = 8


@dataclass(frozen=True)
class InvitationRequest:
    action: str  #: "invite" or "take back"
    match_id: int | None  #: ``None``: not named
    invitees: tuple[str, ...]  #: as written, each trimmed; may be empty


def invitation_request(body: str) -> InvitationRequest | None:
    """The ``invite`` or ``take back`` command on the first non-empty line
    of ``body``, if it is one."""
    line = first_line_of(body)
    for action, pattern in _VERBS:
        found = pattern.match(line)
        if found is None:
            continue
        rest, match_id = "".join(part for part in found.groups() if part).rstrip(" !"), None
        if numbered := _GAME.match(rest):
            match_id, rest = _game_id(numbered.group(1)), numbered.group(2)
        elif numbered := _GAME_LAST.match(rest):
            rest, match_id = numbered.group(1), _game_id(numbered.group(2))
        invitees = tuple(filter(None, (part.strip(_AROUND) for part in re.split(r"[,;]", rest))))
        return InvitationRequest(action, match_id, invitees)
    return None


def _game_id(digits: str) -> int:
    """A game number as written; one of more than nine digits (beyond the
    column's range, which Python may even refuse to read) names no game: 0."""
    return int(digits) if len(digits) <= 9 else 0


def _as_meant(invitee: str) -> str:
    """An invitee without the dot that ends a sentence ("invite 12 bob."),
    unless it belongs to a display name."""
    if invitee.endswith(".") and not get_user_model().objects.filter(display_name__iexact=invitee).exists():
        return invitee.rstrip(".").strip(_AROUND)
    return invitee


def invitation_answer(request: InvitationRequest, user, now: dt.datetime) -> tuple[bool, str, list[str]]:
    """``(done, detail, paragraphs)``: invite or take back each invitee in
    ``user``'s game; ``done`` when at least one was."""
    verb = request.action
    example = _example(verb)
    match_id = request.match_id
    if match_id is None:
        waiting = list(_games_waiting(user))
        if len(waiting) != 1:
            return False, f"{verb}: which game", [_which_game(waiting, example)]
        match_id = waiting[0].pk
    if not request.invitees:
        return (
            False,
            f"{verb}: whom",
            [_("Say whom, by display name or email address: %(example)s") % {"example": _example(verb, match_id)}],
        )
    said, done = [], 0
    if len(request.invitees) > _MOST:  # no table has more seats than this
        said.append(_("Only the first %(count)s names were read.") % {"count": _MOST})
    for invitee in map(_as_meant, request.invitees[:_MOST]):
        try:
            match = _act(verb, match_id, invitee, user, now)
        except GameActionError as error:
            said.append(_("%(whom)s: nothing was changed. %(why)s") % {"whom": invitee, "why": error.message})
            continue
        done += 1
        said.append(_done_line(verb, match, invitee))
    if done:
        said.append(_table_line(Match.objects.get(pk=match_id)))
    return bool(done), f"{verb}: {done} of {min(len(request.invitees), _MOST)}", said


def _act(verb: str, match_id: int, invitee: str, user, now: dt.datetime) -> Match:
    if verb == "invite":
        return seat_invite(match_id=match_id, invitee=invitee, user=user, now=now)
    seat_id = invited_seat_id(match_id, invitee)
    try:
        return seat_invitation_take_back(match_id=match_id, seat_id=seat_id or 0, user=user, now=now)
    except GameActionError as error:
        if error.code != "invalid_invitation":
            raise
        # The creator's own game (the service checked that first): name who is invited.
        raise GameActionError(_not_invited(match_id, invitee), code=error.code) from None


def _not_invited(match_id: int, invitee: str) -> str:
    said = _("No invitation to game #%(id)s waits for %(whom)s.") % {"id": match_id, "whom": invitee}
    invited = invited_names(Match.objects.get(pk=match_id))
    if invited:
        said += " " + _("Invited: %(invited)s.") % {"invited": ", ".join(invited)}
    return said


def _done_line(verb: str, match: Match, invitee: str) -> str:
    if verb == "take back":
        return _("You took back the invitation of %(whom)s to %(game)s: its seat is free again.") % {
            "whom": invitee,
            "game": match,
        }
    if "@" in invitee:
        return _("An invitation to %(game)s was mailed to %(whom)s: its link, or a reply to it, takes the seat.") % {
            "game": match,
            "whom": invitee.lower(),
        }
    return _("You invited %(whom)s to %(game)s: they are told by email and on the site.") % {
        "whom": invitee,
        "game": match,
    }


def _table_line(match: Match) -> str:
    """Where the game stands after the changes, and how to undo them."""
    if match.status != Match.Status.OPEN:
        return _("%(game)s has started: its first email follows.") % {"game": match}
    seats = list(match.seats.all())
    line = _("%(game)s: %(taken)s of %(seats)s seats taken; it starts when every seat is taken.") % {
        "game": match,
        "taken": sum(1 for seat in seats if seat.user_id is not None),
        "seats": match.players,
    }
    invited = invited_names(match)
    if invited:
        line += " " + _("Invited: %(invited)s.") % {"invited": ", ".join(invited)}
        line += " " + _('To take one back, send "%(example)s".') % {"example": _example("take back", match.pk)}
    return line


def invited_names(match: Match) -> list[str]:
    """Who the seats of ``match`` are offered to: display names and the
    addresses its creator typed (the creator is the only reader)."""
    seats = match.seats.filter(user__isnull=True, invitation_token__isnull=False).select_related("invited_user")
    return [_invitee_shown(seat) for seat in seats.order_by("pk")]


def _invitee_shown(seat) -> str:
    if seat.invited_user is not None:
        return str(seat.invited_user)
    if seat.invitation_bounced_at is not None:
        return _("%(address)s (our mail to it could not be delivered)") % {"address": seat.invited_email}
    return seat.invited_email


def _games_waiting(user):
    return Match.objects.filter(created_by=user, status=Match.Status.OPEN).order_by("pk")


def _which_game(waiting: list[Match], example: str) -> str:
    if not waiting:
        return _(
            'You have opened no game that waits for players. Open one on the site, or send "play alta" '
            "(or another game) to this address; then invite with: %(example)s"
        ) % {"example": example}
    games = ", ".join(str(match) for match in waiting)
    return _("Say which game: %(example)s. Your games waiting for players: %(games)s.") % {
        "example": example,
        "games": games,
    }


def _example(verb: str, match_id: int | None = None) -> str:
    """The command as the reader writes it in their language (``N`` for a game not known)."""
    number = match_id if match_id is not None else "N"
    if verb == "invite":
        return invite_example(number)
    return _("take back %(id)s <display name or email address>") % {"id": number}


def invite_example(match_id: int | str) -> str:
    return _("invite %(id)s <display name or email address>") % {"id": match_id}
