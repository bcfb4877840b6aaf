"""Running a tournament: start (seed, pair round 1), record results, pair
and create the next games, publish the final standings.

Everything happens under the tournament row lock, and every step checks
what already exists before acting, so a repeated or concurrent call (two
games of a round finishing at the same moment) does nothing twice:

- a result is recorded only on a game that has none;
- a game is created only for a key that has no row yet (and the unique
  constraint on (tournament, key) is the last guard);
- the final standings are published only while the tournament is running,
  and each email has its own dedupe key.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engine import Rng, get_rules
from games.models import Seat
from games.services import Conflict, match_create_seated
from mail.models import OutgoingEmail

from ..game_context import KIND as GAME_KIND
from ..models import ByeRequest, Participant, Tournament, TournamentGame
from ..pairing import round_robin_rounds
from ..selectors import players_of, rating_for, results_of
from ..types import GameResult, PlayerId, Table
from .closing import cancel_locked, finish_locked
from .common import locked_tournament, log, require_manager
from .formats import ManualRound, Sizes, next_step
from .leaving import REINSTATED, withdraw_dropped
from .results import close_rounds, end_decided_matches, record_finished, record_result, round_row
from .round_notices import bye_key, bye_told, organisers_told_of_start, players_told_round_one_waits, rest_told

Source = TournamentGame.Source
#: Log kinds: a round paired by hand, a round paired again after its
#: games were made (``manual.round_pairing_set``).
PAIRED_BY_HAND = "paired_by_hand"
REPAIRED = "repaired"


@dataclass
class AdvanceReport:
    """What one call did (all zero and False when it had nothing to do)."""

    recorded: int = 0
    created: int = 0
    finished: bool = False

    def as_dict(self) -> dict:
        return {
            "recorded": self.recorded,
            "created": self.created,
            "finished": self.finished,
        }


# ------------------------------------------------------------------ start
def players_needed(tournament: Tournament) -> int:
    """How many registered players a start needs (fewer cancel it)."""
    return max(2, get_rules(tournament.game).min_players)


def tournament_start(*, tournament_id: int, now: dt.datetime, by=None, paused: bool = False) -> Tournament:
    """Close registration, seed the players and create round 1.

    ``by`` is the organiser starting early; without it (the beat) the
    tournament starts only once its registration has closed, and its
    organisers are told by mail (``organisers_told_of_start``).  With too
    few players the tournament is cancelled and the registered players told.
    A tournament that is no longer in registration is left alone.

    ``paused``: the tournament starts paused and round 1 waits, its
    automatic pairing proposed for the organiser to change
    (``manual.round_pairing_proposal``), until ``pausing.tournament_resume``.
    A tournament already paused before its start (staff may set the pause
    in the admin) starts paused the same way, whoever starts it.

    :raises NotFound; NotAllowed and Conflict (only with ``by``).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if by is not None:
            require_manager(by, tournament)
        if tournament.status != Tournament.Status.REGISTRATION:
            if by is not None and tournament.status == Tournament.Status.RUNNING:
                raise Conflict(_("The tournament has already started."), code="started")
            if by is not None:
                # Finished, or cancelled (perhaps before it ever started).
                raise Conflict(_("The tournament is over."), code="over")
            return tournament
        if by is None and now < tournament.registration_closes_at:
            return tournament
        participants = list(tournament.participants.select_related("user"))
        needed = players_needed(tournament)
        if len(participants) < needed:
            reason = gettext_noop("fewer than %(count)s players registered")
            cancel_locked(tournament, reason, now=now, by=by, reason_params={"count": needed})
            if by is None:
                organisers_told_of_start(tournament, count=len(participants), needed=needed, now=now)
            return tournament
        _seed(tournament, participants)
        # The beat starts without ``paused``; a pause set before the start
        # still holds (and the log must not claim round 1 was paired).
        paused = paused or tournament.paused_at is not None
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        if paused:
            # Paused, ``advance_locked`` below pairs nothing: round 1 waits.
            tournament.paused_at, tournament.paused_seats = now, {}
        tournament.save(update_fields=["status", "started_at", "draw_seed", "paused_at", "paused_seats"])
        log(
            tournament,
            "started",
            gettext_noop("Registration closed with %(count)s players; round 1 waits for the organisers' pairing.")
            if paused
            else gettext_noop("Registration closed with %(count)s players; round 1 is paired."),
            params={"count": len(participants)},
            user=by,
            now=now,
        )
        advance_locked(tournament, now)
        if paused:
            players_told_round_one_waits(tournament, participants, now)
        if by is None:
            organisers_told_of_start(tournament, count=len(participants), needed=needed, now=now)
    return tournament


