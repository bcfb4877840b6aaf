"""Whole-turn choices for a turn email (pure: rules and a state in, text out).

A turn of most games has several steps (Alta: a hand card, a face-up card,
a merchant; Alhambra: an action, then placing what was bought; Atlantis:
sell, bridge, move, pay; Alpaca: a tile, then a bonus).  The numbered
options in a mail are the steps of *now*; ``whole_turns`` adds complete
turns, each lettered (A, B, …), so a player who only reads the mail can
finish any turn with one reply of one letter.

Contracts:

* every listed turn is legal as a whole in the position it is listed for
  (it was played through on that position), and the same state and seat
  always give the same list, so a reply naming a letter is read back
  against the list the mail showed;
* a listed turn plays through in every re-deal of ``games.engine.blind``;
  it is not tried on the real position past its first step (whether it
  plays there could tell the cards a step turned up);
* a turn is never continued past a step that reveals something the seat
  cannot see yet (an Alta refresh, a card drawn mid-turn): whether such a
  continuation is legal would tell the player hidden cards.  A step is
  "revealing" when playing it on the real state and on a state with every
  hidden card re-dealt leaves the seat two different views.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any

from games.engine import EngineError, Rules
from games.engine.blind import SEEDS

#: Whole turns listed in one mail, at most.
MAX_TURNS = 8
#: Steps of one turn, at most (a turn longer than this is not listed).
MAX_STEPS = 12
#: Re-deals a turn is searched in (the first of ``blind.SEEDS``, fixed so
#: that the list is the same at every call); a listed turn is then checked
#: in all of them, as the intake reads a reply.
_SEARCHED = 3
#: Options tried at a later step before giving a turn up.
_TRIES = 6
LETTERS = string.ascii_uppercase[:MAX_TURNS]
TURN_LETTER = re.compile(r"^\s*(?:turn|beurt)?\s*([A-Za-z])\s*[.)]?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class WholeTurn:
    letter: str
    #: The steps in the game's notation, in order.
    steps: tuple[str, ...]

    @property
    def text(self) -> str:
        return "; ".join(self.steps)


def whole_turns(rules: Rules[Any, Any], state, seat: int) -> list[WholeTurn]:
    """Up to ``MAX_TURNS`` complete turns for ``seat``, each starting with a
    different first step (spread over the numbered options, in their
    order).  Empty when ``seat`` is not to move or when every option
    already ends the turn (the numbered options are whole turns then)."""
    if seat not in rules.to_move(state):
        return []
    options = rules.move_options(state, seat)
    redeals = _worlds(rules, state, seat)
    worlds = redeals[:_SEARCHED]
    found: dict[int, tuple[str, ...]] = {}
    tried = _spread(len(options), 3 * MAX_TURNS)
    single = True
    # The options spread over the whole list first, then the others in
    # between: once MAX_TURNS turns are found, one of them longer than a
    # step, the rest need not be tried (each costs a search).
    first = _spread(len(options), MAX_TURNS)
    for index in first + [i for i in tried if i not in first]:
        text, move = options[index]
        steps = _complete(rules, state, worlds, seat, text, move)
        single = single and steps is not None and len(steps) == 1
        if steps is not None and steps not in found.values():
            found[index] = steps
        if len(found) >= MAX_TURNS and any(len(steps) > 1 for steps in found.values()):
            single = False
            break
    # The options not searched (more than ``3 * MAX_TURNS``, as Alpaca's
    # first tiles) may start a longer turn: letters are listed then, and
    # not when each of them ends the turn too (asked with one apply each).
    searched = set(tried)
    untried = [option for index, option in enumerate(options) if index not in searched]
    if single and _each_ends(rules, state, seat, untried):
        return []
    # Searched in three re-deals; a reply is checked in all of the engine's
    # (``games.engine.blind``): keep only the turns a reply plays as listed.
    turns = [found[index] for index in sorted(found) if _plays(rules, redeals, seat, found[index])]
    spread = [turns[i] for i in _spread(len(turns), MAX_TURNS)]
    return [WholeTurn(letter, steps) for letter, steps in zip(LETTERS, spread, strict=False)]


def _each_ends(rules: Rules[Any, Any], state, seat: int, options: list) -> bool:
    """Does each of ``options`` (labels and moves) end ``seat``'s turn?
    One apply each, no search: a refused option ends nothing."""
    for _text, move in options:
        try:
            after = rules.apply(state, seat, move).state
        except EngineError:
            return False
        if not turn_over(rules, state, after, seat):
            return False
    return True


def turn_for_letter(rules: Rules[Any, Any], state, seat: int, letter: str, *, turns=whole_turns) -> WholeTurn | None:
    """The whole turn the mail for this position listed under ``letter``;
    ``turns`` computes the list (``whole_turns`` or a cached copy of it)."""
    wanted = letter.upper()
    return next((turn for turn in turns(rules, state, seat) if turn.letter == wanted), None)


def turn_key(state) -> tuple:
    """What changes when a turn ends, in every game's state: its round and
    turn counters (a seat may play the last turn of a round and the first
    of the next one back to back)."""
    return (getattr(state, "round", None), getattr(state, "turn", None))


def turn_over(rules: Rules[Any, Any], before, after, seat: int) -> bool:
    """Did the step from ``before`` to ``after`` end ``seat``'s turn?"""
    return seat not in rules.to_move(after) or rules.outcome(after) is not None or turn_key(before) != turn_key(after)


