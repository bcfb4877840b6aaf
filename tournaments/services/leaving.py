"""A player leaving a running tournament: withdrawn or disqualified
(their undecided two-player games forfeited, their running matches
resigned, the player told), and the players dropped from a game for missing
deadlines withdrawn before the next pairing.  Holds the log kinds of a drop
and of a player let back in, which that rule reads."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext_lazy, gettext_noop

from games.services import GameActionError, match_resign

from ..models import DROPPED_FOR_DEADLINES, SITE_REASONS, Participant, Tournament, TournamentGame
from ..notify import notice_send, tournament_url
from ..types import GameResult
from .common import log
from .results import record_finished, record_result

Source = TournamentGame.Source
#: Log kinds: a player dropped from a game for missing deadlines
#: (``deadlines.organisers_told_of_drop``), a player let back in.
DROPPED = "dropped"
REINSTATED = "reinstated"


# ---------------------------------------------------------------- leaving
def leave_locked(
    tournament: Tournament,
    participant: Participant,
    status: str,
    reason: str,
    *,
    by,
    now: dt.datetime,
) -> None:
    """Withdraw or disqualify a player still in a running tournament; the
    caller advances.  Expects the tournament lock.

    1. Mark the player; their seeding place and past results stay.
    2. Record their undecided two-player games as forfeits, once the
       games already over are recorded as played (one they have just
       won, its tournament step still queued, stays won).
    3. Resign them from every match still running (the forfeits' matches
       end; larger tables play on without them).
    4. Tell them (a reason among ``models.SITE_REASONS`` in their language).
    """
    participant.status = status
    participant.left_at = now
    participant.left_reason = reason[:500]
    participant.save(update_fields=["status", "left_at", "left_reason"])
    record_finished(tournament, now)
    verb = "was disqualified" if status == Participant.Status.DISQUALIFIED else "withdrew"
    if participant.withdrawn_by_site:
        verb = "was withdrawn"
    log(
        tournament,
        status,
        _leaving_message(status, reason),
        params={"player": participant, "reason": reason} if reason else {"player": participant},
        translated=["reason"] if reason in SITE_REASONS else [],
        user=by,
        now=now,
        participant=participant.pk,
    )
    mine = [
        g for g in tournament.games.filter(ranking__isnull=True).select_related("round") if participant.pk in g.players
    ]
    for game in mine:
        if len(game.players) == 2:
            forfeit = GameResult.forfeit(game.round.number, game.players, [participant.pk], key=game.key)
            record_result(tournament, forfeit, source=Source.FORFEIT, now=now)
    for game in mine:
        if game.match_id is None:
            continue
        try:
            match_resign(match_id=game.match_id, user=participant.user, now=now, source="system")
        except GameActionError:
            continue  # already over, or already left this game
    notice_send(
        user=participant.user,
        template="tournament-left",
        context={
            "tournament": tournament,
            "verb": verb,
            # Rendered in the player's language (``notice_send``).
            "reason": gettext_lazy(reason) if reason in SITE_REASONS else reason,
            "url": tournament_url(tournament),
        },
        # Per leaving: a player let back in (``entries.participant_reinstate``) may leave again.
        dedupe_key=f"tournament-left:{tournament.pk}:{participant.user_id}:{now.isoformat()}",
        now=now,
    )


def _leaving_message(status: str, reason: str) -> str:
    """The log line's msgid; a player may withdraw without saying why."""
    if status == Participant.Status.DISQUALIFIED:
        return gettext_noop("%(player)s was disqualified: %(reason)s")
    if reason:
        return gettext_noop("%(player)s withdrew: %(reason)s")
    return gettext_noop("%(player)s withdrew.")


def withdraw_dropped(tournament: Tournament, now: dt.datetime) -> None:
    """Withdraw each player still in who was dropped from a game for
    missing deadlines (logged as ``dropped`` by
    ``deadlines.organisers_told_of_drop``), as lichess withdraws an absent
    player: later rounds do not pair them, the bracket gives their next
    opponent a walkover, their results so far stay.  Runs before every
    pairing, so no later game can seat them.

    A place whose player was replaced since (the log names the person,
    the place has another now), and a player seated in a later round than
    the drop (dropped before this rule, and played on), stay in; so does
    a player an organiser let back in since (``entries.participant_reinstate``).
    Expects the tournament lock.
    """
    drops: dict[int, int] = {}  # the person -> the round of their last drop not answered yet
    events = tournament.events.filter(kind__in=(DROPPED, REINSTATED)).order_by("pk")
    for kind, user_id, data in events.values_list("kind", "user_id", "data"):
        if kind == DROPPED and user_id is not None:
            drops[user_id] = data.get("round", 0)
        elif kind == REINSTATED:
            drops.pop(data.get("player_user"), None)  # an organiser let them back in since
    if not drops:
        return
    still_in = {p.user_id: p for p in tournament.participants.filter(status=Participant.Status.REGISTERED)}
    for user_id, number in drops.items():
        participant = still_in.get(user_id)
        if participant is None:
            continue
        later = tournament.games.filter(round__number__gt=number).only("players")
        if any(participant.pk in game.players for game in later):
            continue
        leave_locked(tournament, participant, Participant.Status.WITHDRAWN, DROPPED_FOR_DEADLINES, by=None, now=now)
        del still_in[user_id]
