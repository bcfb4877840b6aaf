"""What a tournament's game says about its tournament: "Club Cup · round 2
· board T1", with a link to the tournament page, in every mail of the game
and on its page, and the pairing notice of its first mail (with who paired
the round by hand, when that organiser plays in it) (registered as
the ``games.organised`` provider of the tournament's matches by
``TournamentsConfig.ready``).

Only public things: the tournament's name, the round, the board (as the
tournament page labels its games), the round's deadline and who paired it.
"""

from __future__ import annotations

from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.utils.translation import gettext as _

from core.moments import moment_for
from core.name_lists import names_text
from games.models import Match, MoveRecord
from games.organised import EventContext

from .models import Participant, Tournament, TournamentGame
from .pairing.elimination import bracket_size
from .selectors import paired_by_playing_organisers

#: ``Match.organised_by`` of the matches a tournament creates.
KIND = "tournament"


def game_label(key: str, *, players_per_table: int = 2, last_round: int | None = None) -> str:
    """Where the game with ``key`` is played, in the active language, as
    the tournament page labels it: a paired round's "board T1" ("table T1"
    at tables of more than two), a bracket's "final", "semi-final",
    "game R1-2", "winners bracket, game W2-1", "grand final".

    ``last_round``: a single-elimination bracket's number of rounds (its
    final's round), when known."""
    head, _sep, tail = key.partition("-")
    if tail.startswith("T") and tail[1:].isdigit():
        if players_per_table > 2:
            return _("table T%(number)s") % {"number": tail[1:]}
        return _("board T%(number)s") % {"number": tail[1:]}
    if key.startswith("GF"):
        return _("grand final") if key == "GF1" else _("grand final, deciding game")
    if key == "3P":
        return _("third-place game")
    if head.startswith("W"):
        return _("winners bracket, game %(key)s") % {"key": key}
    if head.startswith("L"):
        return _("losers bracket, game %(key)s") % {"key": key}
    if head.startswith("R") and head[1:].isdigit() and last_round is not None:
        if int(head[1:]) == last_round:
            return _("final")
        if int(head[1:]) == last_round - 1:
            return _("semi-final %(key)s") % {"key": key}
    return _("game %(key)s") % {"key": key}


def _place(game: TournamentGame, last_round: int | None) -> str:
    return game_label(game.key, players_per_table=game.tournament.players_per_table, last_round=last_round)


def context_line(game: TournamentGame, last_round: int | None = None) -> str:
    """ "Club Cup · round 2 · board T1" in the active language."""
    where = _place(game, last_round)
    return " · ".join((game.tournament.name, _("round %(number)s") % {"number": game.round.number}, where))


def _last_round(tournament: Tournament, seeded: int | None) -> int | None:
    """A single-elimination bracket's number of rounds (None otherwise)."""
    if tournament.format != Tournament.Format.SINGLE_ELIMINATION or tournament.players_per_table != 2 or not seeded:
        return None
    return bracket_size(seeded).bit_length() - 1


def _pairing(game: TournamentGame, line, reader, opponents: list[str]) -> list[str]:
    said = [
        _("Your game in %(event)s: you play against %(opponents)s.")
        % {"event": line(), "opponents": names_text(opponents)}
    ]
    if game.round.deadline_at is not None:
        said.append(_("Round deadline: %(when)s (%(zone)s time).") % moment_for(reader, game.round.deadline_at))
    by = paired_by_playing_organisers(game.tournament, [game]).get(game.round.number)
    if by is not None:
        # An organiser who chose their own opponents (or moves first) says so to every table.
        said.append(paired_by_note(by, game.round.number, reader))
    return said


def paired_by_note(by, number: int, reader) -> str:
    """The notice, in the active language, that round ``number`` was paired
    by hand by ``by``, an organiser who plays in it
    (``selectors.paired_by_playing_organisers``), as ``reader`` reads it:
    in that round's game mails, and its bye and rest mails."""
    if by.pk == getattr(reader, "pk", None):
        return _("You paired round %(number)s by hand and play in it: its players are told so.") % {"number": number}
    return _("Round %(number)s was paired by hand by %(by)s, an organiser who plays in it.") % {
        "number": number,
        "by": by,
    }


