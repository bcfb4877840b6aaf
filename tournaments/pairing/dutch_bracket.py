"""One score bracket of the Dutch system: the best pairing in the standard order.

``dutch.py`` builds a bracket's pairing in steps (its module doc, steps
4-6): each downfloater takes a resident, an odd bracket floats one resident
down, then S1 meets S2 (S2 transposed, then exchanges with the lowest S1
players), and S2 players left over meet each other.  Every step takes its
options in that standard order, and takes one only when everybody still
unpaired can be paired (the matching oracle, C.04.3's completion
criterion).  A player with no such option floats down.  The search tree of
those choices has the greedy pairing (every step's first option) as its
first leaf.

Of all the leaves, :class:`BracketSearch` takes the best by C.04.3's
quality criteria, in FIDE's order (numbered as in the 2017 text; later
texts renumber them):

1. the fewest players left unpaired (C.5);
2. the fewest players whose colour difference passes +2 or -2 (C.8), then
   who get the same colour three times running (C.9).  FIDE counts only
   topscorers here, as only they may meet with the same absolute
   preference; here nobody may where it can be avoided, so these count
   only when ``dutch.py`` (step 7) allows clashes, and then for everybody;
3. the fewest players who do not get their colour preference (C.10), then
   whose strong or absolute preference is not met (C.11);
4. the fewest floaters who also floated down last round (C.12).

Among equally good leaves the first in the standard order wins, so a
bracket whose greedy pairing is already best keeps it.

The search deepens iteratively on that key (IDA*): it looks for the first
leaf no worse than a target, pruning every step whose lower bound (the
costs so far, plus what the wishes of the players still to place force) is
worse.  The first target is the bound of the whole bracket; a failed search
raises it to the smallest bound it pruned, so the first leaf found is the
first best one (the greedy one, found straight away, whenever it meets the
bound).  A search that ignores the colours first checks that a number of
floaters is possible before the colours are deepened at it.  After
``SEARCH_BUDGET`` pairing attempts (plus one per player) the search stops,
and the best leaf seen, or the greedy one if that is no worse, stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .matching import Matching

# Pairing attempts per bracket beyond one per player: each costs one
# matching repair, so this bounds a bracket's work whatever its history.
SEARCH_BUDGET = 1_000

# A leaf's quality, lower is better (module doc): floaters, colour
# differences past +-2, same colour three times running, unmet preferences,
# unmet strong ones, floaters who floated last round too.
Key = tuple[int, int, int, int, int, int]
FLOATERS = 0
UNLIMITED: Key = (1 << 30,) * 6
Snapshot = tuple[list[int], list[bool], int, int]

# The stages of a bracket's pairing (``dutch.py``, steps 4-6).
DOWN, FLOAT, S1, REST = range(4)


class Wish(NamedTuple):
    """A player's colour preference as the bounds see it."""

    colour: int  # +1 first, -1 second, 0 none
    strong: bool  # strong or absolute


class _Cursor(NamedTuple):
    """Where a bracket's pairing stands: a stage and a position in it."""

    stage: int
    position: int = 0
    s1: tuple[int, ...] = ()
    s2: tuple[int, ...] = ()

    def after(self) -> _Cursor:
        return self._replace(position=self.position + 1)


class _Step(NamedTuple):
    """A step taken: who was paired (two players) or floated (one), the
    matching before a pairing, and what the step added to the key."""

    players: tuple[int, ...]
    saved: Snapshot | None
    cost: Key


@dataclass
class _Choice:
    """One step: ``opener`` takes one of ``options`` (None: who floats)."""

    cursor: _Cursor
    opener: int | None
    options: list[int]
    next: int = 0
    paired: bool = False  # some option was completable: the opener may not float
    applied: _Step | None = None


class _Leaf(NamedTuple):
    """A complete pairing of the bracket, as the search left it."""

    key: Key
    pairs: list[tuple[int, int]]
    left: list[int]
    matching: Snapshot


