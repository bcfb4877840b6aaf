"""What changed for the reader since their last turn, and their time bank:
two lines of a "your move" mail, in words.

The change compares the reader's own view now with their view of the
position their previous "your move" mail showed (just before their last
turn): their score (the game's public points: Alta's island points,
Alhambra's, Atlantis' and Alpaca's scores) and the cards (tiles, money)
that came into their hand since then, among them those drawn at the end
of their own turn, which no mail showed them yet.  Only the reader's own
view is read, so nothing hidden leaks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.moments import moment_for
from games.boards.alhambra.common import money_text
from games.boards.alta.common import card_name
from games.boards.atlantis.common import hand_list
from games.deadlines.selectors import duration_text
from games.engine import Rules, get_rules
from games.models import MoveRecord
from games.timing.clock import turn_budget

from .positions import advanced, state_at
from .since import log_tail, own_ply


def _score(game: str, view: dict[str, Any], seat: int) -> int | None:
    try:
        if game == "alta":
            return next(i["island_points"] for i in view["islands"] if i["seat"] == seat)
        if game == "alpaca":
            return view["scores"][seat]
        return view["seats"][seat]["score"]
    except (KeyError, IndexError, StopIteration, TypeError):
        return None


def _hand(game: str, view: dict[str, Any]) -> Counter:
    """The reader's hand as countable items."""
    hand = view.get("hand") or []
    if game == "atlantis":
        return Counter({colour: count for colour, count in dict(hand).items() if count})
    if game == "alpaca":
        return Counter(tile["tile"] for tile in hand)
    return Counter(hand)


def _new_cards(game: str, new: Counter) -> str:
    """The cards of ``new`` in words ("" for none)."""
    if not new:
        return ""
    if game == "alta":
        return ", ".join(card_name(slug) for slug in sorted(new.elements()))
    if game == "alhambra":
        return money_text(sorted(new.elements()))
    if game == "atlantis":
        return hand_list(dict(new))
    count = sum(new.values())
    return ngettext("%(count)s tile", "%(count)s tiles", count) % {"count": count}


def _came_in(match, rules: Rules[Any, Any], seat_index: int, ply: int, up_to_ply: int, then: dict[str, Any]) -> Counter:
    """What came into the reader's hand from ``ply`` to ``up_to_ply``, one
    submission at a time: comparing only the two ends would miss a card
    drawn of the same kind as one played from the hand in between."""
    state, view = state_at(match, ply), then
    came: Counter = Counter()
    records = MoveRecord.objects.filter(match=match, ply__gt=ply, ply__lte=up_to_ply).order_by("ply")
    for record in records:
        state = advanced(rules, state, record)
        later = rules.view(state, seat_index)
        came += _hand(match.game, later) - _hand(match.game, view)
        view = later
    return came


def _baseline_ply(match, seat_index: int, up_to_ply: int) -> int | None:
    """The ply the reader's previous "your move" mail was about: the last
    other seat's submission before the reader's latest run of their own
    (0: the start).  ``None`` when the reader has not played yet."""
    own = own_ply(match, seat_index, up_to_ply)
    if own is None:
        return None
    rows, complete = log_tail(match, up_to_ply)
    if rows and own >= rows[-1][0]:
        # The tail reaches back to ``own``: the answer is in it, or before
        # it (then only when the tail is not the whole log).
        before = next((ply for ply, seat in rows if ply < own and seat != seat_index), None)
        if before is not None or complete:
            return before or 0
    others = MoveRecord.objects.filter(match=match, ply__lt=own).exclude(seat_index=seat_index)
    before = others.order_by("-ply").values_list("ply", flat=True).first()
    return before or 0


def change_line(*, match, seat_index: int, up_to_ply: int, view_now: dict[str, Any]) -> str:
    """ "For you since your last turn: …" for the mail about the position
    after ``up_to_ply`` ("" before the reader's first turn)."""
    ply = _baseline_ply(match, seat_index, up_to_ply)
    if ply is None:
        return ""
    rules = get_rules(match.game)
    then = rules.view(state_at(match, ply), seat_index)
    parts = []
    before, after = _score(match.game, then, seat_index), _score(match.game, view_now, seat_index)
    if before is not None and after is not None:
        if after == before:
            parts.append(_("your score is still %(score)s") % {"score": after})
        else:
            parts.append(
                _("your score went from %(before)s to %(after)s (%(change)+d)")
                % {"before": before, "after": after, "change": after - before}
            )
    if match.game == "alta":
        # Each Alta turn empties the hand (one card placed, the other laid
        # face up) before drawing 2: all the reader holds now came in.
        came = _hand(match.game, view_now)
    else:
        came = _came_in(match, rules, seat_index, ply, up_to_ply, then)
    new = _new_cards(match.game, came)
    if new:
        parts.append(_("new in your hand: %(cards)s") % {"cards": new})
    else:
        parts.append(_("nothing new in your hand"))
    return _("For you since your last turn: %(changes)s.") % {"changes": "; ".join(parts)}


def bank_line(match, seat, user) -> str:
    """The Fischer bank of ``seat``, which is to move ("" without a bank):
    what this turn began with, when it runs out (the seat's deadline, in
    the reader's zone, the zone named), and what a move adds."""
    if match.bank_initial_days is None or seat.deadline_at is None:
        return ""
    cap = match.bank_cap_days or max(match.bank_initial_days, match.bank_increment_days)
    return _(
        "Your time bank: %(bank)s when this turn began; it runs out on %(when)s (%(zone)s time). "
        "Each move adds %(add)s, up to %(cap)s."
    ) % {
        "bank": duration_text(turn_budget(match, seat)),
        **moment_for(user, seat.deadline_at),
        "add": duration_text(match.bank_increment_days * 86400),
        "cap": duration_text(cap * 86400),
    }


__all__ = ["bank_line", "change_line"]
