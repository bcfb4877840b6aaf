"""While a tournament runs: withdrawal and disqualification, extending a
round, setting a result by hand, cancelling.

A player who withdraws or is disqualified forfeits their remaining games:
an undecided two-player game is recorded as a forfeit (the opponent scores
a win) and its match ended; at a larger table the player resigns and the
others play on.  Their results so far stay in the standings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.services import Conflict, GameActionError, NotAllowed, NotFound

from ..models import Participant, Tournament, TournamentGame
from ..notify import notice_send, tournament_url
from ..selectors import opponents_in_play
from ..types import GameResult
from .closing import cancel_locked
from .common import locked_tournament, log, require_manager
from .leaving import leave_locked
from .pausing import pause_end_locked
from .results import record_result
from .running import advance_locked

MAX_EXTENSION_DAYS = 60
Source = TournamentGame.Source


def participant_withdraw(*, tournament_id: int, user, now: dt.datetime, reason: str = "") -> Participant:
    """A player leaves a running tournament (before it starts they simply
    unregister).  A ``reason`` among ``models.SITE_REASONS`` is shown in
    each reader's language.

    :raises NotFound, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        participant = tournament.participants.select_related("user").filter(user=user).first()
        if participant is None:
            raise NotFound(_("You are not playing in this tournament."), code="not_registered")
        _leave(
            tournament,
            participant,
            Participant.Status.WITHDRAWN,
            reason.strip(),
            by=user,
            now=now,
        )
    return participant


def participant_disqualify(
    *, tournament_id: int, participant_id: int, by, reason: str, now: dt.datetime
) -> Participant:
    """An organiser disqualifies a player, with a reason for the log.
    Before the start this simply removes the registration.  An organiser
    who plays against the player in a game without a result yet may not
    (``require_not_opponent``).

    :raises NotAllowed, NotFound, Conflict, GameActionError (no reason).
    """
    if not reason.strip():
        raise GameActionError(_("Give a reason for the disqualification."), code="reason_required")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        participant = tournament.participants.select_related("user").filter(pk=participant_id).first()
        if participant is None:
            raise NotFound(_("That player is not in this tournament."), code="not_registered")
        if tournament.status == Tournament.Status.REGISTRATION:
            participant.delete()
            log(
                tournament,
                "removed",
                gettext_noop("%(by)s removed %(player)s's registration: %(reason)s"),
                params={"by": by, "player": participant, "reason": reason.strip()},
                user=by,
                now=now,
            )
            notice_send(
                user=participant.user,
                template="tournament-removed",
                context={
                    "tournament": tournament,
                    "by": by,
                    "reason": reason.strip(),
                    "url": tournament_url(tournament),
                },
                dedupe_key=f"tournament-removed:{tournament.pk}:{participant.user_id}:{now.isoformat()}",
                now=now,
            )
            return participant
        require_not_opponent(by, tournament, participant)
        _leave(
            tournament,
            participant,
            Participant.Status.DISQUALIFIED,
            reason.strip(),
            by=by,
            now=now,
        )
    return participant


def _leave(
    tournament: Tournament,
    participant: Participant,
    status: str,
    reason: str,
    *,
    by,
    now: dt.datetime,
) -> None:
    """Withdraw or disqualify (``leaving.leave_locked``), then advance:
    record what finished, pair on.  Expects the tournament lock."""
    if tournament.status == Tournament.Status.REGISTRATION:
        # Only a player gets here: an organiser's disqualification before the start removes the registration.
        raise Conflict(_("The tournament has not started: take back your registration instead."), code="not_running")
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is over."), code="not_running")
    if participant.withdrawn:
        raise Conflict(
            _("%(player)s has already left the tournament.") % {"player": participant},
            code="already_left",
        )
    leave_locked(tournament, participant, status, reason, by=by, now=now)
    advance_locked(tournament, now)


def round_extend(*, tournament_id: int, number: int, days: int, by, now: dt.datetime) -> dt.datetime:
    """Move a round's hard deadline ``days`` later (from now if it has
    passed).  Returns the new deadline.

    :raises NotAllowed, NotFound, Conflict, GameActionError.
    """
    if not 1 <= days <= MAX_EXTENSION_DAYS:
        raise GameActionError(_("Extend by 1 to %(max)s days.") % {"max": MAX_EXTENSION_DAYS}, code="invalid_days")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        round_ = tournament.round_set.filter(number=number).first()
        if round_ is None:
            raise NotFound(_("There is no such round."), code="no_round")
        if tournament.status != Tournament.Status.RUNNING or round_.completed_at is not None:
            raise Conflict(_("That round is over."), code="round_over")
        if round_.deadline_at is None:
            raise Conflict(_("This tournament has no round deadline."), code="no_deadline")
        round_.deadline_at = max(round_.deadline_at, now) + dt.timedelta(days=days)
        round_.deadline_notified_at = None
        round_.autoplay_started_at = None
        round_.save(update_fields=["deadline_at", "deadline_notified_at", "autoplay_started_at"])
        log(
            tournament,
            "extended",
            gettext_noop("%(by)s extended round %(number)s by %(days)s day.")
            if days == 1
            else gettext_noop("%(by)s extended round %(number)s by %(days)s days."),
            params={"by": by, "number": number, "days": days},
            user=by,
            now=now,
            round=number,
            deadline=round_.deadline_at.isoformat(),
        )
    return round_.deadline_at


