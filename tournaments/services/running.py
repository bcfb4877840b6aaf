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
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from games.engine import Rng, get_rules
from games.models import Match, Seat
from games.services import Conflict, GameActionError, match_create_seated, match_resign
from mail.models import OutgoingEmail

from ..game_context import KIND as GAME_KIND
from ..models import (
    DROPPED_FOR_DEADLINES,
    SITE_REASONS,
    ByeRequest,
    Participant,
    Round,
    Tournament,
    TournamentGame,
)
from ..notify import notice_send, tournament_url
from ..pairing import round_robin_rounds
from ..selectors import players_of, rating_for, results_of
from ..types import GameResult, PlayerId, Table
from .closing import cancel_locked, finish_locked
from .common import locked_tournament, log, require_manager
from .formats import ManualRound, Sizes, next_step

logger = logging.getLogger(__name__)
Source = TournamentGame.Source
#: Log kinds: a player dropped from a game for missing deadlines
#: (``deadlines.organisers_told_of_drop``), a player let back in.
DROPPED = "dropped"
REINSTATED = "reinstated"
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
    tournament starts only once its registration has closed.  With too few
    players the tournament is cancelled and the registered players told.
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
       withdraw the players dropped from a game (``_withdraw_dropped``).
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
    report.recorded += _record_finished(tournament, now)
    _withdraw_dropped(tournament, now)
    participants = {p.pk: p for p in tournament.participants.select_related("user")}

    if tournament.paused_at is not None:
        # Paused: results are recorded, nothing new is paired.
        end_decided_matches(tournament, now)
        _close_rounds(tournament, now)
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
        _bye_told(tournament, participants.get(bye.table[0]), bye.round, now, half=bye.half_point)
    if step.bracket_byes:
        # Every bye the bracket knows comes back at each step: one query
        # leaves out those already told (each is told once).
        told = set(
            OutgoingEmail.objects.filter(dedupe_key__startswith=_bye_key(tournament, "")).values_list(
                "dedupe_key", flat=True
            )
        )
        for number, pid in step.bracket_byes:
            participant = participants.get(pid)
            if participant is not None and _bye_key(tournament, f"{number}:{participant.pk}") not in told:
                _bye_told(tournament, participant, number, now)
    if step.tables:
        last = round_robin_rounds(len(players), tournament.double_round_robin)
        for pid in step.rests:
            _rest_told(tournament, participants.get(pid), step.tables[0].round, last=last, now=now)
    end_decided_matches(tournament, now)
    _close_rounds(tournament, now)
    if step.finished:
        finish_locked(tournament, step.placements, now)
        report.finished = True
    return report


def _record_finished(tournament: Tournament, now: dt.datetime) -> int:
    """Record the result of every finished match that has none yet (its
    tournament step may still be queued).  Returns the number recorded.
    Expects the tournament lock."""
    recorded = 0
    finished = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.FINISHED)
    for game in finished.select_related("match", "round"):
        recorded += _record_from_match(tournament, game, now)
    return recorded


def _bye_told(
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
            "url": tournament_url(tournament),
        },
        dedupe_key=_bye_key(tournament, f"{number}:{participant.pk}"),
        now=now,
    )


def _bye_key(tournament: Tournament, rest: str) -> str:
    """The dedupe key of a bye notice: ``rest`` is "<round>:<participant>"."""
    return f"tournament-bye:{tournament.pk}:{rest}"


