"""The organised event a match belongs to (a tournament's round and
board), for its mails and its page, so that games never depends on the app
that organised it (dependencies point towards ``games``).

An app that creates matches for an event marks them with its kind
(``Match.organised_by``, set by ``match_create_seated``) and registers, in
its ``AppConfig.ready``, a provider for that kind: ``provider(match)``
returns the match's :class:`EventContext`, or ``None``.  A match with no
kind (a casual game) asks no provider: no query.  A provider is
asked at most once per match object (its answer is kept on it), so a mail
job that writes to every seat of a game reads the event once.

Everything a context says is public (the event's name, round, board,
the round's deadline): it goes to every seat alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.models import Match


def _no_lines(reader, opponents: list[str]) -> list[str]:
    return []


def _nothing() -> list[str]:
    return []


@dataclass(frozen=True)
class EventContext:
    """What a player may read about the event a match belongs to."""

    #: The event page's path ("/tournaments/3/").
    url: str
    #: ``line()``: the event in one short line, in the active language
    #: ("Club Cup · round 2 · board T1").
    line: Callable[[], str]
    #: ``pairing(reader, opponents)``: the lines that make the game's first
    #: mail the pairing notice (who ``reader`` plays, the round's deadline
    #: in their time zone), in the active language.
    pairing: Callable[[object, list[str]], list[str]] = _no_lines
    #: The event's id (a tournament's, for ``/api/tournaments/{id}/``),
    #: name and round number, for clients that read it as data.
    id: int | None = None
    name: str = ""
    round: int | None = None
    #: ``place()``: where in the round the match is played, in the active
    #: language ("board T1", "final").
    place: Callable[[], str] = str
    #: ``ending()``: what the game-over mail adds when the event, not the
    #: players, decided the game (an organiser's result, a player who left
    #: the event), whose end the site's resignations only carried out; in
    #: the active language, empty for a game played to its end.
    ending: Callable[[], list[str]] = _nothing


Provider = Callable[[Match], "EventContext | None"]
_PROVIDERS: dict[str, Provider] = {}
#: The kinds whose games may be played again as a rematch (``rematch_allowed``).
_REMATCH_KINDS: set[str] = set()
#: Where a match keeps its provider's answer (not a field).
_KEPT = "_event_context"


def event_context_register(kind: str, provider: Provider, *, rematch: bool = False) -> None:
    """Ask ``provider(match)`` about the matches organised by ``kind``.
    ``rematch``: its players may play a finished game again outside the
    event (a ladder's); an event that pairs every game of its own (a
    tournament) says no, as a second game would look like one of its own."""
    _PROVIDERS[kind] = provider
    if rematch:
        _REMATCH_KINDS.add(kind)
    else:
        _REMATCH_KINDS.discard(kind)


def rematch_allowed(match: Match) -> bool:
    """May the players of ``match`` (once it is over) play it again?"""
    return not match.organised_by or match.organised_by in _REMATCH_KINDS


def event_context(match: Match) -> EventContext | None:
    """The event ``match`` belongs to; ``None`` for a match no event
    organised, without a query."""
    if not match.organised_by:
        return None
    if _KEPT not in match.__dict__:
        provider = _PROVIDERS.get(match.organised_by)
        match.__dict__[_KEPT] = provider(match) if provider is not None else None
    return match.__dict__[_KEPT]


__all__ = ["EventContext", "event_context", "event_context_register", "rematch_allowed"]
