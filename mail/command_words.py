"""Which lines of a reply are commands (pure): the command words in
English and Dutch (``WORDS``), the command on a reply's first line
(``command_of``), one standing alone below its moves
(``command_below_moves``) and a lone unknown word a player tried for one
(``unknown_word``).  Answering them is ``commands``'."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .reply_text import COURTESY, greeting

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
#: Resigning as players say it ("I resign", "Ik geef het op"), then the argument.
_RESIGNING = re.compile(
    r"^\s*(?:i\s+resign|i\s+give\s+up|ik\s+geef\s+(?:het\s+)?op)\b[\s,.:;!?-]*(.*?)\s*$", re.IGNORECASE
)
#: Dutch puts the object first: "chat dempen", "de chat ontdempen".
_CHAT_FIRST = re.compile(r"^\s*(?:de\s+)?chat\s+(dempen|ontdempen)\b[\s,.:;!?-]*(.*?)\s*$", re.IGNORECASE)
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
    """The command on the first non-empty line of ``body``, if it is one:
    a command word (or "I resign", "chat dempen") and an argument it takes
    (``_read``), else the line is no command.  A greeting alone on that
    line ("Hi,", "Hoi Bob,"), which the move reader passes over too, is
    passed over when a command and nothing else (``bare``) follows it, or
    ``say`` (whose message it opens):
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
    """The command on ``lines[at]``, the lines after it its ``rest``;
    ``None`` when the line only opens with a command word (``_read``)."""
    line = lines[at] if lines else ""
    if found := _RESIGNING.match(line):
        name, argument = "resign", found.group(1)
    elif found := _CHAT_FIRST.match(line):
        name, argument = WORDS[found.group(1).lower()], f"chat {found.group(2)}"
    elif (found := _LINE.match(line)) and found.group(1).lower() in WORDS:
        name, argument = WORDS[found.group(1).lower()], found.group(2)
    else:
        return None
    read = _read(name, argument)
    return None if read is None else Command(name, read, "\n".join(lines[at + 1 :]).strip())


#: The game a command is about, named: it is the default ("resign the game",
#: "mute all mails", "opgeven nu").
_THE_GAME = (
    r"(?:(?:(?:this|the)\s+)?game|(?:(?:dit|het)\s+)?spel|(?:(?:deze|de)\s+)?partij|"
    r"(?:all\s+)?(?:e-?)?mails|(?:alle\s+)?mails|all|alles|now|nu)"
)
#: The chat, named ("mute the chat", "dempen chatberichten").
_CHAT = re.compile(r"(?:(?:the|de)\s+)?chat\s*(?:messages|berichten)?", re.IGNORECASE)
#: Punctuation and quote marks around an argument ('resign "4F7891".').
_AROUND = " ,.:;!?-\"'()\u2018\u2019\u201c\u201d"
#: What each command's argument may be, courtesy left out; ``None``: any
#: text, which the command takes as it comes (a ``say`` message).
_ARGUMENTS: dict[str, re.Pattern[str] | None] = {
    "help": None,
    "say": None,
    "rematch": None,
    "board": re.compile(""),
    "games": re.compile(""),
    "history": re.compile(""),
    # Days, or up to three words that are meant as days ("vakantie elf") and
    # are answered so; a longer line is chat ("Vakantie! Volgende week ...").
    "vacation": re.compile(r"(?:\S+(?:\s+\S+){0,2})?"),
    "resign": re.compile(rf"(?:[0-9a-z]{{6}}|{_THE_GAME})?", re.IGNORECASE),
    "mute": re.compile(rf"(?:{_CHAT.pattern}|{_THE_GAME})?", re.IGNORECASE),
    "unmute": re.compile(rf"(?:{_CHAT.pattern}|{_THE_GAME})?", re.IGNORECASE),
}


def _read(name: str, argument: str) -> str | None:
    """``argument`` as command ``name`` takes it: courtesy left out ("board
    please", "opgeven aub"), the game it is about named or not alike
    (""), the chat written as "chat"; ``None`` when it is no argument of
    that command: the line is chat that opens with a command word ("Board
    looks great", "Resign? Never!", "Games like this make my week")."""
    pattern = _ARGUMENTS[name]
    if pattern is None:
        return argument
    said = " ".join(COURTESY.sub(" ", argument).split()).strip(_AROUND)
    if not pattern.fullmatch(said):
        return None
    if name in ("mute", "unmute"):
        return "chat" if _CHAT.fullmatch(said) else ""
    return "" if re.fullmatch(_THE_GAME, said, re.IGNORECASE) else said


def bare(command: Command) -> bool:
    """Is ``command`` a command and nothing else: no argument but one it
    takes (``say`` and ``help`` with nothing after the word)?"""
    return _ARGUMENTS.get(command.name) is not None or not command.argument.strip()


def command_below_moves(text: str) -> Command | None:
    """The command on the first line of ``text``, the lines below a reply's
    moves, when that line is a command and nothing else (a chat line that
    opens with a command word is chat); ``say`` is left to the chat, which
    drops the word, and ``rematch`` to a game that is over."""
    command = command_of(text)
    if command is None or command.name in ("say", "rematch") or not bare(command):
        return None
    if command.name == "vacation" and not DAYS.fullmatch(command.argument):
        return None  # below a move, "vakantie volgende week" is news for the table
    return command


def unknown_word(text: str) -> Command | None:
    """A reply that is one word, neither a command nor (the caller knows) a
    move: what a player tries for a command ("undo", "pass"); answered
    with the command list rather than posted as chat."""
    return Command("unknown", text.strip()) if _LONE_WORD.match(text) else None
