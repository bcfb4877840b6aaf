"""Organiser tools while a tournament runs: a substitute for a player,
a player who withdrew let back in, late registration into a Swiss, a requested half-point bye (and taking it
back before its round is paired), pause and
resume, a message to every player.  Each one is logged (``common.log``:
who, what, when, details) and shown on the tournament page.

Pause stops the clocks of the tournament's games the way a vacation does
(``games.deadlines``): a stopped turn keeps its start and its budget, and
on resume it runs on from then with the clock time it had left when
paused, so the deadline is recomputed (``seat_deadline_refresh``) with
exactly the time that was left.  While paused no new round is paired and round deadlines wait.
"""

from __future__ import annotations

import datetime as dt
import math

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from core.text import has_control_characters
from games.deadlines.clock import (
    reminder_hours,
    reminder_next,
    seat_deadline,
    seat_deadline_refresh,
    seat_time_left,
    settings_for,
)
from games.models import Match, Seat, Vacation
from games.services import Conflict, GameActionError, NotFound
from games.services.events import record_clock_keeps_running, record_event
from mail.models import ReplyToken

from ..models import ByeRequest, Participant, Substitution, Tournament, TournamentGame
from ..notify import notice_send, tournament_url
from ..selectors import rating_for, seats_to_move
from .common import locked_tournament, log, require_manager
from .manual import TABLES, round_pairing_proposal
from .pause_mail import pause_mail_send, resume_mail_send
from .running import REINSTATED, advance_locked

MAX_MESSAGE = 5000


def _user_named(display_name: str):
    User = get_user_model()
    # A closed account keeps its name in old results but can never play.
    user = User.objects.filter(display_name__iexact=display_name.strip(), is_active=True).first()
    if user is None:
        raise NotFound(
            _("There is no player called %(name)s.") % {"name": repr(display_name.strip())},
            code="unknown_player",
        )
    return user


def _current_round(tournament: Tournament) -> int:
    return tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0


def _running(tournament: Tournament) -> None:
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is not running."), code="not_running")


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
        round=_current_round(tournament),
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
        _running(tournament)
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
            # Answers the player's drop, if that is why they left (``running._withdraw_dropped``).
            player_user=participant.user_id,
        )
        advance_locked(tournament, now)
    return participant


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
    latest = _current_round(tournament)
    if latest == 0:
        return False
    games = tournament.games.filter(round__number=latest).only("players")
    return not any(participant.pk in game.players for game in games)


