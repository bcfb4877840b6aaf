"""Before round 1: creating a tournament, registration, invitations,
manual seeding order and replacing a player."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.moments import written_moment
from core.text import has_control_characters
from games.models import TimeoutPolicy
from games.services import Conflict, NotAllowed, NotFound

from ..models import (
    Club,
    Participant,
    Tournament,
    TournamentEmailInvitation,
    TournamentInvitation,
)
from ..notify import notice_send, tournament_url
from ..reply_tokens import invitation_reply_address
from ..selectors import is_club_member, is_club_organiser
from .common import locked_tournament, log, require_manager
from .entries import knocked_out, late_entry_locked, newcomer_not_in, out_of_table_knockout, substitute_locked
from .strangers import address_enter_locked, player_or_address
from .validation import invalid, settings_clean

Format = Tournament.Format


def tournament_create(
    *,
    creator,
    name: str,
    club_id: int | None,
    now: dt.datetime,
    description: str = "",
    game: str = "alta",
    players_per_table: int = 2,
    format: str = Format.SWISS,
    rounds: int | None = None,
    double_round_robin: bool = False,
    pairing_system: str = Tournament.Pairing.DUTCH,
    third_place: bool = False,
    late_registration: bool = False,
    advance: int = 1,
    days_per_move: int = 3,
    bank_initial_days: int | None = None,
    bank_increment_days: int = 0,
    bank_cap_days: int | None = None,
    weekends_off: bool = False,
    timeout_policy: str = TimeoutPolicy.AUTO,
    vacation_allowed: bool = True,
    rated: bool = False,
    registration_opens_at: dt.datetime | None = None,
    registration_closes_at: dt.datetime,
    capacity: int = 16,
    registration: str = Tournament.Registration.ANYONE,
    seeding: str = Tournament.Seeding.RATING,
    round_days: int | None = None,
) -> Tournament:
    """Create a tournament of a club (by one of its organisers) or a
    site-wide one (``club_id=None``, staff only).

    The time control is a casual game's: ``days_per_move``, or a Fischer
    bank (``bank_initial_days`` plus ``bank_increment_days`` per move,
    capped at ``bank_cap_days``), optionally without clock at weekends
    (``games.timing.clock.time_control_clean``); every game of the
    tournament gets it.

    :raises NotFound, NotAllowed, GameActionError.
    """
    club = None
    if club_id is not None:
        club = Club.objects.filter(pk=club_id).first()
        if club is None:
            raise NotFound(_("There is no such club."))
    if not (is_club_organiser(creator, club) if club else creator.is_staff):
        raise NotAllowed(
            _("Club organisers create their club's tournaments; site-wide ones are for staff."),
            code="not_organiser",
        )
    name = " ".join(name.split())
    if not name:
        raise invalid(_("A tournament needs a name."), "invalid_name")
    if has_control_characters(name):
        raise invalid(_("A name cannot hold control characters (a bell, an escape...)."), "invalid_name")
    fields = settings_clean(
        game=game,
        players_per_table=players_per_table,
        format=format,
        rounds=rounds,
        double_round_robin=double_round_robin,
        pairing_system=pairing_system,
        third_place=third_place,
        late_registration=late_registration,
        advance=advance,
        days_per_move=days_per_move,
        bank_initial_days=bank_initial_days,
        bank_increment_days=bank_increment_days,
        bank_cap_days=bank_cap_days,
        weekends_off=weekends_off,
        vacation_allowed=vacation_allowed,
        timeout_policy=timeout_policy,
        registration_opens_at=registration_opens_at,
        registration_closes_at=registration_closes_at,
        capacity=capacity,
        registration=registration,
        seeding=seeding,
        round_days=round_days,
        club=club,
        now=now,
    )
    with transaction.atomic():
        tournament = Tournament.objects.create(
            club=club,
            name=name,
            description=description.strip(),
            created_by=creator,
            created_at=now,
            rated=bool(rated),
            **fields,
        )
        log(
            tournament,
            "created",
            gettext_noop("%(by)s created the tournament."),
            params={"by": creator},
            user=creator,
            now=now,
        )
    return tournament


def tournament_register(*, tournament_id: int, user, now: dt.datetime) -> Participant:
    """Register ``user`` while registration is open, within the capacity
    and the tournament's registration policy.  A running Swiss whose
    organiser allowed late registration takes them too: seeded last, they
    play from the next round (``late_entry_locked``).

    :raises NotFound, NotAllowed, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        late = tournament.status == Tournament.Status.RUNNING
        if late and not tournament.late_registration:
            raise Conflict(
                _("This tournament has started and does not take late registrations."), code="registration_closed"
            )
        if not late and not tournament.registration_open(now):
            opens = tournament.registration_opens_at
            if tournament.status == Tournament.Status.REGISTRATION and opens is not None and now < opens:
                # Not yet: say when, in the player's zone (this reaches mail replies too).
                raise Conflict(
                    _("Registration is not open yet: it opens %(moment)s.")
                    % {"moment": written_moment(user.zone, opens)},
                    code="registration_closed",
                )
            raise Conflict(_("Registration is not open."), code="registration_closed")
        if tournament.registration == Tournament.Registration.MEMBERS and not is_club_member(user, tournament.club):
            raise NotAllowed(
                _("This tournament is for members of %(club)s.") % {"club": tournament.club},
                code="members_only",
            )
        if (
            tournament.registration == Tournament.Registration.INVITED
            and not tournament.invitations.filter(user=user).exists()
        ):
            raise NotAllowed(_("This tournament is for invited players."), code="invited_only")
        place = tournament.participants.filter(user=user).first()
        if place is not None:
            raise _registered_already(place)
        if tournament.participants.count() >= tournament.capacity:
            raise Conflict(_("The tournament is full."), code="full")
        if late:
            return late_entry_locked(tournament, user, by=user, now=now)
        participant = Participant.objects.create(tournament=tournament, user=user, registered_at=now)
        log(
            tournament,
            "registered",
            gettext_noop("%(player)s registered."),
            params={"player": user},
            user=user,
            now=now,
        )
    return participant


