"""``play <game> [players]`` (``spelen``) at the command address: a player
who only uses mail finds a game.  They take a free seat of the longest
waiting open game of that kind (of that size, when they name one), or,
when none waits, open one in the lobby; the game's first mail comes when
it starts, as for a game joined on the site.  ``cancel N`` (``annuleren``)
gives the seat back before the start, or cancels the game they opened."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from core.locks import hold
from games.boards import playable_slugs
from games.deadlines.selectors import time_control_summary
from games.engine import Rules, get_rules
from games.models import Match
from games.selectors import matches_open
from games.services import GameActionError, match_cancel, match_create, match_join, match_leave

from .inbound import first_line_of

#: The command and what follows it on the first line ("play alhambra 3").
_PLAY = re.compile(r"^\s*(?:play|spelen|speel|join|meedoen)\b[\s:,.-]*(.*?)\s*$", re.IGNORECASE)
#: ``cancel 13`` / ``annuleren #13``: a waiting game left, or cancelled by its creator
#: (nine digits at most: an id within the column's range).
_CANCEL = re.compile(r"^\s*(?:cancel|leave|annuleren|annuleer|verlaten)\b[\s:,.-]*#?(\d{1,9})\b", re.IGNORECASE)
#: The game is the first word; the number of players the first number
#: ("alhambra 3", "alta for 3 players", "alpaca met 4 spelers").
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER = re.compile(r"\b\d+\b")


#: A game named by its number alone ("join 12", "meedoen #12", "play game 12").
_GAME_NUMBER = re.compile(
    r"(?:(?:the\s+)?game\s+|(?:de\s+)?partij\s+|(?:het\s+)?spel\s+)?#?(\d+)(?:[\s,]+(?:please|pls|aub|a\.u\.b\.|graag))?[\s.!]*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PlayRequest:
    game: str  #: as written ("" when none)
    players: int | None
    #: A game named by its number (``game`` and ``players`` are then unset).
    match_id: int | None = None


def play_request(body: str) -> PlayRequest | None:
    """The ``play`` command on the first non-empty line of ``body``, if it is one."""
    found = _PLAY.match(first_line_of(body))
    if found is None:
        return None
    if numbered := _GAME_NUMBER.fullmatch(found.group(1)):
        return PlayRequest("", None, match_id=_count(numbered.group(1)))
    game, number = _WORD.search(found.group(1)), _NUMBER.search(found.group(1))
    return PlayRequest(game.group(0).lower() if game else "", _count(number.group(0)) if number else None)


def _count(digits: str) -> int:
    """A number of players as written; one of more than nine digits (which
    Python may refuse to read) stands for "too many" all the same."""
    return int(digits) if len(digits) <= 9 else 10**9


def cancel_request(body: str) -> int | None:
    """The game number of a ``cancel N`` on the first non-empty line of ``body``."""
    found = _CANCEL.match(first_line_of(body))
    return int(found.group(1)) if found else None


def cancel_answer(match_id: int, user, now: dt.datetime) -> tuple[bool, str, list[str]]:
    """``(done, detail, paragraphs)``: leave (or, as its creator, cancel) a
    game that has not started."""
    match = Match.objects.filter(pk=match_id, seats__user=user).first()
    if match is None:
        return False, "cancel: not seated", [_("You have no seat in a game #%(id)s.") % {"id": match_id}]
    service = match_cancel if match.created_by_id == user.pk else match_leave
    try:
        service(match_id=match.pk, user=user, now=now)
    except GameActionError as error:
        return False, f"cancel: {error.code}", [_("Nothing was changed. %(why)s") % {"why": error.message}]
    if service is match_cancel:
        return True, "cancel: cancelled", [_("You cancelled %(game)s.") % {"game": match}]
    return True, "cancel: left", [_("You left %(game)s; your seat is free again.") % {"game": match}]


def _slug(name: str) -> str | None:
    for slug in playable_slugs():
        if name in (slug, get_rules(slug).name.lower()):
            return slug
    return None


def _join_numbered(match_id: int, user, now: dt.datetime) -> tuple[bool, str, list[str]]:
    """Take a free seat (or the one reserved for ``user``) of game ``match_id``."""
    try:
        joined = match_join(match_id=match_id, user=user, now=now)
    except GameActionError as error:
        return False, f"play: {error.code}", [_("Nothing was changed. %(why)s") % {"why": error.message}]
    return _joined(joined)


def _joined(joined: Match) -> tuple[bool, str, list[str]]:
    """``(done, detail, paragraphs)`` for a seat just taken in ``joined``."""
    if joined.is_active:
        started = _("You joined %(game)s. It has started: its first email follows.") % {"game": joined}
        return True, "play: joined, started", [started, _settings(joined)]
    taken = joined.seats.filter(user__isnull=False).count()
    return (
        True,
        "play: joined",
        [
            _(
                "You joined %(game)s (%(taken)s of %(seats)s seats taken). It starts when every seat is "
                'taken, and its first email tells you. To leave it before then, send "cancel %(id)s".'
            )
            % {"game": joined, "taken": taken, "seats": joined.players, "id": joined.pk},
            _settings(joined),
        ],
    )


def _settings(match: Match) -> str:
    """What the player joined: its time control, and whether it is rated."""
    line = _("Time control: %(clock)s.") % {"clock": time_control_summary(match)}
    return " ".join([line, _("The game is rated.")]) if match.rated else line


def play_answer(request: PlayRequest, user, now: dt.datetime) -> tuple[bool, str, list[str]]:
    """``(done, detail, paragraphs)``: join or open a game for ``user``
    (join the game named by its number)."""
    if request.match_id is not None:
        return _join_numbered(request.match_id, user, now)
    slug = _slug(request.game)
    if slug is None:
        names = ", ".join(get_rules(s).name for s in playable_slugs())
        return (
            False,
            "play: which game",
            [
                _(
                    'Say which game you want to play, and for how many players if you like: "play alta" or '
                    '"play alhambra 3". The games: %(games)s.'
                )
                % {"games": names}
            ],
        )
    rules = get_rules(slug)
    players = request.players
    if players is not None and not rules.min_players <= players <= rules.max_players:
        return (
            False,
            "play: players",
            [
                _("%(game)s is played by %(min)s to %(max)s players.")
                % {"game": rules.name, "min": rules.min_players, "max": rules.max_players}
            ],
        )
    with transaction.atomic():
        # Two players asking at once when nobody waits would each open a
        # game: the second waits here and then joins the first one's.
        hold(f"mail play {slug}")
        return _join_or_open(rules, slug, players, user, now)


def _join_or_open(
    rules: Rules[Any, Any], slug: str, players: int | None, user, now: dt.datetime
) -> tuple[bool, str, list[str]]:
    waiting = matches_open(exclude_user=user).filter(game=slug).order_by("created_at", "pk")
    if players is not None:
        waiting = waiting.filter(players=players)
    for match in waiting[:5]:
        try:
            joined = match_join(match_id=match.pk, user=user, now=now)
        except GameActionError:  # taken meanwhile: the next one
            continue
        return _joined(joined)
    opened = match_create(creator=user, game=slug, players=players or rules.min_players, now=now)
    return (
        True,
        "play: opened",
        [
            _(
                "Nobody was waiting for a game of %(name)s, so you opened %(game)s for %(players)s players. "
                'It waits in the lobby; its first email comes when it starts. To cancel it, send "cancel %(id)s". '
                "Its page: %(url)s"
            )
            % {
                "name": rules.name,
                "game": opened,
                "players": opened.players,
                "id": opened.pk,
                "url": settings.SITE_URL + opened.get_absolute_url(),
            },
            _settings(opened),
            _('To invite someone into a free seat, send "invite %(id)s" and their display name or email address.')
            % {"id": opened.pk},
        ],
    )