# ---------------------------------------------------- late registration
def participant_add_late(*, tournament_id: int, display_name: str, by, now: dt.datetime) -> Participant:
    """An organiser adds a player to a running Swiss.  The newcomer is
    seeded last, scores nothing for the rounds already paired, and is
    paired from the next round on.

    :raises NotAllowed, NotFound, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        newcomer = _user_named(display_name)
        return late_entry_locked(tournament, newcomer, by=by, now=now)


def late_entry_locked(tournament: Tournament, newcomer, *, by, now: dt.datetime) -> Participant:
    """Enter ``newcomer`` into a running Swiss from the next round, seeded
    last; ``by`` is the organiser who added them, or the newcomer who
    registered (``tournament_register``).  Expects the tournament lock.

    :raises Conflict: not a running Swiss, its last round already paired,
        the next round paired by hand (the newcomer would undo that pairing),
        the player already in.
    """
    _running(tournament)
    if tournament.format != Tournament.Format.SWISS:
        raise Conflict(_("Only a Swiss takes players once it runs."), code="not_swiss")
    if _current_round(tournament) >= (tournament.rounds or 0):
        raise Conflict(_("The last round is already paired."), code="last_round")
    if _paired_by_hand(tournament, _current_round(tournament) + 1):
        raise Conflict(
            _("The organisers have already paired round %(round)s by hand: a late player can join once it has started.")
            % {"round": _current_round(tournament) + 1},
            code="paired_by_hand",
        )
    newcomer_not_in(tournament, newcomer)
    last = tournament.participants.order_by("-seed").values_list("seed", flat=True).first() or 0
    participant = Participant.objects.create(
        tournament=tournament,
        user=newcomer,
        registered_at=now,
        seed=last + 1,
        rating_at_start=rating_for(newcomer, tournament.game),
    )
    next_round = _current_round(tournament) + 1
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
    advance_locked(tournament, now)
    return participant


# -------------------------------------------------------- half-point bye
def _paired_by_hand(tournament: Tournament, number: int) -> bool:
    """Whether round ``number`` waits to be played as the organisers paired
    it by hand: that pairing seats exactly the players in then, so a new
    bye or a new player would make it unplayable and the round would be
    paired automatically.  One that no longer fits (a player left since)
    is set aside already (``manual.round_pairing_proposal``)."""
    if not tournament.manual_pairings.filter(round=number).exists():
        return False
    proposal = round_pairing_proposal(tournament)
    return proposal is not None and proposal.round == number and proposal.by_hand


def _asked(participant: Participant, number: int) -> bool:
    return ByeRequest.objects.filter(participant=participant, round=number).exists()


def bye_request(*, tournament_id: int, user, round_number: int, now: dt.datetime) -> ByeRequest:
    """A Swiss player asks to sit out round ``round_number`` (not paired
    yet) for half a point: half a win at any table size (``standings``).
    Asking twice for one round is harmless.  Refused for a round the
    organisers have paired by hand (the bye would undo that pairing).

    :raises NotFound, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        participant = tournament.participants.filter(user=user).first()
        if participant is None or participant.withdrawn:
            raise NotFound(_("You are not playing in this tournament."), code="not_registered")
        if tournament.format != Tournament.Format.SWISS:
            raise Conflict(_("Half-point byes are for Swiss tournaments."), code="not_swiss")
        if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
            raise Conflict(_("The tournament is over."), code="over")
        rounds = tournament.rounds or 0
        if round_number > rounds:
            raise Conflict(
                ngettext(
                    "There is no round %(round)s: this Swiss has %(rounds)s round.",
                    "There is no round %(round)s: this Swiss has %(rounds)s rounds.",
                    rounds,
                )
                % {"round": round_number, "rounds": rounds},
                code="round_paired",
            )
        if not _current_round(tournament) < round_number:
            raise Conflict(_("Ask for a round that is not paired yet."), code="round_paired")
        if _paired_by_hand(tournament, round_number) and not _asked(participant, round_number):
            raise Conflict(
                _(
                    "The organisers have already paired round %(round)s by hand: "
                    "a half-point bye can no longer be asked for it."
                )
                % {"round": round_number},
                code="paired_by_hand",
            )
        request, created = ByeRequest.objects.get_or_create(
            participant=participant, round=round_number, defaults={"created_at": now}
        )
        if created:
            log(
                tournament,
                "bye_requested",
                gettext_noop("%(player)s asked for a half-point bye in round %(round)s."),
                params={"player": user, "round": round_number},
                user=user,
                now=now,
                participant=participant.pk,
                round=round_number,
            )
    return request


def bye_withdraw(
    *, tournament_id: int, by, round_number: int, now: dt.datetime, participant_id: int | None = None
) -> Participant:
    """Take back a half-point bye asked for round ``round_number`` while
    that round is not paired yet: the player then plays it.  ``by`` is the
    player (``participant_id`` None: their own request) or an organiser
    (for the player ``participant_id``).  Returns the player.

    :raises NotFound (no such player or request), NotAllowed (someone
        else's request, not an organiser), Conflict (the round is paired,
        or paired by hand without the player).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        players = tournament.participants.select_related("user")
        whose = {"user": by} if participant_id is None else {"pk": participant_id}
        participant = players.filter(**whose).first()
        if participant is None:
            raise NotFound(_("That player is not in this tournament."), code="not_registered")
        if participant.user_id != by.pk:
            require_manager(by, tournament)
        request = ByeRequest.objects.filter(participant=participant, round=round_number).first()
        if request is None:
            raise NotFound(
                _("There is no half-point bye to take back in round %(round)s.") % {"round": round_number},
                code="no_bye",
            )
        if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING) or (
            round_number <= _current_round(tournament)
        ):
            raise Conflict(
                _("Round %(round)s is already paired: the half-point bye stands.") % {"round": round_number},
                code="round_paired",
            )
        if _paired_by_hand(tournament, round_number):
            # That pairing leaves the player out: it would no longer fit.
            raise Conflict(
                _(
                    "The organisers have already paired round %(round)s by hand without this player: "
                    "the half-point bye can no longer be taken back."
                )
                % {"round": round_number},
                code="paired_by_hand",
            )
        request.delete()
        log(
            tournament,
            "bye_withdrawn",
            gettext_noop("%(player)s withdrew their request for a half-point bye in round %(round)s.")
            if participant.user_id == by.pk
            else gettext_noop("%(by)s withdrew %(player)s's request for a half-point bye in round %(round)s."),
            params={"by": by, "player": participant.user, "round": round_number},
            user=by,
            now=now,
            participant=participant.pk,
            round=round_number,
        )
    return participant


# -------------------------------------------------------- pause, resume
def _stop_clocks(tournament: Tournament) -> int:
    """Stop every running turn of the tournament's games not stopped yet,
    keeping its start in ``paused_seats``.  Expects the tournament lock;
    the caller saves ``paused_seats``.  Returns the number stopped."""
    stopped = 0
    matches = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
    for match_id in matches.values_list("match_id", flat=True):
        Match.objects.select_for_update(no_key=True).get(pk=match_id)
        for seat in Seat.objects.filter(match_id=match_id, deadline_at__isnull=False, departed=""):
            assert seat.turn_started_at is not None  # a deadline belongs to a turn
            tournament.paused_seats[str(seat.pk)] = seat.turn_started_at.isoformat()
            Seat.objects.filter(pk=seat.pk).update(deadline_at=None, reminder_at=None)
            stopped += 1
    return stopped


def tournament_pause(*, tournament_id: int, by, now: dt.datetime, reason: str = "") -> Tournament:
    """Stop the clocks of every game of the tournament and pair nothing
    until :func:`tournament_resume`.  The players of its games in play are
    mailed the time left on their turns (``pause_mail``), after commit.

    :raises NotAllowed, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        _running(tournament)
        if tournament.paused_at is not None:
            raise Conflict(_("The tournament is already paused."), code="paused")
        tournament.paused_at = now
        tournament.paused_seats = {}
        stopped = _stop_clocks(tournament)
        tournament.save(update_fields=["paused_at", "paused_seats"])
        event = log(
            tournament,
            "paused",
            gettext_noop("%(by)s paused the tournament: the clocks of its games are stopped."),
            params={"by": by},
            user=by,
            now=now,
            reason=reason.strip(),
            stopped=stopped,
        )
        pause_mail_send(tournament, event_id=event.pk, reason=reason.strip(), now=now)
    return tournament


