"""The contract every game implements, and the value types it speaks in.

A game is a *rules object* (one per game, stateless) plus a game-specific,
immutable-by-contract ``State``.  The Django side only ever talks to games
through this protocol: it never looks inside a state, and it renders
templates, emails and API answers from ``view(state, seat)`` alone.

Seats are 0-based integers.  ``to_move`` returns a set so that alternating
turns, simultaneous phases and multi-step turns all have one shape.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeAlias, TypeVar, runtime_checkable

from .message import Message

Seat: TypeAlias = int
JSON: TypeAlias = Any
#: A game's state type (a frozen dataclass of that game).
StateT = TypeVar("StateT")
#: A game's move type (usually a union of frozen dataclasses).
MoveT = TypeVar("MoveT")


class Termination(enum.Enum):
    """How a game ended."""

    NORMAL = "normal"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"


class TurnReveal(enum.Enum):
    """What a move of a message of several may show its seat that the seat
    could not see when it wrote the message (``blind``): after such a move
    a later refused one leaves the moves before it played.  What a game's
    mails say about replies of several moves rests on it."""

    #: Nothing: a message is played whole or not at all.
    NOTHING = "nothing"
    #: Cards (or tiles) drawn or turned up: an Alta refresh, an Atlantis sale.
    CARDS = "cards"
    #: Only other seats passing because they hold nothing they can play
    #: (Alpaca with three or more players).
    PASSES = "passes"


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log and emails.

    ``to`` says who may see it: ``None`` is everyone (public), a tuple of seats
    is only those seats, and the empty tuple is nobody but the server (chance
    results kept for audit and replay, such as the exact cards drawn).
    ``text`` is a short English sentence for that audience; ``message`` is
    the same sentence for translation (``Event.say`` fills both); ``data``
    is the same fact as JSON-safe data.
    """

    kind: str
    text: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    to: tuple[Seat, ...] | None = None
    message: Message | None = None

    @classmethod
    def say(
        cls, kind: str, message: Message, data: Mapping[str, JSON] | None = None, to: tuple[Seat, ...] | None = None
    ) -> Event:
        """The event whose sentence is ``message`` (English ``text`` from it)."""
        return cls(kind, message.english(), dict(data or {}), to, message)

    @classmethod
    def lazy(cls, kind: str, message: Message, data: dict[str, JSON], to: tuple[Seat, ...] | None = None) -> Event:
        """``say``'s event with ``data`` kept (not copied: a fresh dict),
        built without the dataclass ``__init__`` and without its English
        ``text``, which is rendered when first read (``__getattr__``).  An
        equal object, for engines whose moves make many events that nobody
        reads (a random game, a mail's whole-turn search)."""
        new = object.__new__(cls)
        fields = new.__dict__
        fields["kind"] = kind
        fields["data"] = data
        fields["to"] = to
        fields["message"] = message
        return new

    def __getattr__(self, name: str) -> Any:
        # Only for attributes not set: an engine that builds events without
        # ``__init__`` may leave ``text`` out, and it is rendered from
        # ``message`` when first read (most events of a random or replayed
        # game are never read).
        if name == "text" and "message" in self.__dict__:
            text = self.__dict__["text"] = self.__dict__["message"].english()
            return text
        raise AttributeError(name)

    def visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        if self.to is None:
            return True
        return seat is not None and seat in self.to

    def dump(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "text": self.text,
            "data": dict(self.data),
            "to": None if self.to is None else list(self.to),
            **({"message": self.message.dump()} if self.message is not None else {}),
        }

    @classmethod
    def load(cls, data: Mapping[str, JSON]) -> Event:
        to = data.get("to")
        message = data.get("message")
        return cls(
            kind=data["kind"],
            text=data["text"],
            data=dict(data.get("data") or {}),
            to=None if to is None else tuple(to),
            message=None if message is None else Message.load(message),
        )


@dataclass(frozen=True)
class Transition(Generic[StateT]):
    """The result of ``apply``: the new state and what happened on the way."""

    state: StateT
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Unplayed:
    """The end of a message that was not played: an earlier move of it
    turned up cards its writer had not seen, so the moves up to the one
    refused stand, as they would at the table (``blind``).  ``moves``: the
    refused move and those after it, as written; ``reason``: why the first
    of them was refused (worded for the writer alone: it may name their
    cards)."""

    moves: tuple[str, ...]
    reason: Message

    def dump(self) -> dict[str, JSON]:
        return {"moves": list(self.moves), "reason": self.reason.dump()}

    @classmethod
    def load(cls, data: Mapping[str, JSON]) -> Unplayed:
        return cls(tuple(data["moves"]), Message.load(data["reason"]))


