"""The reply contract: what a player's own text in a reply means (pure).

1. ``reply_cleaning.clean_reply`` keeps only the player's new words.
2. ``read_reply`` reads the moves from the top: the first lines that parse
   as the game's notation, as option numbers or as the letter of a whole
   turn the mail listed (``turns``); one or more per line, separated by
   ";", and numbers also by spaces, "and" or "then" ("3 7", "3 and 7").
   A line holding one letter or number and only polite words ("Option B
   please", "ik kies 2") is that letter or number; one naming several ("B
   or C") is not guessed at.  A line copied from the mail's lists ("2.
   wheat field D4") is its number when the two agree.  Full-width
   characters read as ASCII, "please" and "thanks" around a move are
   passed over, and so is a greeting line above the first move ("Hi,")
   or opening its line ("Hi all, 3").
   A line of the mail's lists that its plain text wraps over two or three
   lines, copied as the mail shows it, is read as the one line it is.
   Each part is read against the position the parts before it left.  A
   letter is a whole turn only as the reply's first part (the mail listed
   that position's turns alone); after other steps it is the game's
   notation or the reply is refused.  The
   first line that is neither ends the moves; it and everything after it
   is a message to the other players, never a reason to refuse the moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.engine import EngineError, IllegalMove, NotationError, Rules, Unplayed, gettext_noop
from games.engine.blind import UNSEEN_LIST, Blind
from games.engine.message import Notation

from .turns import LETTERS, TURN_LETTER, turn_for_letter, whole_turns

#: An option number alone on a line ("3", "optie 3", "#3.").
OPTION = re.compile(r"^\s*(?:option|optie)?\s*#?(\d{1,3})\s*[.)]?\s*$", re.IGNORECASE)
#: Words around a letter or an option number that add nothing to it
#: ("Option B please", "ik kies optie 2, graag", "OK, 2", "Zet: B",
#: "Doe maar 2", "2, dank je wel", "Letter B", "I play B", "Ik neem optie 2"),
#: English and Dutch; "optie2" is one of them and its number.
_POLITE = re.compile(
    r"\b(?:i\s+choose|i\s+pick|ik\s+kies|i\s+play|ik\s+speel|i[\u2019']?ll\s+go\s+(?:with|for)|i\s+go\s+(?:with|for)|"
    r"ik\s+ga\s+voor|(?:i[\u2019']?ll\s+take|ik\s+neem)(?=\s+(?:option|optie|choice|keuze|number|nummer|letter))|"
    r"option|optie|choice|keuze|number|nummer|nr|turn|beurt|"
    r"my\s+move|mijn\s+zet|move|zet|ok|okay|oke|oké|yes|ja|doe\s+maar|letter|"
    r"please|pls|graag|alsjeblieft|alstublieft|a\.?u\.?b|thanks|thank\s+you|"
    r"dank\s+(?:je|u)(?:\s+wel)?|dankjewel|dankuwel|bedankt)(?:\b|(?=\d))",
    re.IGNORECASE,
)
#: What may stand between the words of such a line (emoji included: "2 👍";
#: a keycap's mark, "2️⃣").
_POLITE_MARKS = re.compile(
    r"[\s.,!?:()\[\]\"'\u2018\u2019\u201c\u201d\u2600-\u27bf\ufe0f\u200d\u20e3\U0001f300-\U0001faff-]+"
)
#: Courtesy before or after a move ("take denar 8 please", "Please: 3",
#: "A white -> 6, thanks!"), English, Dutch and Italian; never a move's word.
_COURTESY = (
    r"(?:please|pls|plz|graag|alsjeblieft|alstublieft|a\.?u\.?b\.?|thanks|thank\s+you|thx|bedankt|"
    r"dank\s+je(?:\s+wel)?|per\s+favore|grazie)"
)
#: Courtesy words anywhere in a line ("board please": "board ").
COURTESY = re.compile(rf"\b{_COURTESY}(?!\w)", re.IGNORECASE)
_COURTESY_FIRST = re.compile(rf"^\s*(?:{_COURTESY}\b[\s,.!:]*)+", re.IGNORECASE)
_COURTESY_LAST = re.compile(rf"(?:[\s,.!:;]*\b{_COURTESY})+[\s,.!]*$", re.IGNORECASE)
#: A greeting alone on a line ("Hi,", "Hoi allemaal!", "Dear Alta,"), in
#: the site's languages: above the moves it is no message to read.
_GREETING_WORD = (
    r"(?:hi|hello|hey|dear|hallo|hoi|beste|goedemorgen|goedemiddag|goedenavond|"
    r"good\s+(?:morning|afternoon|evening)|ciao|salve|buongiorno|buonasera)\b"
)
_GREETING = re.compile(rf"^\s*{_GREETING_WORD}(?:\s+[\w'-]+){{0,3}}\s*[,.!:]*\s*$", re.IGNORECASE)
#: A greeting opening the line of the move ("Hi all, 3", "Hoi Bram, pion
#: van 12 met roze naar 18"): its comma (or "!", ":") ends it.
_GREETING_FIRST = re.compile(rf"^\s*{_GREETING_WORD}(?:\s+[\w'-]+){{0,2}}\s*[,!:]+\s+(?=\S)", re.IGNORECASE)
#: A line of the mail's lists copied into the reply: "2. wheat field D4",
#: "B. settlement D4; take 1 tavern D3".
_COPIED = re.compile(r"^\s*(?:(\d{1,3})|([A-Za-z]))[.)]\s+(\S.*)$")
_CHOICE = re.compile(r"^#?([A-Za-z]|\d{1,3})$")
#: Words that join choices the player hesitates between ("B or C"; "3
#: 7", one after the other, is two steps).
_BETWEEN = re.compile(r"\b(?:or|of)\b", re.IGNORECASE)
#: Words that join whole turns' letters ("A and B", "A en B"): two turns
#: cannot both be played, so these too name more than one choice.
_AND = re.compile(r"\b(?:and|en)\b", re.IGNORECASE)
_SEPARATORS = re.compile(r";")
#: What parts option numbers taken one after the other ("3 7", "3, 7",
#: "3 and then 7", "3 en 7").
_NUMBER_GAP = r"(?:\s*,?\s+(?:and|en)(?:\s+(?:then|dan))?\s+|\s*,?\s+(?:then|dan)\s+|[\s,]+)"
_NUMBERS = re.compile(rf"^\s*#?\d{{1,3}}(?:{_NUMBER_GAP}#?\d{{1,3}})+\s*[.!]?\s*$", re.IGNORECASE)


#: Full-width forms ("２", "Ｂ", "Ｄ４", "．", a keyboard set for Japanese or
#: Chinese) as the ASCII characters they show, and the ideographic space.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: ord(" ")}


def half_width(text: str) -> str:
    """``text`` with full-width letters, digits and signs as ASCII."""
    return text.translate(_FULL_WIDTH)


def greeting(line: str) -> bool:
    """Is ``line`` a greeting alone ("Hi,", "Hallo Bob!"), which
    ``read_reply`` passes over above the first move?"""
    return bool(_GREETING.match(half_width(line)))


def named_choice(line: str) -> str | None:
    """The one letter or option number ``line`` names with nothing but
    polite words and punctuation around it ("Option B please": "B";
    "ik kies 2.": "2"), else ``None``: a line with two of them ("B or
    C", "2 3") or any other word is not guessed at."""
    words = [word for word in _POLITE_MARKS.split(_POLITE.sub(" ", half_width(line))) if word]
    found = _CHOICE.match(words[0]) if len(words) == 1 else None
    return found.group(1) if found else None


def copied_option(line: str) -> tuple[str, str] | None:
    """The number or letter and the move text of ``line`` when it has the
    shape of a line copied from a mail's lists ("2. wheat field D4": "2"
    and "wheat field D4"), polite words around it passed over; ``None``
    for any other line.  Whether its move is one the mail listed is the
    caller's to tell (a line of the player's own may have the shape too:
    "1. I think ...")."""
    found = _COPIED.match(without_courtesy(half_width(line)))
    if found is None:
        return None
    number, letter, written = found.groups()
    return number or letter, written


def _several_choices(line: str) -> NotationError | None:
    """Why ``line`` is not read, when it names two or more letters or
    option numbers joined by "or" ("B or C", "optie 2 of 3"), or two or
    more whole turns' letters in capitals, as the mail lists them ("A B",
    "A, C", "A en B": a letter is a whole turn, so two cannot both be
    played): which one is meant is not guessed at, and the game's notation
    not asked (it would call "b or c" an unknown card, and read "A B" as
    Alta's "a boer"); ``None`` for any other line (option numbers one after
    the other, "3 7", are steps)."""
    between = _BETWEEN.search(line) is not None
    joined = _AND.sub(" ", _BETWEEN.sub(" ", line))
    words = [word for word in _POLITE_MARKS.split(_POLITE.sub(" ", joined)) if word]
    if len(words) < 2 or not all(_CHOICE.match(word) for word in words):
        return None
    if not between and not all(word.isalpha() and word.isupper() for word in words):
        return None  # lower case is the games' terse notation: Alta's "k b" is "koopman blind"
    return NotationError(
        gettext_noop('"%(part)s" names more than one choice: reply with just one letter or one option number.'),
        part=line.strip(),
    )


def without_greeting(line: str) -> str:
    """``line`` without the greeting that opens it ("Hi all, 3": "3"),
    which ``read_reply`` reads past as it does a greeting on a line of
    its own; any other line as it is."""
    return _GREETING_FIRST.sub("", line, count=1)


def without_courtesy(line: str) -> str:
    """``line`` without the courtesy words before and after what it says
    ("take denar 8, please": "take denar 8"); a line of courtesy alone
    ("Thanks!") stays as it is, a message."""
    trimmed = _COURTESY_LAST.sub("", _COURTESY_FIRST.sub("", line))
    return trimmed if trimmed.strip() else line


@dataclass
class Reply:
    #: The moves in notation, option numbers already turned into their text.
    moves: list[str] = field(default_factory=list)
    #: The first line that was not a move, and what follows.
    message: str = ""
    #: Why the first non-move line is not a move (the engine's error, which
    #: ``games.i18n.error_text`` words in the reader's language).
    stop_error: NotationError | None = None
    #: The move lines not played: a move was refused after an earlier one
    #: turned up cards the player had not seen, so ``moves`` (up to it)
    #: stand (``games.engine.blind``).  Its ``moves``: the refused one and
    #: the move lines below it, as written.
    unplayed: Unplayed | None = None


class _Stopped(Exception):
    """A move refused after an earlier one turned something up: the line's
    ``moves`` before it are played (``state`` after them), the ``rest`` of
    the line is not, for ``reason``."""

    def __init__(self, moves: list[str], state, rest: list[str], reason) -> None:
        super().__init__()
        self.moves, self.state, self.rest, self.reason = moves, state, rest, reason


def read_reply(rules: Rules[Any, Any], state, seat: int, text: str, *, turns=whole_turns) -> Reply:
    """Split ``text`` into the moves at its top and the message below them.
    ``turns(rules, state, seat)`` lists the whole turns a letter names
    (``turns.whole_turns``, or the cached copy the mail was written from).

    Each move is tried on the position the earlier ones produced: a line
    that parses but cannot be played (an illegal move, a turn already
    complete) raises the engine's error, so the whole reply is refused
    with that explanation rather than silently cut short, until a move
    has turned up cards the player had not seen (an Alta refresh): from
    then on a move that cannot be played ends the moves, which stand, and
    it and the move lines below it are ``unplayed``; whether a line is a
    move is then decided without those cards (``games.engine.blind``).

    :raises EngineError: a move line that parses cannot be played, before
        any move turned something up.
    """
    lines = _unwrapped(rules, state, seat, text.split("\n"), turns)
    reply = Reply()
    blind = Blind(rules, state, seat, lambda world, part: _played(rules, world, seat, part))
    # A greeting above the first move is passed over; with no move below
    # it, it opens the message as written (the reason is the next line's,
    # or its own when it is the only line).
    greeting: tuple[int, NotationError] | None = None
    for number, written in enumerate(lines):
        # Read as ASCII, without "please"; the message below the moves
        # keeps what was written.
        line = without_greeting(without_courtesy(half_width(written)))
        if not blind.revealed and seat in rules.to_move(state):
            # Before anything was turned up: the real position is the one
            # the mail listed from.
            try:
                line = _copied_line(rules, state, seat, line, turns)
            except NotationError as error:
                reply.message = "\n".join(lines[number:]).strip()
                reply.stop_error = error
                break
        # The game cuts a part into its moves as the game page does
        # ("sell 4, bridge 31, 12 pink grey pay 5" is four in Atlantis).
        # A lone letter or number in polite words is one part, whole: the
        # game's cutting would part "B, please" at its comma.
        parts = [line.strip()] if named_choice(line) else _parts(rules, line)
        if not parts:
            continue  # blank lines around and between moves
        try:
            hesitant = _several_choices(line)
            if hesitant is not None:
                raise hesitant
            moves, state = _line_moves(rules, state, seat, parts, turns, blind, first=not reply.moves)
        except _Stopped as stopped:
            reply.moves.extend(stopped.moves)
            below = _move_lines(rules, stopped.state, seat, lines[number + 1 :], blind)
            rest = [*stopped.rest, *(line.strip() for line in lines[number + 1 : number + 1 + below] if line.strip())]
            reply.unplayed = Unplayed(tuple(rest), stopped.reason)
            reply.message = "\n".join(lines[number + 1 + below :]).strip()
            break
        except NotationError as error:
            if not reply.moves and greeting is None and _GREETING.match(line):
                greeting = (number, error)
                continue
            if greeting is not None and not reply.moves:
                number = greeting[0]  # the message as written; the reason is the line below it
            reply.message = "\n".join(lines[number:]).strip()
            reply.stop_error = error
            break
        reply.moves.extend(moves)
    if greeting is not None and not reply.moves and not reply.message:
        reply.message = "\n".join(lines[greeting[0] :]).strip()
        reply.stop_error = greeting[1]
    return reply


#: The shortest first line of a copied option the mail wrapped: the plain
#: part wraps at 72 columns, so a wrapped line holds at least this much.
_WRAPPED_FROM = 40
#: The most lines one wrapped option or whole turn spans in a mail.
_WRAPPED_LINES = 3


def _unwrapped(rules: Rules[Any, Any], state, seat: int, lines: list[str], turns) -> list[str]:
    """``lines`` with the first line of the moves joined to the line or two
    below it when that line was a move the mail's plain part wrapped (a
    listed whole turn or option copied as the mail shows it, "place
    garden at" above "N1W1"): alone it does not read as moves, joined it
    reads as moves and nothing else.  Any other reply as it is (a move
    above a message is never joined to it: the move reads alone)."""
    first = next((n for n, line in enumerate(lines) if line.strip() and not greeting(line)), None)
    if first is None or len(lines[first].strip()) < _WRAPPED_FROM or first + 1 == len(lines):
        return lines
    if not lines[first + 1].strip() or _reads_whole(rules, state, seat, lines[first : first + 1], turns):
        return lines
    for end in range(first + 2, min(first + _WRAPPED_LINES, len(lines)) + 1):
        if not lines[end - 1].strip():
            break
        if _reads_whole(rules, state, seat, lines[first:end], turns):
            return [*lines[:first], " ".join(line.strip() for line in lines[first:end]), *lines[end:]]
    return lines


def _reads_whole(rules: Rules[Any, Any], state, seat: int, lines: list[str], turns) -> bool:
    """Do ``lines``, as one line, read as moves with nothing left over?"""
    try:
        reply = read_reply(rules, state, seat, " ".join(line.strip() for line in lines), turns=turns)
    except EngineError:
        return False
    return bool(reply.moves) and not reply.message and reply.stop_error is None and reply.unplayed is None


def _copied_line(rules: Rules[Any, Any], state, seat: int, line: str, turns) -> str:
    """A line copied from the mail's lists ("2. wheat field D4") as its
    number or letter when the move written after it is the one listed
    there; any other line as it is.

    :raises NotationError: the number names another option than the move
        written after it (which one is meant is not guessed)."""
    copied = _COPIED.match(line)
    if not copied:
        return line
    number, letter, written = copied.groups()
    if letter:
        turn = turn_for_letter(rules, state, seat, letter, turns=turns)
        return letter if turn is not None and _same_moves(rules, state, seat, written, turn.steps) else line
    options = rules.move_options(state, seat)
    if not 1 <= int(number) <= len(options):
        return line
    listed = options[int(number) - 1][0]
    if _same_moves(rules, state, seat, written, (listed,)):
        return number
    # A move, but another one; unless the line, number and all, is a move
    # of the game's notation (Atlantis: "12. pink" moves the pawn on 12).
    if _same_moves(rules, state, seat, written, (written,)) and not _same_moves(rules, state, seat, line, (line,)):
        raise NotationError(
            gettext_noop(
                '"%(line)s": option %(number)s is %(option)s, not %(written)s. '
                "Reply with the option number alone or the move alone."
            ),
            line=line.strip(),
            number=int(number),
            option=Notation(listed),
            written=written.strip(),
        )
    return line


def _same_moves(rules: Rules[Any, Any], state, seat: int, written: str, listed: tuple[str, ...]) -> bool:
    """Does ``written`` (one or more moves, cut as the game cuts a line)
    play as the ``listed`` moves, step by step, from ``state``?"""
    parts = rules.split_turn_text(written) or [written]
    if len(parts) != len(listed):
        return False
    for index, (part, step) in enumerate(zip(parts, listed, strict=True)):
        if index and seat not in rules.to_move(state):
            return False
        try:
            move = rules.parse_move(state, seat, part)
            if move != rules.parse_move(state, seat, step):
                return False
            state = rules.apply(state, seat, move).state
        except EngineError:
            return False
    return True


def _parts(rules: Rules[Any, Any], line: str) -> list[str]:
    """A line cut into its moves as the game page cuts it ("sell 4, bridge
    31, 12 pink grey pay 5" is four in Atlantis; "3 7" two option numbers)."""
    return [
        piece
        for part in _SEPARATORS.split(line)
        for move in (rules.split_turn_text(part) or [part] if part.strip() else [])
        for piece in _pieces(move)
    ]


def _pieces(part: str) -> list[str]:
    """A part of a line as moves: "3 7" is two option numbers."""
    part = part.strip()
    if _NUMBERS.match(part):
        return re.findall(r"#?\d{1,3}", part)
    return [part] if part else []


def _expanded(rules: Rules[Any, Any], state, seat: int, part: str, turns, blind: Blind, *, first: bool) -> list[str]:
    """A whole turn's letter as its steps; any other part as itself.
    ``first``: no move of the reply comes before ``part``; a letter names
    a whole turn only then (the mail listed the turns of that position
    alone), and after other steps only a move of the game's notation
    ("market D4; b": Alta's blind merchant) is read.

    :raises IllegalMove: ``UNSEEN_LIST``, a letter after a move turned up
        cards the player had not seen: the list it would name is worked out
        from them, and the player chose from the one they saw; or a letter
        of the lists (A to H) after other steps that is no move there
        (``_letter_after_steps``)."""
    choice = named_choice(part)
    letter = TURN_LETTER.match(choice) if choice else None
    if choice and letter and seat in rules.to_move(state):
        if blind.revealed:
            raise IllegalMove(UNSEEN_LIST)
        if not first:
            if choice.upper() in LETTERS:  # a later letter ("x") is never a turn's: a word
                _letter_after_steps(rules, state, seat, part)
            return [part]
        turn = turn_for_letter(rules, state, seat, letter.group(1), turns=turns)
        if turn is not None:
            return list(turn.steps)
        if _unlisted_letter(rules, state, seat, part, choice, turns, blind):
            raise _no_such_turn(letter.group(1).upper(), turns(rules, state, seat))
    return [part]


def _unlisted_letter(rules: Rules[Any, Any], state, seat: int, part: str, choice: str, turns, blind: Blind) -> bool:
    """Does ``part``, one letter (``choice``) the mail listed no whole turn
    under, name a turn the mail did not list (to be refused as such),
    rather than a move of the game's own notation?

    It does when the mail listed lettered turns and the letter is one of
    theirs (A to H): a player who read "A" and "B" and replies "D" means a
    turn, never the card "D" abbreviates (Alta's Dutch "dorp").  With no
    letters listed, a bare letter is the game's word ("b": Alta's blind
    merchant), and one in polite words that is no move names a turn all
    the same: say so, not "unknown card"."""
    if choice.upper() in LETTERS and turns(rules, state, seat):
        return True
    return part.strip() != choice and not _reads(rules, state, seat, part, blind)


def _letter_after_steps(rules: Rules[Any, Any], state, seat: int, part: str) -> None:
    """Refuse ``part``, a letter after other steps of the reply, unless it
    plays here as the game's notation.  Read as a whole turn it would come
    from the list of a position no mail showed ("1; B": B of the turns
    after step 1, not the mail's B), and as a message it would leave the
    turn half played; so the whole reply is refused, nothing played.

    :raises IllegalMove: the letter is no move here."""
    try:
        _played(rules, state, seat, part)
    except EngineError:
        raise IllegalMove(
            gettext_noop(
                '"%(part)s": a letter stands for a whole turn from the start of your turn. Reply with the '
                "letter alone, or with an option number or a move for each step."
            ),
            part=part.strip(),
        ) from None


def _no_such_turn(letter: str, listed: list) -> NotationError:
    """Why ``letter`` names no whole turn, with the letters of those that
    the mail listed (``listed``; worked out from what the player sees)."""
    if not listed:
        return NotationError(
            gettext_noop(
                "There is no whole turn %(letter)s: none are listed for this position. "
                "Reply with an option number or a move."
            ),
            letter=letter,
        )
    return NotationError(
        gettext_noop(
            "There is no whole turn %(letter)s in the list: reply with one of its letters (%(letters)s), "
            "an option number or a move."
        ),
        letter=letter,
        letters=", ".join(turn.letter for turn in listed),
    )


def _line_moves(rules: Rules[Any, Any], state, seat: int, parts: list[str], turns, blind: Blind, *, first: bool):
    """The moves of one line, applied in order; ``NotationError`` when its
    first part is not a move (the line is then a message).  ``first``: no
    line above it played a move (a letter is a whole turn only then).

    :raises _Stopped: a move refused after one turned something up.
    :raises EngineError: a move refused before that."""
    moves: list[str] = []
    for index, written in enumerate(parts):
        left = parts[index:]  # the parts not played, should this one be refused
        try:
            # A letter is read against the position the parts before it left.
            steps = _expanded(rules, state, seat, written, turns, blind, first=first and not moves)
            for step, part in enumerate(steps):
                left = [*steps[step:], *parts[index + 1 :]]
                part = _option_text(rules, state, seat, part, blind)
                if not _reads(rules, state, seat, part, blind):
                    if not moves:
                        raise _NotAMove(_not_a_move(rules, state, seat, part))
                    # After a move on the same line a message is ambiguous: refuse.
                    said = gettext_noop('"%(part)s" follows a move on the same line but is not a move')
                    raise IllegalMove(said, part=part)
                state = _played(rules, state, seat, part)
                blind.play(part, state)
                moves.append(part)
        except _NotAMove as boundary:
            raise boundary.error from None
        except EngineError as error:
            if not blind.cuts:
                raise
            raise _Stopped(moves, state, left, error.message) from None
    return moves, state


class _NotAMove(Exception):
    """The first part of a line is no move: the line is a message (``error``
    says why), not a move refused after something was turned up."""

    def __init__(self, error: NotationError) -> None:
        super().__init__()
        self.error = error


def _move_lines(rules: Rules[Any, Any], state, seat: int, lines: list[str], blind: Blind) -> int:
    """How many of ``lines`` (blank ones between them counted) are move
    lines below a move that ended the moves: their first part reads as a
    move (in positions the player cannot tell apart) or names a letter or
    an option number.  The message to the other players starts below."""
    count = 0
    for number, written in enumerate(lines):
        line = without_courtesy(half_width(written))
        parts = _parts(rules, line)
        if not parts:
            continue  # blank, or separators alone
        if not (named_choice(line) or named_choice(parts[0]) or _reads(rules, state, seat, parts[0], blind)):
            break
        count = number + 1
    return count


def _played(rules: Rules[Any, Any], state, seat: int, part: str):
    """``state`` after the move ``part``; refused once the turn is over
    (before it is read: the reason must not tell the cards just drawn)."""
    if seat not in rules.to_move(state):
        raise IllegalMove(gettext_noop('"%(part)s": your turn was already complete before it'), part=part)
    return rules.apply(state, seat, rules.parse_move(state, seat, part)).state


def _reads(rules: Rules[Any, Any], state, seat: int, part: str, blind: Blind) -> bool:
    """Is ``part`` a move (else a message)?  Decided in the positions the
    player cannot tell apart, so it says nothing about hidden cards."""
    reads = blind.reads(part)
    if reads is not None:
        return reads
    try:
        rules.parse_move(state, seat, part)
    except NotationError:
        return False
    return True


def _not_a_move(rules: Rules[Any, Any], state, seat: int, part: str) -> NotationError:
    """Why ``part`` is not a move (the engine's words)."""
    try:
        rules.parse_move(state, seat, part)
    except NotationError as error:
        return error
    return NotationError(gettext_noop('"%(part)s" is not a move here'), part=part)


def _option_text(rules: Rules[Any, Any], state, seat: int, part: str, blind: Blind) -> str:
    """An option number as the text of that option; any other part as itself."""
    choice = named_choice(part)
    option = OPTION.match(choice) if choice else None
    if not option:
        return part
    number = int(option.group(1))
    text = _option(rules, state, seat, number)
    # After cards the player had not seen were turned up, which move a
    # number names depends on them (the list is ordered by them): it stands
    # only for the move it names in every position the player cannot tell
    # from the real one, the move the player chose.
    if blind.revealed and any(_named(rules, world, seat, number) != text for world in blind.worlds or ()):
        raise IllegalMove(UNSEEN_LIST)
    return text


def _named(rules: Rules[Any, Any], state, seat: int, number: int) -> str | None:
    """The move option ``number`` names in ``state`` (``None``: none)."""
    try:
        return _option(rules, state, seat, number)
    except EngineError:
        return None


def _option(rules: Rules[Any, Any], state, seat: int, number: int) -> str:
    if seat not in rules.to_move(state):
        raise IllegalMove(gettext_noop('"%(part)s": your turn was already complete before it'), part=number)
    options = rules.move_options(state, seat)
    if not 1 <= number <= len(options):
        raise IllegalMove(
            gettext_noop("There is no option %(index)s; choose 1 to %(count)s."), index=number, count=len(options)
        )
    return options[number - 1][0]
