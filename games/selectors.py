"""Reads for pages, the API and emails.  Everything a person sees of a game
comes from the engine's ``view`` for their seat (or the spectator view)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When
from django.utils.translation import pgettext

from games.engine import Event, Termination, get_rules
from games.i18n import event_text

from .models import Match, MoveRecord, Seat


@dataclass(frozen=True)
class PlayerView:
    """What one person may see of a match right now."""

    match: Match
    seat: Seat | None  # None: spectator
    view: dict[str, Any] | None  # None before the game starts
    to_move: bool
    options: list[str]

    @property
    def seat_index(self) -> int | None:
        return None if self.seat is None else self.seat.index


def seat_of(match: Match, user, seats=None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    seats = match.seats.all() if seats is None else seats
    return next((s for s in seats if s.user_id == user.pk), None)


def match_view_for(match: Match, user, *, state: Any = None, seats=None, with_options: bool = True) -> PlayerView:
    """The caller's view: their seat's private view if they play, else the
    spectator view.  Never the raw state.  ``state`` and ``seats`` may be
    passed when the caller already holds them (after a move)."""
    seat = seat_of(match, user, seats)
    if match.state is None:
        return PlayerView(match, seat, None, False, [])
    rules = get_rules(match.game)
    if state is None:
        state = rules.load(match.state)
    index = None if seat is None else seat.index
    view = rules.view(state, index)
    to_move = index is not None and index in rules.to_move(state)
    options = []
    if to_move and with_options and index is not None:
        options = [text for text, _ in rules.move_options(state, index)]
    return PlayerView(match, seat, view, to_move, options)


def matches_for_user(user, *, status: str | None = None) -> QuerySet[Match]:
    """The user's matches, "your move" first (most urgent deadline first),
    then the rest by most recent activity."""
    mine = Seat.objects.filter(match=OuterRef("pk"), user=user)
    my_turn = mine.filter(deadline_at__isnull=False)
    matches = (
        Match.objects.filter(Exists(mine))
        .annotate(my_turn=Exists(my_turn))
        .annotate(
            my_deadline=my_turn.values("deadline_at")[:1],
            active_first=Case(
                When(status=Match.Status.ACTIVE, then=Value(0)),
                When(status=Match.Status.OPEN, then=Value(1)),
                default=Value(2),
                output_field=IntegerField(),
            ),
        )
        .prefetch_related("seats__user", "seats__invited_user")
    )
    if status:
        matches = matches.filter(status=status)
    return matches.order_by("-my_turn", "my_deadline", "active_first", "-created_at", "-pk")


def matches_open(*, exclude_user=None) -> QuerySet[Match]:
    """Open matches with at least one seat anyone may take."""
    free = Seat.objects.filter(match=OuterRef("pk"), user__isnull=True, invited_user__isnull=True, invited_email="")
    matches = Match.objects.filter(status=Match.Status.OPEN).filter(Exists(free))
    if exclude_user is not None and exclude_user.is_authenticated:
        matches = matches.exclude(seats__user=exclude_user)
    # The id decides between games created at the same moment: pages of
    # the list (games.api.paging) then never show one twice or skip one.
    return matches.prefetch_related("seats__user", "seats__invited_user").order_by("-created_at", "-pk")


def invited_seat_id(match_id: int, invitee: str) -> int | None:
    """The seat of ``match_id`` still offered to ``invitee``: the display
    name (case aside) of the player invited by name, or the address (case
    aside) an invitation was mailed to; ``None`` if none is."""
    text = invitee.strip()
    by_what = Q(invited_email__iexact=text) if "@" in text else Q(invited_user__display_name__iexact=text)
    return (
        # ``match__pk``, not ``match_id``: an id beyond the column's range finds nothing (no overflow).
        Seat.objects.filter(by_what, match__pk=match_id, user__isnull=True, invitation_token__isnull=False)
        .values_list("pk", flat=True)
        .first()
    )


def invitations_for(user) -> QuerySet[Seat]:
    """The open games' seats waiting for ``user``: invited by name, or by
    their account's address or any other verified address of theirs (an
    invitation by address is stored lowered)."""
    verified = user.emailaddress_set.filter(verified=True).values_list("email", flat=True)
    addresses = {user.email.lower(), *(address.lower() for address in verified)}
    return (
        Seat.objects.filter(match__status=Match.Status.OPEN, user__isnull=True)
        .filter(Q(invited_user=user) | Q(invited_email__in=addresses))
        .select_related("match", "match__created_by")
    )


_SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)\b")


def rematch_of(match: Match) -> Match | None:
    """The rematch offered after ``match`` (waiting, running or over), if any."""
    return match.rematches.exclude(status=Match.Status.CANCELLED).order_by("pk").first()


def seat_names(match: Match, seats: Iterable[Seat] | None = None) -> dict[int, str]:
    """Engine seat index -> display name, for a started match (of
    ``seats`` when the caller holds them: no query then)."""
    seats = match.seats.all() if seats is None else seats
    return {s.index: str(s.user) for s in seats if s.index is not None and s.user_id}


def player_name(names: dict[int, str], index: int) -> str:
    """The display name at seat ``index`` (from ``seat_names``), or "Seat 2"."""
    return names.get(index, f"Seat {index + 1}")


def with_names(text: str, names: dict[int, str]) -> str:
    """Replace the engine's "Seat 2" with the player's display name."""
    return _SEAT_WORD.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), text)


def match_history(match: Match, seat_index: int | None, *, with_start: bool = False) -> list[dict[str, Any]]:
    """The move log as the given seat may see it: each submission with the
    events visible to that seat.  Other seats' move texts are shown only
    where the game's notation names nothing hidden (``public_move_text``)
    or once the game is over (its seed is published then, and the replay
    shows every move); elsewhere a move text can name a hidden card, and
    the others see the move through its public events.  ``with_start``
    (for readers, not the API's list of submissions): a game whose setup
    showed something to every player (Alhambra's face-up start money)
    opens with that, as position 0 (``_start_entry``)."""
    names = seat_names(match)
    start = _start_entry(match, names, seat_index) if with_start else None
    entries = [start] if start is not None else []
    public = get_rules(match.game).public_move_text or match.is_finished
    for record in match.moves.all():
        events = [Event.load(e) for e in record.events]
        visible = [
            with_names(event_text(match.game, e, history=True), names) for e in events if e.visible_to(seat_index)
        ]
        own = seat_index is not None and record.seat_index == seat_index
        entries.append(
            {
                "ply": record.ply,
                "seat": record.seat_index,
                "player": player_name(names, record.seat_index),
                "kind": record.kind,
                "text": record.text if own or public or record.kind != MoveRecord.Kind.MOVE else None,
                "events": visible,
                "at": record.created_at,
            }
        )
    return entries


@lru_cache(maxsize=512)
def _setup_shown(game: str, players: int, seed: int, options: str) -> tuple[Event, ...]:
    """``Rules.setup_events`` of the state a match's seed sets up: the same
    for every read of that match, and every game answer (each move's
    included) reads it, so the setup is dealt once a process, not each time."""
    rules = get_rules(game)
    return tuple(rules.setup_events(rules.setup(players, seed, json.loads(options))))


def match_start_events(match: Match, seat_index: int | None, names: dict[int, str] | None = None) -> list[str]:
    """What every player saw at the table before the first move, one
    sentence per event in the active language with the players' names
    (``Rules.setup_events``, of the state the seed sets up, never of a
    later one): Alhambra's face-up start money.  Empty when the setup
    showed nothing or the match has not started.  ``names``:
    ``seat_names(match)``, read when needed and not given (a caller
    answering after its commit passes them: no query then)."""
    events = _start_shown(match, seat_index)
    if not events:
        return []
    if names is None:
        names = seat_names(match)
    return [with_names(event_text(match.game, e), names) for e in events]


def match_start_deal(match: Match, names: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """``match_start_events`` for everyone (public events only), as data a
    client reads without parsing sentences: per event its ``kind``, the
    engine's data (Alhambra: ``cards`` as codes, ``hand`` as the view
    writes it, ``total``), its ``seat`` numbered from 1 and that seat's
    ``player``.  Empty as ``match_start_events`` is."""
    events = _start_shown(match, None)
    if not events:
        return []
    if names is None:
        names = seat_names(match)
    return [_start_datum(event, names) for event in events]


def _start_datum(event: Event, names: dict[int, str]) -> dict[str, Any]:
    """One setup event as ``match_start_deal`` gives it."""
    datum: dict[str, Any] = {"kind": event.kind, **event.data}
    seat = event.data.get("seat")
    if isinstance(seat, int):
        datum["seat"], datum["player"] = seat + 1, player_name(names, seat)
    return datum


def _start_shown(match: Match, seat_index: int | None) -> list[Event]:
    """The setup events of ``match`` that ``seat_index`` saw (``None``:
    the public ones); none before the match starts."""
    if match.seed is None or match.state is None:
        return []
    events = _setup_shown(match.game, match.players, match.seed, json.dumps(match.options or None, sort_keys=True))
    return [e for e in events if e.visible_to(seat_index)]


def _start_entry(match: Match, names: dict[int, str], seat_index: int | None) -> dict[str, Any] | None:
    """The history's entry for the setup (``match_start_events``), or
    ``None`` when it showed nothing or the match has not started."""
    shown = match_start_events(match, seat_index, names)
    if not shown:
        return None
    return {
        "ply": 0,
        "seat": None,
        "player": pgettext("game history", "Start of the game"),
        "kind": "start",
        "text": None,
        "events": shown,
        "at": match.started_at,
    }


def match_state_at(match: Match, ply: int | None) -> Any:
    """The engine state after ``ply`` submissions: the stored state when the
    match is there (or ``ply`` is None), else rebuilt from the seed and the
    move log.  Contains secrets: for services and renderers only."""
    rules = get_rules(match.game)
    if ply is None or ply == match.ply:
        return rules.load(match.started_state)
    assert match.seed is not None, "a started match has its seed"
    state = rules.setup(match.players, match.seed, match.options or None)
    for record in match.moves.filter(ply__lte=ply).order_by("ply"):
        if record.kind == MoveRecord.Kind.MOVE:
            moves = [rules.load_move(m) for m in record.moves]
            state = rules.apply_moves(state, record.seat_index, moves).state
        else:
            reason = Termination.RESIGNATION if record.kind == MoveRecord.Kind.RESIGN else Termination.TIMEOUT
            state = rules.resign(state, record.seat_index, reason).state
    return state
