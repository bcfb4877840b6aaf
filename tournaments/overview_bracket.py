"""The knockout part of a tournament's overview: a bracket as columns of
boxes, section by section (the boxes' slots say where a player still to
come will come from), which ``bracket_svg`` draws too; and the players of
a multi-player knockout under way who have no game left to play."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import Tournament, TournamentGame
from .pairing import Bracket
from .pairing.bracket import BYE, NOT_NEEDED, PLAYED, READY, VOID, WAITING, WALKOVER, Source
from .selectors import players_of

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
