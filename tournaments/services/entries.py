"""Who takes a place in a running tournament: a substitute in a player's
seat (the place and its results stay, the running turns pass on with the
clock time left), a player who withdrew let back in, and a late entry into
a Swiss (added by an organiser, or registering late).  Each is logged
(``common.log``) and shown on the tournament page."""

from __future__ import annotations

import datetime as dt
import math

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.models import Match, Seat, Vacation
from games.services import Conflict, NotFound
from games.services.events import record_clock_keeps_running, record_event
from games.timing.clock import reminder_hours, reminder_next, seat_deadline, seat_time_left, settings_for
from mail.models import ReplyToken

from ..models import Participant, Substitution, Tournament, TournamentEmailInvitation
from ..notify import notice_send, tournament_url
from ..selectors import rating_for
from .byes import paired_by_hand
from .common import current_round, locked_tournament, log, require_manager, require_running
from .leaving import REINSTATED
from .manual import TABLES, round_pairing_proposal
from .running import advance_locked
from .strangers import address_enter_locked, player_or_address


def newcomer_not_in(tournament: Tournament, newcomer) -> None:
    """Refuse to bring in (late, or as a substitute) someone who already
    has a place: one who withdrew comes back through
    :func:`participant_reinstate`, which the message says.

    :raises Conflict.
    """
    place = tournament.participants.filter(user=newcomer).only("status").first()
    if place is None:
        return
    if place.status == Participant.Status.WITHDRAWN:
        raise Conflict(
            _("%(player)s withdrew: let them back in from the player list instead.") % {"player": newcomer},
            code="withdrawn",
        )
    if place.status == Participant.Status.DISQUALIFIED:
        raise Conflict(
            _("%(player)s was disqualified and cannot come back.") % {"player": newcomer}, code="disqualified"
        )
    raise Conflict(_("%(player)s is already registered.") % {"player": newcomer}, code="already_registered")


# ------------------------------------------------------------ substitute
def substitute_locked(tournament: Tournament, participant: Participant, newcomer, *, by, now: dt.datetime) -> None:
    """Put ``newcomer`` in ``participant``'s seat of a running tournament.

    The participant (its seed and every result) stays; only the person
    changes.  In each running game the seat passes to the newcomer, and
    the reply addresses mailed to the previous player stop working.
    Expects the tournament lock (takes each match's lock after it).
    """
    old = participant.user
    Substitution.objects.create(
        participant=participant,
        previous_user=old,
        user=newcomer,
        round=current_round(tournament),
        by=by,
        created_at=now,
    )
    participant.user = newcomer
    participant.save(update_fields=["user"])
    running = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
    # In Python: SQLite has no JSON containment lookup.
    mine = [g.match_id for g in running.only("players", "match_id") if participant.pk in g.players and g.match_id]
    prefs = settings_for([old.pk, newcomer.pk])
    # A game that allows no vacation tells a newcomer who is away that its clock runs.
    away = Vacation.objects.filter(user=newcomer, starts_at__lte=now, ends_at__gt=now).first()
    for match_id in mine:
        match = Match.objects.select_for_update(no_key=True).get(pk=match_id)
        for seat in Seat.objects.select_related("user").filter(match_id=match_id, user=old, departed=""):
            _clock_hand_over(tournament, match, seat, newcomer, prefs, now)
        # The run of missed deadlines that drops a seat was the previous player's.
        Seat.objects.filter(match_id=match_id, user=old, departed="").update(user=newcomer, auto_moves=0)
        ReplyToken.objects.filter(match_id=match_id, user=old).delete()
        for seat in Seat.objects.select_related("user").filter(match_id=match_id, user=newcomer, departed=""):
            # Mails them the position (with a reply address when it is their move).
            record_event(
                match,
                "substitute_seated",
                gettext_noop("A substitute took over a seat."),
                user=newcomer,
                now=now,
                seat_id=seat.pk,
            )
            if away is not None and not match.vacation_allowed:
                record_clock_keeps_running(match, seat, away, now=now)
    if tournament.paused_at is not None:
        tournament.save(update_fields=["paused_seats"])
    log(
        tournament,
        "substituted",
        gettext_noop("%(by)s put %(new)s in the place of %(old)s; the results so far stay with the place."),
        params={"by": by, "old": old, "new": newcomer},
        user=by,
        now=now,
        participant=participant.pk,
        previous_user=old.pk,
        user_id=newcomer.pk,
    )
    for person in (old, newcomer):
        notice_send(
            user=person,
            template="tournament-substitute",
            context={"tournament": tournament, "old": old, "new": newcomer, "url": tournament_url(tournament)},
            dedupe_key=f"tournament-substitute:{tournament.pk}:{participant.pk}:{person.pk}:{now.isoformat()}",
            now=now,
        )


