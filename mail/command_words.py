"""Which lines of a reply are commands (pure): the command words in
English and Dutch (``WORDS``), the command on a reply's first line
(``command_of``), one standing alone below its moves
(``command_below_moves``) and a lone unknown word a player tried for one
(``unknown_word``).  Answering them is ``commands``'."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .reply_text import greeting

#: Command words (lower case) → command.
WORDS = {
    "help": "help",
    "hulp": "help",
    "board": "board",
    "bord": "board",
    # What players try for "the position again" (a waiting player's unknown
    # word would otherwise be posted to the table as chat).
    "status": "board",
    "stand": "board",
    "position": "board",
    "positie": "board",
    "options": "board",
    "opties": "board",
    "games": "games",
    "partijen": "games",
    "history": "history",
    "geschiedenis": "history",
    "resign": "resign",
    "opgeven": "resign",
    "vacation": "vacation",
    "vakantie": "vacation",
    "mute": "mute",
    "dempen": "mute",
    "unmute": "unmute",
    "ontdempen": "unmute",
    "say": "say",
    "zeg": "say",
    "rematch": "rematch",
    "revanche": "rematch",
}
#: The command word, then its argument; punctuation right after the word
#: ("Say, nice move!", "Help!") belongs to neither.
_LINE = re.compile(r"^\s*([a-z]+)\b[\s,.:;!?-]*(.*?)\s*$", re.IGNORECASE)
#: ``vacation N``'s days as players write them: "3", "3 days", "3 dagen.".
DAYS = re.compile(r"(\d{1,9})\s*(?:days?|dagen|dag)?\s*[.!]?", re.IGNORECASE)
#: A lone word on a line of its own (no punctuation: "thanks!" is chat).
_LONE_WORD = re.compile(r"^\s*[^\W\d_]+\s*$")


@dataclass
class Command:
    name: str
    argument: str
    #: The lines after the command's line (the rest of a ``say`` message).
    rest: str = ""


def command_of(body: str) -> Command | None:
    """The command on the first non-empty line of ``body``, if it is one.
    A greeting alone on that line ("Hi,", "Hoi Bob,"), which the move
    reader passes over too, is passed over when a command and nothing
    else (``bare``) follows it, or ``say`` (whose message it opens):
    chat below a greeting that merely opens with a command word ("Board
    looks great") stays chat."""
    lines = body.split("\n")
    at = _next_line(lines, 0) or 0
    command = _command_at(lines, at)
    below = _next_line(lines, at + 1)
    if command is None and below is not None and greeting(lines[at]):
        command = _command_at(lines, below)
        if command is not None and command.name == "say":
            # The greeting is the message's too: "Hi all,\nsay good luck".
            command.argument = "\n".join(part for part in (lines[at].strip(), command.argument) if part)
        elif command is not None and not bare(command):
            return None
    return command


def _next_line(lines: list[str], start: int) -> int | None:
    """The index of the first line from ``start`` on that is not blank."""
    return next((i for i in range(start, len(lines)) if lines[i].strip()), None)


def _command_at(lines: list[str], at: int) -> Command | None:
    """The command on ``lines[at]``, the lines after it its ``rest``."""
    found = _LINE.match(lines[at] if lines else "")
    if not found or found.group(1).lower() not in WORDS:
        return None
    return Command(WORDS[found.group(1).lower()], found.group(2), "\n".join(lines[at + 1 :]).strip())


#: What a command's argument may be when it follows a move: a chat line
#: that opens with a command word ("Board looks great!") stays chat.
_BELOW_A_MOVE = {
    "help": re.compile(r""),
    "board": re.compile(r""),
    "games": re.compile(r""),
    "history": re.compile(r""),
    "vacation": DAYS,
    "resign": re.compile(r"(?:[0-9a-z]{6})?", re.IGNORECASE),
    "mute": re.compile(r"(?:de )?(?:chat)?", re.IGNORECASE),
    "unmute": re.compile(r"(?:de )?(?:chat)?", re.IGNORECASE),
}


def bare(command: Command) -> bool:
    """Is ``command`` a command and nothing else: no argument but the one
    it takes (``_BELOW_A_MOVE``)?"""
    pattern = _BELOW_A_MOVE.get(command.name)
    argument = command.argument.strip()
    return bool(pattern.fullmatch(argument)) if pattern is not None else not argument


def command_below_moves(text: str) -> Command | None:
    """The command on the first line of ``text``, the lines below a reply's
    moves, when that line is a command and nothing else (a chat line that
    opens with a command word is chat); ``say`` is left to the chat, which
    drops the word."""
    command = command_of(text)
    if command is None or command.name not in _BELOW_A_MOVE:
        return None
    return command if _BELOW_A_MOVE[command.name].fullmatch(command.argument.strip()) else None


def unknown_word(text: str) -> Command | None:
    """A reply that is one word, neither a command nor (the caller knows) a
    move: what a player tries for a command ("undo", "pass"); answered
    with the command list rather than posted as chat."""
    return Command("unknown", text.strip()) if _LONE_WORD.match(text) else None