class _OutOfBudget(Exception):
    pass


class _Wishes:
    """The colour wishes of the players still to place, counted for bounds."""

    def __init__(self, wish: Sequence[Wish], players: Sequence[int]) -> None:
        self.wish = wish
        self.count = {1: 0, -1: 0, 0: 0}
        self.strong = {1: 0, -1: 0}
        for v in players:
            self.add(v, 1)

    def add(self, v: int, sign: int) -> None:
        colour, strong = self.wish[v]
        self.count[colour] += sign
        if strong:
            self.strong[colour] += sign

    def bound(self, spare: int) -> tuple[int, int]:
        """Lower bounds on the unmet preferences, then the unmet strong ones,
        when these players are paired among themselves but for at most
        ``spare`` floaters.

        A pair whose players want the same colour leaves one of them
        without it.  Players wanting the colour more players want must meet
        each other once the others (and each floater) are used up; and k
        strong wishes of one colour in p pairs put two in a pair k - p times.
        """
        first, second, none = self.count[1], self.count[-1], self.count[0]
        unmet = max(0, (abs(first - second) - none - spare) // 2)
        size = first + second + none
        strong = sum(max(0, (2 * many - size - spare) // 2) for many in self.strong.values())
        return unmet, strong


class BracketSearch:
    """The pairing of one score bracket (module doc).

    :param matching: the round's oracle; the chosen pairs are removed from
        it, the floaters stay in it.
    :param adjacent: may two players meet (no rematch, and no colour clash
        unless the round allows them).
    :param preferred: is a pairing free of a colour clash (such partners
        are tried first).
    :param colour_cost: a pair's (beyond +-2, three running, unmet, unmet
        strong) counts, as the seats would be allocated.
    :param floated: who floated down last round.
    :param down: the players floated into this bracket, highest first.
    :param residents: the bracket's own players, highest first.
    :param last: the lowest bracket (nobody floats out of it for parity).
    """

    def __init__(
        self,
        matching: Matching,
        adjacent: Callable[[int, int], bool],
        preferred: Callable[[int, int], bool],
        colour_cost: Callable[[int, int], tuple[int, int, int, int]],
        wish: Sequence[Wish],
        floated: set[int],
        down: Sequence[int],
        residents: Sequence[int],
        last: bool,
    ) -> None:
        self.matching = matching
        self.adjacent = adjacent
        self.preferred = preferred
        self.colour_cost = colour_cost
        self.wish = wish
        self.floated = floated
        self.down = list(down)
        self.residents = list(residents)
        self.last = last
        self.tries = 0
        self.budget = SEARCH_BUDGET + len(self.down) + len(self.residents)
        self.next_target = UNLIMITED
        self.root = matching.snapshot()
        self.best = _Leaf(UNLIMITED, [], [], self.root)
        self._reset()
        self.root_bound = self._root_bound()

    def run(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The bracket's pairs and its floaters, the first best found (module
        doc); the matching is left as that pairing leaves it."""
        try:
            self._deepen()
        except _OutOfBudget:
            self._fall_back_on_greedy()
        self.matching.restore(self.best.matching)
        return self.best.pairs, sorted(self.best.left)

    def _deepen(self) -> None:
        """Search with ever higher targets until one finds a leaf.

        Before the colours are deepened a second time at one number of
        floaters, a search with no colour limit checks that some leaf has so
        few: else a bracket that must float more (rematches) would be
        searched in full once per colour target.
        """
        target = self.root_bound
        checked = -1  # the number of floaters known to be possible
        while target <= self.best.key:
            if self._search_from_root(target):
                return
            floaters, target = target[FLOATERS], self.next_target
            if target[FLOATERS] == floaters and checked != floaters:
                checked = floaters
                if not self._search_from_root((floaters, *UNLIMITED[1:])):
                    target = self.next_target

    def _search_from_root(self, target: Key | None) -> bool:
        self._reset()
        self.next_target = UNLIMITED
        return self._search(target)

    def _fall_back_on_greedy(self) -> None:
        """Out of budget: the greedy pairing, unless a better one was seen."""
        seen, self.best = self.best, _Leaf(UNLIMITED, [], [], self.root)
        self._search_from_root(None)  # never backtracks: every step is completable
        if seen.key < self.best.key:
            self.best = seen

    def _reset(self) -> None:
        self.matching.restore(self.root)
        self.pairs: list[tuple[int, int]] = []
        self.left: list[int] = []
        self.cost = [0] * 6
        self.unplaced = _Wishes(self.wish, self.down + self.residents)

    def _root_bound(self) -> Key:
        """A lower bound on every leaf's key: an odd bracket floats one."""
        parity = (len(self.down) + len(self.residents)) % 2 if not self.last else 0
        unmet, strong = self.unplaced.bound(parity)
        return (parity, 0, 0, unmet, strong, 0)

    # The depth-first search -------------------------------------------------

    def _search(self, target: Key | None) -> bool:
        """Depth-first in the standard order: stop at the first leaf no worse
        than ``target`` (None: at the first leaf), the state left as it has it."""
        stack: list[_Choice] = []
        step = self._next_choice(_Cursor(DOWN))
        if step is None:
            return self._leaf(target)
        stack.append(step)
        while stack:
            choice = stack[-1]
            if choice.applied is not None:
                self._undo(choice)
            if not self._apply_next(choice, target):
                stack.pop()
                continue
            step = self._next_choice(choice.cursor.after())
            if step is None:
                if self._leaf(target):
                    return True
            else:
                stack.append(step)
        return False

    def _next_choice(self, cursor: _Cursor) -> _Choice | None:
        """The next step from ``cursor`` on, or None when the bracket is done."""
        alive = self.matching.alive
        while True:
            stage, at, s1, s2 = cursor
            if stage == DOWN:
                if at < len(self.down):
                    return self._choice(cursor, self.down[at], [u for u in self.residents if alive[u]])
                cursor = _Cursor(FLOAT)
            elif stage == FLOAT:
                free = [u for u in self.residents if alive[u] and u not in self.left]
                if at == 0 and len(free) % 2 and not self.last:
                    return _Choice(cursor, None, self._floater_order(free))
                half = len(free) // 2
                cursor = _Cursor(S1, 0, tuple(free[:half]), tuple(free[half:]))
            elif stage == S1 and at < len(s1):
                if alive[s1[at]]:
                    others = [u for u in s2 if alive[u]] + [u for u in reversed(s1[at + 1 :]) if alive[u]]
                    return self._choice(cursor, s1[at], others)
                cursor = cursor.after()
            elif stage == S1:
                cursor = _Cursor(REST, 0, (), tuple(u for u in s2 if alive[u]))
            elif at < len(s2):  # REST: S2 players left over meet each other
                if alive[s2[at]]:
                    return self._choice(cursor, s2[at], [u for u in s2[at + 1 :] if alive[u]])
                cursor = cursor.after()
            else:
                return None

    def _choice(self, cursor: _Cursor, opener: int, candidates: list[int]) -> _Choice:
        """``opener``'s step: partners without a colour clash first."""
        clear = [u for u in candidates if self.preferred(opener, u)]
        return _Choice(cursor, opener, clear + [u for u in candidates if not self.preferred(opener, u)])

    def _floater_order(self, free: list[int]) -> list[int]:
        """Who may float for parity: the lowest who did not float last
        round first (the greedy choice), then the others from the bottom."""
        first = next((v for v in reversed(free) if v not in self.floated), free[-1])
        return [first] + [v for v in reversed(free) if v != first]

    def _apply_next(self, choice: _Choice, target: Key | None) -> bool:
        """Apply ``choice``'s next option within ``target``; False when none is left.

        An opener floats only when none of its partners can be taken.
        """
        while choice.next < len(choice.options):
            option = choice.options[choice.next]
            choice.next += 1
            if choice.opener is None:
                choice.applied = self._float(option)
            else:
                choice.applied = self._pair(choice.opener, option, counted=target is not None)
                if choice.applied is None:
                    continue
                choice.paired = True
            if self._within(target):
                return True
            self._undo(choice)
        if choice.opener is not None and not choice.paired and choice.next == len(choice.options):
            choice.next += 1  # the opener's last option: floating
            choice.applied = self._float(choice.opener)
            if self._within(target):
                return True
            self._undo(choice)
        return False

    # Steps and their undoing -------------------------------------------------

    def _pair(self, a: int, b: int, counted: bool) -> _Step | None:
        """Pair ``a`` and ``b`` if allowed and everybody else stays pairable."""
        matching = self.matching
        if not (matching.alive[a] and matching.alive[b] and self.adjacent(a, b)):
            return None
        if counted:
            self.tries += 1
            if self.tries > self.budget:
                raise _OutOfBudget
        saved = matching.snapshot()
        matching.remove(a, b)
        if matching.size < matching.alive_count // 2:
            matching.restore(saved)
            return None
        beyond, running, unmet, strong = self.colour_cost(a, b)
        self.pairs.append((min(a, b), max(a, b)))
        return self._took(_Step((a, b), saved, (0, beyond, running, unmet, strong, 0)))

    def _float(self, v: int) -> _Step:
        self.left.append(v)
        return self._took(_Step((v,), None, (1, 0, 0, 0, 0, int(v in self.floated))))

    def _took(self, step: _Step) -> _Step:
        for v in step.players:
            self.unplaced.add(v, -1)
        self._add(step.cost, 1)
        return step

    def _undo(self, choice: _Choice) -> None:
        step, choice.applied = choice.applied, None
        assert step is not None
        if step.saved is None:
            self.left.pop()
        else:
            self.matching.restore(step.saved)
            self.pairs.pop()
        for v in step.players:
            self.unplaced.add(v, 1)
        self._add(step.cost, -1)

    def _key(self) -> Key:
        floaters, beyond, running, unmet, strong, again = self.cost
        return floaters, beyond, running, unmet, strong, again

    def _add(self, cost: Key, sign: int) -> None:
        for i, amount in enumerate(cost):
            self.cost[i] += sign * amount

    # Bounds and leaves ---------------------------------------------------------

    def _within(self, target: Key | None) -> bool:
        """Can this step still lead to a leaf no worse than ``target``?  If
        not, a bound on where it leads joins the candidates for the next
        target."""
        if target is None:
            return True
        floaters, beyond, running, unmet, strong, again = self._key()
        floaters = self._with_parity(floaters)
        spare = target[FLOATERS] - floaters
        if spare < 0:
            self.next_target = min(self.next_target, (floaters, beyond, running, unmet, strong, again))
            return False
        more_unmet, more_strong = self.unplaced.bound(spare)
        bound = (floaters, beyond, running, unmet + more_unmet, strong + more_strong, again)
        if bound <= target:
            return True
        # The bound holds for leaves with at most the target's floaters.
        more_floaters = self._with_parity(target[FLOATERS] + 1)
        self.next_target = min(self.next_target, bound, (more_floaters, beyond, running, unmet, strong, again))
        return False

    def _with_parity(self, floaters: int) -> int:
        """The fewest floaters a leaf can have if it has at least ``floaters``:
        the others pair off, so an odd bracket floats an odd number."""
        return floaters + (floaters - len(self.down) - len(self.residents)) % 2

    def _leaf(self, target: Key | None) -> bool:
        key = self._key()
        if key < self.best.key:
            self.best = _Leaf(key, list(self.pairs), list(self.left), self.matching.snapshot())
        if target is None or key <= target:
            return True
        self.next_target = min(self.next_target, key)
        return False