def _clock_hand_over(tournament: Tournament, match: Match, seat: Seat, newcomer, prefs, now: dt.datetime) -> None:
    """Give ``newcomer`` the seat's running turn with the clock time it has
    left: the turn restarts, with that time, when the player changes (or,
    in a paused tournament, when its clocks stopped), so the time used
    counts and from then on the newcomer's own vacations and weekends
    pause it, not the previous player's.  A turn whose time has run out is
    left to the sweeper; one that began during a pause has used nothing."""
    if seat.turn_started_at is None or seat.turn_seconds is None:
        return
    stopped = seat.deadline_at is None
    if stopped:
        began = tournament.paused_seats.get(str(seat.pk))
        if tournament.paused_at is None or began != seat.turn_started_at.isoformat():
            return
        at = tournament.paused_at
    else:
        at = now
    left = seat_time_left(match, seat, prefs.get(seat.user_id), now=at)
    if left <= dt.timedelta(0):
        return
    seat.turn_started_at, seat.turn_seconds = at, math.ceil(left.total_seconds())
    changes: dict[str, object] = {
        "turn_started_at": at,
        "turn_seconds": seat.turn_seconds,
        "reminded_for": None,
        "reminded_hours": None,
    }
    if stopped:
        tournament.paused_seats[str(seat.pk)] = at.isoformat()
    else:
        seat.user, seat.user_id = newcomer, newcomer.pk
        mine = prefs.get(newcomer.pk)
        changes["deadline_at"] = deadline = seat_deadline(match, seat, mine)
        changes["reminder_at"] = reminder_next(deadline=deadline, hours=reminder_hours(mine), now=now)
    Seat.objects.filter(pk=seat.pk).update(**changes)


# ------------------------------------------------------------- reinstate
def round_kept_from_reinstated(tournament: Tournament) -> int | None:
    """The round a player let back in now would sit out: the Swiss round
    that waits to start as the organisers paired it by hand (their pairing
    stands, the player is paired from the round after).  None when the
    player is paired from the next pairing."""
    waiting = round_pairing_proposal(tournament)
    if waiting is None or not waiting.by_hand or waiting.mode != TABLES:
        return None
    return waiting.round