class TextMoves(NamedTuple):
    """What ``apply_text_moves`` played of a message: the transition, the
    moves, their canonical text, and the end of it not played (``None``:
    every move was played)."""

    transition: Transition[Any]
    moves: list[Any]
    text: str
    unplayed: Unplayed | None = None


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores`` has one entry per seat; ``ranking`` lists groups of seats from
    first to last place (seats in one group are tied after every tie-break);
    ``details`` is a per-seat, JSON-safe score breakdown.
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[Seat, ...], ...]
    termination: Termination
    details: tuple[Mapping[str, JSON], ...] = ()

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.ranking[0] if self.ranking else ()

    def place_of(self, seat: Seat) -> int:
        """1-based place of ``seat`` (tied seats share the better place)."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise KeyError(seat)

    def dump(self) -> dict[str, JSON]:
        return {
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "termination": self.termination.value,
            "details": [dict(d) for d in self.details],
        }


@dataclass(frozen=True)
class SeatReveal:
    """What one seat's hidden holdings and score were at the end of a game.

    ``revealed`` maps a name to what the rules reveal at the end (Alta's
    ``merchants``, Alhambra's money ``hand``, Alpaca's tile ``hand``); it is
    empty for a game that reveals nothing.  ``breakdown`` is the seat's score
    breakdown (``Outcome.details``).  Both are JSON-safe and read as labelled
    lines with ``games.breakdown.breakdown_lines``.
    """

    seat: Seat
    score: int
    revealed: Mapping[str, JSON]
    breakdown: Mapping[str, JSON]

    def dump(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "score": self.score,
            "revealed": dict(self.revealed),
            "breakdown": dict(self.breakdown),
        }


@runtime_checkable
class Rules(Protocol[StateT, MoveT]):
    """What every game's rules object provides (see ``games.engine.base``).

    Every method is pure: it never mutates its arguments and never reads a
    clock, settings or a database.  Seats are 0-based; ``EngineError`` and
    its subclasses (``games.engine.errors``) are the only errors a player's
    input can cause, each with a message written for that player.  "Never
    raises" means for valid input: a state of this game as its engine made
    it, a seat of that state; a value of the wrong kind (a move of another
    game, a seat out of range) is a caller's mistake and may raise anything
    (``TypeError`` where a method names it).
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    engine_version: ClassVar[int]
    #: True when a move's notation names only what every player sees once
    #: it is played (then histories show it to everyone).
    public_move_text: ClassVar[bool]
    #: The ``Outcome.details`` key that ranks seats level on points ("":
    #: they share the place).
    tie_break: ClassVar[str]
    #: The kinds of event that tell a seat's own choice (``data["seat"]``),
    #: as its move text does; every other event is what the move caused.
    move_events: ClassVar[frozenset[str]]
    #: ``{template: (key, template)}``: an event's wording for the seat
    #: ``data[key]`` it is about ("You draw 1 card.").
    second_person: ClassVar[Mapping[str, tuple[str, str]]]
    #: ``{template: receipt template}``: a ``second_person`` move event as
    #: the mover's own mail tells it (its consequences; "": left out).
    receipt_wordings: ClassVar[Mapping[str, str]]
    #: ``{template: template shown}``: an event's wording as pages and
    #: mails show it, where the stored one reads badly (display only).
    shown_wordings: ClassVar[Mapping[str, str]]
    #: ``{template: past-tense template}``: an event as the move history
    #: (the game page, the replay, the data export) words it (display only).
    history_wordings: ClassVar[Mapping[str, str]]
    #: ``{item template: counted template}``: equal items in a row of a
    #: listed parameter, shown once with their ``%(count)s`` (display only).
    counted_wordings: ClassVar[Mapping[str, str]]

    # ------------------------------------------------------------- playing
    def setup(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> StateT:
        """Returns the start state for ``players`` seats, every shuffle decided
        by ``seed``; raises ``ValueError`` for an unsupported player count."""
        ...

    def to_move(self, state: StateT) -> frozenset[Seat]:
        """Returns the seats whose move the game waits for; empty exactly when
        the game is over; never raises."""
        ...

    def turn_reveal(self, players: int) -> TurnReveal:
        """Returns what a move may show its seat mid-message in a game of
        ``players`` seats (``TurnReveal``); never raises (any count, even
        one the game does not allow, gets an answer)."""
        ...

    def turn_number(self, state: StateT, seat: Seat) -> int:
        """Returns a number naming ``seat``'s current turn: a seat that is
        to move in two states is in the same turn exactly when the numbers
        are equal (a new turn begins without the seat having stopped being
        to move when the others passed, or when it closes one round and
        leads the next); never raises."""
        ...

    def check_can_move(self, state: StateT, seat: Seat) -> None:
        """Returns when ``seat`` may move now; raises ``GameOver`` or
        ``NotYourTurn``."""
        ...

    def legal_moves(self, state: StateT, seat: Seat) -> Sequence[MoveT]:
        """Returns every legal move of ``seat`` in a stable order (the first
        is the default), empty when ``seat`` is not to move; never raises.
        A game may list one representative per class of moves it declares
        alike, saying so in its own docstring; ``apply`` still accepts every
        legal move, listed or not."""
        ...

    def apply(self, state: StateT, seat: Seat, move: MoveT) -> Transition[StateT]:
        """Returns the state after ``seat`` plays ``move`` and its events;
        raises ``GameOver``, ``NotYourTurn`` or ``IllegalMove``."""
        ...

    def apply_moves(self, state: StateT, seat: Seat, moves: Sequence[MoveT]) -> Transition[StateT]:
        """Returns ``apply`` of each move in order as one transition (replaying
        a stored submission); raises as ``apply`` does."""
        ...

    def apply_text_moves(self, state: StateT, seat: Seat, text: str, *, sees_all: bool = False) -> TextMoves:
        """Returns the transition of the moves in a message (``;`` or new
        lines between moves), the moves and their canonical text (what
        ``format_move`` writes, ``; ``-separated), all or nothing until a
        move turns up cards the seat had not seen: a later move refused
        after that leaves the moves before it played and the rest in
        ``unplayed`` (``blind``), unless ``sees_all`` (the system's own
        moves: all or nothing).  Raises ``NotationError`` (empty or
        unparsable text, the failing part named) or what ``apply`` raises."""
        ...

    def default_move(self, state: StateT, seat: Seat) -> MoveT:
        """Returns the move played for ``seat`` when it times out or has left;
        raises ``IllegalMove`` when ``seat`` has no move."""
        ...

    def resign(self, state: StateT, seat: Seat, reason: Termination = Termination.RESIGNATION) -> Transition[StateT]:
        """Returns the state after ``seat`` leaves (the others play on, its
        turns auto-played); raises ``GameOver``, or ``IllegalMove`` for an
        unknown or departed seat."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """Returns the result, or ``None`` while the game is not over; never
        raises."""
        ...

    def reveal(self, state: StateT) -> tuple[SeatReveal, ...] | None:
        """Returns one ``SeatReveal`` per seat once the game is over, ``None``
        before (nothing hidden is revealed early); never raises."""
        ...

    def setup_events(self, state: StateT) -> tuple[Event, ...]:
        """Returns what every player saw happen at the table during the
        setup that ``state`` (as ``setup`` returned it) came from, as public
        events: a deal the rules make face up (Alhambra's start money).
        Empty for a game whose setup shows nothing beyond its first view;
        never raises."""
        ...

    # ---------------------------------------------------- notation and views
    def parse_move(self, state: StateT, seat: Seat, text: str) -> MoveT:
        """Returns the move ``text`` names for ``seat``; raises
        ``NotationError`` (the message says what was expected)."""
        ...

    def split_turn_text(self, text: str) -> list[str]:
        """Returns the moves a message holds, as the game cuts it (``;`` and
        new lines, and each game's own cues: "sell 4 bridge 31" is two
        Atlantis moves), stripped, empty parts left out (``[]``: no move);
        never raises."""
        ...

    def format_move(self, state: StateT, seat: Seat, move: MoveT) -> str:
        """Returns the notation of ``move`` (a legal move of ``seat``), which
        ``parse_move`` reads back as the same move; raises ``TypeError`` for
        a value that is not a move of this game (a caller's mistake, not a
        player's: never an ``EngineError``)."""
        ...

    def move_options(self, state: StateT, seat: Seat) -> list[tuple[str, MoveT]]:
        """Returns ``(text, move)`` for every legal move of ``seat`` in
        ``legal_moves`` order (numbered options in mail and on the page);
        ``parse_move`` reads each text back as its move; empty when
        ``seat`` is not to move; never raises."""
        ...

    def option_text(self, state: StateT, seat: Seat, number: int) -> str | None:
        """Returns the text of option ``number`` (from 1) of
        ``move_options``, without listing the others; ``None`` when there
        is no such option (any ``number``); never raises."""
        ...

    def view(self, state: StateT, seat: Seat | None) -> dict[str, JSON]:
        """Returns the JSON-safe view of ``seat`` (``None``: a spectator),
        without anything that seat may not know; never raises."""
        ...

    def notation_in(self, text: str, language: str) -> str:
        """Returns canonical move text (``format_move``'s) as written in
        ``language`` (read back by ``parse_move`` to the same move), the
        text unchanged for English or a language the game has no words for;
        never raises."""
        ...

    def help_text(self, language: str = "en") -> str:
        """Returns the player-facing notation and rules help (Markdown) in
        ``language`` where the game has it, else in English; never raises."""
        ...

    def randomize_hidden(self, state: StateT, seat: Seat | None, seed: int) -> StateT:
        """Returns a state ``seat`` (``None``: a spectator) cannot tell apart
        from ``state``, all it cannot see re-dealt from ``seed`` (the
        hidden-information test); never raises."""
        ...

    # ---------------------------------------------------------------- codec
    def dump(self, state: StateT) -> dict[str, JSON]:
        """Returns the state as versioned JSON-safe data (every secret in it:
        server side only); never raises."""
        ...

    def load(self, data: Mapping[str, JSON]) -> StateT:
        """Returns the state ``dump`` wrote; raises ``StateVersionError`` for
        data of another game or engine version."""
        ...

    def dump_move(self, move: MoveT) -> JSON:
        """Returns ``move`` as JSON-safe data (``load_move`` reads it back);
        raises ``TypeError`` for a value that is not a move of this game,
        as ``format_move`` does."""
        ...

    def load_move(self, data: JSON) -> MoveT:
        """Returns the move ``dump_move`` wrote; raises ``EngineError`` (one
        of its subclasses) for any other data (a client's structured move
        may be anything)."""
        ...
