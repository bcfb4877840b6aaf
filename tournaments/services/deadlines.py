"""Hard round deadlines.

When a round's deadline passes with games unfinished, its organisers are
told by email.  If they do nothing for :data:`GRACE` (extending the round
clears the notice; setting results by hand finishes games), every
unfinished game is played out with the engine's default moves, through
the normal move write path, and the tournament advances.

Both steps claim the round with a conditional update, so
two sweepers never mail twice or start the autoplay twice.  The autoplay
itself runs one match per task (:func:`match_autoplay`), queued after the
claim commits; games still in play ``AUTOPLAY_AGAIN`` later are queued
again (a lost publish), which a finished game ignores.
"""

from __future__ import annotations

import datetime as dt
import logging
from functools import partial

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_noop

from core.marking import ngettext_noop
from games.engine import EngineError, Termination, get_rules
from games.models import Match, Seat
from games.services import Conflict, GameActionError, match_resign, move_submit

from ..models import Round, Tournament, TournamentGame
from ..notify import absolute, notice_send, tournament_url
from ..selectors import organisers_of
from ..signals import advance_due, autoplay_due
from .common import log
from .leaving import DROPPED
from .running import tournament_game_finished

logger = logging.getLogger(__name__)
GRACE = dt.timedelta(hours=24)
#: A round whose autoplay was queued this long ago and still has games in
#: play is queued again: a publish the broker lost (only logged, in
#: ``receivers.on_autoplay_due``) is made up, and a game autoplay finished
#: meanwhile is not played twice (``match_autoplay`` stops at its end).
AUTOPLAY_AGAIN = dt.timedelta(hours=2)
# An Alta game has well under 100 submissions; this only stops a broken
# engine from looping for ever.
MAX_AUTOPLAY_PLIES = 5000


def organisers_told_of_drop(match, seat, now: dt.datetime) -> None:
    """A player of a tournament game dropped from it for missing deadlines
    (``games.deadlines.sweeps.dropped_register``, in the enforcement's
    transaction): the log says so, the organisers are told, and once the
    enforcement commits the tournament advances, which withdraws the player
    (``leaving.withdraw_dropped``: the log line is what it reads) before
    any later round can pair them.  The match lock is held here, so the
    tournament lock is not taken here (it is always taken first)."""
    game = TournamentGame.objects.select_related("tournament", "round").filter(match=match).first()
    if game is None or game.tournament.status != Tournament.Status.RUNNING:
        return
    tournament = game.tournament
    log(
        tournament,
        DROPPED,
        gettext_noop(
            "%(player)s missed too many deadlines in a row in %(game)s (round %(number)s) and was dropped from it."
        ),
        params={"player": seat.user, "game": match, "number": game.round.number},
        user=seat.user,
        now=now,
        round=game.round.number,
    )
    for person in organisers_of(tournament):
        notice_send(
            user=person,
            template="tournament-dropped",
            context={
                "tournament": tournament,
                "player": seat.user,
                "match": match,
                "round": game.round,
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-dropped:{match.pk}:{seat.pk}:{person.pk}",
            now=now,
        )
    transaction.on_commit(partial(advance_due.send_robust, sender=Tournament, tournament_id=tournament.pk))


def _late_rounds(now: dt.datetime):
    undecided = TournamentGame.objects.filter(round=OuterRef("pk"), ranking__isnull=True)
    return (
        Round.objects.filter(
            tournament__status=Tournament.Status.RUNNING,
            tournament__paused_at__isnull=True,
            completed_at__isnull=True,
            deadline_at__lte=now,
        )
        .filter(Exists(undecided))
        .select_related("tournament", "tournament__club", "tournament__created_by")
    )


def round_deadlines_sweep(*, now: dt.datetime) -> dict[str, list[int]]:
    """Tell organisers about passed deadlines; autoplay rounds left alone
    for :data:`GRACE` after the notice.

    Returns the ids of the rounds notified and the matches queued for
    autoplay (``tournament_match_autoplay`` tasks, sent after commit).
    """
    notified: list[int] = []
    for round_ in _late_rounds(now).filter(deadline_notified_at__isnull=True)[:100]:
        with transaction.atomic():
            claimed = Round.objects.filter(
                pk=round_.pk,
                deadline_notified_at__isnull=True,
                deadline_at=round_.deadline_at,
            ).update(deadline_notified_at=now)
            if not claimed:
                continue
            _notify_organisers(round_, now)
        notified.append(round_.pk)

    queued: list[int] = []
    stale = _late_rounds(now).filter(deadline_notified_at__lte=now - GRACE, autoplay_started_at__isnull=True)
    for round_ in stale[:100]:
        with transaction.atomic():
            claimed = Round.objects.filter(
                pk=round_.pk,
                autoplay_started_at__isnull=True,
                deadline_notified_at=round_.deadline_notified_at,
            ).update(autoplay_started_at=now)
            if not claimed:
                continue
            matches = list(
                round_.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE).values_list(
                    "match_id", flat=True
                )
            )
            log(
                round_.tournament,
                "autoplay",
                ngettext_noop(
                    "Round %(number)s: nobody acted within a day of the deadline; "
                    "%(count)s unfinished game is finished with default moves.",
                    "Round %(number)s: nobody acted within a day of the deadline; "
                    "%(count)s unfinished games are finished with default moves.",
                ),
                params={"number": round_.number, "count": len(matches)},
                now=now,
                round=round_.number,
                matches=matches,
            )
            transaction.on_commit(partial(autoplay_due.send_robust, sender=Round, match_ids=list(matches)))
        queued.extend(matches)
    queued += _autoplay_again(now)
    return {"notified": notified, "autoplay": queued}


