""" "Since your last move": what the other seats did before a seat's turn.

Read from the move log (each ``MoveRecord`` keeps its engine events with
their audience), so nothing is replayed: every step of every other seat's
turn since the recipient last played, in words the recipient may see
(display names, card names), grouped by turn.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine import Event, Message, Rules, get_rules
from games.i18n import event_text, in_text, move_words
from games.models import Match, MoveRecord
from games.selectors import with_names
from games.terms import term

#: An engine slug in an event's text ("wheat_field"): a term's name in mail.
_SLUG = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def event_line(game: str, event: Event, names: list[str], reader: int | None = None) -> str:
    """An engine event's sentence for the seat ``reader``, in the active
    language: "you" where it is about the reader, players' names for "Seat
    2", the game's display names for slugs (words of the sentence, lower
    case first but at its start: ``in_text``).  Slugs go first, so a
    player's name is never taken for one."""
    text = _SLUG.sub(lambda m: _named(game, m), event_text(game, event, reader))
    return with_names(text, dict(enumerate(names)))


def _named(game: str, slug: re.Match[str]) -> str:
    """The term a slug of an old event's stored text names, as ``event_line`` writes it."""
    name = term(game, slug.group(0))
    return name if slug.start() == 0 else in_text(name)


def words(game: str, text: str) -> str:
    """A move's notation as shown in a mail, in the reader's notation
    ("neem 1 vissteiger D3", which the reply parser reads too), with card
    and building names for any engine slug left ("take 1 Fishing harbour D3")."""
    return _words(get_language() or "", game, text)


@lru_cache(maxsize=8192)
def _words(language: str, game: str, text: str) -> str:
    """``words`` in ``language`` (the active one: it is a pure function of
    these three, so a mail's thirty options are worked out once a process)."""
    return move_words(game, text)


#: Submissions ``log_tail`` reads at once: more than a round of every
#: seat's steps, so the mails of a move seldom ask again.
TAIL = 32


def log_tail(match, up_to_ply: int) -> tuple[list[tuple[int, int]], bool]:
    """``(ply, seat_index)`` of the match's latest ``TAIL`` submissions up
    to ``up_to_ply``, newest first, and whether they are all there are:
    whose turns came when, for the "since" and "changes" lines of the
    mails about that position (read once, kept on ``match``)."""
    known = match.__dict__.setdefault("_mail_log_tails", {})
    if up_to_ply not in known:
        records = MoveRecord.objects.filter(match=match, ply__lte=up_to_ply).order_by("-ply")
        rows = list(records.values_list("ply", "seat_index")[:TAIL])
        known[up_to_ply] = (rows, len(rows) < TAIL)
    return known[up_to_ply]


def own_ply(match, seat_index: int, up_to_ply: int) -> int | None:
    """The ply of ``seat_index``'s latest submission up to ``up_to_ply``
    (``None``: none yet): from ``log_tail``, asked apart only when the seat
    did not play within it."""
    known = match.__dict__.setdefault("_mail_own_plies", {})
    key = (seat_index, up_to_ply)
    if key not in known:
        rows, complete = log_tail(match, up_to_ply)
        own = next((ply for ply, seat in rows if seat == seat_index), None)
        if own is None and not complete:
            own = (
                MoveRecord.objects.filter(match=match, seat_index=seat_index, ply__lte=up_to_ply)
                .order_by("-ply")
                .values_list("ply", flat=True)
                .first()
            )
        known[key] = own
    return known[key]


def _since(match, seat_index: int, own: int | None, up_to_ply: int, record, *, with_own: bool) -> list:
    """The submissions after ``own`` up to ``up_to_ply``, in ply order (the
    reader's own ones may be among them), ``own`` itself first when
    ``with_own``; ``record`` (one of them) is not read again when it is the
    only one to tell."""
    rows, complete = log_tail(match, up_to_ply)
    with_own = with_own and own is not None
    if complete or (own is not None and own >= rows[-1][0]):
        # Every submission after ``own`` is in the tail.
        others = [ply for ply, seat in rows if ply > (own or 0) and seat != seat_index]
        if not others and not with_own:
            return []
        if record is not None and others == [record.ply] and not with_own:
            return [record]
    first = (own or 0) - 1 if with_own else own or 0
    records = MoveRecord.objects.filter(match=match, ply__gt=first, ply__lte=up_to_ply).order_by("ply")
    return list(records.only("ply", "seat_index", "kind", "source", "events"))


def visible_lines(game: str, events, seat_index: int | None, names: list[str]) -> list[str]:
    """The lines of ``events`` that ``seat_index`` may see."""
    return [event_line(game, e, names, seat_index) for e in events if e.visible_to(seat_index)]


