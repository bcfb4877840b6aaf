"""Reads: permissions, ratings for seeding, the pure inputs of pairing and
standings, and what the tournament and club pages show."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from games.engine import get_rules
from games.models import Match, Seat

from .models import Club, ClubMembership, Participant, Tournament, TournamentGame
from .types import GameResult, Player

START_RATING = 1500


def is_club_organiser(user, club: Club | None) -> bool:
    """Staff, or an active organiser of ``club``."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return (
        club is not None
        and ClubMembership.objects.filter(
            club=club,
            user=user,
            status=ClubMembership.Status.ACTIVE,
            role=ClubMembership.Role.ORGANISER,
        ).exists()
    )


def is_club_member(user, club: Club | None) -> bool:
    if user is None or not user.is_authenticated or club is None:
        return False
    return ClubMembership.objects.filter(club=club, user=user, status=ClubMembership.Status.ACTIVE).exists()


def late_registration_round(tournament: Tournament) -> int | None:
    """The round a player registering now would start in, when the
    tournament takes late registrations (a running Swiss that allows them,
    its last round not paired yet); else None."""
    if not (tournament.late_registration and tournament.status == Tournament.Status.RUNNING):
        return None
    current = tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
    return current + 1 if current < (tournament.rounds or 0) else None


def can_manage(user, tournament: Tournament) -> bool:
    """Staff, an active organiser of the tournament's club, or, for a
    tournament without a club, its creator.  A club tournament's creator
    keeps the tools only while they organise in the club."""
    if user is None or not user.is_authenticated:
        return False
    if tournament.club_id is not None:
        return is_club_organiser(user, tournament.club)
    return user.is_staff or tournament.created_by_id == user.pk


def opponents_in_play(user, tournament: Tournament) -> frozenset[int]:
    """The participants (ids) ``user`` shares a game of ``tournament``
    with that has no result yet, ``user``'s own place left out."""
    if user is None or not user.is_authenticated:
        return frozenset()
    mine = set(tournament.participants.filter(user=user).values_list("pk", flat=True))
    if not mine:
        return frozenset()
    # In Python: a JSON list's ``contains`` is not available on SQLite.
    undecided = tournament.games.filter(ranking__isnull=True).values_list("players", flat=True)
    return frozenset(pid for players in undecided if mine.intersection(players) for pid in players) - mine


def clubs_organised_by(user) -> QuerySet[Club]:
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_staff:
        return Club.objects.all()
    return Club.objects.filter(
        memberships__user=user,
        memberships__status=ClubMembership.Status.ACTIVE,
        memberships__role=ClubMembership.Role.ORGANISER,
    )


# ---------------------------------------------------------------- ratings
def rating_for(user, game: str) -> int:
    """``user``'s current rating in ``game``, rounded; 1500 without one.

    The ratings app is imported here, not at module level, so tournaments
    keep working (everyone at 1500) where ratings are not installed.
    """
    try:
        from ratings.models import Rating
    except (ImportError, LookupError):
        return START_RATING
    value = Rating.objects.filter(user=user, game=game).values_list("value", flat=True).first()
    return START_RATING if value is None else round(value)


# ------------------------------------------------------- pure inputs
def players_of(tournament: Tournament) -> list[Player]:
    """Every seeded participant as a pure ``Player`` (withdrawn included)."""
    return [
        Player(
            id=p.pk,
            seed=cast(int, p.seed),  # seed__isnull=False below
            rating=p.rating_at_start or 0,
            withdrawn=p.withdrawn,
        )
        for p in tournament.participants.filter(seed__isnull=False)
    ]


def results_of(tournament: Tournament) -> list[GameResult]:
    """Every decided game as a pure ``GameResult``."""
    games = tournament.games.filter(ranking__isnull=False).select_related("round")
    return [game.result() for game in games]


def tournaments_listed() -> dict[str, QuerySet[Tournament]]:
    """The tournament list page: open for registration, running, finished."""
    base = Tournament.objects.select_related("club").annotate(registered=Count("participants", distinct=True))
    return {
        "registration": base.filter(status=Tournament.Status.REGISTRATION).order_by("registration_closes_at", "pk"),
        "running": base.filter(status=Tournament.Status.RUNNING).order_by("-started_at", "-pk"),
        "finished": base.filter(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]).order_by(
            "-finished_at", "-pk"
        )[:50],
    }


def participants_of(tournament: Tournament) -> list[Participant]:
    order = ("seed", "registered_at", "pk") if tournament.started_at else ("manual_position", "registered_at", "pk")
    return list(
        tournament.participants.select_related("user").prefetch_related("substitutions__previous_user").order_by(*order)
    )


def games_of(tournament: Tournament) -> list[TournamentGame]:
    return list(
        tournament.games.select_related("round", "match")
        .prefetch_related("match__seats__user")
        .order_by("round__number", "pk")
    )


