"""``BaseRules``: the parts of the protocol that are the same for every game.

A game subclasses ``BaseRules`` and implements the small ``_``-prefixed hooks
below; the base class supplies the checks every ``apply`` needs (game over,
not your turn), resignation and the auto-play of departed seats, ranking with
ties, multi-move turns from one message, the end-of-game reveal
(``_revealed``), and the versioned JSON envelope around the game's ``codec``.

State convention: a game's state is a frozen dataclass (or anything
``_replace`` can copy) with two fields the base class manages:

* ``departed``: tuple of ``(seat, termination value)`` in the order seats left;
* ``early_end``: ``None``, or the termination value that ended the game
  before its natural end (only one seat left).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .blind import Blind
from .errors import (
    EngineError,
    GameOver,
    IllegalMove,
    NotationError,
    NotYourTurn,
    StateVersionError,
)
from .message import Joined, gettext_noop, message
from .protocol import (
    JSON,
    Event,
    MoveT,
    Outcome,
    Seat,
    SeatReveal,
    Termination,
    TextMoves,
    Transition,
    TurnReveal,
    Unplayed,
)
from .wording import Wording, written_in

_TURN_SEPARATORS = re.compile(r"[;\n]+")
#: More digits in a row than any move's number has, by far: Python's ``int``
#: refuses a few thousand (a ``ValueError``, no refusal for the player).
_LONG_NUMBER = re.compile(r"\d{101,}")


def refuse_long_numbers(text: str) -> None:
    """For a game's ``parse_move``, before it reads any number of ``text``.

    :raises NotationError: ``text`` holds a number of more than 100 digits.
    """
    found = _LONG_NUMBER.search(text)
    if found:
        raise NotationError(
            gettext_noop("A number of %(digits)s digits is no part of any move."), digits=len(found.group())
        )


class GameState(Protocol):
    """The fields ``BaseRules`` reads in every game's state (see above)."""

    @property
    def players(self) -> int: ...

    @property
    def departed(self) -> tuple[tuple[Seat, str], ...]: ...

    @property
    def early_end(self) -> str | None: ...


S = TypeVar("S", bound=GameState)


class Codec(Protocol[S, MoveT]):
    """A game's ``codec`` module: its state and moves <-> JSON-safe data."""

    def dump_state(self, state: S) -> dict[str, JSON]:
        """Every field of ``state``, secrets included."""
        ...

    def load_state(self, data: Mapping[str, JSON]) -> S:
        """The state ``dump_state`` wrote."""
        ...

    def dump_move(self, move: MoveT) -> JSON:
        """``move`` as JSON-safe data."""
        ...

    def load_move(self, data: JSON) -> MoveT:
        """The move ``dump_move`` wrote; raises an ``EngineError`` for data
        that is no move of this game."""
        ...


def rank_seats(keys: Sequence[Any], departed: Sequence[Seat] = ()) -> tuple[tuple[Seat, ...], ...]:
    """Rank seats from first to last place.

    ``keys[seat]`` is any comparable value, higher is better (for example
    ``(score, harbours)``); equal keys share a place.  Seats in ``departed``
    (in the order they left) rank below every other seat, later leavers above
    earlier ones, each alone in its place.
    """
    gone = set(departed)
    playing = sorted((s for s in range(len(keys)) if s not in gone), key=lambda s: keys[s], reverse=True)
    ranking: list[tuple[Seat, ...]] = []
    for seat in playing:
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1] = ranking[-1] + (seat,)
        else:
            ranking.append((seat,))
    ranking.extend((seat,) for seat in reversed(departed))
    return tuple(ranking)


