"""Half-point byes in a Swiss: a player asks to sit out a round not
paired yet for half a point, and takes the request back (or an organiser
does) while that round is not paired.  A round the organisers paired by
hand takes no new bye and no late player (:func:`paired_by_hand`)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.services import Conflict, NotFound

from ..models import ByeRequest, Participant, Tournament
from .common import current_round, locked_tournament, log, require_manager
from .manual import round_pairing_proposal


# -------------------------------------------------------- half-point bye
def paired_by_hand(tournament: Tournament, number: int) -> bool:
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
        if not current_round(tournament) < round_number:
            raise Conflict(_("Ask for a round that is not paired yet."), code="round_paired")
        if paired_by_hand(tournament, round_number) and not _asked(participant, round_number):
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
            round_number <= current_round(tournament)
        ):
            raise Conflict(
                _("Round %(round)s is already paired: the half-point bye stands.") % {"round": round_number},
                code="round_paired",
            )
        if paired_by_hand(tournament, round_number):
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
