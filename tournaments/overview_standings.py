"""The standings part of a tournament's overview: points as the page and
the API write them (2½, 1.67) and as the CSV does (2.5), the standings
table with its tie-break columns and who held a place before a substitute,
and the tie-breaks each format applies with the explanation shown under
the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import Participant, Substitution, Tournament
from .selectors import players_of, results_of
from .standings import standings


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
