"""Reads that build what the tournament page and the API show: players,
rounds with their games and live status, the bracket, the standings
(their parts: ``overview_bracket``, ``overview_standings``,
``overview_cross_table``).

Everything is computed from the stored games and participants with the
same pure functions that pair the tournament, so the page shows exactly
what the automation works from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.models import Match

from .models import Participant, Tournament, TournamentGame
from .overview_bracket import BracketSection, bracket_view, knocked_out
from .overview_cross_table import CrossTable, cross_table
from .overview_standings import StandingRow, standings_view
from .pairing import round_robin_round
from .pairing.bracket import READY, WAITING
from .selectors import (
    games_of,
    paired_by_playing_organisers,
    participants_of,
    players_of,
    results_of,
    seats_to_move,
)
from .services.formats import bracket_of, bracket_sources


@dataclass
class GameRow:
    """One game as shown: players in seat order, live status, result."""

    game: TournamentGame
    names: list[str]
    status: str  # "playing", "finished", "bye", "forfeit", "manual", "waiting"
    status_text: str
    to_move: list[str] = field(default_factory=list)
    result: list[list[str]] = field(default_factory=list)
    forfeited: list[str] = field(default_factory=list)

    @property
    def match(self) -> Match | None:
        return self.game.match


@dataclass
class RoundView:
    number: int
    deadline_at: Any
    completed: bool
    games: list[GameRow]
    rests: list[str] = field(default_factory=list)  # round robin: no game, no points
    #: The organiser who paired the round by hand while playing in it
    #: (``selectors.paired_by_playing_organisers``), or "".
    paired_by: str = ""


@dataclass
class Overview:
    tournament: Tournament
    participants: list[Participant]
    rounds: list[RoundView]
    standings: list[StandingRow]
    bracket: list[BracketSection]
    champion: str | None
    cross_table: CrossTable | None = None
    #: Knockouts under way: the players (participant ids) with no game to
    #: come, knocked out (or through to a place that only waits for the end).
    done: frozenset[int] = frozenset()
    #: A Swiss with more rounds than the field has opponents (``rounds_warning``).
    rounds_warning: str = ""


def status_text(tournament: Tournament, participant: Participant, done: frozenset[int] = frozenset()) -> str:
    """A player's status as the players list and the standings CSV show
    it: their place once the tournament is over ("Winner", "Finished in
    place 3"), "No more games" for a player of a knockout under way who is
    in ``done`` (``Overview.done``), "Tournament cancelled" for a player
    still in a cancelled tournament, else registered, withdrew or
    disqualified."""
    if tournament.status == Tournament.Status.FINISHED and participant.final_place:
        if participant.final_place == 1:
            text = gettext("Winner")
        else:
            text = gettext("Finished in place %(place)s") % {"place": participant.final_place}
        if participant.withdrawn:
            text += f" · {participant.get_status_display()}"
        return text
    if tournament.status == Tournament.Status.FINISHED and not participant.withdrawn:
        return gettext("Finished")
    if tournament.status == Tournament.Status.RUNNING and not participant.withdrawn and participant.pk in done:
        return gettext("No more games")
    if tournament.status == Tournament.Status.CANCELLED and not participant.withdrawn:
        # "Registered" would read as if the player were still to play.
        return gettext("Tournament cancelled")
    return str(participant.get_status_display())


def bye_text(tournament: Tournament) -> str:
    """What a bye is worth in ``tournament`` (as the standings count it)."""
    if tournament.format == Tournament.Format.SWISS:
        return str(_("Bye: scores a win (1 point)"))
    return str(_("Bye: goes through to the next round"))


def _game_row(game: TournamentGame, names: dict[int, str], bye: str = "Bye") -> GameRow:
    players = [names.get(pid, "?") for pid in game.players]
    if game.decided:
        result = [[names.get(p, "?") for p in group] for group in game.ranking or ()]
        forfeited = [names.get(p, "?") for p in game.forfeited]
        status = game.source or "finished"
        if game.source == TournamentGame.Source.GAME:
            status = "finished"
        text = {
            "finished": gettext("Finished"),
            "bye": bye,
            "half_bye": gettext("Half-point bye, as asked (½ point)"),
            "forfeit": gettext("Not played (forfeit)"),
            "manual": gettext("Result set by an organiser"),
        }.get(status, gettext("Finished"))
        return GameRow(game, players, status, text, result=result, forfeited=forfeited)
    match = game.match
    if match is not None and match.status == Match.Status.ACTIVE:
        seats = sorted(match.seats.all(), key=lambda s: s.index if s.index is not None else 99)
        # From the rules: while the tournament is paused no seat has a deadline.
        moving = seats_to_move(match)
        to_move = [str(s.user) for s in seats if s.index in moving and not s.departed]
        text = gettext("Playing, move %(number)s") % {"number": match.ply + 1}
        return GameRow(game, players, "playing", text, to_move=to_move)
    return GameRow(game, players, "waiting", gettext("Waiting for its result"))


def round_robin_rests(tournament: Tournament, numbers) -> dict[int, tuple[int, ...]]:
    """Who rests (an odd field: no game, no points) in each of the rounds
    ``numbers`` of a two-player round robin, by participant id; empty for
    other formats and for rounds outside the schedule."""
    if not (tournament.format == Tournament.Format.ROUND_ROBIN and tournament.players_per_table == 2):
        return {}
    players = players_of(tournament)
    rests = {}
    for number in numbers:
        try:
            rests[number] = round_robin_round(players, number, tournament.double_round_robin).byes
        except ValueError:  # beyond the schedule
            continue
    return rests


#: A bracket game's part, in the order a round lists them (``pairing``'s keys).
_BRACKET_PARTS = {"W": 0, "R": 0, "L": 1, "GF": 2, "3P": 3}


def _board(game: TournamentGame) -> tuple[int, int]:
    """Where a round lists a game: a paired round's by board number
    (``R4-T3``: 3); a bracket's winners (or main) games, then the losers',
    the final and the third-place game, each by number (``L2-1`` before
    ``L2-2``).  A game may be made before a lower board's (a forfeit or
    walkover decided as its round starts)."""
    key = game.key
    board = key.rpartition("-T")[2]
    if "-T" in key and board.isdigit():
        return (0, int(board))
    part, _sep, number = key.partition("-")
    if number.isdigit():
        return (_BRACKET_PARTS.get(part[:1], 4), int(number))
    return (_BRACKET_PARTS.get(key.rstrip("0123456789"), 4), 0)


def rounds_view(tournament: Tournament, games: list[TournamentGame], names: dict[int, str]) -> list[RoundView]:
    by_round: dict[int, list[GameRow]] = {}
    rounds = {}
    bye = bye_text(tournament)
    # A round's board games first, by board number, its byes (one-player games) after them.
    for game in sorted(games, key=lambda g: (len(g.players) == 1, _board(g))):
        rounds[game.round.number] = game.round
        by_round.setdefault(game.round.number, []).append(_game_row(game, names, bye))
    rests = round_robin_rests(tournament, by_round)
    paired_by = paired_by_playing_organisers(tournament, games)
    return [
        RoundView(
            number,
            rounds[number].deadline_at,
            rounds[number].completed_at is not None,
            rows,
            [names.get(p, "?") for p in rests.get(number, ())],
            str(paired_by[number]) if number in paired_by else "",
        )
        for number, rows in sorted(by_round.items())
    ]


def rounds_warning(tournament: Tournament, participants: list[Participant]) -> str:
    """Why a Swiss of more rounds than players minus one will have
    rematches (or more than one bye for somebody), or "".  Allowed, so
    only said: counting the players in the field once it runs, those
    registered so far before that, or, with fewer than two, its places.
    """
    if tournament.format != Tournament.Format.SWISS or not tournament.rounds:
        return ""
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        return ""
    rounds = tournament.rounds
    players = sum(1 for p in participants if not p.withdrawn)
    running = tournament.status == Tournament.Status.RUNNING
    if running or players >= 2:
        if rounds <= players - 1 or players < 2:
            return ""  # a field of one has no game left to warn about
        params = {"players": players, "opponents": players - 1, "rounds": rounds}
        if running:
            return (
                ngettext(
                    "The %(players)s players in the field have only %(opponents)s possible opponent each, fewer than "
                    "the %(rounds)s rounds: some will meet twice (or have more than one bye). The rounds are played "
                    "as set.",
                    "The %(players)s players in the field have only %(opponents)s possible opponents each, fewer than "
                    "the %(rounds)s rounds: some will meet twice (or have more than one bye). The rounds are played "
                    "as set.",
                    players - 1,
                )
                % params
            )
        return (
            ngettext(
                "With the %(players)s players registered so far, each has only %(opponents)s possible opponent, fewer "
                "than the %(rounds)s rounds: some will meet twice (or have more than one bye) unless more players "
                "register. This is allowed.",
                "With the %(players)s players registered so far, each has only %(opponents)s possible opponents, fewer "
                "than the %(rounds)s rounds: some will meet twice (or have more than one bye) unless more players "
                "register. This is allowed.",
                players - 1,
            )
            % params
        )
    if rounds <= tournament.capacity - 1:
        return ""
    return ngettext(
        "Even with all %(players)s places taken, each player has only %(opponents)s possible opponent, fewer than "
        "the %(rounds)s rounds: some will meet twice (or have more than one bye). This is allowed.",
        "Even with all %(players)s places taken, each player has only %(opponents)s possible opponents, fewer than "
        "the %(rounds)s rounds: some will meet twice (or have more than one bye). This is allowed.",
        tournament.capacity - 1,
    ) % {"players": tournament.capacity, "opponents": tournament.capacity - 1, "rounds": rounds}


def tournament_overview(tournament: Tournament) -> Overview:
    participants = participants_of(tournament)
    names = {p.pk: str(p.user) for p in participants}
    games = games_of(tournament)
    bracket_sections: list[BracketSection] = []
    champion = None
    done: frozenset[int] = frozenset()
    running = tournament.status == Tournament.Status.RUNNING
    if tournament.started_at and tournament.is_bracket:
        players = players_of(tournament)
        bracket = bracket_of(tournament, players, results_of(tournament))
        if bracket is not None:
            sources = bracket_sources(tournament, len(players))
            bracket_sections = bracket_view(bracket, names, {g.key: g for g in games}, sources)
            champion = names.get(bracket.champion) if bracket.champion else None
            if running:
                to_come = {p for g in bracket.games if g.status in (WAITING, READY) for p in g.players}
                done = frozenset(p.id for p in players if p.id not in to_come)
    elif running and tournament.players_per_table > 2 and not tournament.has_standings:
        done = knocked_out(tournament, results_of(tournament))
    for p in participants:
        p.status_shown = status_text(tournament, p, done)  # type: ignore[attr-defined]
    if tournament.status == Tournament.Status.FINISHED and champion is None:
        first = next((p for p in participants if p.final_place == 1), None)
        champion = str(first.user) if first else None
    return Overview(
        tournament=tournament,
        participants=participants,
        rounds=rounds_view(tournament, games, names),
        standings=standings_view(tournament, participants) if tournament.has_standings else [],
        bracket=bracket_sections,
        champion=champion,
        cross_table=cross_table(tournament, participants),
        done=done,
        rounds_warning=rounds_warning(tournament, participants),
    )