def _seed(tournament: Tournament, participants: list[Participant]) -> None:
    """Seeds 1..n by the tournament's seeding; ratings at the start for all
    (the last standings tie-break).  Expects the tournament lock."""
    for p in participants:
        p.rating_at_start = rating_for(p.user, tournament.game)
    participants.sort(key=lambda p: (p.registered_at, p.pk))
    Seeding = Tournament.Seeding
    if tournament.seeding == Seeding.RATING:
        participants.sort(key=lambda p: -(p.rating_at_start or 0))  # set just above
    elif tournament.seeding == Seeding.RANDOM:
        # The engine's RNG, not ``random``: its output is defined by this
        # project's code, so the stored seed replays the draw forever.
        tournament.draw_seed = secrets.randbits(62)
        Rng(tournament.draw_seed).shuffle(participants)
    else:
        participants.sort(key=lambda p: (p.manual_position is None, p.manual_position or 0))
    for seed, p in enumerate(participants, start=1):
        p.seed = seed
    Participant.objects.bulk_update(participants, ["seed", "rating_at_start"])


# ---------------------------------------------------------------- advance
def tournament_advance(*, tournament_id: int, now: dt.datetime) -> AdvanceReport:
    """Record finished games, create the games now due, finish if over.

    Idempotent; safe to call at any time and from several workers at once.

    :raises NotFound.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return AdvanceReport()
        return advance_locked(tournament, now)


def tournament_game_finished(*, match_id: int, now: dt.datetime) -> AdvanceReport | None:
    """A match finished: advance its tournament (None if it is not a
    tournament game)."""
    game = TournamentGame.objects.filter(match_id=match_id).values("tournament_id").first()
    if game is None:
        return None
    return tournament_advance(tournament_id=game["tournament_id"], now=now)


def advance_locked(tournament: Tournament, now: dt.datetime) -> AdvanceReport:
    """The body of :func:`tournament_advance`.  Expects the tournament lock.

    1. Record the result of every finished match that has none yet;
       withdraw the players dropped from a game (``leaving.withdraw_dropped``).
    2. Ask the format for the next step; record its byes, forfeits and
       walkovers, create its games.
    3. End matches still running whose game was decided otherwise (a
       walkover, a result set by hand).
    4. Close complete rounds; publish the final standings when over.

    Only a running tournament moves: one still in registration has no
    seeds, and its format would find it over.
    """
    report = AdvanceReport()
    if tournament.status != Tournament.Status.RUNNING:
        return report
    report.recorded += record_finished(tournament, now)
    withdraw_dropped(tournament, now)
    participants = {p.pk: p for p in tournament.participants.select_related("user")}

    if tournament.paused_at is not None:
        # Paused: results are recorded, nothing new is paired.
        end_decided_matches(tournament, now)
        close_rounds(tournament, now)
        return report
    rules = get_rules(tournament.game)
    games = list(tournament.games.select_related("round").only("key", "ranking", "round__number"))
    latest = max((g.round.number for g in games), default=0)
    players = players_of(tournament)
    step = next_step(
        tournament,
        players,
        results_of(tournament),
        existing={g.key for g in games},
        latest_round_open=any(g.round.number == latest and not g.decided for g in games),
        sizes=Sizes(rules.min_players, rules.max_players),
        half_byes=half_byes_of(tournament),
        manual=manual_rounds_of(tournament),
    )
    byes: list[GameResult] = []
    for result in step.results:
        source = Source.FORFEIT
        if result.is_bye:
            source = Source.HALF_BYE if result.half_point else Source.BYE
        stored = record_result(tournament, result, source=source, now=now)
        report.recorded += stored
        if stored and result.is_bye:
            byes.append(result)
    for table in step.tables:
        _create_game(tournament, table, participants, now)
        report.created += 1
    # After the round's games: their start set the round's deadline.
    for bye in byes:
        bye_told(tournament, participants.get(bye.table[0]), bye.round, now, half=bye.half_point)
    if step.bracket_byes:
        # Every bye the bracket knows comes back at each step: one query
        # leaves out those already told (each is told once).
        told = set(
            OutgoingEmail.objects.filter(dedupe_key__startswith=bye_key(tournament, "")).values_list(
                "dedupe_key", flat=True
            )
        )
        for number, pid in step.bracket_byes:
            participant = participants.get(pid)
            if participant is not None and bye_key(tournament, f"{number}:{participant.pk}") not in told:
                bye_told(tournament, participant, number, now)
    if step.tables:
        last = round_robin_rounds(len(players), tournament.double_round_robin)
        for pid in step.rests:
            rest_told(tournament, participants.get(pid), step.tables[0].round, last=last, now=now)
    end_decided_matches(tournament, now)
    close_rounds(tournament, now)
    if step.finished:
        finish_locked(tournament, step.placements, now)
        report.finished = True
    return report


def half_byes_of(tournament: Tournament) -> dict[int, frozenset[PlayerId]]:
    asked: dict[int, set[PlayerId]] = {}
    for participant, number in ByeRequest.objects.filter(participant__tournament=tournament).values_list(
        "participant_id", "round"
    ):
        asked.setdefault(number, set()).add(participant)
    return {number: frozenset(ids) for number, ids in asked.items()}


def manual_rounds_of(tournament: Tournament) -> dict[int, ManualRound]:
    """Round number -> the pairing the organisers set for it by hand."""
    let_back = let_back_since_paired(tournament)
    return {
        m.round: ManualRound(tuple(tuple(t) for t in m.tables), tuple(m.byes), let_back.get(m.round, frozenset()))
        for m in tournament.manual_pairings.all()
    }


def let_back_since_paired(tournament: Tournament) -> dict[int, frozenset[PlayerId]]:
    """Round number -> the players still in whom an organiser let back in
    (``entries.participant_reinstate``) after that round was first paired by
    hand, or whom its latest pairing by hand left out as such (its log's
    ``sitting_out``).  That pairing was made without them and stays as the
    organiser set it: they sit the round out (no game, no points) unless
    it is paired again with them, and are paired from the next round."""
    first_paired: dict[int, int] = {}  # round -> its first pairing by hand (event pk)
    left_out: dict[int, set[int]] = {}  # round -> left out by its latest pairing by hand
    returned: dict[int, int] = {}  # participant -> their latest return (event pk)
    events = tournament.events.filter(kind__in=(PAIRED_BY_HAND, REPAIRED, REINSTATED)).order_by("pk")
    for pk, kind, data in events.values_list("pk", "kind", "data"):
        if kind == REINSTATED:
            returned[data.get("participant")] = pk
        else:
            first_paired.setdefault(data.get("round"), pk)
            left_out[data.get("round")] = set(data.get("sitting_out", ()))
    if not first_paired:
        return {}
    still_in = set(tournament.participants.filter(status=Participant.Status.REGISTERED).values_list("pk", flat=True))
    return {
        number: frozenset(p for p in still_in if p in left_out.get(number, ()) or returned.get(p, 0) > first)
        for number, first in first_paired.items()
    }


def _create_game(
    tournament: Tournament,
    table: Table,
    participants: dict[PlayerId, Participant],
    now: dt.datetime,
) -> TournamentGame:
    """Create and start the match of ``table``.  Expects the tournament lock.

    The match keeps the seat order of ``table.players`` (the pairing chose
    who moves first); the stored ``players`` are read back from the
    match's seats all the same, since the seat balance of later rounds
    reads them.
    """
    round_ = round_row(tournament, table.round, now, new_game=True)
    users = [participants[pid].user for pid in table.players]
    options: dict[str, Any] = {
        "users": users,
        "game": tournament.game,
        "now": now,
        "created_by": tournament.created_by,
        "rated": tournament.rated,
        "timeout_policy": tournament.timeout_policy,
        "keep_seat_order": True,
        # Its mails and page name the tournament, round and board (``game_context``).
        "organised_by": GAME_KIND,
        # Days per move, the Fischer bank, weekends and vacations: the
        # match's clock is the one the players registered for.
        **tournament.time_control(),
    }
    match = match_create_seated(**options)
    by_user = {participants[pid].user_id: pid for pid in table.players}
    seats = Seat.objects.filter(match=match).order_by("index").values_list("user_id", flat=True)
    return TournamentGame.objects.create(
        tournament=tournament,
        round=round_,
        key=table.key,
        match=match,
        players=[by_user[user_id] for user_id in seats],
        created_at=now,
    )
