"""A tournament's results: a game's result stored once (a played match's
ranking read back seat by seat, or a bye, forfeit or walkover the format
decides, or one an organiser sets), the matches still running whose game
was decided otherwise ended by resignations, and complete rounds closed.
Every function expects the tournament lock."""

from __future__ import annotations

import datetime as dt
import logging

from games.models import Match, Seat
from games.services import GameActionError, match_resign

from ..models import Round, Tournament, TournamentGame
from ..types import GameResult, PlayerId

logger = logging.getLogger(__name__)
Source = TournamentGame.Source


def record_finished(tournament: Tournament, now: dt.datetime) -> int:
    """Record the result of every finished match that has none yet (its
    tournament step may still be queued).  Returns the number recorded.
    Expects the tournament lock."""
    recorded = 0
    finished = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.FINISHED)
    for game in finished.select_related("match", "round"):
        recorded += _record_from_match(tournament, game, now)
    return recorded


def round_row(tournament: Tournament, number: int, now: dt.datetime, *, new_game: bool) -> Round:
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
            round=round_row(tournament, result.round, now, new_game=False),
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
    seat order (``running._create_game``), and a seat's user may be someone who is
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


def end_decided_matches(tournament: Tournament, now: dt.datetime) -> None:
    """End the matches still running whose game is decided (a walkover or
    a result set by hand): players resign from the bottom of the decided
    order up, so the match ends as close to the tournament's result as the
    game allows (a shared first place becomes a win for its best seed, the
    one a knockout sends on; the tournament keeps its own result).  A match whose result an organiser
    set is not rated: its resignations are not a result anyone played (nor
    can they say "draw").  Expects the tournament lock (then takes each
    match's lock)."""
    running = tournament.games.filter(ranking__isnull=False, match__status=Match.Status.ACTIVE)
    for game in running.select_related("match"):
        assert game.match_id is not None  # match__status above
        if game.source == TournamentGame.Source.MANUAL:
            Match.objects.filter(pk=game.match_id).update(rated=False)
        players = {p.pk: p for p in tournament.participants.filter(pk__in=game.players).select_related("user")}
        # Within a shared place the worse seed resigns first: the match's
        # winner is then the player a knockout sends on (the higher seed).
        order = list(game.forfeited) + [
            p
            for group in reversed(game.ranking or ())
            for p in sorted(group, key=lambda pid: -(players[pid].seed or 0) if pid in players else 0)
        ]
        users = {pid: participant.user for pid, participant in players.items()}
        for pid in order[:-1]:
            try:
                match_resign(match_id=game.match_id, user=users[pid], now=now, source="system")
            except GameActionError:
                # The match ended meanwhile, or this seat already left.
                continue
            if not Match.objects.filter(pk=game.match_id, status=Match.Status.ACTIVE).exists():
                break


def close_rounds(tournament: Tournament, now: dt.datetime) -> None:
    open_rounds = tournament.round_set.filter(completed_at__isnull=True).exclude(games__ranking__isnull=True)
    open_rounds.update(completed_at=now)