def _registered_already(place: Participant) -> Conflict:
    """Why a player with a place cannot register again: a player who left
    is told how they could come back (or that they cannot), not that they
    are registered."""
    if place.status == Participant.Status.DISQUALIFIED:
        return Conflict(_("You were disqualified from this tournament."), code="disqualified")
    if place.withdrawn:
        return Conflict(
            _("You withdrew from this tournament: only its organisers can let you back in."), code="withdrawn"
        )
    return Conflict(_("You are already registered."), code="already_registered")


def tournament_unregister(*, tournament_id: int, user, now: dt.datetime) -> None:
    """Take back a registration before the tournament starts.

    :raises NotFound, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise Conflict(_("The tournament has started: withdraw instead."), code="started")
        deleted, _by_model = tournament.participants.filter(user=user).delete()
        if not deleted:
            raise NotFound(_("You are not registered."), code="not_registered")
        log(
            tournament,
            "unregistered",
            gettext_noop("%(player)s took back their registration."),
            params={"player": user},
            user=user,
            now=now,
        )


def tournament_invite(
    *, tournament_id: int, display_name: str, by, now: dt.datetime
) -> TournamentInvitation | TournamentEmailInvitation:
    """An organiser invites a player to register, named by display name or
    address (``strangers.player_or_address``).  An address is mailed a
    link that registers whoever follows it
    (``strangers.address_enter_locked``, whose row is returned then).

    :raises NotFound, NotAllowed, Conflict (registration over, the player
        registered or invited already), LimitReached (addresses).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise Conflict(_("Registration is over."), code="registration_closed")
        invitee = player_or_address(display_name)
        if isinstance(invitee, str):
            return address_enter_locked(tournament, invitee, by=by, now=now)
        if tournament.invitations.filter(user=invitee).exists():
            raise Conflict(_("%(player)s is already invited.") % {"player": invitee}, code="already_invited")
        newcomer_not_in(tournament, invitee)
        invitation, created = TournamentInvitation.objects.get_or_create(
            tournament=tournament,
            user=invitee,
            defaults={"invited_by": by, "created_at": now},
        )
        if not created:
            raise Conflict(_("%(player)s is already invited.") % {"player": invitee}, code="already_invited")
        log(
            tournament,
            "invited",
            gettext_noop("%(by)s invited %(player)s."),
            params={"by": by, "player": invitee},
            user=by,
            now=now,
        )
        notice_send(
            user=invitee,
            template="tournament-invitation",
            context={
                "tournament": tournament,
                "by": by,
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-invitation:{invitation.pk}",
            now=now,
            reply_to=invitation_reply_address(invitation.pk),
        )
    return invitation


def tournament_seeds_set(*, tournament_id: int, order: Sequence[int], by, now: dt.datetime) -> None:
    """Set the manual seeding order: participant ids, strongest first.

    Players left out follow in registration order.  Used when the
    tournament seeds "by the organisers' order".

    :raises NotAllowed, Conflict, GameActionError.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise Conflict(_("The seeding is fixed once the tournament starts."), code="started")
        ids = list(order)
        known = set(tournament.participants.values_list("pk", flat=True))
        if len(set(ids)) != len(ids) or not set(ids) <= known:
            raise invalid(_("The order must list registered players, each once."), "invalid_order")
        tournament.participants.update(manual_position=None)
        for position, pk in enumerate(ids, start=1):
            Participant.objects.filter(pk=pk).update(manual_position=position)
        log(
            tournament,
            "seeding",
            gettext_noop("%(by)s set the seeding order."),
            params={"by": by},
            user=by,
            now=now,
            order=ids,
        )


def participant_replace(
    *, tournament_id: int, participant_id: int, display_name: str, by, now: dt.datetime
) -> Participant | TournamentEmailInvitation:
    """An organiser puts another player, named by display name or address
    (``strangers.player_or_address``), in a registered player's place:
    before round 1 keeping its place in a manual seeding order; once the
    tournament runs, in its seat of every running game, the results so far
    staying with the place (``entries.substitute_locked``).  A place whose
    player withdrew is taken over too (and paired again from then on); a
    disqualified player's is not.  An address is mailed a link that takes
    the place for whoever follows it (its row is returned); until then the
    place stays its player's.

    :raises NotFound, NotAllowed, Conflict, LimitReached (addresses).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        participant = tournament.participants.select_related("user").filter(pk=participant_id).first()
        replace_check(tournament, participant)
        assert participant is not None  # replace_check
        newcomer = player_or_address(display_name)
        if isinstance(newcomer, str):
            return address_enter_locked(tournament, newcomer, by=by, now=now, participant=participant)
        return replace_locked(tournament, participant, newcomer, by=by, now=now)


def replace_check(tournament: Tournament, participant: Participant | None) -> None:
    """Refuse to put anyone in ``participant``'s place now.  Expects the
    tournament lock.

    :raises NotFound: no such place; Conflict: the tournament is over, the
        player was disqualified or is out of a knockout."""
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        raise Conflict(_("The tournament is over."), code="over")
    if participant is None:
        raise NotFound(_("That player is not registered."), code="not_registered")
    if tournament.status == Tournament.Status.RUNNING:
        if participant.status == Participant.Status.DISQUALIFIED:
            raise Conflict(
                _("%(player)s has already left the tournament.") % {"player": participant},
                code="already_left",
            )
        if participant.withdrawn and out_of_table_knockout(tournament, participant):
            raise knocked_out(participant)


def replace_locked(
    tournament: Tournament, participant: Participant | None, newcomer, *, by, now: dt.datetime
) -> Participant:
    """Put ``newcomer`` in ``participant``'s place (:func:`participant_replace`).
    Expects the tournament lock.

    :raises NotFound, Conflict."""
    replace_check(tournament, participant)
    assert participant is not None  # replace_check
    newcomer_not_in(tournament, newcomer)
    if tournament.status == Tournament.Status.RUNNING:
        substitute_locked(tournament, participant, newcomer, by=by, now=now)
        if participant.withdrawn:
            # A place whose player withdrew (or was withdrawn, dropped
            # for missing deadlines) is back: the games already
            # forfeited stay so, the next pairing seats the newcomer.
            participant.status, participant.left_at, participant.left_reason = (
                Participant.Status.REGISTERED,
                None,
                "",
            )
            participant.save(update_fields=["status", "left_at", "left_reason"])
        return participant
    old = participant.user
    participant.user = newcomer
    participant.registered_at = now
    participant.save(update_fields=["user", "registered_at"])
    log(
        tournament,
        "replaced",
        gettext_noop("%(by)s replaced %(old)s by %(new)s."),
        params={"by": by, "old": old, "new": newcomer},
        user=by,
        now=now,
    )
    # Neither asked for it: the one leaving and the one coming in are told.
    for person in (old, newcomer):
        notice_send(
            user=person,
            template="tournament-replaced",
            context={
                "tournament": tournament,
                "by": by,
                "old": old,
                "new": newcomer,
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-replaced:{tournament.pk}:{participant.pk}:{person.pk}:{now.isoformat()}",
            now=now,
        )
    return participant
