"""Positions and whole-turn lists for mail, computed once and shared.

A move's mails need the position after that move (and, for a mover still
to move, the one before it); a reply naming a whole turn's letter needs
the list of whole turns the mail showed.  Both are costly to rebuild (a
replay from the seed grows with the game; Alhambra's whole turns take up
to ~150 ms), so both are kept in the cache (Redis as deployed, shared by
every worker and the inbound path), and a miss computes exactly what a
hit returns:

* ``state_at(match, ply)``: the current state from the match row; an
  earlier one from the cache (``remember`` stores each position a mail
  was written for), or from the cached ply before it and that ply's
  record, or replayed from the seed (``games.selectors.match_state_at``).
  A lagging worker thus replays once, then advances one record at a time.
  Keys name the match and the ply; a position is a pure function of the
  match's seed, options and move log, which never change for a ply once
  it is stored.
* ``listed_turns(rules, state, seat)``: ``turns.whole_turns`` keyed by a
  digest of the dumped state and the seat, so a letter is always read
  back against the list computed for exactly that position.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

from django.core.cache import cache

from games.engine import Rules, Termination, get_rules
from games.models import MoveRecord
from games.selectors import match_state_at

from .turns import WholeTurn, whole_turns

logger = logging.getLogger(__name__)

#: Bump when ``turns.whole_turns`` lists other turns for the same position.
TURNS_VERSION = 5
#: How long a position and its whole turns stay cached: a correspondence
#: turn may take days; a miss only costs the computation.
TIMEOUT = 14 * 86400


def _state_key(match_id: int, ply: int) -> str:
    return f"mail:state:{match_id}:{ply}"


def _dumped(rules: Rules[Any, Any], state) -> str:
    return json.dumps(rules.dump(state), sort_keys=True, separators=(",", ":"))


def remember(match, ply: int, state) -> None:
    """Keep the position after ``ply`` for the mails of the next plies."""
    cache.set(_state_key(match.pk, ply), get_rules(match.game).dump(state), TIMEOUT)


def _cached(match, rules: Rules[Any, Any], ply: int):
    data = cache.get(_state_key(match.pk, ply))
    return None if data is None else rules.load(data)


def advanced(rules: Rules[Any, Any], state, record: MoveRecord):
    """``state`` after ``record`` (what ``match_state_at`` does per record)."""
    if record.kind == MoveRecord.Kind.MOVE:
        return rules.apply_moves(state, record.seat_index, [rules.load_move(m) for m in record.moves]).state
    reason = Termination.RESIGNATION if record.kind == MoveRecord.Kind.RESIGN else Termination.TIMEOUT
    return rules.resign(state, record.seat_index, reason).state


def state_at(match, ply: int, *, record: MoveRecord | None = None):
    """The engine state after ``ply`` submissions (secrets included: for
    renderers only).  ``record`` is the match's record of ``ply`` when the
    caller has it (saves a query on a cache miss)."""
    rules = get_rules(match.game)
    if ply == match.ply:
        return rules.load(match.started_state)
    state = _cached(match, rules, ply)
    if state is not None:
        return state
    before = _cached(match, rules, ply - 1) if ply > 0 else None
    if before is not None:
        if record is None or record.ply != ply:
            record = MoveRecord.objects.get(match=match, ply=ply)
        state = advanced(rules, before, record)
    else:
        state = match_state_at(match, ply)
    remember(match, ply, state)
    return state


def listed_turns(rules: Rules[Any, Any], state, seat: int) -> list[WholeTurn]:
    """``whole_turns(rules, state, seat)``, from the cache when another
    mail or reply of this position computed it already."""
    digest = hashlib.sha256(_dumped(rules, state).encode()).hexdigest()
    key = f"mail:turns:{TURNS_VERSION}:{rules.slug}:{seat}:{digest}"
    stored = cache.get(key)
    if stored is not None:
        return [WholeTurn(letter, tuple(steps)) for letter, steps in stored]
    turns = whole_turns(rules, state, seat)
    cache.set(key, [(turn.letter, list(turn.steps)) for turn in turns], TIMEOUT)
    return turns


def state_kept(match, ply: int):
    """The state after ``ply`` when the mails of that position kept it
    (``remember``), else ``None``: never a replay."""
    return _cached(match, get_rules(match.game), ply)


def same_choices(rules: Rules[Any, Any], before, after, seat: int) -> bool:
    """Is ``seat`` to move in both positions with the same options and
    whole turns listed?  Then a mail that asked it in ``before`` still
    answers in ``after`` (seats asked at once, as Alhambra's hand-out asks:
    one seat's move leaves another's choices as they were)."""
    if seat not in rules.to_move(before) or seat not in rules.to_move(after):
        return False
    options = [text for text, _move in rules.move_options(before, seat)]
    return options == [text for text, _move in rules.move_options(after, seat)] and listed_turns(
        rules, before, seat
    ) == listed_turns(rules, after, seat)


__all__ = ["TURNS_VERSION", "listed_turns", "remember", "same_choices", "state_at", "state_kept"]