def _autoplay_again(now: dt.datetime) -> list[int]:
    """Queue again the games still in play of rounds whose autoplay was
    queued ``AUTOPLAY_AGAIN`` ago (claimed as the first time, so two
    sweepers queue them once); returns their match ids."""
    queued: list[int] = []
    for round_ in _late_rounds(now).filter(autoplay_started_at__lte=now - AUTOPLAY_AGAIN)[:100]:
        with transaction.atomic():
            matches = list(
                round_.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE).values_list(
                    "match_id", flat=True
                )
            )
            if not matches:
                continue  # finished games wait for their result, which has its own make-up
            claimed = Round.objects.filter(pk=round_.pk, autoplay_started_at=round_.autoplay_started_at).update(
                autoplay_started_at=now
            )
            if not claimed:
                continue
            logger.warning("round %s: autoplay of %s queued again", round_.pk, matches)
            transaction.on_commit(partial(autoplay_due.send_robust, sender=Round, match_ids=list(matches)))
        queued.extend(matches)
    return queued


def _notify_organisers(round_: Round, now: dt.datetime) -> None:
    """Tell the organisers the round's deadline passed, and the players of
    each unfinished game (``_warn_players``)."""
    assert round_.deadline_at is not None  # it has passed
    tournament = round_.tournament
    games = list(round_.games.filter(ranking__isnull=True).select_related("match"))
    _warn_players(round_, games, now)
    log(
        tournament,
        "deadline",
        ngettext_noop(
            "Round %(number)s's deadline passed with %(count)s game unfinished; organisers told.",
            "Round %(number)s's deadline passed with %(count)s games unfinished; organisers told.",
        ),
        params={"number": round_.number, "count": len(games)},
        now=now,
        round=round_.number,
    )
    matches = [game.match_id for game in games if game.match_id]
    for person in organisers_of(tournament):
        # An organiser who plays in one of them may not set its result: said beside it.
        own = set(Seat.objects.filter(match_id__in=matches, user=person).values_list("match_id", flat=True))
        notice_send(
            user=person,
            template="round-deadline",
            context={
                "tournament": tournament,
                "round": round_,
                "games": games,
                "own": own,
                "autoplay_at": now + GRACE,
                "url": tournament_url(tournament),
            },
            dedupe_key=(f"round-deadline:{round_.pk}:{round_.deadline_at.isoformat()}:{person.pk}"),
            now=now,
        )


def _warn_players(round_: Round, games: list[TournamentGame], now: dt.datetime) -> None:
    """Tell the players of each unfinished game with a match that the
    round's deadline passed and when their game is played out unless the
    organisers act: they may still finish it themselves meanwhile."""
    assert round_.deadline_at is not None  # it has passed
    for game in games:
        if game.match is None or game.match.status != Match.Status.ACTIVE:
            continue
        for seat in Seat.objects.filter(match=game.match, departed="", user__isnull=False).select_related("user"):
            notice_send(
                user=seat.user,
                template="round-deadline-player",
                context={
                    "tournament": round_.tournament,
                    "round": round_,
                    "match": game.match,
                    "autoplay_at": now + GRACE,
                    "game_url": absolute(game.match.get_absolute_url()),
                },
                dedupe_key=f"round-deadline-player:{round_.pk}:{round_.deadline_at.isoformat()}:{seat.pk}",
                now=now,
            )


def match_autoplay(*, match_id: int, now: dt.datetime) -> int:
    """Play a match to its end with the engine's default moves, then
    advance its tournament.  Returns the number of submissions made.

    Each move goes through ``games.services.move_submit``
    (``source="system"``), all in one transaction holding the match lock:
    a player moving at the same moment waits, then finds their move stale
    (a move that got in first is played on from).  A seat with no legal
    move times out instead.
    """
    plies = 0
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    rules = get_rules(match.game)
    # One transaction: the moves' mails are written once the game is over,
    # so nobody is asked for a move the autoplay makes a moment later
    # (``mail.move_mail.notify_move``).  The tournament lock is taken after
    # it, never under the match lock.
    with transaction.atomic():
        for _ in range(MAX_AUTOPLAY_PLIES):
            match.refresh_from_db(fields=["status", "state", "ply"])
            if match.status != Match.Status.ACTIVE:
                break
            state = rules.load(match.started_state)
            to_move = sorted(rules.to_move(state))
            if not to_move:
                break
            index = to_move[0]
            seat = Seat.objects.select_related("user").get(match=match, index=index)
            try:
                move = rules.default_move(state, index)
                text = rules.format_move(state, index, move) if move is not None else None
            except EngineError:
                text = None
            try:
                if text is None:
                    match_resign(
                        match_id=match_id,
                        user=None,
                        seat_index=index,
                        now=now,
                        reason=Termination.TIMEOUT,
                        source="system",
                    )
                else:
                    move_submit(
                        match_id=match_id,
                        user=seat.user,
                        text=text,
                        ply=match.ply,
                        source="system",
                        now=now,
                    )
            except Conflict:
                continue  # somebody moved meanwhile: play on from the new position
            except GameActionError:
                logger.exception("Autoplay of match %s stopped at ply %s", match_id, match.ply)
                break
            plies += 1
    tournament_game_finished(match_id=match_id, now=now)
    return plies