class BaseRules(Generic[S, MoveT]):
    """Shared implementation of ``games.engine.protocol.Rules``.

    A game sets ``codec`` to its codec module (or overrides the four codec
    methods) and implements the hooks below.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    engine_version: ClassVar[int] = 1
    #: Does a move's notation name only what every player sees once it is
    #: played?  Then move histories show it to everyone; otherwise only to
    #: its author (the others see the move's public events).
    public_move_text: ClassVar[bool] = False
    #: The ``Outcome.details`` key the rules rank seats level on points by
    #: (Alta: fishing harbours); "" when such seats share the place.
    tie_break: ClassVar[str] = ""
    #: The kinds of event that tell a seat's own choice (``data["seat"]``:
    #: the seat), as its move text does.  A player is not told these back;
    #: every other event of their submission (cards drawn, a tile taken, a
    #: scoring at the end of their turn) they are.  Empty: every event.
    move_events: ClassVar[frozenset[str]] = frozenset()
    #: Events worded for the seat they are about, in its own mails:
    #: ``{template: (key, template_for_that_seat)}``, used when the event's
    #: ``data[key]`` is the reader's seat ("%(seat)s draws 1 card." -> "You
    #: draw 1 card."), so nobody reads about themselves by name.
    second_person: ClassVar[Mapping[str, tuple[str, str]]] = {}
    #: ``{template: receipt template}``: how the mover's own mail, whose
    #: headline names the move, words a ``second_person`` move event: its
    #: consequences alone ("Your other hand card, %(rest)s, is now face
    #: up."), or "" for one that only says the move again ("You take
    #: denar 8."), left out.  An event not named here is told as worded.
    receipt_wordings: ClassVar[Mapping[str, str]] = {}
    #: ``{template: template shown}``: how pages and mails word an event
    #: whose stored wording reads badly next to the others (stored events
    #: keep their template; only the words shown change).
    shown_wordings: ClassVar[Mapping[str, str]] = {}
    #: ``{template: past-tense template}``: an event worded in the present
    #: tense as the move history words it, in the past tense as the other
    #: games' histories read ("Ann placed ..."); display only.
    history_wordings: ClassVar[Mapping[str, str]] = {}
    #: ``{item template: counted template}``: equal items in a row of a
    #: listed parameter, shown once with their number ("a brown card, a
    #: brown card" -> "2 brown cards", ``%(count)s``); display only.
    counted_wordings: ClassVar[Mapping[str, str]] = {}
    #: The module whose package holds ``HELP.md`` (set by ``__init_subclass__``).
    help_package: ClassVar[str] = ""
    #: The game's state and moves <-> JSON (usually its ``codec`` module).
    codec: Codec[S, MoveT]
    #: The notation in other languages than English, by language code
    #: (``notation_in``); the parser reads each back to the same move.
    wordings: ClassVar[Mapping[str, Wording]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.help_package:
            cls.help_package = cls.__module__.rsplit(".", 1)[0]

    # ----------------------------------------------------------- game hooks
    def setup(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> S:
        raise NotImplementedError

    def _movers(self, state: S) -> frozenset[Seat]:
        """Seats whose action the game is waiting for (departed ones included)."""
        raise NotImplementedError

    def _apply(self, state: S, seat: Seat, move: MoveT) -> Transition[S]:
        """Apply a move already known to come from a seat in ``_movers``.

        :raises IllegalMove: with a message for the player.
        """
        raise NotImplementedError

    def _is_over(self, state: S) -> bool:
        """Whether the game reached its natural end."""
        raise NotImplementedError

    def _score(self, state: S) -> tuple[tuple[int, ...], Sequence[Any], tuple[Mapping[str, JSON], ...]]:
        """``(scores, ranking keys, details)`` for every seat (see ``rank_seats``)."""
        raise NotImplementedError

    def _revealed(self, state: S, seat: Seat) -> Mapping[str, JSON]:
        """What the rules reveal of ``seat`` at the end of the game (its
        hidden holdings), by name; nothing unless a game says otherwise."""
        return {}

    def _replace(self, state: S, **changes: Any) -> S:
        return cast(S, dataclasses.replace(cast(Any, state), **changes))

    def randomize_hidden(self, state: S, seat: Seat | None, seed: int) -> S:
        """A state that ``seat`` cannot tell apart from ``state``: everything it
        cannot see (other hands, deck order, the RNG) is re-dealt from ``seed``.
        Used by the hidden-information conformance test."""
        raise NotImplementedError

    # ------------------------------------------------------------ protocol
    def players(self, state: S) -> int:
        return int(state.players)

    def departed_seats(self, state: S) -> tuple[Seat, ...]:
        return tuple(seat for seat, _ in state.departed)

    def to_move(self, state: S) -> frozenset[Seat]:
        if self.is_finished(state):
            return frozenset()
        return self._movers(state) - frozenset(self.departed_seats(state))

    def is_finished(self, state: S) -> bool:
        return state.early_end is not None or self._is_over(state)

    def turn_reveal(self, players: int) -> TurnReveal:
        """``TurnReveal.CARDS``: right for a game whose moves may draw or
        turn up cards mid-turn.  A game whose moves never show anything
        hidden (or only what ``TurnReveal`` names otherwise) overrides it;
        ``tests/engine/test_turn_reveal.py`` holds each game to its answer."""
        return TurnReveal.CARDS

    def turn_number(self, state: S, seat: Seat) -> int:
        """0: right for a game in which the turn always passes to another
        seat before it comes back.  A game in which a seat can move two
        turns in a row overrides this with a number that grows."""
        return 0

    def check_can_move(self, state: S, seat: Seat) -> None:
        """:raises GameOver: the game has ended.
        :raises NotYourTurn: ``seat`` may not act now."""
        if self.is_finished(state):
            raise GameOver(gettext_noop("The game is over; no more moves can be made."))
        if seat not in self.to_move(state):
            waiting = sorted(self.to_move(state))
            names = Joined(tuple(message(gettext_noop("seat %(number)s"), number=s + 1) for s in waiting))
            raise NotYourTurn(gettext_noop("It is not your turn; the game is waiting for %(names)s."), names=names)

    def apply(self, state: S, seat: Seat, move: MoveT) -> Transition[S]:
        """Apply ``move`` for ``seat`` and return the new state and its events.

        :raises GameOver, NotYourTurn, IllegalMove: nothing changes.
        """
        self.check_can_move(state, seat)
        transition = self._apply(state, seat, move)
        return self._autoplay_departed(transition)

    def outcome(self, state: S) -> Outcome | None:
        if not self.is_finished(state):
            return None
        scores, keys, details = self._score(state)
        ranking = rank_seats(keys, self.departed_seats(state))
        termination = Termination(state.early_end) if state.early_end is not None else Termination.NORMAL
        return Outcome(tuple(scores), ranking, termination, tuple(details))

    def setup_events(self, state: S) -> tuple[Event, ...]:
        """Nothing: a game whose rules deal something face up says so."""
        return ()

    def reveal(self, state: S) -> tuple[SeatReveal, ...] | None:
        """Every seat's revealed holdings and score breakdown once the game
        is over (``None`` before): the one structure the finished game's
        page and mail render."""
        outcome = self.outcome(state)
        if outcome is None:
            return None
        details = outcome.details or ({},) * len(outcome.scores)
        return tuple(
            SeatReveal(seat, score, self._revealed(state, seat), details[seat])
            for seat, score in enumerate(outcome.scores)
        )

    def default_move(self, state: S, seat: Seat) -> MoveT:
        """The move played for a seat that timed out or left the game."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(gettext_noop("There is no legal move for this seat."))
        return moves[0]

    def legal_moves(self, state: S, seat: Seat) -> Sequence[MoveT]:
        raise NotImplementedError

    def resign(self, state: S, seat: Seat, reason: Termination = Termination.RESIGNATION) -> Transition[S]:
        """``seat`` leaves the game; the others play on.

        The seat ranks below every seat still playing; from now on its turns
        are played with ``default_move``.  When one seat is left the game ends
        with ``reason`` as its termination.

        :raises GameOver: the game has ended.
        :raises IllegalMove: the seat has already left.
        """
        if self.is_finished(state):
            raise GameOver(gettext_noop("The game is over; you can no longer resign."))
        if not 0 <= seat < self.players(state):
            raise IllegalMove(gettext_noop("There is no seat %(seat)s in this game."), seat=seat + 1)
        if seat in self.departed_seats(state):
            raise IllegalMove(gettext_noop("You have already left this game."))
        departed = tuple(state.departed) + ((seat, reason.value),)
        changes: dict[str, Any] = {"departed": departed}
        if self.players(state) - len(departed) <= 1:
            changes["early_end"] = reason.value
        new_state = self._replace(state, **changes)
        template = (
            gettext_noop("%(seat)s resigned.")
            if reason is Termination.RESIGNATION
            else gettext_noop("%(seat)s was dropped.")
        )
        event = Event.say(
            "departed",
            message(template, seat=f"Seat {seat + 1}"),
            {"seat": seat, "reason": reason.value},
        )
        return self._autoplay_departed(Transition(new_state, (event,)))

    def _autoplay_departed(self, transition: Transition[S]) -> Transition[S]:
        state, events = transition.state, list(transition.events)
        gone = frozenset(self.departed_seats(state))
        if not gone:
            return transition
        while not self.is_finished(state):
            waiting = self._movers(state) & gone
            if not waiting:
                break
            seat = min(waiting)
            move = self.default_move(state, seat)
            step = self._apply(state, seat, move)
            state = step.state
            events.extend(step.events)
        return Transition(state, tuple(events))

    # ------------------------------------------------------------ notation
    def parse_move(self, state: S, seat: Seat, text: str) -> MoveT:
        raise NotImplementedError

    def format_move(self, state: S, seat: Seat, move: MoveT) -> str:
        raise NotImplementedError

    def notation_in(self, text: str, language: str) -> str:
        """``text`` (the canonical, English notation of ``format_move`` or
        ``move_options``) as a reader of ``language`` writes it: a
        rendering that ``parse_move`` reads back to the same move."""
        return written_in(self.wordings, text, language)

    def split_turn_text(self, text: str) -> list[str]:
        """Split a message into the moves it contains (``;`` or new lines)."""
        return [part.strip() for part in _TURN_SEPARATORS.split(text) if part.strip()]

    def apply_text(self, state: S, seat: Seat, text: str) -> Transition[S]:
        """Parse and apply every move in ``text`` in order, as one submission.

        All or nothing until a move turns up cards the seat had not seen:
        then the moves before a later refused one are applied
        (``apply_text_moves``); otherwise, if any part fails, the error
        names that part and nothing is applied.

        :raises NotationError: empty text, or a part does not parse.
        :raises IllegalMove, NotYourTurn, GameOver: as for ``apply``.
        """
        return self.apply_text_moves(state, seat, text).transition

    def apply_text_moves(self, state: S, seat: Seat, text: str, *, sees_all: bool = False) -> TextMoves:
        """``apply_text``, also returning the moves it applied and their
        canonical text (``format_move`` of each, ``; ``-separated), for the
        log: a move typed in another language's words or another spelling
        is kept as the engine writes it, so each reader sees it in theirs.

        Once a move has turned up cards the seat had not seen
        (``blind.Blind.cuts``), a later part that is refused is not a
        reason to take that move back (the seat would learn the cards and
        choose again): the moves before it stand and the rest is returned
        as ``unplayed``.  ``sees_all``: the moves were chosen by the system
        knowing the whole state (a timed-out seat's default turn), all or
        nothing."""
        parts = self.split_turn_text(text)
        if not parts:
            raise NotationError(gettext_noop("The message contains no move."))
        events: list[Event] = []
        moves: list[MoveT] = []
        written: list[str] = []
        blind = None
        if len(parts) > 1 and not sees_all:
            blind = Blind(self, state, seat, lambda world, part: self._later_part(world, seat, part)[1].state)
        for number, part in enumerate(parts, start=1):
            try:
                move, step = self._later_part(state, seat, part) if number > 1 else self._first_part(state, seat, part)
            except EngineError as error:
                if blind is not None and blind.cuts:
                    unplayed = Unplayed(tuple(parts[number - 1 :]), error.message)
                    return TextMoves(Transition(state, tuple(events)), moves, "; ".join(written), unplayed)
                if len(parts) == 1:
                    raise
                raise type(error)(
                    gettext_noop('In move %(number)s ("%(part)s"): %(error)s'),
                    number=number,
                    part=part,
                    error=error.message,
                ) from error
            if blind is not None:
                blind.play(part, step.state)
            written.append(self.format_move(state, seat, move))
            state = step.state
            events.extend(step.events)
            moves.append(move)
        return TextMoves(Transition(state, tuple(events)), moves, "; ".join(written))

    def _first_part(self, state: S, seat: Seat, part: str) -> tuple[MoveT, Transition[S]]:
        move = self.parse_move(state, seat, part)
        return move, self.apply(state, seat, move)

    def _later_part(self, state: S, seat: Seat, part: str) -> tuple[MoveT, Transition[S]]:
        """A part after the first: refused once the turn is over."""
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("your turn was already complete before it"))
        return self._first_part(state, seat, part)

    def apply_moves(self, state: S, seat: Seat, moves: Sequence[MoveT]) -> Transition[S]:
        """Apply already-parsed moves in order (replaying a stored submission)."""
        events: list[Event] = []
        for move in moves:
            step = self.apply(state, seat, move)
            state = step.state
            events.extend(step.events)
        return Transition(state, tuple(events))

    def move_options(self, state: S, seat: Seat) -> list[tuple[str, MoveT]]:
        """Every legal move with its notation, in a stable order (for numbered
        options in emails and for the web page)."""
        return [(self.format_move(state, seat, m), m) for m in self.legal_moves(state, seat)]

    def option_text(self, state: S, seat: Seat, number: int) -> str | None:
        """The text of option ``number`` (from 1): only the chosen legal
        move is written out, not all of them (hundreds in Alhambra).  A
        game that labels its own options overrides this with them."""
        legal = self.legal_moves(state, seat)
        return self.format_move(state, seat, legal[number - 1]) if 1 <= number <= len(legal) else None

    def help_text(self, language: str = "en") -> str:
        """The player-facing notation and rules help in ``language`` (a
        language code such as ``nl`` or ``nl-be``): the game's
        ``HELP.<language>.md``, else its English ``HELP.md``."""
        folder = resources.files(self.help_package)
        code = language.lower().split("-")[0]
        translated = folder.joinpath(f"HELP.{code}.md")
        if code != "en" and translated.is_file():
            return translated.read_text("utf-8")
        return folder.joinpath("HELP.md").read_text("utf-8")

    # ---------------------------------------------------------------- codec
    def dump(self, state: S) -> dict[str, JSON]:
        """The state as versioned, JSON-safe data (server-side only: it holds
        every secret)."""
        return {
            "game": self.slug,
            "engine_version": self.engine_version,
            "state": self._dump_state(state),
        }

    def load(self, data: Mapping[str, JSON]) -> S:
        """:raises StateVersionError: the data is for another game or version."""
        if data.get("game") != self.slug:
            raise StateVersionError(
                gettext_noop("Not a %(name)s state: %(repr)s."), name=self.name, repr=repr(data.get("game"))
            )
        if data.get("engine_version") != self.engine_version:
            raise StateVersionError(
                gettext_noop(
                    "%(name)s state of engine version %(value)s cannot be read by version %(engine_version)s."
                ),
                name=self.name,
                value=str(data.get("engine_version")),
                engine_version=self.engine_version,
            )
        return self._load_state(data["state"])

    def dump_move(self, move: MoveT) -> JSON:
        """``move`` as JSON-safe data."""
        return self.codec.dump_move(move)

    def load_move(self, data: JSON) -> MoveT:
        """:raises EngineError: the data is no move of this game."""
        return self.codec.load_move(data)

    def _dump_state(self, state: S) -> dict[str, JSON]:
        return self.codec.dump_state(state)

    def _load_state(self, data: Mapping[str, JSON]) -> S:
        return self.codec.load_state(data)