def _caused(rules: Rules[Any, Any], told, seat_index: int) -> list[Event]:
    """The events of the seat's own submission ``told`` that it did not
    choose: what its moves caused (cards drawn, a tile taken, a scoring at
    the end of its turn), which a player who moved on the site read only
    there.  A move the clock played for the seat is all news to them."""
    events = map(Event.load, told.events)
    if told.source == MoveRecord.Source.SYSTEM or told.kind != MoveRecord.Kind.MOVE:
        return list(events)
    # What only the seat may see of its own turn is what came into its
    # hand ("You drew ..."), which the mail's changes line tells.
    return [e for e in not_chosen(rules, events, seat_index) if tuple(e.to or ()) != (seat_index,)]


def not_chosen(rules: Rules[Any, Any], events, seat_index: int) -> list[Event]:
    """``events`` without the seat's own chosen moves (``move_events`` of
    the seat): for the seat's own mails, which say what it played already.
    The engine words those in the third person ("Bob placed Mill at D4
    from their hand."), which must not be read by Bob himself; what the
    moves caused (a tile taken, cards drawn, a scoring) stays."""
    chosen = rules.move_events
    return [e for e in events if not (e.kind in chosen and e.data.get("seat") == seat_index)]


def told_to_mover(rules: Rules[Any, Any], events, seat_index: int) -> list[Event]:
    """``events`` as the mail answering the seat's own move tells them:
    what ``not_chosen`` keeps, and those of its own moves the engine words
    in the second person ("You pay the toll of 3 with ...", "You sell tile
    blue 4."), whose consequences (money paid, a tile sold, a toll due)
    the move's notation alone does not say; those as the engine's
    ``receipt_wordings`` tell them, without the move the mail's headline
    names already."""
    told = []
    for e in events:
        if e.kind not in rules.move_events or e.data.get("seat") != seat_index:
            told.append(e)
        elif e.message is not None and rules.second_person.get(e.message.template, ("",))[0] == "seat":
            wording = rules.receipt_wordings.get(e.message.template)
            if wording is None:
                told.append(e)
            elif wording:
                told.append(Event.say(e.kind, Message(wording, e.message.params), e.data, e.to))
    return told


def _played_on(match, told) -> bool:
    """Did the game go on after the submission ``told`` (a resignation that
    did not end it: the engine plays the seat's turns from then on)?"""
    return told.ply < match.ply or match.status != Match.Status.FINISHED


def since_lines(
    *, match, seat_index: int, up_to_ply: int, names: list[str], record=None, with_own: bool = False
) -> list[str]:
    """The lines for ``seat_index``'s "your move" mail about the position
    after ``up_to_ply``: a heading, then one line per visible event of every
    other seat's submission after the seat's own latest one (all of them
    when it has not played yet).  Empty when nothing happened.  ``record``:
    the submission of ``up_to_ply``, when the caller holds it (when it is
    the only one to tell, the log is not read again).

    ``with_own``: first the visible events of the seat's own latest
    submission that were not its own moves (``_caused``): a scoring or a
    draw at the end of its turn, which the mover's receipt told only a
    player who moved by email.  The events keep their audience: a line is
    told only to a seat that may see it."""
    own = own_ply(match, seat_index, up_to_ply)
    lines: list[str] = []
    for told in _since(match, seat_index, own, up_to_ply, record, with_own=with_own):
        if told.seat_index == seat_index:
            if told.ply == own and with_own:
                caused = _caused(get_rules(match.game), told, seat_index)
                lines.extend(f"- {line}" for line in visible_lines(match.game, caused, seat_index, names))
            continue
        who = names[told.seat_index] if told.seat_index < len(names) else str(told.seat_index + 1)
        visible = [event for event in map(Event.load, told.events) if event.visible_to(seat_index)]
        seen = [event_line(match.game, event, names, seat_index) for event in visible]
        if told.kind == MoveRecord.Kind.TIMEOUT:
            # One line for the engine's "was dropped" too: the game went on without them, or it ended.
            seen = [
                line
                for line, event in zip(seen, visible, strict=True)
                if not (event.kind == "departed" and event.data.get("seat") == told.seat_index)
            ]
            said = (
                _("%(player)s ran out of time and is dropped: ranked last, their turns are played automatically.")
                if _played_on(match, told)
                else _("%(player)s ran out of time and loses the game.")
            )
            seen.insert(0, said % {"player": who})
        elif told.kind == MoveRecord.Kind.RESIGN:
            said = _("%(name)s resigned.") % {"name": who}
            seen = [line for line in seen if line != said]  # the engine's own event says it too
            if _played_on(match, told):  # the seat's default moves follow: say why
                said = _("%(name)s resigned. From now on their turns are played automatically.") % {"name": who}
            seen.insert(0, said)
        elif told.source == MoveRecord.Source.SYSTEM:  # the clock's move for a player out of time
            seen.insert(0, _("%(name)s ran out of time; this move was played for them:") % {"name": who})
        lines.extend(f"- {line}" for line in seen)
    if not lines:
        return []
    return [_("Since your last move:"), *lines]


__all__ = ["event_line", "log_tail", "not_chosen", "own_ply", "since_lines", "told_to_mover", "visible_lines", "words"]