def participant_reinstate(*, tournament_id: int, participant_id: int, by, now: dt.datetime) -> Participant:
    """An organiser lets a player who withdrew (or was withdrawn, dropped
    for missing deadlines) back into a running tournament: they are paired
    again from the next pairing, the games they forfeited meanwhile stay
    forfeited.  A Swiss round already paired by hand is played as paired:
    the player sits it out and plays from the round after
    (:func:`round_kept_from_reinstated`, which the log says).  A
    disqualified player stays out.

    :raises NotAllowed, NotFound, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        require_running(tournament)
        participant = tournament.participants.select_related("user").filter(pk=participant_id).first()
        if participant is None:
            raise NotFound(_("That player is not in this tournament."), code="not_registered")
        if participant.status == Participant.Status.DISQUALIFIED:
            raise Conflict(
                _("%(player)s was disqualified and cannot come back.") % {"player": participant}, code="disqualified"
            )
        if not participant.withdrawn:
            raise Conflict(_("%(player)s still plays.") % {"player": participant}, code="registered")
        if out_of_table_knockout(tournament, participant):
            raise knocked_out(participant)
        kept = round_kept_from_reinstated(tournament)
        participant.status, participant.left_at, participant.left_reason = Participant.Status.REGISTERED, None, ""
        participant.save(update_fields=["status", "left_at", "left_reason"])
        message = gettext_noop("%(by)s let %(player)s back into the tournament, from the next pairing.")
        params: dict[str, object] = {"by": by, "player": participant.user}
        if kept is not None:
            message = gettext_noop(
                "%(by)s let %(player)s back into the tournament; round %(round)s was already paired by hand, "
                "so they play from round %(next)s."
            )
            params.update(round=kept, next=kept + 1)
        log(
            tournament,
            REINSTATED,
            message,
            params=params,
            user=by,
            now=now,
            participant=participant.pk,
            # Answers the player's drop, if that is why they left (``leaving.withdraw_dropped``).
            player_user=participant.user_id,
        )
        _back_in_told(tournament, participant.user, by=by, now=now, kept=kept)
        advance_locked(tournament, now)
    return participant


def _back_in_told(
    tournament: Tournament, player, *, by, now: dt.datetime, kept: int | None = None, added_from: int | None = None
) -> None:
    """Tell ``player`` an organiser let them back in (a round ``kept`` as
    paired by hand without them) or added them late (playing from round
    ``added_from``): they did not ask on the page, and may only read mail."""
    notice_send(
        user=player,
        template="tournament-back-in",
        context={
            "tournament": tournament,
            "by": by,
            "added": added_from is not None,
            "round": added_from if added_from is not None else (kept + 1 if kept is not None else None),
            "kept": kept,
            "url": tournament_url(tournament),
        },
        dedupe_key=f"tournament-back-in:{tournament.pk}:{player.pk}:{now.isoformat()}",
        now=now,
    )


def knocked_out(participant: Participant) -> Conflict:
    return Conflict(
        _("%(player)s is out of the knockout: its rounds go on without them, so they cannot come back.")
        % {"player": participant},
        code="knocked_out",
    )


def out_of_table_knockout(tournament: Tournament, participant: Participant) -> bool:
    """Whether ``participant`` is out of a knockout of tables (or groups and
    a final): each of its rounds seats only players of the round before, so
    one its latest round left out (they withdrew before it was paired) is
    never seated again."""
    if tournament.format == Tournament.Format.SWISS or tournament.is_bracket:
        return False
    if tournament.format == Tournament.Format.ROUND_ROBIN and tournament.players_per_table == 2:
        return False
    latest = current_round(tournament)
    if latest == 0:
        return False
    games = tournament.games.filter(round__number=latest).only("players")
    return not any(participant.pk in game.players for game in games)


# ---------------------------------------------------- late registration
def participant_add_late(
    *, tournament_id: int, display_name: str, by, now: dt.datetime
) -> Participant | TournamentEmailInvitation:
    """An organiser adds a player to a running Swiss, named by display name
    or address (``strangers.player_or_address``).  The newcomer is seeded
    last, scores nothing for the rounds already paired, and is paired from
    the next round on.  An address is mailed a link that enters whoever
    follows it then (``tournament_email``; its row returned).

    :raises NotAllowed, NotFound, Conflict, LimitReached (addresses).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        newcomer = player_or_address(display_name)
        if isinstance(newcomer, str):
            late_entry_check(tournament)
            return address_enter_locked(tournament, newcomer, by=by, now=now)
        return late_entry_locked(tournament, newcomer, by=by, now=now)


def late_entry_check(tournament: Tournament) -> None:
    """Refuse a late entry ``tournament`` cannot take now.  Expects the
    tournament lock.

    :raises Conflict: not a running Swiss, its last round already paired,
        the next round paired by hand (the newcomer would undo that pairing).
    """
    require_running(tournament)
    if tournament.format != Tournament.Format.SWISS:
        raise Conflict(_("Only a Swiss takes players once it runs."), code="not_swiss")
    if current_round(tournament) >= (tournament.rounds or 0):
        raise Conflict(_("The last round is already paired."), code="last_round")
    if paired_by_hand(tournament, current_round(tournament) + 1):
        raise Conflict(
            _("The organisers have already paired round %(round)s by hand: a late player can join once it has started.")
            % {"round": current_round(tournament) + 1},
            code="paired_by_hand",
        )


def late_entry_locked(tournament: Tournament, newcomer, *, by, now: dt.datetime) -> Participant:
    """Enter ``newcomer`` into a running Swiss from the next round, seeded
    last; ``by`` is the organiser who added them, or the newcomer who
    registered (``tournament_register``).  Expects the tournament lock.

    :raises Conflict: not a running Swiss, its last round already paired,
        the next round paired by hand (the newcomer would undo that pairing),
        the player already in.
    """
    late_entry_check(tournament)
    newcomer_not_in(tournament, newcomer)
    last = tournament.participants.order_by("-seed").values_list("seed", flat=True).first() or 0
    participant = Participant.objects.create(
        tournament=tournament,
        user=newcomer,
        registered_at=now,
        seed=last + 1,
        rating_at_start=rating_for(newcomer, tournament.game),
    )
    next_round = current_round(tournament) + 1
    if by == newcomer:
        message = gettext_noop("%(player)s registered late and plays from round %(round)s.")
    else:
        message = gettext_noop("%(by)s added %(player)s to the tournament from round %(round)s.")
    log(
        tournament,
        "late_registration",
        message,
        params={"by": by, "player": newcomer, "round": next_round},
        user=by,
        now=now,
        participant=participant.pk,
    )
    if by != newcomer:
        _back_in_told(tournament, newcomer, by=by, now=now, added_from=next_round)
    advance_locked(tournament, now)
    return participant
