"""Commands about one game sent to the command address: ``board``,
``history``, ``resign``, ``mute``/``unmute``, ``say`` and ``rematch``.

The game is the one the command names by its number ("board 12",
"geschiedenis #12", "resign game 12"; not ``say``, whose words may open
with a number) or, without a number, the sender's only running game.  The
command is then carried out as in a reply to that game's latest mail
(``commands.run``): the same services, the same answer, whose reply
address is the game's (a ``resign`` is confirmed by replying to it).  With
several running games and no number, the caller answers as before: the
list of games with their reply addresses.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.models import Match, Seat

from .command_words import WORDS, Command, command_of
from .commands import run as run_command
from .models import InboundEmail
from .outbox import reply_token_for

#: The commands that act on one game.
ONE_GAME = frozenset({"board", "history", "resign", "mute", "unmute", "say", "rematch"})
#: The commands that need the game's number: a rematch is of a game that is
#: over, never "the only running game".
_NUMBER_NEEDED = frozenset({"rematch"})
#: A command word, then the game's number ("board 12", "history #12",
#: "resign game 12", "dempen partij 12"), and nothing after it.
_NUMBERED = re.compile(
    r"^\s*([a-z]+)\s+(?:(?:the\s+)?game\s+|(?:de\s+)?partij\s+|spel\s+)?#?(\d{1,9})\s*[.!]?\s*$", re.IGNORECASE
)
#: The chat of a numbered game muted or unmuted: "mute chat 12", "mute the
#: chat of game #12", "dempen chat 12" and, Dutch putting the object first,
#: "chat dempen 12", "de chat ontdempen partij 12".  Group 1 or 2 is the
#: command word, group 3 the game's number.
_NUMBERED_CHAT = re.compile(
    r"^\s*(?:([a-z]+)\s+(?:(?:the|de)\s+)?chat(?:\s*(?:messages|berichten))?|(?:de\s+)?chat\s+([a-z]+))\s+"
    r"(?:(?:of|in|for|van|voor)\s+)?(?:(?:the\s+)?game\s+|(?:de\s+)?partij\s+|spel\s+)?#?(\d{1,9})\s*[.!]?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class OneGameRequest:
    command: Command
    #: The game's number, or ``None``: the sender's only running game.
    number: int | None


def one_game_request(text: str) -> OneGameRequest | None:
    """The command about one game on the first line of ``text``, if any."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    if request := _numbered_chat_request(first):
        return request
    numbered = _NUMBERED.match(first)
    if numbered and WORDS.get(numbered.group(1).lower()) in ONE_GAME - {"say"}:
        return OneGameRequest(Command(WORDS[numbered.group(1).lower()], ""), int(numbered.group(2)))
    command = command_of(text)
    if command is not None and command.name in ONE_GAME - _NUMBER_NEEDED:
        return OneGameRequest(command, None)
    return None


def _numbered_chat_request(line: str) -> OneGameRequest | None:
    """``line`` as the chat of a numbered game muted or unmuted
    (``_NUMBERED_CHAT``), the command then as ``command_of`` reads "mute
    chat"; ``None`` for any other line."""
    found = _NUMBERED_CHAT.match(line)
    if found is None:
        return None
    name = WORDS.get((found.group(1) or found.group(2)).lower())
    if name not in ("mute", "unmute"):
        return None
    return OneGameRequest(Command(name, "chat"), int(found.group(3)))


def _seat_for(request: OneGameRequest, user) -> Seat | None:
    """The sender's seat in the game meant: the numbered one (running or
    over), else their one running game they have not left."""
    seats = Seat.objects.filter(user=user, index__isnull=False).select_related("match")
    if request.number is not None:
        return seats.filter(match__pk=request.number).exclude(match__state=None).first()
    running = list(seats.filter(match__status=Match.Status.ACTIVE, departed="")[:2])
    return running[0] if len(running) == 1 else None


def one_game_answer(
    request: OneGameRequest, *, record: InboundEmail, sender: str, subject: str, user, now: dt.datetime
) -> tuple[str, Match] | None:
    """Carry ``request`` out in its game and answer it (``commands.run``);
    returns what happened and in which game, or ``None`` when there is no
    such game of the sender's (several running and no number, or a number
    not theirs) and nothing was done."""
    seat = _seat_for(request, user)
    if seat is None or seat.index is None:
        return None
    match = seat.match
    token = reply_token_for(match=match, seat_index=seat.index, user=user, ply=match.ply, now=now)
    detail = run_command(request.command, record=record, sender=sender, subject=subject, token=token, now=now)
    return detail, match


def no_seat_text(number: int) -> str:
    """The refusal of a command naming a game the sender plays no part in."""
    return _("You have no seat in game %(number)s.") % {"number": number}


__all__ = ["ONE_GAME", "OneGameRequest", "no_seat_text", "one_game_answer", "one_game_request"]