def _spread(count: int, wanted: int) -> list[int]:
    """``wanted`` indexes spread evenly over ``range(count)`` (all when fewer)."""
    if count <= wanted:
        return list(range(count))
    return sorted({round(i * (count - 1) / (wanted - 1)) for i in range(wanted)})


def _plays(rules: Rules[Any, Any], redeals: list, seat: int, steps: tuple[str, ...]) -> bool:
    """Does the reply of these steps play as the intake reads it?

    A listed turn should play whole wherever the hidden cards lie, so each
    step, read as text, must play in every re-deal of ``games.engine.blind``
    (``redeals``: those, computed once per position here rather than once
    per candidate turn).  The search played these steps in the first
    ``_SEARCHED`` re-deals, by labels that read back to the same moves, so
    only the other re-deals are asked (not the real position: see
    ``_complete``; where the real cards refuse a step after one that
    turned them up, the reply plays up to there and tells the rest as not
    played)."""
    return len(steps) == 1 or all(_accepts(rules, world, seat, steps) for world in redeals[_SEARCHED:])


def _accepts(rules: Rules[Any, Any], state, seat: int, steps: tuple[str, ...]) -> bool:
    """Does each step, parsed in turn, play while ``seat`` is to move?"""
    for text in steps:
        if seat not in rules.to_move(state):
            return False
        try:
            state = rules.apply(state, seat, rules.parse_move(state, seat, text)).state
        except EngineError:
            return False
    return True


def _worlds(rules: Rules[Any, Any], state, seat: int) -> list:
    """Positions ``seat`` cannot tell from ``state`` (every hidden card
    re-dealt, with the intake's ``blind.SEEDS``), the same ones at every
    call; empty for a game that cannot re-deal (its turns are then listed
    only when one step long)."""
    try:
        return [rules.randomize_hidden(state, seat, seed) for seed in SEEDS]
    except NotImplementedError:
        return []