def _rest_told(
    tournament: Tournament, participant: Participant | None, number: int, *, last: int, now: dt.datetime
) -> None:
    """Tell ``participant``, resting in round ``number`` of a round robin
    (``last`` rounds) that has just started, that they have no game and no
    points this round and when the next round comes, as a bye is told
    (``_bye_told``).  Once per tournament, round and participant
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
            "url": tournament_url(tournament),
        },
        dedupe_key=f"tournament-rest:{tournament.pk}:{number}:{participant.pk}",
        now=now,
    )


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
    _record_finished(tournament, now)
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


def _withdraw_dropped(tournament: Tournament, now: dt.datetime) -> None:
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


def _round(tournament: Tournament, number: int, now: dt.datetime, *, new_game: bool) -> Round:
    """The round row, created on first use.  A new game pushes the round's
    deadline to ``round_days`` after its start (and reopens the round)."""
    round_, _created = Round.objects.get_or_create(tournament=tournament, number=number, defaults={"started_at": now})
    if not new_game:
        return round_
    changed = []
    if round_.completed_at is not None:
        round_.completed_at = None
        changed.append("completed_at")
    if tournament.round_days:
        deadline = now + dt.timedelta(days=tournament.round_days)
        if round_.deadline_at is None or deadline > round_.deadline_at:
            round_.deadline_at = deadline
            round_.deadline_notified_at = None
            round_.autoplay_started_at = None
            changed += ["deadline_at", "deadline_notified_at", "autoplay_started_at"]
    if changed:
        round_.save(update_fields=changed)
    return round_


def record_result(
    tournament: Tournament,
    result: GameResult,
    *,
    source: str,
    now: dt.datetime,
    by=None,
    reason: str = "",
) -> int:
    """Store ``result`` on its game (creating the row for a bye or a game
    that never had a match).  Returns 1 if stored, 0 if the game already
    had a result.  Expects the tournament lock."""
    game = tournament.games.filter(key=result.key).first()
    if game is not None and game.decided:
        return 0
    if game is None:
        game = TournamentGame(
            tournament=tournament,
            key=result.key,
            created_at=now,
            round=_round(tournament, result.round, now, new_game=False),
        )
    game.players = list(result.table)
    game.ranking = [list(group) for group in result.ranking]
    game.forfeited = sorted(result.forfeited)
    game.source = source
    game.reason = reason[:500]
    game.decided_by = by
    game.decided_at = now
    game.save()
    return 1


def _seat_participants(game: TournamentGame) -> dict[int, PlayerId]:
    """Each engine seat of ``game``'s match -> the participant holding it.

    By position, not by user: ``game.players`` lists the participants in
    seat order (``_create_game``), and a seat's user may be someone who is
    no longer a participant (a seat that left before its player was
    replaced keeps the player it had; results stay with the participant).

    :raises ValueError: the match has not one numbered seat per player.
    """
    seats = Seat.objects.filter(match=game.match_id).order_by("index").values_list("index", flat=True)
    indices = [index for index in seats if index is not None]
    return dict(zip(indices, game.players, strict=True))


def _record_from_match(tournament: Tournament, game: TournamentGame, now: dt.datetime) -> int:
    """Store a finished match's ranking (engine seats -> participants)."""
    try:
        assert game.match is not None  # only a game with a match finishes it
        participant_at = _seat_participants(game)
        ranking = tuple(
            tuple(participant_at[index] for index in group) for group in (game.match.outcome or {}).get("ranking", [])
        )
        result = GameResult(
            round=game.round.number,
            table=tuple(game.players),
            ranking=ranking,
            key=game.key,
        )
    except (KeyError, TypeError, ValueError):
        # Left undecided: an organiser sets it by hand (the page shows it).
        logger.exception("Tournament %s game %s: unusable outcome", tournament.pk, game.key)
        return 0
    return record_result(tournament, result, source=Source.GAME, now=now)


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
    round_ = _round(tournament, table.round, now, new_game=True)
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


def end_decided_matches(tournament: Tournament, now: dt.datetime) -> None:
    """End the matches still running whose game is decided (a walkover or
    a result set by hand): players resign from the bottom of the decided
    order up, so the match ends as close to the tournament's result as the
    game allows (a shared first place becomes a win for one of them; the
    tournament keeps its own result).  A match whose result an organiser
    set is not rated: its resignations are not a result anyone played (nor
    can they say "draw").  Expects the tournament lock (then takes each
    match's lock)."""
    running = tournament.games.filter(ranking__isnull=False, match__status=Match.Status.ACTIVE)
    for game in running.select_related("match"):
        assert game.match_id is not None  # match__status above
        if game.source == TournamentGame.Source.MANUAL:
            Match.objects.filter(pk=game.match_id).update(rated=False)
        order = list(game.forfeited) + [p for group in reversed(game.ranking or ()) for p in group]
        users = {p.pk: p.user for p in tournament.participants.filter(pk__in=order).select_related("user")}
        for pid in order[:-1]:
            try:
                match_resign(match_id=game.match_id, user=users[pid], now=now, source="system")
            except GameActionError:
                # The match ended meanwhile, or this seat already left.
                continue
            if not Match.objects.filter(pk=game.match_id, status=Match.Status.ACTIVE).exists():
                break


def _close_rounds(tournament: Tournament, now: dt.datetime) -> None:
    open_rounds = tournament.round_set.filter(completed_at__isnull=True).exclude(games__ranking__isnull=True)
    open_rounds.update(completed_at=now)
