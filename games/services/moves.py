"""The move write path: one service for the web page, the API, email replies
and the deadline sweeper."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import DatabaseError, IntegrityError, transaction
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.errors import Conflict, MoveRejected, NotAllowed, NotFound
from core.prepared_writes import insert, update
from games.engine import EngineError, Rules, Termination, Transition, Unplayed, get_rules
from games.i18n import error_text
from games.models import Match, MoveRecord, Seat
from games.signals import match_finished
from games.timing.clock import AutoPlayed, deadlines_update

from .announcements import Announcements, after_commit
from .events import record_event
from .idempotency import replayed
from .prepared import prepared
from .writes import Writes

_ERROR_CODES = {
    "NotationError": "notation_error",
    "IllegalMove": "illegal_move",
    "NotYourTurn": "not_your_turn",
    "GameOver": "game_over",
}


@dataclass(frozen=True)
class MoveResult:
    match: Match
    record: MoveRecord
    #: True when this request repeated an idempotency key already processed.
    duplicate: bool = False
    #: The engine state after the move (``None`` for a duplicate), and the
    #: match's seats with their users, so callers answer without re-reading.
    state: Any = None
    seats: tuple[Seat, ...] = ()


def _joined(seats: list[Seat]) -> tuple[Match, list[Seat]]:
    seats.sort(key=Seat.table_order)
    match = seats[0].match
    for seat in seats:
        seat.match = match  # one instance: the writes below update it
        if seat.user_id is not None and seat.user_id == match.created_by_id and seat.user is not None:
            match.created_by = seat.user  # usually a player: no query for the answer
    return match, seats


def _locking(name: str = ""):
    seats = prepared(Seat, name) if name else Seat.objects.all()
    return seats.select_related("match", "user__deadline_settings").select_for_update(of=("match",), no_key=True)


#: ``match_lock``'s query without its filter, built once per process (a
#: queryset is never changed in place: each request filters a copy).
_MATCH_LOCK = _locking("match_lock").order_by()  # sorted below: cheaper than compiling ORDER BY


def match_lock(match_id: int) -> tuple[Match, list[Seat]]:
    """Lock the match row (only it: "match before seats") and read it with
    its seats, their players and the players' deadline settings (which the
    clocks need), all in one query.  Call it inside a transaction, before
    touching any other row of the match.

    :raises NotFound."""
    seats = list(
        # Compiled once per connection (its select list is costly).
        # ``match__pk`` (not ``match_id``): an id beyond the column's range
        # then finds nothing, without a query, instead of failing in the
        # database driver.
        _MATCH_LOCK.filter(match__pk=match_id)
    )
    if not seats:  # every match has its seats from the moment it exists
        raise NotFound(_("There is no such game."))
    return _joined(seats)


def matches_lock(match_ids: list[int]) -> dict[int, tuple[Match, list[Seat]]]:
    """``match_lock`` for several matches in one query (a sweep's batch).
    The rows are locked in match id order, so two callers locking
    overlapping sets wait for each other instead of deadlocking.  Matches
    that do not exist are left out."""
    by_match: dict[int, list[Seat]] = {}
    for seat in _locking().filter(match__pk__in=match_ids).order_by("match_id"):
        by_match.setdefault(seat.match_id, []).append(seat)
    return {pk: _joined(seats) for pk, seats in by_match.items()}


def _player_seat(seats: list[Seat], user) -> Seat:
    seat = next((s for s in seats if user is not None and s.user_id == user.pk), None)
    if seat is None or seat.index is None:
        raise NotAllowed(_("You are not playing in this game."), code="not_a_player")
    return seat


#: Why a match that is not in play takes no action, by status and action
#: (a finished game's refusal also names who won: ``_not_in_play``).
_NOT_IN_PLAY: dict[tuple[str, str], str] = {
    (Match.Status.OPEN, "move"): gettext_noop("This game has not started yet."),
    (Match.Status.OPEN, "resign"): gettext_noop("This game has not started yet."),
    (Match.Status.CANCELLED, "move"): gettext_noop("This game was cancelled."),
    (Match.Status.CANCELLED, "resign"): gettext_noop("This game was cancelled."),
    # The engine's words for the same refusal (``BaseRules.check_can_move``).
    (Match.Status.FINISHED, "move"): gettext_noop("The game is over; no more moves can be made."),
    (Match.Status.FINISHED, "resign"): gettext_noop("The game is over; you can no longer resign."),
}


def _not_in_play(match: Match, seats: list[Seat], action: str, user=None) -> Conflict:
    """The refusal of ``action`` ("move" or "resign") by ``user`` in a match
    that is not in play, in the active language: it has not started, was
    cancelled, or is over; a move to an ended game is also told who won
    (the seats placed first), so an old page or mail answered late explains
    itself: "you won" to a winner, who would otherwise read their own name."""
    said = _(_NOT_IN_PLAY[(match.status, action)])
    first = [s.user for s in seats if s.place == 1 and s.user is not None]
    if action == "move" and match.is_finished and first:
        others = [str(winner) for winner in first if user is None or winner.pk != user.pk]
        if len(others) == len(first):
            won = _("Won by %(winners)s.") % {"winners": get_text_list(others, _("and"))}
        elif others:
            won = _("You shared the win with %(others)s.") % {"others": get_text_list(others, _("and"))}
        else:
            won = _("You won.")
        said = f"{said} {won}"
    return Conflict(said, code="not_active")


def _rejected(game: str, error: EngineError) -> MoveRejected:
    """The engine's refusal, in the active language."""
    return MoveRejected(error_text(game, error), code=_ERROR_CODES.get(type(error).__name__, "illegal_move"))


def _check_turn(rules: Rules[Any, Any], state, seat: Seat, seats: list[Seat]) -> None:
    """The engine's "not your turn", naming the players waited for (the
    engine knows only seat numbers).

    :raises MoveRejected."""
    waiting = rules.to_move(state)
    if seat.drawn_index in waiting or rules.outcome(state) is not None:
        return
    names = get_text_list([str(s.user) for s in seats if s.index in waiting and s.user is not None], _("and"))
    if not names:
        return  # nobody to name: the engine's own refusal says it
    raise MoveRejected(
        _("It is not your turn; the game is waiting for %(names)s.") % {"names": names}, code="not_your_turn"
    )


def _option_text(rules: Rules[Any, Any], state, seat_index: int, option: int) -> str:
    """The text of the ``option``-th legal move (``Rules.option_text``).

    :raises MoveRejected: there is no such option."""
    text = rules.option_text(state, seat_index, option)
    if text is None:
        last = len(rules.legal_moves(state, seat_index))  # options follow legal_moves
        raise MoveRejected(
            _("There is no option %(option)s; choose 1 to %(last)s.") % {"option": option, "last": last},
            code="invalid_option",
        )
    return text


def _structured_text(rules: Rules[Any, Any], state, seat_index: int, structured: Any) -> str:
    """The text of a move given as the engine's JSON form (``dump_move``),
    accepted only when it is legal now: one of ``legal_moves``, or a move
    ``apply`` takes (a game may list one representative per kind of move,
    such as an Atlantis payment, and accept every legal variant).  Any
    other form is refused in the same words, without being written out or
    explained: it may name a card the seat cannot see.

    :raises MoveRejected: not a move, or not a legal one now."""
    try:
        move = rules.load_move(structured)
        wanted = rules.dump_move(move)
        for legal in rules.legal_moves(state, seat_index):
            if rules.dump_move(legal) == wanted:
                return rules.format_move(state, seat_index, legal)
        rules.apply(state, seat_index, move)  # raises unless legal
        return rules.format_move(state, seat_index, move)
    except Exception:  # noqa: BLE001, S110 - malformed or illegal: ``load_move`` promises nothing for bad data
        pass
    raise MoveRejected(
        _("That is not one of your legal moves now: see the legal moves, or write the move in notation."),
        code="illegal_move",
    )


def move_submit(
    *,
    match_id: int,
    user,
    ply: int,
    source: str,
    now: dt.datetime,
    text: str | None = None,
    option: int | None = None,
    structured: Any = None,
    idempotency_key: str | None = None,
    idempotency_fingerprint: str = "",
    not_played: Unplayed | None = None,
) -> MoveResult:
    """Apply a move (or a whole turn) written in the game's notation, the
    ``option``-th legal move (1-based, in ``move_options`` order), or one
    legal move in the engine's JSON form (``structured``, as ``dump_move``
    writes it).

    1. Lock the match row (before any seat).
    2. A repeated ``idempotency_key`` returns the first result, changing
       nothing, if the request's ``idempotency_fingerprint`` is the first's
       (``KeyReused`` if not: ``games.services.idempotency``).
    3. ``ply`` must be the current ply: an answer to an older position is a
       ``Conflict`` (409) carrying the current ply.
    4. Parse and apply with the engine; its errors become ``MoveRejected``.
       After a move that turned up cards, the engine may leave the end of
       the text unplayed (``TextMoves.unplayed``); the record keeps it, or
       ``not_played``, what a caller that read the text itself left out
       (``mail.reply_text``), for the mover's eyes.
    5. Store the state, the move record, deadlines; finish if the game ended.
    Side effects (emails, ratings, tournaments) are announced on commit
    (``games.signals``).

    :raises NotFound, NotAllowed, Conflict, MoveRejected, KeyReused: nothing changed.
    """
    if [text, option, structured].count(None) != 2:
        raise ValueError("move_submit needs exactly one of text, option and structured")
    with transaction.atomic():
        match, seats = match_lock(match_id)
        if idempotency_key:
            earlier = match.moves.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                return MoveResult(match, replayed(earlier, idempotency_fingerprint), duplicate=True)
        return move_play(
            match,
            seats,
            user=user,
            ply=ply,
            source=source,
            now=now,
            text=text,
            option=option,
            structured=structured,
            idempotency_key=idempotency_key,
            idempotency_fingerprint=idempotency_fingerprint,
            not_played=not_played,
        )


def move_play(
    match: Match,
    seats: list[Seat],
    *,
    user,
    ply: int,
    source: str,
    now: dt.datetime,
    text: str | None = None,
    option: int | None = None,
    structured: Any = None,
    idempotency_key: str | None = None,
    idempotency_fingerprint: str = "",
    announcements: Announcements | None = None,
    auto_played: AutoPlayed | None = None,
    writes: Writes | None = None,
    not_played: Unplayed | None = None,
) -> MoveResult:
    """Steps 3 to 5 of ``move_submit``, for a caller that holds the lock
    (``match_lock``) inside its own transaction, such as the deadline
    sweeper, which passes the ``announcements`` it gathers and, playing a
    timed-out seat's turn, ``auto_played`` and the ``writes`` it batches
    (a move that does not end the game is then written by its flush).  An
    error leaves the caller's transaction to roll back.

    :raises NotAllowed, Conflict, MoveRejected.
    """
    if not match.is_active:
        raise _not_in_play(match, seats, "move", user)
    seat = _player_seat(seats, user)
    if ply != match.ply:
        raise Conflict(
            _(
                "This move answers position %(ply)s, but the game is at position %(current)s. "
                "Look at the current position and try again."
            )
            % {"ply": ply, "current": match.ply},
            code="stale_ply",
            ply=match.ply,
        )
    rules = get_rules(match.game)
    state = rules.load(match.started_state)
    _check_turn(rules, state, seat, seats)
    try:
        # Before reading the text: off turn, "#1" or an option number would
        # otherwise be refused as "choose 1 to 0", not as out of turn.
        rules.check_can_move(state, seat.drawn_index)
        if option is not None:
            text = _option_text(rules, state, seat.drawn_index, option)
        elif structured is not None:
            text = _structured_text(rules, state, seat.drawn_index, structured)
        assert text is not None, "move_play needs text, option or structured"
        # Stored as the engine writes it (not as typed): "akker C3" typed by
        # a Dutch player is kept as "farmer C3" and shown in each reader's words.
        # A timed-out seat's default turn was chosen knowing the whole
        # state: its later parts are not refused for what earlier ones
        # turned up (no player chose them), so the timeout is enforced.
        transition, moves, text, unplayed = rules.apply_text_moves(
            state, seat.drawn_index, text, sees_all=auto_played is not None
        )
    except EngineError as error:
        raise _rejected(match.game, error) from None
    unplayed = unplayed or not_played
    record = _store(
        match,
        seats,
        rules,
        transition,
        before=state,
        seat_index=seat.drawn_index,
        user=user,
        kind=MoveRecord.Kind.MOVE,
        source=source,
        text=text.strip(),
        moves=[rules.dump_move(m) for m in moves],
        idempotency_key=idempotency_key,
        idempotency_fingerprint=idempotency_fingerprint,
        now=now,
        announcements=announcements,
        auto_played=auto_played,
        writes=writes,
        not_played=unplayed,
    )
    return MoveResult(match, record, state=transition.state, seats=tuple(seats))


def match_resign(
    *,
    match_id: int,
    user,
    now: dt.datetime,
    reason: Termination = Termination.RESIGNATION,
    seat_index: int | None = None,
    source: str = MoveRecord.Source.WEB,
    announcements: Announcements | None = None,
) -> MoveResult:
    """A player leaves a running game (or the system drops a seat: pass
    ``seat_index`` with ``user=None`` and ``reason=TIMEOUT``).  The seat ranks
    last; the engine plays its turns from now on.  A sweep passes the
    ``announcements`` it gathers.

    :raises NotFound, NotAllowed, Conflict.
    """
    with transaction.atomic():
        match, seats = match_lock(match_id)
        if not match.is_active:
            raise _not_in_play(match, seats, "resign")
        index = _player_seat(seats, user).drawn_index if seat_index is None else seat_index
        rules = get_rules(match.game)
        try:
            transition = rules.resign(rules.load(match.started_state), index, reason)
        except EngineError as error:
            raise _rejected(match.game, error) from None
        for seat in seats:
            if seat.index == index:
                seat.departed = reason.value
                seat.save(update_fields=["departed"])
        kind = MoveRecord.Kind.RESIGN if reason is Termination.RESIGNATION else MoveRecord.Kind.TIMEOUT
        record = _store(
            match,
            seats,
            rules,
            transition,
            before=rules.load(match.started_state),
            seat_index=index,
            user=user,
            kind=kind,
            source=source,
            text=kind.label.lower(),
            moves=[],
            idempotency_key=None,
            now=now,
            announcements=announcements,
        )
    return MoveResult(match, record, state=transition.state, seats=tuple(seats))


def _store(
    match: Match,
    seats: list[Seat],
    rules: Rules[Any, Any],
    transition: Transition,
    *,
    before,
    seat_index: int,
    user,
    kind: str,
    source: str,
    text: str,
    moves: list,
    idempotency_key: str | None,
    now: dt.datetime,
    announcements: Announcements | None,
    idempotency_fingerprint: str = "",
    auto_played: AutoPlayed | None = None,
    writes: Writes | None = None,
    not_played: Unplayed | None = None,
) -> MoveRecord:
    """Persist a transition and announce it after commit.  Expects the match
    lock.  With ``writes``, a move that does not end the game is only added
    to them (written and announced by their flush).  ``before`` is the
    state the transition started from (to tell a new turn of a seat that
    stays to move)."""
    announcements = after_commit(announcements)
    to_move = rules.to_move(transition.state)
    new_turns = _new_turns(rules, before, transition.state, to_move)
    match.ply += 1
    match.state = rules.dump(transition.state)
    outcome = rules.outcome(transition.state)
    if outcome is not None:
        writes = None  # finishing is rare and writes more: at once
    record = MoveRecord(
        match=match,
        ply=match.ply,
        seat_index=seat_index,
        user=user,
        kind=kind,
        source=source,
        text=text,
        moves=moves,
        events=[event.dump() for event in transition.events],
        not_played=None if not_played is None else not_played.dump(),
        idempotency_key=idempotency_key or None,
        idempotency_fingerprint=idempotency_fingerprint if idempotency_key else "",
        created_at=now,
    )
    if writes is not None:
        writes.create(record)
        writes.update(match, ("ply", "state"))
        deadlines_update(
            match=match,
            seats=seats,
            to_move=to_move,
            now=now,
            auto_played=auto_played,
            writes=writes,
            new_turns=new_turns,
        )
        return record
    try:
        insert(record)  # record.save(force_insert=True), compiled once per connection
    except IntegrityError:
        # Unreachable while the match row lock is held; the unique
        # constraints on (match, ply) and on the key are the last guard, and
        # raising here rolls the whole transaction back.
        raise Conflict(_("Another move was made at the same time."), code="stale_ply") from None
    if outcome is None:
        # An UPDATE of the two columns, not ``save(update_fields=...)``: no
        # model signals are connected to Match, and save's machinery around
        # the same statement is a sixth of its cost (about 85 Python calls);
        # compiled once per connection.
        if not update(Match, match.pk, ply=match.ply, state=match.state):
            raise DatabaseError("The locked match row was not updated.")  # as save() would
        deadlines_update(
            match=match,
            seats=seats,
            to_move=to_move,
            now=now,
            auto_played=auto_played,
            new_turns=new_turns,
        )
    else:
        _finish(match, seats, outcome, now, announcements)
    announcements.add(record)
    return record


def _new_turns(rules: Rules[Any, Any], before, after, to_move: frozenset[int]) -> frozenset[int]:
    """The seats to move both before and after a transition whose turn
    changed in between (a new turn, not the rest of the same one)."""
    stayed = to_move & rules.to_move(before)
    return frozenset(seat for seat in stayed if rules.turn_number(before, seat) != rules.turn_number(after, seat))


def _finish(match: Match, seats: list[Seat], outcome, now: dt.datetime, announcements: Announcements) -> None:
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.outcome = outcome.dump()
    match.termination = outcome.termination.value
    match.save(update_fields=["ply", "state", "status", "finished_at", "outcome", "termination"])
    for seat in seats:
        seat.score = outcome.scores[seat.index]
        seat.place = outcome.place_of(seat.index)
        seat.deadline_at = None
        seat.reminder_at = None
        seat.save(update_fields=["score", "place", "deadline_at", "reminder_at"])
    by_index = {seat.index: seat for seat in seats}
    winners = [str(by_index[i].user) for i in outcome.winners]
    record_event(
        match,
        "finished",
        gettext_noop("The game is over. Winner: %(winners)s."),
        params={"winners": winners},
        now=now,
        announcements=announcements,
    )
    transaction.on_commit(lambda: match_finished.send_robust(sender=Match, match_id=match.pk))
