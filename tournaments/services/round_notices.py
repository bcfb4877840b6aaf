"""The notices a round's start sends to the players who have no game in
it: a bye (a full point, a half point asked for, or a bracket's walk into
the next round) and a round robin's rest, each with what it scores, when
the next game comes, and who paired the round by hand when that organiser
plays in it (as its game mails say); and to the organisers, the start (or
cancellation) the beat made when registration closed.  Each is sent once
(its ``dedupe_key``)."""

from __future__ import annotations

import datetime as dt

from django.utils.functional import lazy

from ..game_context import paired_by_note
from ..models import Participant, Tournament
from ..notify import notice_send, tournament_url
from ..selectors import organisers_of, paired_by_playing_organisers


def bye_told(
    tournament: Tournament, participant: Participant | None, number: int, now: dt.datetime, *, half: bool = False
) -> None:
    """Tell ``participant``, given a bye (``half``: a half-point one) in
    round ``number`` as it starts, that they have no game this round, what
    it scores and when their next game comes: a mail-only player hears
    nothing else.  Once per tournament, round and participant
    (``dedupe_key``).  Expects the tournament lock."""
    if participant is None:
        return
    round_ = tournament.round_set.filter(number=number).first()
    last = tournament.format == Tournament.Format.SWISS and number >= (tournament.rounds or 0)
    notice_send(
        user=participant.user,
        template="round-bye",
        context={
            "tournament": tournament,
            "number": number,
            "next_number": number + 1,
            "half": half,
            # A Swiss bye scores a win; a knockout's sends its player on (``overview.bye_text``).
            "points": tournament.format == Tournament.Format.SWISS,
            "last": last,
            # A bracket makes each game once both its players are known,
            # not a round at a time.
            "bracket": tournament.is_bracket,
            "deadline": round_.deadline_at if round_ is not None else None,
            "paired_by": _paired_by(tournament, number, participant.user),
            "url": tournament_url(tournament),
        },
        dedupe_key=bye_key(tournament, f"{number}:{participant.pk}"),
        now=now,
    )


def _paired_by(tournament: Tournament, number: int, reader) -> str:
    """The notice that round ``number`` was paired by hand by an organiser
    who plays in it (``game_context.paired_by_note``), as its game mails
    say it, or "".  Lazy: written when the mail is, in ``reader``'s
    language.  Expects the round's games made."""
    games = tournament.games.filter(round__number=number).select_related("round")
    by = paired_by_playing_organisers(tournament, games).get(number)
    return "" if by is None else lazy(paired_by_note, str)(by, number, reader)


def bye_key(tournament: Tournament, rest: str) -> str:
    """The dedupe key of a bye notice: ``rest`` is "<round>:<participant>"."""
    return f"tournament-bye:{tournament.pk}:{rest}"


def rest_told(
    tournament: Tournament, participant: Participant | None, number: int, *, last: int, now: dt.datetime
) -> None:
    """Tell ``participant``, resting in round ``number`` of a round robin
    (``last`` rounds) that has just started, that they have no game and no
    points this round and when the next round comes, as a bye is told
    (``bye_told``).  Once per tournament, round and participant
    (``dedupe_key``): a repeated round start mails nobody twice.  Expects
    the tournament lock."""
    if participant is None:
        return
    round_ = tournament.round_set.filter(number=number).first()
    notice_send(
        user=participant.user,
        template="round-rest",
        context={
            "tournament": tournament,
            "number": number,
            "next_number": number + 1,
            "last": number >= last,
            "deadline": round_.deadline_at if round_ is not None else None,
            "paired_by": _paired_by(tournament, number, participant.user),
            "url": tournament_url(tournament),
        },
        dedupe_key=f"tournament-rest:{tournament.pk}:{number}:{participant.pk}",
        now=now,
    )


def organisers_told_of_start(tournament: Tournament, *, count: int, needed: int, now: dt.datetime) -> None:
    """Tell the organisers that the tournament, ``count`` players
    registered, started on its own as registration closed: round 1 is
    paired, or waits for their pairing (started paused), or it was
    cancelled (fewer than ``needed`` players).  An organiser who starts it
    by hand sees that on the page; nobody else would tell them.  Once per
    tournament and organiser.  Expects the tournament lock, after the
    start."""
    cancelled = tournament.status == Tournament.Status.CANCELLED
    for person in organisers_of(tournament):
        notice_send(
            user=person,
            template="tournament-started",
            context={
                "tournament": tournament,
                "count": count,
                "needed": needed,
                "cancelled": cancelled,
                "paused": tournament.paused_at is not None,
                "games": tournament.games.filter(round__number=1, match__isnull=False).count(),
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-started:{tournament.pk}:{person.pk}",
            now=now,
        )


def players_told_round_one_waits(tournament: Tournament, participants: list[Participant], now: dt.datetime) -> None:
    """Tell every player of a tournament that started paused that
    registration closed and round 1 waits for the organisers' pairing: no
    game mail comes until they resume it, maybe days later, and a player
    who reads only mail would otherwise hear nothing.  Once per tournament
    and player.  Expects the tournament lock."""
    for participant in participants:
        notice_send(
            user=participant.user,
            template="tournament-round-one-waits",
            context={"tournament": tournament, "count": len(participants), "url": tournament_url(tournament)},
            dedupe_key=f"tournament-round-one-waits:{tournament.pk}:{participant.user_id}",
            now=now,
        )
