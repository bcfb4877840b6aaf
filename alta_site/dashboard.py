"""Reads for a signed-in player's home page and for a public player page.

The home page puts first what needs the player: games where it is their
move (soonest deadline first), then games waiting on others, ladder
challenges, tournament games of running rounds and their ratings.

The tournament games come from ``tournaments.selectors.current_pairings_for``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q

from games import selectors as game_selectors
from games.models import Match
from ratings.models import Challenge, Rating
from tournaments.selectors import CurrentPairing, current_pairings_for

#: How many rows each section of a page shows at most.
SECTION_LIMIT = 20


@dataclass(frozen=True)
class Dashboard:
    your_move: list[Match]
    waiting: list[Match]
    challenges_received: list[Challenge]
    challenges_made: list[Challenge]
    tournament_games: list[CurrentPairing]
    ratings: list[Rating]
    invitations: list[Any] = field(default_factory=list)
    #: All the games of ``your_move`` and ``waiting``, beyond the lists' ``SECTION_LIMIT``.
    your_move_count: int = 0
    waiting_count: int = 0

    @property
    def your_move_more(self) -> int:
        """Games where it is the player's move that the list leaves out."""
        return self.your_move_count - len(self.your_move)

    @property
    def waiting_more(self) -> int:
        """Games waiting on others that the list leaves out."""
        return self.waiting_count - len(self.waiting)


def challenges_for_user(user, *, now: dt.datetime) -> tuple[list[Challenge], list[Challenge]]:
    """Open, unexpired ladder challenges to and by ``user`` (received, made)."""
    open_ = (
        Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__gt=now)
        .filter(Q(challenger=user) | Q(challenged=user))
        .select_related("ladder", "challenger", "challenged")
        .order_by("expires_at")
    )
    received = [c for c in open_ if c.challenged_id == user.pk]
    made = [c for c in open_ if c.challenger_id == user.pk]
    return received[:SECTION_LIMIT], made[:SECTION_LIMIT]


def dashboard_for(user, *, now: dt.datetime) -> Dashboard:
    """Everything the home page shows a signed-in ``user``."""
    running = game_selectors.matches_for_user(user).exclude(status__in=[Match.Status.FINISHED, Match.Status.CANCELLED])
    # ``my_turn`` is an annotation of ``matches_for_user`` (the plugin sees fields only).
    your_move = list(running.filter(my_turn=True)[:SECTION_LIMIT])  # type: ignore[misc]
    waiting = list(running.filter(my_turn=False)[:SECTION_LIMIT])  # type: ignore[misc]
    # Counted only when a list is full: a shorter one is all there is.
    your_move_count = running.filter(my_turn=True).count() if len(your_move) == SECTION_LIMIT else len(your_move)  # type: ignore[misc]
    waiting_count = running.filter(my_turn=False).count() if len(waiting) == SECTION_LIMIT else len(waiting)  # type: ignore[misc]
    for match in your_move:
        # The other seats' players in seat order (``None``: an open seat), for "with Ben, Cy".
        match.opponents = [seat.user for seat in match.seats.all() if seat.user_id != user.pk]  # type: ignore[attr-defined]
    received, made = challenges_for_user(user, now=now)
    return Dashboard(
        your_move=your_move,
        waiting=waiting,
        challenges_received=received,
        challenges_made=made,
        tournament_games=current_pairings_for(user)[:SECTION_LIMIT],
        ratings=list(Rating.objects.filter(user=user).order_by("game")),
        invitations=list(game_selectors.invitations_for(user)),
        your_move_count=your_move_count,
        waiting_count=waiting_count,
    )


@dataclass(frozen=True)
class RecentGame:
    """A finished game on a player's public page: public results only."""

    match: Match
    place: int | None
    score: int | None
    #: The seated players (Users) in seat order.
    players: list[Any]


def recent_games_page(user, number) -> Page:
    """Page ``number`` (the first or last for one out of range) of ``user``'s
    finished games, newest first, ``SECTION_LIMIT`` a page: each a
    ``RecentGame`` with their place and score (published at the end, so
    nothing hidden)."""
    matches = (
        Match.objects.filter(status=Match.Status.FINISHED, seats__user=user)
        .prefetch_related("seats__user")
        .order_by("-finished_at", "-pk")
    )
    page = Paginator(matches, SECTION_LIMIT).get_page(number)
    games = []
    for match in page.object_list:
        seats = sorted(match.seats.all(), key=lambda s: s.table_order())
        mine = next(s for s in seats if s.user_id == user.pk)
        games.append(RecentGame(match, mine.place, mine.score, [s.user for s in seats if s.user_id]))
    page.object_list = games  # type: ignore[assignment]  # the page now holds their rows
    return page


def running_games_page(user, number) -> Page:
    """Page ``number`` (the first or last for one out of range) of ``user``'s
    games in play, newest first, ``SECTION_LIMIT`` a page (anyone may watch
    them: spectator view)."""
    matches = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user)
        .prefetch_related("seats__user")
        .order_by("-started_at", "-pk")
    )
    return Paginator(matches, SECTION_LIMIT).get_page(number)
