"""The mail a tournament's pause and resume send to the players of its
games in play (``pausing.tournament_pause``, ``pausing.tournament_resume``).

One notice per player and event (the log line's id names it), listing
their games: on pause, the clock time each of their stopped turns keeps
(what the game page shows), on resume each new deadline, in the reader's
language and time zone.  A game the player muted is left out, and a
player who wants no such mail (``mail.outbox.wants_mail``) or has no game
left gets none.  Queued in the caller's transaction: sent after it commits.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from core.name_lists import names_text
from games.deadlines.selectors import duration_text
from games.models import Match, Seat
from games.timing.clock import stopped_times_left
from mail.models import OutgoingEmail
from mail.outbox import wants_mail
from mail.render import as_reader, deadline_line

from ..models import Tournament
from ..notify import notice_send, tournament_url
from ..selectors import seats_to_move


def pause_mail_send(tournament: Tournament, *, event_id: int, reason: str, now: dt.datetime) -> int:
    """Tell each player of the paused ``tournament``'s games in play that
    their clocks are stopped, with the time left on each turn of theirs.
    After its clocks are stopped (``pausing._stop_clocks``).  Returns the
    number of players mailed."""
    return _send(tournament, "tournament-paused", event_id=event_id, reason=reason, now=now)


def resume_mail_send(tournament: Tournament, *, event_id: int, now: dt.datetime) -> int:
    """Tell each player of the resumed ``tournament``'s games in play that
    their clocks run again, with each new deadline of theirs.  After the
    clocks restart (``pausing.pause_end_locked``), before the next round is
    paired (its games send their own mail).  Returns the number mailed."""
    return _send(tournament, "tournament-resumed", event_id=event_id, reason="", now=now)


@dataclass(frozen=True)
class _Game:
    """One game in play of a player's: their ``seat``, the other players'
    names, whether it is their move and the time their stopped turn keeps
    (``stopped``, None when it is not stopped)."""

    match: Match
    seat: Seat
    others: tuple[str, ...]
    to_move: bool
    stopped: dt.timedelta | None


def _send(tournament: Tournament, template: str, *, event_id: int, reason: str, now: dt.datetime) -> int:
    games = _games_by_player(tournament)
    for user, mine in games.values():
        with as_reader(user):
            lines = [_game_line(game) for game in mine]
        notice_send(
            user=user,
            template=template,
            context={"tournament": tournament, "lines": lines, "reason": reason, "url": tournament_url(tournament)},
            dedupe_key=f"{template}:{event_id}:{user.pk}",
            now=now,
        )
    return len(games)


def _games_by_player(tournament: Tournament) -> dict[int, tuple[Any, list[_Game]]]:
    """User id -> (the user, their games in play in ``tournament`` that
    they want mail of), for the users with any."""
    matches = Match.objects.filter(
        tournament_game__tournament=tournament, tournament_game__ranking__isnull=True, status=Match.Status.ACTIVE
    ).order_by("pk")
    found: dict[int, tuple[Any, list[_Game]]] = {}
    for match in matches:
        seats = [s for s in match.seats.select_related("user").order_by("index", "pk") if not s.departed]
        stopped = stopped_times_left(match, seats)
        to_move = seats_to_move(match)
        for seat in seats:
            user = seat.user
            if user is None or not wants_mail(user, match, kind=OutgoingEmail.Kind.NOTICE):
                continue
            others = tuple(str(s.user) for s in seats if s is not seat and s.user is not None)
            game = _Game(match, seat, others, seat.index in to_move, stopped.get(seat.pk))
            found.setdefault(user.pk, (user, []))[1].append(game)
    return found


def _game_line(game: _Game) -> str:
    """One game of the reader's, in the active language: whether it is
    their move and, if so, the time their stopped turn keeps or their
    deadline once the clock runs."""
    named = _("%(game)s against %(players)s") % {"game": game.match, "players": names_text(game.others)}
    if not game.to_move:
        return _("%(game)s: not your move.") % {"game": named}
    if game.stopped is not None:
        left = duration_text(int(game.stopped.total_seconds()))
        return _("%(game)s: your move: %(left)s left on your turn.") % {"game": named, "left": left}
    if game.seat.deadline_at is not None:
        deadline = deadline_line(game.seat.deadline_at, game.seat.user)
        return _("%(game)s: your move. %(deadline)s") % {"game": named, "deadline": deadline}
    return _("%(game)s: your move.") % {"game": named}