def paired_by_playing_organisers(
    tournament: Tournament, games: Iterable[TournamentGame]
) -> dict[int, AbstractBaseUser]:
    """Round number -> the organiser who paired it by hand while playing
    in it (seated at one of its tables or given its bye), for the rounds
    of ``games`` (with their ``round``) made from that pairing: one of
    their games sits a table of it (a pairing that no longer fit was set
    aside, and the round paired as the format pairs it)."""
    stored = [m for m in tournament.manual_pairings.select_related("by") if m.by is not None]
    if not stored:
        return {}
    places = dict(tournament.participants.filter(user__in=[m.by for m in stored]).values_list("user_id", "pk"))
    made: dict[int, list[list[int]]] = {}
    for game in games:
        if game.match_id is not None:
            made.setdefault(game.round.number, []).append(list(game.players))
    paired: dict[int, AbstractBaseUser] = {}
    for manual in stored:
        by = manual.by
        seated = {pid for table in manual.tables for pid in table} | set(manual.byes)
        hand = [list(table) for table in manual.tables]
        if by is not None and places.get(by.pk) in seated and any(t in hand for t in made.get(manual.round, ())):
            paired[manual.round] = by
    return paired


def club_members(club: Club) -> QuerySet[ClubMembership]:
    return club.memberships.select_related("user").order_by("-role", "status", "user__display_name")


def clubs_listed() -> QuerySet[Club]:
    return Club.objects.annotate(
        members=Count("memberships", filter=Q(memberships__status=ClubMembership.Status.ACTIVE))
    ).order_by("name")


def recent_results(club: Club, limit: int = 20) -> list[TournamentGame]:
    """The club's latest decided tournament games (byes left out), newest
    first, each with ``ranking_names``: the display names, best first."""
    games = list(
        TournamentGame.objects.filter(tournament__club=club, ranking__isnull=False)
        .exclude(source=TournamentGame.Source.BYE)
        .select_related("tournament", "round", "match")
        .order_by("-decided_at", "-pk")[:limit]
    )
    ids = {pid for game in games for pid in game.players}
    names = {p.pk: str(p.user) for p in Participant.objects.filter(pk__in=ids).select_related("user")}
    for game in games:
        game.ranking_names = [[names.get(pid, "?") for pid in group] for group in game.ranking or ()]
        if game.forfeited:
            game.ranking_names.append([f"{names.get(pid, '?')} (forfeit)" for pid in game.forfeited])
    return games


# ------------------------------------------------------------- home page
@dataclass(frozen=True)
class CurrentPairing:
    """A tournament game the user is playing now: "you are paired with
    X, your move"."""

    tournament: Tournament
    round: int
    opponents: tuple[str, ...]
    match: Match
    your_move: bool
    deadline_at: object  # datetime | None: when the user's turn runs out


def seats_to_move(match: Match) -> frozenset[int]:
    """Indexes of the seats whose move it is in ``match``, by its rules."""
    rules = get_rules(match.game)
    return frozenset(rules.to_move(rules.load(match.state or {})))


def current_pairings_for(user) -> list[CurrentPairing]:
    """The user's tournament games in play in running tournaments (a
    cancelled one's games go on as ordinary games), their move first (most
    urgent deadline first), then by tournament.  Empty for an anonymous
    user."""
    if user is None or not user.is_authenticated:
        return []
    seats = (
        Seat.objects.filter(
            user=user,
            departed="",
            match__status=Match.Status.ACTIVE,
            match__tournament_game__isnull=False,
            match__tournament_game__ranking__isnull=True,
            match__tournament_game__tournament__status=Tournament.Status.RUNNING,
        )
        .select_related("match__tournament_game__tournament", "match__tournament_game__round")
        .prefetch_related("match__seats__user")
    )
    pairings = []
    for seat in seats:
        game = seat.match.tournament_game
        others = sorted(
            (s for s in seat.match.seats.all() if s.user_id != user.pk and not s.departed),
            key=lambda s: s.index if s.index is not None else 99,
        )
        pairings.append(
            CurrentPairing(
                tournament=game.tournament,
                round=game.round.number,
                opponents=tuple(str(s.user) for s in others),
                match=seat.match,
                # Asked of the rules, not the clock: a paused tournament
                # stops the clock (no deadline), not the turn.
                your_move=seat.index in seats_to_move(seat.match),
                deadline_at=seat.deadline_at,
            )
        )
    pairings.sort(key=lambda p: (not p.your_move, p.deadline_at or p.match.created_at, p.tournament.pk))
    return pairings


def organisers_of(tournament: Tournament) -> list:
    """The club's active organisers; the creator of a tournament without a
    club (as ``can_manage``)."""
    if tournament.club is None:
        return [tournament.created_by]
    memberships = tournament.club.memberships.filter(
        status=ClubMembership.Status.ACTIVE, role=ClubMembership.Role.ORGANISER
    ).select_related("user")
    return [membership.user for membership in memberships]