def paused_clock_held(match: Match) -> bool:
    """Whether ``match`` is a game of a paused tournament: then a turn that
    begins in it starts with its clock stopped (``games.deadlines.clock``
    asks, through ``clock_hold_register``).  A casual match draws its seats,
    a tournament's never does, so casual moves cost no query."""
    if match.seats_drawn:
        return False
    return TournamentGame.objects.filter(match_id=match.pk, tournament__paused_at__isnull=False).exists()


def paused_clock_since(match: Match) -> dt.datetime | None:
    """When the tournament of ``match`` was paused, while it is: a turn
    that ends during the pause used no clock time since (``games`` asks,
    through ``clock_hold_since_register``)."""
    if match.seats_drawn:
        return None
    return (
        Tournament.objects.filter(games__match_id=match.pk, paused_at__isnull=False)
        .values_list("paused_at", flat=True)
        .first()
    )


def paused_clocks_stop(*, tournament_id: int) -> int:
    """Stop the turns that began in a paused tournament's games since the
    pause (a move is still allowed while paused).  For the beat sweep."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.paused_at is None:
            return 0
        stopped = _stop_clocks(tournament)
        if stopped:
            tournament.save(update_fields=["paused_seats"])
    return stopped


def tournament_resume(*, tournament_id: int, by, now: dt.datetime) -> Tournament:
    """Run the clocks again: every stopped turn still being played gets
    the time it had left when stopped, round deadlines move on by the
    length of the pause, and the tournament pairs on.  The players of its
    games in play are mailed their new deadlines (``pause_mail``), after
    commit.

    :raises NotAllowed, Conflict (not running, or not paused).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        # A pause set before the start (staff, in the admin) holds until
        # the start, which starts the tournament paused (``tournament_start``).
        _running(tournament)
        if tournament.paused_at is None:
            raise Conflict(_("The tournament is not paused."), code="not_paused")
        pause_end_locked(tournament, now)
        event = log(
            tournament,
            "resumed",
            gettext_noop("%(by)s resumed the tournament: the clocks run again."),
            params={"by": by},
            user=by,
            now=now,
        )
        # Before the next round is paired: its new games are mailed as they start.
        resume_mail_send(tournament, event_id=event.pk, now=now)
        advance_locked(tournament, now)
    return tournament