def _played_out(game: TournamentGame) -> bool:
    """Whether the round's hard deadline had ``game`` played out with
    default moves (``services.deadlines.match_autoplay``)."""
    started = game.round.autoplay_started_at
    return (
        started is not None
        and game.match_id is not None
        and MoveRecord.objects.filter(
            match_id=game.match_id, source=MoveRecord.Source.SYSTEM, created_at__gte=started
        ).exists()
    )


def _result_text(game: TournamentGame) -> str:
    """A decided game's places as the tournament counts them, players who
    did not play last: "1. Anna and Bram" (a shared first place)."""
    names = {p.pk: str(p.user) for p in Participant.objects.filter(pk__in=game.players).select_related("user")}
    groups = [list(group) for group in game.ranking or ()] + ([list(game.forfeited)] if game.forfeited else [])
    places, place = [], 1
    for group in groups:
        places.append(f"{place}. {names_text(names.get(pid, '?') for pid in group)}")
        place += len(group)
    return ", ".join(places)


def _ending(game: TournamentGame) -> list[str]:
    """Why ``game`` ended as the tournament decided it, in the active
    language: an organiser's result (with its reason), players who left
    the tournament forfeiting it, or the round's deadline having it played
    out; empty for a game its players finished.
    The site's resignations that carried it out read as the players' own
    in the mail's ranking, hence the words."""
    tournament = game.tournament
    if game.source == TournamentGame.Source.MANUAL:
        said = {"by": game.decided_by, "tournament": tournament.name, "reason": game.reason}
        return [
            _('%(by)s, organiser of %(tournament)s, set this result: "%(reason)s".') % said
            if game.decided_by is not None
            else _('The organisers of %(tournament)s set this result: "%(reason)s".') % said,
            _("The tournament counts: %(result)s.") % {"result": _result_text(game)},
            _("The site ended the game to match it: nobody resigned."),
        ]
    if game.source == TournamentGame.Source.GAME and _played_out(game):
        played_out = _(
            "The deadline of round %(number)s passed: the rest of this game was played with the rules' default moves."
        )
        return [played_out % {"number": game.round.number}]
    if game.source != TournamentGame.Source.FORFEIT or not game.forfeited:
        return []
    users = {p.pk: p for p in Participant.objects.filter(pk__in=game.players).select_related("user")}
    winners = [str(users[pid].user) for pid in game.players if pid in users and pid not in game.forfeited]
    if not winners:
        return []  # everyone forfeited: nobody's resignation reads as a result
    lines = []
    for pid in game.forfeited:
        leaver = users.get(pid)
        if leaver is None:
            continue
        said = {"player": leaver.user, "tournament": tournament.name, "winners": names_text(winners)}
        if leaver.status == Participant.Status.DISQUALIFIED:
            lines.append(
                _("%(player)s was disqualified from %(tournament)s: this game counts as a forfeit win for %(winners)s.")
                % said
            )
        else:
            lines.append(
                _("%(player)s withdrew from %(tournament)s: this game counts as a forfeit win for %(winners)s.") % said
            )
    return lines


def tournament_context(match: Match) -> EventContext | None:
    """The context of a tournament's match (one query), or None (a match
    whose tournament game is gone)."""
    seeded = (
        Participant.objects.filter(tournament=OuterRef("tournament"), seed__isnull=False)
        .order_by()
        .values("tournament")
        .annotate(count=Count("pk"))
        .values("count")
    )
    game = (
        TournamentGame.objects.filter(match_id=match.pk)
        .select_related("tournament", "round")
        .annotate(seeded=Subquery(seeded, output_field=IntegerField()))
        .first()
    )
    if game is None:
        return None
    last_round = _last_round(game.tournament, game.seeded)

    def line() -> str:
        return context_line(game, last_round)

    return EventContext(
        url=game.tournament.get_absolute_url(),
        line=line,
        pairing=lambda reader, opponents: _pairing(game, line, reader, opponents),
        id=game.tournament_id,
        name=game.tournament.name,
        round=game.round.number,
        place=lambda: _place(game, last_round),
        ending=lambda: _ending(game),
    )