def game_result_set(
    *,
    game_id: int,
    ranking: Sequence[Sequence[int]],
    reason: str,
    by,
    now: dt.datetime,
    forfeited: Sequence[int] = (),
) -> TournamentGame:
    """An organiser decides an undecided game by hand: ``ranking`` groups
    participant ids, best first (a shared place is one group);
    ``forfeited`` lists the players who did not play (a no-show: they lose
    to everyone who played, and the game counts as unplayed, as a
    walkover, for the standings' tie-breaks).  The reason is logged, the
    match (if running) ends that way, and the tournament advances.  An
    organiser who plays in the game may not (``require_not_playing``).

    :raises NotFound, NotAllowed, Conflict, GameActionError.
    """
    if not reason.strip():
        raise GameActionError(_("Give a reason for setting the result."), code="reason_required")
    found = TournamentGame.objects.filter(pk=game_id).values("tournament_id").first()
    if found is None:
        raise NotFound(_("There is no such tournament game."))
    with transaction.atomic():
        tournament = locked_tournament(found["tournament_id"])
        require_manager(by, tournament)
        game = tournament.games.select_related("round").get(pk=game_id)
        require_not_playing(by, tournament, game)
        if tournament.status != Tournament.Status.RUNNING:
            raise Conflict(_("The tournament is not running."), code="not_running")
        if game.decided:
            raise Conflict(_("This game already has a result."), code="decided")
        try:
            result = GameResult(
                round=game.round.number,
                table=tuple(game.players),
                ranking=tuple(tuple(int(p) for p in group) for group in ranking),
                forfeited=frozenset(int(p) for p in forfeited),
                key=game.key,
            )
        except (TypeError, ValueError):
            raise GameActionError(
                _("The result must place every player of the game exactly once."),
                code="invalid_result",
            ) from None
        record_result(
            tournament,
            result,
            source=Source.MANUAL,
            now=now,
            by=by,
            reason=reason.strip(),
        )
        log(
            tournament,
            "result_set",
            gettext_noop("%(by)s set the result of %(game)s: %(reason)s"),
            params={"by": by, "game": game.key, "reason": reason.strip()},
            user=by,
            now=now,
            game=game.key,
            ranking=[list(g) for g in result.ranking],
            forfeited=sorted(result.forfeited),
        )
        advance_locked(tournament, now)
    game.refresh_from_db()
    return game


def plays_in(user, tournament: Tournament, game: TournamentGame) -> bool:
    """Whether ``user`` holds one of ``game``'s places."""
    if user is None or user.pk is None:
        return False
    return tournament.participants.filter(pk__in=game.players, user_id=user.pk).exists()


def require_not_playing(user, tournament: Tournament, game: TournamentGame) -> None:
    """An organiser does not judge their own game: its opponents would
    read a result set by one of the players, as the organiser's.

    :raises NotAllowed: ``user`` plays in ``game``."""
    if plays_in(user, tournament, game):
        raise NotAllowed(
            _("You play in this game: another organiser of the tournament (or the site's staff) sets its result."),
            code="own_game",
        )


def require_not_opponent(user, tournament: Tournament, participant: Participant) -> None:
    """An organiser does not disqualify a player of a game they play in
    that has no result yet: the disqualification decides that game (a
    forfeit) in the organiser's favour.  Once it is over they may; another
    organiser (or the site's staff) may at once.

    :raises NotAllowed: ``user`` shares such a game with ``participant``."""
    if participant.pk in opponents_in_play(user, tournament):
        raise NotAllowed(
            _(
                "You play against %(player)s in a game that has no result yet: another organiser of the "
                "tournament (or the site's staff) can disqualify them now, or you can once that game is over."
            )
            % {"player": participant},
            code="own_game",
        )


def tournament_cancel(*, tournament_id: int, by, reason: str, now: dt.datetime) -> Tournament:
    """An organiser cancels a tournament that has not finished.  Games
    already running go on as ordinary games (a paused tournament's clocks
    run again first); nothing more is paired.

    :raises NotAllowed, Conflict, GameActionError (no reason).
    """
    if not reason.strip():
        raise GameActionError(_("Give a reason for cancelling."), code="reason_required")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if tournament.status not in (
            Tournament.Status.REGISTRATION,
            Tournament.Status.RUNNING,
        ):
            raise Conflict(_("The tournament is already over."), code="over")
        if tournament.paused_at is not None:
            pause_end_locked(tournament, now)
        cancel_locked(tournament, reason.strip(), now=now, by=by)
    return tournament