def _complete(rules: Rules[Any, Any], state, worlds: list, seat: int, text: str, move) -> tuple[str, ...] | None:
    """The steps of one whole turn beginning with ``move``, or ``None``.

    The first step is a real option; every later one is chosen in the
    re-dealt positions only (the first of their options that plays and ends
    the turn alike in all of them), never in the real one, so what the mail
    lists says nothing about cards the player cannot see.  A step after
    which the re-dealt positions offer different choices (a refresh shows
    new face-up cards, cards drawn change the moves) ends the search: the
    rest of such a turn depends on what it reveals."""
    try:
        after = rules.apply(state, seat, move).state
    except EngineError:
        return None
    if turn_over(rules, state, after, seat):
        return (text,)
    played = _played(rules, worlds, seat, text)
    options = _agreeing(rules, played, seat) if played and MAX_STEPS > 1 else None
    steps = None if options is None else _finish(rules, played, options, seat, (text,))
    # Not checked on the real position: the re-dealt ones can all agree on
    # a card the real one lacks (re-deals that happen to draw alike), and
    # leaving such a turn out would tell that card.  A reply naming it plays
    # up to the step that turned the cards up; the rest is told as not
    # played (``games.engine.blind``).
    return steps


def _alike(options: list, others: list) -> bool:
    """Do two positions offer the same choices (the same labels in order)?"""
    return len(options) == len(others) and all(a == b for (a, _m), (b, _n) in zip(options, others, strict=True))


def _agreeing(rules: Rules[Any, Any], worlds: list, seat: int) -> list | None:
    """Each world's options, or ``None`` when the worlds offer different
    choices (the last step revealed a card the next choices depend on);
    asked world by world, the first that differs settles it."""
    options = [rules.move_options(worlds[0], seat)]
    for world in worlds[1:]:
        listed = rules.move_options(world, seat)
        if not _alike(listed, options[0]):
            return None
        options.append(listed)
    return options


def _finish(
    rules: Rules[Any, Any], worlds: list, options: list, seat: int, steps: tuple[str, ...]
) -> tuple[str, ...] | None:
    """``steps`` completed in the re-dealt ``worlds`` (where they were
    played; ``options``: theirs, alike in all), depth first over the first
    ``_TRIES`` options of each step, at most ``MAX_STEPS`` in all.  A
    choice plays on when it ends the turn in every world, or in none and
    they still agree on what comes next."""
    deeper = len(steps) + 1 < MAX_STEPS
    for index, (text, _move) in enumerate(options[0][:_TRIES]):
        step = _step(rules, worlds, options, seat, index, deeper=deeper)
        if step is None:
            continue
        played, following = step
        if not following:
            return (*steps, text)
        found = _finish(rules, played, following, seat, (*steps, text))
        if found is not None:
            return found
    return None


def _step(
    rules: Rules[Any, Any], worlds: list, options: list, seat: int, index: int, *, deeper: bool
) -> tuple[list, list] | None:
    """Each world with its option ``index`` played (the move its label
    reads back to, not parsed again) and, when the turn goes on, the
    options that follow (``[]``: it ended in all of them).  ``None`` as
    soon as one world refuses it, ends the turn where another did not, or
    offers other choices after it, or when the turn would go on past
    ``MAX_STEPS`` (``deeper`` false): the search gives that choice up.
    Played world by world, so a choice given up costs only the worlds that
    settle it."""
    played: list = []
    following: list = []
    over = None
    for world, listed in zip(worlds, options, strict=True):
        try:
            after = rules.apply(world, seat, listed[index][1]).state
        except EngineError:
            return None
        ended = turn_over(rules, world, after, seat)
        if over is None:
            over = ended
        if ended != over or not (ended or deeper):
            return None
        if not ended:
            mine = rules.move_options(after, seat)
            if following and not _alike(mine, following[0]):
                return None
            following.append(mine)
        played.append(after)
    return played, following


def _played(rules: Rules[Any, Any], worlds: list, seat: int, text: str) -> list:
    """``text`` played in each world; shorter when it fails in one."""
    out = []
    for world in worlds:
        try:
            out.append(rules.apply(world, seat, rules.parse_move(world, seat, text)).state)
        except EngineError:
            return []
    return out


__all__ = [
    "LETTERS",
    "MAX_TURNS",
    "TURN_LETTER",
    "WholeTurn",
    "turn_for_letter",
    "turn_key",
    "turn_over",
    "whole_turns",
]
