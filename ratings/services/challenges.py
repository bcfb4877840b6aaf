"""Ladder challenges: a member asks another member, at most 10 places away
in the ranking, for a rated game; the other accepts or declines, or the
challenger takes it back; an open challenge expires after 7 days.

On a ladder with tables of more than two, an accepted challenge seats the
two players and fills the other seats with the free members closest to
their average rating (as matchmaking would).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.services import Conflict, GameActionError, NotAllowed, NotFound
from ratings import availability, matchmaking
from ratings.calculator import START_RATING
from ratings.models import Challenge, LadderGame
from ratings.selectors import (
    ladder_standings,
    places_apart,
    ratings_of_members,
    recent_opponents,
)

from .ladders import (
    current_membership,
    free_candidates,
    ladder_game_create,
    locked_ladder,
)

#: A member may challenge anyone at most this many places above or below.
CHALLENGE_RANGE = 10
CHALLENGE_LIFETIME = dt.timedelta(days=7)


def challenge_create(*, ladder_id: int, challenger, opponent, now: dt.datetime) -> Challenge:
    """Challenge ``opponent`` in a ladder.

    :raises NotFound, NotAllowed, Conflict, GameActionError: no such
        ladder; not both current members; closed ladder, either player's
        account deactivated, an open challenge between the two already,
        either player on vacation; more than 10 places apart or a challenge
        to oneself.
    """
    with transaction.atomic():
        ladder = locked_ladder(ladder_id)
        if not ladder.active:
            raise Conflict(_("This ladder is closed."), code="ladder_closed")
        if opponent.pk == challenger.pk:
            raise GameActionError(_("You cannot challenge yourself."), code="invalid_challenge")
        current_membership(ladder, challenger)
        # A suspension can land while the challenger's request is on its way.
        _refuse_if_closed(challenger)
        _refuse_if_away(challenger, asking=challenger, now=now)
        standings = ladder_standings(ladder, now=now)
        if not any(row.user.pk == opponent.pk for row in standings):
            raise NotAllowed(
                _("%(player)s is not a member of this ladder.") % {"player": opponent}, code="not_a_member"
            )
        _refuse_if_closed(opponent)
        apart = places_apart(standings, challenger.pk, opponent.pk)
        if apart is None or apart > CHALLENGE_RANGE:
            raise GameActionError(
                _(
                    "%(player)s is %(apart)s places away; you can challenge players "
                    "up to %(range)s places above or below you."
                )
                % {"player": opponent, "apart": apart, "range": CHALLENGE_RANGE},
                code="out_of_range",
            )
        _refuse_if_away(opponent, asking=challenger, now=now)
        pair = Q(challenger=challenger, challenged=opponent) | Q(challenger=opponent, challenged=challenger)
        open_between = Challenge.objects.filter(pair, ladder=ladder, status=Challenge.Status.OPEN)
        # A challenge past its expiry that the sweep has not reached yet
        # must not block a new one.
        open_between.filter(expires_at__lte=now).update(status=Challenge.Status.EXPIRED, answered_at=now)
        if open_between.filter(expires_at__gt=now).exists():
            raise Conflict(
                _("There is already an open challenge between you and %(player)s.") % {"player": opponent},
                code="already_challenged",
            )
        return Challenge.objects.create(
            ladder=ladder,
            challenger=challenger,
            challenged=opponent,
            created_at=now,
            expires_at=now + CHALLENGE_LIFETIME,
        )


def _refuse_if_closed(player) -> None:
    """Refuse a challenge that would seat ``player`` although their account
    is deactivated (closed or suspended): they could never sign in to play.

    :raises Conflict: the account is not active.
    """
    if not player.is_active:
        raise Conflict(_("%(player)s cannot play: that account is closed.") % {"player": player}, code="account_closed")


def _refuse_if_away(player, *, asking, now: dt.datetime) -> None:
    """Refuse a challenge (made or accepted by ``asking``) that would give
    ``player`` a new game while on vacation, as matchmaking never does.

    :raises Conflict: ``player`` is on vacation; told as "you" when
        ``player`` is the one asking, so they know to end their vacation.
    """
    if not availability.is_on_vacation(player, now):
        return
    if player.pk == asking.pk:
        raise Conflict(
            _("You are on vacation: end your vacation first to challenge or accept a challenge."), code="on_vacation"
        )
    raise Conflict(_("%(player)s is on vacation.") % {"player": player}, code="on_vacation")


def _locked_challenge(challenge_id: int):
    """Lock the challenge's ladder, then the challenge (the order every
    ladder writer uses).  Expects an open transaction."""
    ladder_id = Challenge.objects.filter(pk=challenge_id).values_list("ladder_id", flat=True).first()
    if ladder_id is None:
        raise NotFound(_("There is no such challenge."))
    ladder = locked_ladder(ladder_id)
    return ladder, Challenge.objects.select_for_update().select_related("challenger", "challenged").get(pk=challenge_id)


def _answerable(challenge: Challenge, user, now: dt.datetime) -> None:
    if challenge.challenged_id != user.pk:
        raise NotAllowed(
            _("Only the challenged player can answer this challenge."),
            code="not_challenged",
        )
    _still_open(challenge, now)


def _still_open(challenge: Challenge, now: dt.datetime) -> None:
    """:raises Conflict: the challenge was answered, taken back, withdrawn
    or has expired (swept or not)."""
    if not challenge.is_open:
        raise Conflict(
            _("This challenge is %(status)s.") % {"status": challenge.get_status_display().lower()},
            code="not_open",
        )
    if challenge.expires_at <= now:
        raise Conflict(_("This challenge has expired."), code="expired")


def challenge_accept(*, challenge_id: int, user, now: dt.datetime) -> Challenge:
    """Accept a challenge: start the rated ladder game (``challenge.match``).

    :raises NotFound, NotAllowed, Conflict: no such challenge; not the
        challenged player or no longer a member; answered, expired, a player
        away or their account deactivated, or (tables above 2) too few free
        members to fill the table.
    """
    with transaction.atomic():
        ladder, challenge = _locked_challenge(challenge_id)
        _answerable(challenge, user, now)
        if not ladder.active:
            raise Conflict(_("This ladder is closed."), code="ladder_closed")
        players = [challenge.challenger, challenge.challenged]
        for player in players:
            current_membership(ladder, player)
            _refuse_if_closed(player)
            _refuse_if_away(player, asking=user, now=now)
        others = ladder.players - 2
        if others:
            candidates, users = free_candidates(ladder, now=now, exclude=[p.pk for p in players])
            ratings = ratings_of_members(ladder)
            seated = [ratings.get(p.pk, (START_RATING, 0))[0] for p in players]
            keys = matchmaking.closest_fill(
                seated,
                candidates,
                others,
                recent_opponents(ladder),
                seated=[p.pk for p in players],
            )
            if keys is None:
                raise Conflict(
                    _("Not enough free members to fill a table of %(players)s right now; try again later.")
                    % {"players": ladder.players},
                    code="table_not_filled",
                )
            players += [users[key] for key in keys]
        challenge.match = ladder_game_create(ladder=ladder, users=players, origin=LadderGame.Origin.CHALLENGE, now=now)
        challenge.status = Challenge.Status.ACCEPTED
        challenge.answered_at = now
        challenge.save(update_fields=["match", "status", "answered_at"])
    return challenge


def challenge_decline(*, challenge_id: int, user, now: dt.datetime) -> Challenge:
    """Decline a challenge.

    :raises NotFound, NotAllowed, Conflict.
    """
    with transaction.atomic():
        _, challenge = _locked_challenge(challenge_id)
        _answerable(challenge, user, now)
        challenge.status = Challenge.Status.DECLINED
        challenge.answered_at = now
        challenge.save(update_fields=["status", "answered_at"])
    return challenge


def challenge_take_back(*, challenge_id: int, user, now: dt.datetime) -> Challenge:
    """The challenger takes back their open challenge (the opponent is told
    by mail, ``alta_site.challenge_mail``).

    :raises NotFound, NotAllowed, Conflict: no such challenge; not the
        challenger; answered, taken back, withdrawn or expired.
    """
    with transaction.atomic():
        _ladder, challenge = _locked_challenge(challenge_id)
        if challenge.challenger_id != user.pk:
            raise NotAllowed(_("Only the challenger can take back this challenge."), code="not_challenger")
        _still_open(challenge, now)
        challenge.status = Challenge.Status.TAKEN_BACK
        challenge.answered_at = now
        challenge.save(update_fields=["status", "answered_at"])
    return challenge


def challenges_expire(*, now: dt.datetime) -> int:
    """Expire open challenges older than 7 days.  A conditional update, so
    a challenge accepted at the same moment is never expired as well.
    Returns how many expired."""
    return Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).update(
        status=Challenge.Status.EXPIRED, answered_at=now
    )


def challenges_withdraw(*, user, now: dt.datetime) -> int:
    """Withdraw every open challenge ``user`` made or received, on every
    ladder: their account was closed or suspended, so none can be played
    (accepting one would be refused).  A conditional update, as expiry is.
    Returns how many were withdrawn."""
    return (
        Challenge.objects.filter(status=Challenge.Status.OPEN)
        .filter(Q(challenger=user) | Q(challenged=user))
        .update(status=Challenge.Status.WITHDRAWN, answered_at=now)
    )
