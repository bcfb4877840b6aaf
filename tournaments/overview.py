"""Reads that build what the tournament page and the API show: players,
rounds with their games and live status, the bracket, the standings.

Everything is computed from the stored games and participants with the
same pure functions that pair the tournament, so the page shows exactly
what the automation works from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.models import Match

from .models import Participant, Substitution, Tournament, TournamentGame
from .pairing import Bracket, round_robin_round
from .pairing.bracket import BYE, NOT_NEEDED, PLAYED, READY, VOID, WAITING, WALKOVER, Source
from .selectors import games_of, participants_of, players_of, results_of, seats_to_move
from .services.formats import bracket_of, bracket_sources
from .standings import result_points, scores, standings

BRACKET_SECTIONS = (
    ("main", _("Main bracket")),
    ("winners", _("Winners bracket")),
    ("losers", _("Losers bracket")),
    ("grand_final", _("Grand final")),
    ("third_place", _("Third place")),
)
#: What a bracket box's status (``pairing.bracket``) reads as on the page.
BOX_STATUS_TEXT = {
    WAITING: _("Waiting"),
    READY: _("Ready"),
    PLAYED: _("Played"),
    WALKOVER: _("Walkover"),
    BYE: _("Bye"),
    VOID: _("Void"),
    NOT_NEEDED: _("Not needed"),
}


def points_text(value: Fraction, *, localized: bool = False) -> str:
    """2, 2½, or 1.67 for thirds and other fractions (tables of 3+);
    ``localized``: with the active language's decimal mark (Dutch 1,67),
    as the page shows it (the API keeps 1.67)."""
    value = Fraction(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    if localized:
        return number_format(round(float(value), 2), 2, use_l10n=True)
    return f"{float(value):.2f}"


def points_decimal(value: Fraction) -> str:
    """2, 2.5, 0.25, or 1.67 for thirds: plain decimals for a spreadsheet."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


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


@dataclass
class StandingRow:
    rank: int
    participant: Participant
    points: str
    buchholz: str
    sonneborn_berger: str
    rating: int
    played: int
    unplayed: int
    withdrawn: bool
    #: Games won over the board (a round robin's third tie-break).
    wins: int = 0
    #: Who held the place before (a substitute took it over): "Name (until round N)".
    replaced: list[str] = field(default_factory=list)
    #: Points, Buchholz and Sonneborn-Berger as numbers (the CSV writes decimals).
    exact: tuple[Fraction, Fraction, Fraction] = (Fraction(0), Fraction(0), Fraction(0))


_BUCHHOLZ = (
    _("Buchholz"),
    _(
        "The sum of the final scores of the opponents a player met over the board "
        "(at a larger table: the mean of the co-players' scores). Byes and forfeits do not count."
    ),
)
_SONNEBORN_BERGER = (
    _("Sonneborn-Berger"),
    _(
        "The sum of the scores of the opponents a player beat, plus half the scores of those "
        "they drew with: a win against a strong opponent counts for more."
    ),
)
_RATING = (
    _("Rating"),
    _("The player's rating when the tournament started; higher goes first."),
)

#: The tie-breaks of the standings, in the order they apply, each with the
#: short explanation the page shows under the table (``standings``).
TIE_BREAKS = (_BUCHHOLZ, _SONNEBORN_BERGER, _RATING)

#: A round robin's: everyone meets everyone, so Buchholz would part nobody.
ROUND_ROBIN_TIE_BREAKS = (
    _SONNEBORN_BERGER,
    (
        _("Direct encounter"),
        _(
            "The points each of the tied players scored in the games between them (the cross-table shows them), "
            "counted only once all of them have played each other; if that parts only some of them, those still "
            "level are compared again on the games among themselves alone."
        ),
    ),
    (
        _("Wins"),
        _("The number of games a player won over the board; byes and forfeits do not count."),
    ),
    _RATING,
)


def tie_breaks(tournament: Tournament) -> tuple[tuple[Any, Any], ...]:
    """The tie-breaks ``tournament``'s standings apply, in order."""
    return ROUND_ROBIN_TIE_BREAKS if is_round_robin(tournament) else TIE_BREAKS


def is_round_robin(tournament: Tournament) -> bool:
    """Whether the standings break ties as a round robin (``standings``)."""
    return tournament.format == Tournament.Format.ROUND_ROBIN


@dataclass
class CrossRow:
    """A cross-table row: what this player scored against each column
    player (None on the diagonal, "" when not played yet)."""

    name: str
    cells: list[str | None]
    total: str
    #: The row's player (a User), whose name links to their page.
    user: Any = None


@dataclass
class CrossTable:
    """A round robin's cross-table, rows and columns in standings order."""

    rows: list[CrossRow]


@dataclass
class SlotView:
    name: str | None
    source: str
    won: bool
    lost: bool


@dataclass
class BracketBox:
    key: str
    status: str
    slots: list[SlotView]
    match_url: str | None

    @property
    def status_text(self) -> str:
        return str(BOX_STATUS_TEXT.get(self.status, self.status))


