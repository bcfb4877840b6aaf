"""The reply contract: what a player's own text in a reply means (pure).

1. ``clean_reply`` keeps only the player's new words: quoted lines (">"),
   quote headers anywhere ("On … wrote:", "Op … schreef …:"), Outlook
   blocks, mobile signatures and a "-- " signature are removed, so top and
   bottom posting both work.
2. ``read_reply`` reads the moves from the top: the first lines that parse
   as the game's notation, as option numbers or as the letter of a whole
   turn the mail listed (``turns``); one or more per line, separated by
   ";", and numbers also by spaces ("3 7").  Each part is read against the
   position the parts before it left.  The first line that is neither ends the moves; it and
   everything after it is a message to the other players, never a reason
   to refuse the moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mailparser_reply import EmailReplyParser

from games.engine import IllegalMove, NotationError, gettext_noop

from .turns import TURN_LETTER, turn_for_letter, whole_turns

_REPLY_PARSER = EmailReplyParser(languages=["en", "nl", "de", "fr"])
# A quote header may be wrapped onto a second line by the client.
_WROTE = re.compile(
    r"^[ \t]*(On|Op|Am|Le)\b[^\n]{0,200}(\n[^\n]{0,200})?"
    r"\b(wrote|schreef|heeft [^\n]{0,80}geschreven|schrieb|a écrit)[^\n]{0,200}:[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# Outlook quotes the original without ">": everything below its header goes.
_OUTLOOK_HEADER = re.compile(
    r"^\s*(-{2,}\s*(Original Message|Oorspronkelijk bericht)\s*-{2,}|_{10,}|"
    r"(From|Van): .+)\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(Sent from my \w+|Verzonden vanaf mijn \w+|Verstuurd vanaf mijn \w+).*$", re.IGNORECASE | re.MULTILINE
)
OPTION = re.compile(r"^\s*(?:option|optie)?\s*#?(\d{1,3})\s*[.)]?\s*$", re.IGNORECASE)
_SEPARATORS = re.compile(r";")
_NUMBERS = re.compile(r"^\s*#?\d{1,3}(?:[\s,]+#?\d{1,3})+\s*$")


def clean_reply(text: str) -> str:
    """The player's own new text: no quotes, no quote headers, no signature."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith(">"))
    text = _WROTE.sub("", text)
    found = _OUTLOOK_HEADER.search(text)
    if found:
        text = text[: found.start()]
    text = _REPLY_PARSER.parse_reply(text=text) or ""
    text = _MOBILE_SIGNATURE.sub("", text)
    lines = [line.rstrip() for line in text.split("\n")]
    # "-- " (its trailing space stripped above) opens a signature by convention.
    if "--" in lines:
        lines = lines[: lines.index("--")]
    return "\n".join(lines).strip()


@dataclass
class Reply:
    #: The moves in notation, option numbers already turned into their text.
    moves: list[str] = field(default_factory=list)
    #: The first line that was not a move, and what follows.
    message: str = ""
    #: Why the first non-move line is not a move (the engine's error, which
    #: ``games.i18n.error_text`` words in the reader's language).
    stop_error: NotationError | None = None


def read_reply(rules, state, seat: int, text: str, *, turns=whole_turns) -> Reply:
    """Split ``text`` into the moves at its top and the message below them.
    ``turns(rules, state, seat)`` lists the whole turns a letter names
    (``turns.whole_turns``, or the cached copy the mail was written from).

    Each move is tried on the position the earlier ones produced: a line
    that parses but cannot be played (an illegal move, a turn already
    complete) raises the engine's error, so the whole reply is refused
    with that explanation rather than silently cut short.

    :raises EngineError: a move line that parses cannot be played.
    """
    lines = text.split("\n")
    reply = Reply()
    for number, line in enumerate(lines):
        parts = [piece for part in _SEPARATORS.split(line) for piece in _pieces(part)]
        if not parts:
            continue  # blank lines around and between moves
        try:
            moves, state = _line_moves(rules, state, seat, parts, turns)
        except NotationError as error:
            reply.message = "\n".join(lines[number:]).strip()
            reply.stop_error = error
            break
        reply.moves.extend(moves)
    return reply


def _pieces(part: str) -> list[str]:
    """A part of a line as moves: "3 7" is two option numbers."""
    part = part.strip()
    if _NUMBERS.match(part):
        return [number for number in re.split(r"[\s,]+", part) if number]
    return [part] if part else []


def _expanded(rules, state, seat: int, part: str, turns) -> list[str]:
    """A whole turn's letter as its steps; any other part as itself."""
    letter = TURN_LETTER.match(part)
    if letter and seat in rules.to_move(state):
        turn = turn_for_letter(rules, state, seat, letter.group(1), turns=turns)
        if turn is not None:
            return list(turn.steps)
    return [part]


def _line_moves(rules, state, seat: int, parts: list[str], turns):
    """The moves of one line, applied in order; ``NotationError`` when its
    first part is not a move (the line is then a message)."""
    moves: list[str] = []
    for written in parts:
        # A letter is read against the position the parts before it left.
        for part in _expanded(rules, state, seat, written, turns):
            option = OPTION.match(part)
            try:
                if option:
                    part = _option(rules, state, seat, int(option.group(1)))
                move = rules.parse_move(state, seat, part)
            except NotationError:
                if not moves:
                    raise
                # After a move on the same line a message is ambiguous: refuse.
                raise IllegalMove(gettext_noop('"%(part)s" (after ";") is not a move'), part=part) from None
            if seat not in rules.to_move(state):
                raise IllegalMove(gettext_noop('"%(part)s": your turn was already complete before it'), part=part)
            state = rules.apply(state, seat, move).state
            moves.append(part)
    return moves, state


def _option(rules, state, seat: int, number: int) -> str:
    if seat not in rules.to_move(state):
        raise IllegalMove(gettext_noop('"%(part)s": your turn was already complete before it'), part=number)
    options = rules.move_options(state, seat)
    if not 1 <= number <= len(options):
        raise IllegalMove(
            gettext_noop("There is no option %(index)s; choose 1 to %(count)s."), index=number, count=len(options)
        )
    return options[number - 1][0]
