"""Pairing a round by hand, before it starts.

The organiser pauses the tournament; once the round being played is
complete the next round waits, and the page proposes its automatic pairing
for editing (:func:`round_pairing_proposal`).  Round 1 waits the same way
when the organiser starts the tournament paused
(``running.tournament_start``): a round already made is never paired
again, as its players have been sent their games.  What may change depends on
the format (:class:`Proposal`'s ``mode``):

- a Swiss (tables of any size): everything, who sits at which table, in
  which seat, and who has the bye;
- a round robin, and the rounds of a table knockout or of groups: the
  tables are the format's (the schedule, or the results), only the seat
  order within each table (who moves first) may change;
- a two-player knockout bracket: nothing.  Each game follows from the
  seeding and the results before it and starts as soon as both players
  are known, so no round waits; the seeding order before the start is the
  organiser's tool.

:func:`round_pairing_set` stores the edited pairing, with warnings
(rematches, first moves, seat positions, a second bye: ``pairing.manual``),
and the round is made from it when the tournament pairs it (at once if it
is not paused).

A player the organiser lets back in (``entries.participant_reinstate``)
after the round was paired by hand does not undo that pairing: in a Swiss
they sit the round out (no game, no points: a bye's point would reward
coming back, and would move the bye the organiser chose) and are paired
from the next round, as a late player is; the page names them
(``Proposal.sitting_out``).  In the formats whose tables are fixed their
scheduled game is played again, in the format's seat order, and the other
tables keep the seat order set by hand.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.marking import Plural, ngettext_noop
from games.engine import get_rules
from games.models import Match
from games.services import Conflict, GameActionError, match_cancel_unplayed
from mail.models import ReplyToken

from .. import pairing
from ..models import ManualPairing, Tournament, TournamentGame
from ..notify import notice_send, tournament_url
from ..selectors import players_of, results_of
from ..types import PlayerId
from .common import locked_tournament, log, require_manager
from .formats import Sizes, next_step, table_limits
from .running import PAIRED_BY_HAND, REPAIRED, advance_locked, half_byes_of, let_back_since_paired

#: ``Proposal.mode``: every seat may change, or only the order at a table.
TABLES, SEATS = "tables", "seats"


@dataclass(frozen=True)
class Proposal:
    """The next round's pairing, for the organiser to edit: ``tables``
    list players in seat order (the first moves first), ``by_hand``
    whether an organiser set it, ``mode`` what may change (``TABLES`` or
    ``SEATS``), ``sizes`` the smallest and largest table; ``set_aside``:
    a pairing set by hand no longer fits the players in the round (one
    left since), so this is the automatic one the round will get;
    ``sitting_out``: players let back in after the round was paired,
    whom it leaves out (no game, no points this round); ``started``: the
    round's games are made but none has a move yet, and this is the
    pairing they were made with (:func:`round_pairing_set` pairs it again)."""

    round: int
    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    by_hand: bool
    problems: tuple[pairing.Problem, ...]
    mode: str = TABLES
    sizes: tuple[int, int] = (2, 2)
    set_aside: bool = False
    sitting_out: tuple[PlayerId, ...] = ()
    started: bool = False


def pairing_by_hand_possible(tournament: Tournament) -> bool:
    """Whether the format has rounds to pair by hand (not a bracket)."""
    return not tournament.is_bracket


def _latest_round(tournament: Tournament) -> tuple[int, list[TournamentGame]] | None:
    """The latest round made and its rows (games, byes, forfeits)."""
    latest = tournament.round_set.order_by("-number").values_list("number", flat=True).first()
    if latest is None:
        return None
    return latest, list(tournament.games.filter(round__number=latest).select_related("match").order_by("pk"))


def _unplayed(rows: list[TournamentGame]) -> bool:
    """Whether a round with these rows may be paired again: it has games,
    and each is in play, undecided and without a move (its other rows are
    byes and forfeits recorded without a game, made again with it)."""
    games = [g for g in rows if g.match_id is not None]
    return bool(games) and all(
        not g.decided and g.match is not None and g.match.status == Match.Status.ACTIVE and not g.match.ply
        for g in games
    )


def _automatic(tournament: Tournament) -> tuple[int, Proposal] | None:
    """The round whose pairing may be set now and its automatic pairing:
    the next round, when the latest is complete (or none is made: the
    tournament started paused) and the next one is not made yet (the
    tournament is paused); or the latest round itself while its games are
    made but none has a move yet (``Proposal.started``: paired as if its
    rows were not there).  None otherwise."""
    if tournament.status != Tournament.Status.RUNNING or not pairing_by_hand_possible(tournament):
        return None
    latest = _latest_round(tournament)
    again = latest is not None and _unplayed(latest[1])
    if latest is not None and not again and any(not g.decided for g in latest[1]):
        return None
    rules = get_rules(tournament.game)
    sizes = Sizes(rules.min_players, rules.max_players)
    games = tournament.games.select_related("round")
    results = results_of(tournament)
    if again:
        assert latest is not None
        games = games.exclude(round__number=latest[0])
        results = [r for r in results if r.round < latest[0]]
    step = next_step(
        tournament,
        players_of(tournament),
        results,
        existing={g.key for g in games},
        latest_round_open=False,
        sizes=sizes,
        half_byes=half_byes_of(tournament),
    )
    if step.finished or not step.tables:
        return None
    number = min(t.round for t in step.tables)
    if again and latest is not None and number != latest[0]:
        return None  # the round made is not the one the format pairs now (cannot happen)
    tables = tuple(tuple(t.players) for t in step.tables if t.round == number)
    byes = tuple(r.table[0] for r in step.results if r.round == number and r.is_bye and not r.half_point)
    mode = TABLES if tournament.format == Tournament.Format.SWISS else SEATS
    limits = table_limits(tournament, sizes)
    return number, Proposal(number, tables, byes, False, (), mode, limits, started=bool(again))


def _as_made(tournament: Tournament, proposal: Proposal) -> Proposal:
    """``proposal`` (a started round's) as its games were made: their
    tables in seat order and its byes, with its warnings; players still in
    whom it leaves out (let back in since) sit it out."""
    rows = list(tournament.games.filter(round__number=proposal.round).order_by("pk"))
    tables = tuple(tuple(g.players) for g in rows if g.match_id is not None)
    byes = tuple(g.players[0] for g in rows if g.source == TournamentGame.Source.BYE)
    before = [r for r in results_of(tournament) if r.round < proposal.round]
    sitting_out: tuple[PlayerId, ...] = ()
    if proposal.mode == TABLES:
        seated = {p for table in tables for p in table} | set(byes)
        resting = half_byes_of(tournament).get(proposal.round, frozenset())
        still_in = {p.id for p in players_of(tournament) if not p.withdrawn}
        sitting_out = tuple(sorted(still_in - seated - resting))
    return replace(
        proposal,
        tables=tables,
        byes=byes,
        by_hand=tournament.manual_pairings.filter(round=proposal.round).exists(),
        problems=tuple(pairing.manual_check(before, tables, byes)),
        sitting_out=sitting_out,
    )


def round_pairing_proposal(tournament: Tournament) -> Proposal | None:
    """What the organiser may edit now (None when no round waits)."""
    automatic = _automatic(tournament)
    if automatic is None:
        return None
    number, proposal = automatic
    if proposal.started:
        return _as_made(tournament, proposal)
    stored = tournament.manual_pairings.filter(round=number).first()
    if stored is None:
        return proposal
    tables = tuple(tuple(t) for t in stored.tables)
    byes = tuple(stored.byes)
    optional = _let_back(tournament, proposal)
    if not _still_fits(tournament, proposal, tables, byes, optional):
        # The round is made as the format pairs it (``formats``), so that is what to show.
        return replace(proposal, set_aside=True)
    if proposal.mode == SEATS:
        # Every table of the round, in the seat order set by hand where it was set.
        tables = pairing.reseated(proposal.tables, tables)
    problems = tuple(pairing.manual_check(results_of(tournament), tables, byes))
    seated = {p for table in tables for p in table} | set(byes)
    sitting_out = tuple(sorted(optional - seated))
    return Proposal(number, tables, byes, True, problems, proposal.mode, proposal.sizes, sitting_out=sitting_out)


def _let_back(tournament: Tournament, proposal: Proposal) -> frozenset[PlayerId]:
    """The players let back in after the round was paired by hand, whom
    its pairing may leave out (a Swiss: in the other formats the tables
    are the format's)."""
    if proposal.mode == SEATS:
        return frozenset()
    return let_back_since_paired(tournament).get(proposal.round, frozenset())


def _still_fits(tournament: Tournament, proposal: Proposal, tables, byes, optional: frozenset[PlayerId]) -> bool:
    """Whether a stored pairing can still be played as set: the players it
    seats are exactly those in the round, but for the ``optional`` ones let
    back in since (``pairing.manual_round``), or, in a format whose tables
    are fixed, each of its tables is still one of the round's
    (``pairing.manual_reseat``)."""
    if proposal.mode == SEATS:
        return pairing.tables_within(tables, proposal.tables)
    resting = half_byes_of(tournament).get(proposal.round, frozenset())
    errors = pairing.manual_errors(
        players_of(tournament), tables, byes, resting=resting, optional=optional, sizes=proposal.sizes
    )
    return not errors


def round_pairing_set(
    *,
    tournament_id: int,
    number: int,
    tables: Sequence[Sequence[PlayerId]],
    byes: Sequence[PlayerId] = (),
    by,
    now: dt.datetime,
) -> list[pairing.Problem]:
    """Pair round ``number`` by hand (players in seat order: the first of
    a table moves first).  Returns the warnings (rematches, first moves,
    seat positions, a second bye); the pairing is stored all the same.

    A round whose games are made but have no move yet (``Proposal.started``)
    is paired again: a changed pairing cancels its games (their reply
    addresses stop working, their players are mailed) and the new ones are
    made (when the tournament is resumed, if it is paused).

    :raises NotAllowed, Conflict (no round waits, or the round's games have
        a move: :func:`round_pairing_refusal`; a bracket),
        GameActionError (the pairing leaves a player out (but for one let
        back in after the round was paired), seats one twice, has a table
        of the wrong size or more byes than needed; in a format whose
        tables are fixed, changes more than the seat order).
    """
    seats = [tuple(int(p) for p in table) for table in tables]
    byes = [int(p) for p in byes]
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if not pairing_by_hand_possible(tournament):
            raise Conflict(bracket_note(), code="bracket")
        automatic = _automatic(tournament)
        if automatic is None or automatic[0] != number:
            raise Conflict(round_pairing_refusal(tournament, number), code="no_round_waiting")
        proposal = automatic[1]
        made = _as_made(tournament, proposal) if proposal.started else None
        _check(tournament, made or proposal, seats, byes)
        before = [r for r in results_of(tournament) if r.round < number]
        problems = pairing.manual_check(before, seats, byes)
        ManualPairing.objects.update_or_create(
            tournament=tournament,
            round=number,
            defaults={"tables": [list(t) for t in seats], "byes": byes, "by": by, "created_at": now},
        )
        seated = {p for table in seats for p in table} | set(byes)
        sitting_out = sorted((set((made or proposal).sitting_out) | _let_back(tournament, proposal)) - seated)
        again = made is not None and (list(made.tables), list(made.byes)) != (seats, byes)
        places = _new_places(seats, byes)
        # The old bye's holder now seated at a table: no game of theirs is cancelled, so they are told apart.
        unbyed = [pid for pid in made.byes if places.get(pid) == NEW_GAME] if again and made is not None else []
        event = log(
            tournament,
            REPAIRED if again else PAIRED_BY_HAND,
            _repaired_message(bool(unbyed)) if again else gettext_noop("%(by)s paired round %(round)s by hand."),
            params={
                "by": by,
                "round": number,
                **({"players": _names(tournament, unbyed), "count": len(unbyed)} if unbyed else {}),
            },
            user=by,
            now=now,
            round=number,
            tables=[list(t) for t in seats],
            byes=byes,
            warnings=[p.kind for p in problems],
            # Still left out as let back in after the round was paired (``running.let_back_since_paired``).
            sitting_out=sitting_out,
        )
        if again:
            _cancel_round(tournament, number, now, places)
        advance_locked(tournament, now)
        for pid in unbyed:
            _bye_withdrawn_send(tournament, number, pid, seats, event_id=event.pk, now=now)
    return problems


def _repaired_message(bye_withdrawn: bool) -> str | Plural:
    """The log's line for a round paired again (a msgid): with
    ``bye_withdrawn``, it names the old byes' holders (``players``, as
    many as ``count``), who play in the new pairing."""
    if bye_withdrawn:
        return ngettext_noop(
            "%(by)s paired round %(round)s again before any move: its games were cancelled and their players "
            "told by email; %(players)s had the bye and plays in the new pairing, and was told too.",
            "%(by)s paired round %(round)s again before any move: its games were cancelled and their players "
            "told by email; %(players)s had the bye and play in the new pairing, and were told too.",
        )
    return gettext_noop(
        "%(by)s paired round %(round)s again before any move: its games were cancelled and their players told by email."
    )


def _names(tournament: Tournament, pids: Sequence[PlayerId]) -> list[str]:
    """The players ``pids`` by name, in that order (the log joins them in
    each reader's language)."""
    users = {p.pk: p.user for p in tournament.participants.select_related("user").filter(pk__in=pids)}
    return [str(users[pid]) for pid in pids]


def _bye_withdrawn_send(
    tournament: Tournament,
    number: int,
    pid: PlayerId,
    tables: Sequence[Sequence[PlayerId]],
    *,
    event_id: int,
    now: dt.datetime,
) -> None:
    """Tell ``pid``, who had the bye of round ``number`` before it was
    paired again (the log's ``event_id``), that the bye is withdrawn, whom
    the new pairing (``tables``) seats them with and, once it is made (not
    while the tournament is paused), their new game.  After the round's
    new games are made (``advance_locked``)."""
    (table,) = [t for t in tables if pid in t]
    users = {p.pk: p.user for p in tournament.participants.select_related("user").filter(pk__in=table)}
    rows = tournament.games.filter(round__number=number, match__isnull=False).select_related("match")
    row = next((g for g in rows if pid in g.players), None)
    notice_send(
        user=users[pid],
        template="tournament-bye-withdrawn",
        context={
            "tournament": tournament,
            "round": number,
            "opponents": [str(users[other]) for other in table if other != pid],
            "game": row.match if row is not None else None,
            "url": tournament_url(tournament),
        },
        dedupe_key=f"tournament-bye-withdrawn:{event_id}:{pid}",
        now=now,
    )


def _check(tournament: Tournament, base: Proposal, tables: list[tuple[int, ...]], byes: list[int]) -> None:
    """Refuse a pairing that ``base`` (the round's automatic pairing, or
    the one a started round was made with) does not allow.

    :raises GameActionError."""
    if base.mode == SEATS:
        if not pairing.same_tables(base.tables, tables) or sorted(byes) != sorted(base.byes):
            raise GameActionError(
                _(
                    "In this format the tables follow the schedule or the results: "
                    "change only the seat order at each table."
                ),
                code="tables_fixed",
            )
        return
    resting = half_byes_of(tournament).get(base.round, frozenset())
    optional = set(base.sitting_out) | _let_back(tournament, base)
    players = players_of(tournament)
    if pairing.manual_errors(players, tables, byes, resting=resting, optional=optional, sizes=base.sizes):
        raise GameActionError(
            _(
                "Seat every player still in exactly once, at tables of the game's size, "
                "with no more byes than needed (one at most)."
            ),
            code="invalid_pairing",
        )


#: What the new pairing of a round paired again gives a player of one of its
#: cancelled games (``_new_places``; the mail says which).
NEW_GAME, NEW_BYE, SITS_OUT = "game", "bye", "out"


def _new_places(tables: Sequence[Sequence[PlayerId]], byes: Sequence[PlayerId]) -> dict[PlayerId, str]:
    """Each player the pairing ``tables`` and ``byes`` seats: ``NEW_GAME``
    or ``NEW_BYE``.  A player it leaves out (one let back in after the
    round was paired) is not in it: they sit the round out (``SITS_OUT``)."""
    places = {pid: NEW_BYE for pid in byes}
    places.update({pid: NEW_GAME for table in tables for pid in table})
    return places


def _cancel_round(tournament: Tournament, number: int, now: dt.datetime, places: dict[PlayerId, str]) -> None:
    """Undo the made round ``number`` (its games have no move): cancel its
    games, stop their reply addresses, delete its rows (byes and forfeits
    are made again with the new pairing) and mail each player of a
    cancelled game what the new pairing (``places``: :func:`_new_places`)
    gives them: a new game, the bye, or no game this round.  Expects the
    tournament lock.

    :raises Conflict: a move came in meanwhile (the whole pairing is undone).
    """
    rows = list(tournament.games.filter(round__number=number).order_by("pk"))
    users = {p.pk: p.user for p in tournament.participants.select_related("user")}
    for game in rows:
        if game.match_id is None:
            continue
        try:
            match = match_cancel_unplayed(
                match_id=game.match_id,
                now=now,
                message=gettext_noop("The organisers paired round %(round)s again before any move: game cancelled."),
                params={"round": number},
            )
        except GameActionError:
            raise Conflict(round_pairing_refusal(tournament, number), code="no_round_waiting") from None
        ReplyToken.objects.filter(match_id=game.match_id).delete()
        for pid in game.players:
            notice_send(
                user=users[pid],
                template="tournament-repaired",
                context={
                    "tournament": tournament,
                    "round": number,
                    "game": match,
                    "new_place": places.get(pid, SITS_OUT),
                    "url": tournament_url(tournament),
                },
                dedupe_key=f"tournament-repaired:{tournament.pk}:{game.match_id}:{pid}",
                now=now,
            )
    TournamentGame.objects.filter(pk__in=[g.pk for g in rows]).delete()


def round_pairing_refusal(tournament: Tournament, number: int) -> str:
    """Why round ``number`` cannot be paired by hand now."""
    latest = _latest_round(tournament)
    if latest is not None and latest[0] == number:
        games = [g for g in latest[1] if g.match is not None]
        if any(g.match is not None and g.match.ply for g in games):
            return _(
                "Round %(round)s can no longer be paired again: a game of round %(round)s has a move already. "
                "A round that has started can be paired again only until one of its games has a move."
            ) % {"round": number}
        if games:
            return _(
                "Round %(round)s can no longer be paired again: a game of round %(round)s already has a result."
            ) % {"round": number}
    if number == 1:
        return _(
            "Round 1 can be paired by hand only before its games are made: "
            "start the tournament paused, and round 1 waits for your pairing."
        )
    if _automatic(tournament) is None:
        return _("No round waits to be paired: pause the tournament before the round ends.")
    return _("Only the round that waits to start can be paired by hand, once the round before it is complete.")


def bracket_note() -> str:
    """Why a knockout bracket has no pairing by hand."""
    return _(
        "In a knockout bracket each game follows from the seeding and the results before it, and starts as soon "
        "as both players are known: there is no round to pair by hand. Set the seeding order before the start instead."
    )