@dataclass
class BracketSection:
    name: str
    title: str
    columns: list[tuple[int, list[BracketBox]]]


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
    in ``done`` (``Overview.done``), else registered, withdrew or
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
    return [
        RoundView(
            number,
            rounds[number].deadline_at,
            rounds[number].completed_at is not None,
            rows,
            [names.get(p, "?") for p in rests.get(number, ())],
        )
        for number, rows in sorted(by_round.items())
    ]


def standings_view(tournament: Tournament, participants: list[Participant]) -> list[StandingRow]:
    """The standings table with its tie-break columns (points formats)."""
    if not tournament.started_at:
        return []
    by_id = {p.pk: p for p in participants}
    table = standings(players_of(tournament), results_of(tournament), round_robin=is_round_robin(tournament))
    replaced: dict[int, list[str]] = {}
    for sub in Substitution.objects.filter(participant__tournament=tournament).select_related("previous_user"):
        replaced.setdefault(sub.participant_id, []).append(
            gettext("%(name)s (until round %(round)s)") % {"name": sub.previous_user, "round": max(sub.round, 1)}
        )
    return [
        StandingRow(
            rank=row.rank,
            participant=by_id[row.player],
            points=points_text(row.points, localized=True),
            buchholz=points_text(row.buchholz, localized=True),
            sonneborn_berger=points_text(row.sonneborn_berger, localized=True),
            rating=row.rating,
            played=row.played,
            unplayed=row.unplayed,
            withdrawn=row.withdrawn,
            wins=row.wins,
            replaced=replaced.get(row.player, []),
            exact=(Fraction(row.points), Fraction(row.buchholz), Fraction(row.sonneborn_berger)),
        )
        for row in table
    ]


def cross_table(tournament: Tournament, participants: list[Participant]) -> CrossTable | None:
    """The cross-table of a two-player round robin (None otherwise), in
    standings order; a double round robin shows both games in a cell."""
    if not (tournament.format == Tournament.Format.ROUND_ROBIN and tournament.players_per_table == 2):
        return None
    if not tournament.started_at:
        return None
    by_id = {p.pk: p for p in participants}
    results = results_of(tournament)
    order = [row.player for row in standings(players_of(tournament), results, round_robin=True)]
    index = {pid: i for i, pid in enumerate(order)}
    cells: list[list[list[str]]] = [[[] for _ in order] for _ in order]
    for result in results:
        if len(result.table) != 2:
            continue
        points = result_points(result)
        a, b = result.table
        if a in index and b in index:
            cells[index[a]][index[b]].append(
                points_text(points[a], localized=True) + ("*" if a in result.forfeited or b in result.forfeited else "")
            )
            cells[index[b]][index[a]].append(
                points_text(points[b], localized=True) + ("*" if a in result.forfeited or b in result.forfeited else "")
            )
    totals = scores(players_of(tournament), results)
    return CrossTable(
        rows=[
            CrossRow(
                name=str(by_id[pid].user),
                cells=[None if j == i else " ".join(cells[i][j]) for j in range(len(order))],
                total=points_text(totals[pid], localized=True),
                user=by_id[pid].user,
            )
            for i, pid in enumerate(order)
        ]
    )


def slot_label(source: Source) -> str:
    """Where a bracket slot's player will come from, in the active
    language ("seed 8", "winner of R1-2", "loser of W2-1")."""
    if source.kind == "seed":
        return gettext("seed %(number)s") % {"number": source.ref}
    if source.kind == "winner":
        return gettext("winner of %(game)s") % {"game": source.ref}
    return gettext("loser of %(game)s") % {"game": source.ref}


def bracket_view(
    bracket: Bracket,
    names: dict[int, str],
    games: dict[str, TournamentGame],
    sources: dict[str, tuple[Source, Source]],
) -> list[BracketSection]:
    """The bracket as columns of boxes, section by section; ``sources``
    (``formats.bracket_sources``) label the slots still waiting."""
    sections = []
    for name, title in BRACKET_SECTIONS:
        columns: dict[int, list[BracketBox]] = {}
        for g in bracket.games:
            if g.bracket != name or g.status == "not_needed":
                continue
            slots = [
                SlotView(
                    name=None if player is None else names.get(player, "?"),
                    source=slot_label(source),
                    won=player is not None and player == g.winner and g.loser is not None,
                    lost=player is not None and player == g.loser,
                )
                for player, source in zip(g.players, sources[g.key], strict=True)
            ]
            stored = games.get(g.key)
            url = stored.match.get_absolute_url() if stored and stored.match else None
            columns.setdefault(g.round, []).append(BracketBox(g.key, g.status, slots, url))
        if columns:
            sections.append(BracketSection(name, str(title), sorted(columns.items())))
    return sections


def knocked_out(tournament: Tournament, results) -> frozenset[int]:
    """A multi-player knockout's (``pairing.tables``) players who finished
    a game below the places that go through: nothing more to play."""
    seed_of = {p.id: p.seed for p in players_of(tournament)}
    out: set[int] = set()
    for result in results:
        if result.is_bye:
            continue
        order = result.order(seed_of)
        out.update(order[min(tournament.advance, len(order) - 1) :])
    return frozenset(out)


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