def pause_end_locked(tournament: Tournament, now: dt.datetime) -> None:
    """End the pause of a paused tournament (resumed, or cancelled: its
    games then go on as ordinary games, with running clocks): stopped
    turns get back the time they had left, round deadlines (and the day's
    grace after a late round's notice) move on by the length of the pause.
    Expects the tournament lock."""
    assert tournament.paused_at is not None
    paused_for = now - tournament.paused_at
    _restart_clocks(tournament, now)
    for round_ in tournament.round_set.filter(completed_at__isnull=True, deadline_at__isnull=False):
        assert round_.deadline_at is not None
        round_.deadline_at = max(round_.deadline_at, tournament.paused_at) + paused_for
        if round_.deadline_notified_at is not None and round_.autoplay_started_at is None:
            # The organisers were told the games are played out a day after
            # the notice: the pause stopped that day too.
            round_.deadline_notified_at += paused_for
        round_.save(update_fields=["deadline_at", "deadline_notified_at"])
    tournament.paused_at = None
    tournament.paused_seats = {}
    tournament.save(update_fields=["paused_at", "paused_seats"])


def _restart_clocks(tournament: Tournament, now: dt.datetime) -> None:
    """Give each stopped turn still on the board its clock back, running
    from ``now``: a turn from before the pause with the clock time it had
    left then, one that began during it (it started stopped:
    ``paused_clock_held``) with its whole budget.  Expects the tournament
    lock."""
    assert tournament.paused_at is not None
    starts = {int(pk): dt.datetime.fromisoformat(at) for pk, at in tournament.paused_seats.items()}
    active = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
    stopped = Seat.objects.filter(
        match_id__in=active.values("match_id"), departed="", deadline_at__isnull=True, turn_started_at__isnull=False
    )
    seats = Seat.objects.filter(
        Q(pk__in=starts) | Q(pk__in=stopped.values("pk")), match__status=Match.Status.ACTIVE
    ).select_related("match", "user")
    prefs = settings_for([s.user_id for s in seats], seats)
    for seat in seats.order_by("match_id", "pk"):
        match = Match.objects.select_for_update(no_key=True).get(pk=seat.match_id)
        seat.refresh_from_db()
        if seat.turn_started_at is None or seat.deadline_at is not None or seat.departed:
            continue  # its clock runs already, or the seat is gone
        if seat.index not in seats_to_move(match):
            # The player moved while paused: the turn ended with its clock
            # stopped, so there is nothing to run again.
            Seat.objects.filter(pk=seat.pk).update(turn_started_at=None, turn_seconds=None)
            continue
        started, mine = seat.turn_started_at, prefs.get(seat.user_id or 0)
        if starts.get(seat.pk) == started and started <= tournament.paused_at:
            # The turn runs on from now with the clock time it had left when
            # paused (not re-dated by the pause's length: the weekends and
            # vacations before the pause count as they fell).
            left = seat_time_left(match, seat, mine, now=tournament.paused_at)
            seat.turn_seconds = max(0, math.ceil(left.total_seconds()))
        seat.turn_started_at = now
        Seat.objects.filter(pk=seat.pk).update(turn_started_at=now, turn_seconds=seat.turn_seconds)
        seat_deadline_refresh(match=match, seat=seat, prefs=mine, now=now)


# --------------------------------------------------------------- message
def players_message(*, tournament_id: int, subject: str, text: str, by, now: dt.datetime) -> int:
    """Mail ``text`` to every player still in the tournament (through the
    mail app's outbox).  Returns the number of players mailed.  Only while
    registration is open or the tournament runs, as on its page.

    :raises NotAllowed, Conflict (``over``), GameActionError (empty or too long).
    """
    subject, text = " ".join(subject.split())[:150], text.strip()
    if not subject or not text:
        raise GameActionError(_("Write a subject and a message."), code="empty")
    if has_control_characters(subject):
        # It becomes the mails' Subject header, where no control character is text.
        raise GameActionError(
            _("The subject cannot hold control characters (a bell, an escape...)."), code="invalid_subject"
        )
    if len(text) > MAX_MESSAGE:
        raise GameActionError(_("Keep the message under %(max)s characters.") % {"max": MAX_MESSAGE}, code="long")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
            raise Conflict(_("The tournament is over."), code="over")
        players = tournament.participants.filter(status=Participant.Status.REGISTERED).select_related("user")
        event = log(
            tournament,
            "message",
            gettext_noop("%(by)s wrote to every player: %(subject)s"),
            params={"by": by, "subject": subject},
            user=by,
            now=now,
            text=text,
        )
        count = 0
        for participant in players:
            notice_send(
                user=participant.user,
                template="tournament-message",
                context={
                    "tournament": tournament,
                    "subject": subject,
                    "message": text,
                    "sender": by,
                    "url": tournament_url(tournament),
                },
                dedupe_key=f"tournament-message:{event.pk}:{participant.user_id}",
                now=now,
            )
            count += 1
    return count
