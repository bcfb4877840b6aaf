"""Alpaca move notation: what players write in an email reply.

Canonical forms (what ``format_move`` writes)::

    red/blue-green at 1,-2 rot 2      place a tile: major/minor1-minor2,
                                       cell x,y, rotation 0..3
    bonus rotate 0,1 to 3             bonus: turn the tile at 0,1 to rot 3
    bonus lock                        bonus: make the closed figure untouchable
    bonus lock 1,0                    ... naming a cell of the figure when the
                                       placement closed more than one
    bonus none                        bonus: decline

``parse_move`` also accepts: any case and spacing; colour abbreviations
(``r y g b p``, unique prefixes such as ``pur``) and Italian names (rosso,
giallo, verde, blu, viola); a compact tile ``rbg``; the tile's number in the
hand list (``#3 at 1,0 rot 2``); ``(1,0)`` for a cell, a comma after it
(``at 1,-2, rot 2``); ``r2``, ``rot: 2``
or the major's corner (``ne``, ``se``, ``sw``/``so``, ``nw``/``no``) for a
rotation; no rotation at all when only one fits; and for bonuses ``rotate``/
``ruota``, ``lock``/``untouchable``/``intoccabile``/``lock 2`` (figure
number), ``none``/``skip``/``nessuno``/``pas``, with or without ``bonus``;
and Dutch (what ``WORDINGS`` writes): ``rood/blauw-groen op 1,-2 rot 2``,
``bonus draai 0,1 naar 3``, ``bonus onaantastbaar`` (``fiche``), ``bonus
geen``; the words of a sentence around a placement (``I place the
rbg tile on 1,0 rotated 2``, ``ik leg rbg op 1,0 gedraaid 2``).  A pass by
choice (``pass``, ``passo``, ``pas``) is refused with the reason while a
tile must be placed.
"""

from __future__ import annotations

import re
from typing import Any

from games.engine import NotationError
from games.engine.message import Message, Notation, Term, gettext_noop, message
from games.engine.wording import Wording

from .legal import bonus_moves, current_seat, fitting_rotations, need_at, placements
from .moves import Lock, NoBonus, Place, Rotate
from .state import (
    COLOURS,
    TILE_IDS,
    AlpacaState,
    Cell,
    cell_name,
    tile_name,
    tile_term,
)

_NAMES = {
    "red": 0,
    "rood": 0,
    "rode": 0,
    "rosso": 0,
    "rossa": 0,
    "yellow": 1,
    "geel": 1,
    "gele": 1,
    "giallo": 1,
    "gialla": 1,
    "green": 2,
    "groen": 2,
    "groene": 2,
    "verde": 2,
    "blue": 3,
    "blauw": 3,
    "blauwe": 3,
    "blu": 3,
    "purple": 4,
    "paars": 4,
    "paarse": 4,
    "viola": 4,
    "violet": 4,
}
_LETTERS = {"r": 0, "y": 1, "g": 2, "b": 3, "p": 4}
#: The corner of the big triangle's right angle: English, Dutch (zo, zw)
#: and Italian (so, no: "no" is nord-ovest, so never Dutch noordoost).
_CORNERS = {"ne": 0, "se": 1, "zo": 1, "sw": 2, "zw": 2, "so": 2, "nw": 3, "no": 3}
_CELL = r"\(?\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)?"
_ROT = r"([0-3]|ne|se|zo|sw|zw|nw|so|no)"
#: "Rotation" in English, Italian and Dutch (the Dutch help and event lines
#: say "draaiing"), and the short "rot" the mails write.
_ROTATION = r"(?:rotation|rotazione|rotated|draaiing|gedraaid|draai|rot)"
_PLACE = re.compile(
    rf"^(?P<tile>.+?)(?:\s+(?:at|on|a|in|su|op)\s+|\s*@\s*|\s+|(?=[(+-])){_CELL}\s*(?:,\s*)?"
    rf"(?:(?:in\s+)?(?:{_ROTATION}|r)\.?\s*[:=]?\s*)?{_ROT}?$"
)
#: A verb a player may write before the tile ("leg rood/blauw-groen op
#: 1,-2 rot 2", "place ..."), English, Dutch and Italian: read past.
_VERB = re.compile(
    r"^(?:(?:i|ik)(?:['\u2019]ll|\s+will|\s+wil)?\s+)?(?:place|play|put|lay|leg|plaats|speel|posa|metti|gioca)\s+"
)
#: An article or the word "tile" around a tile's colours ("the red/blue-green
#: tile", "de tegel rood/blauw-groen"): no colour.
_TILE_WORDS = frozenset({"the", "de", "het", "tile", "tegel"})
_ROT_WORD = re.compile(rf"\s*\b(?:in\s+)?{_ROTATION}\.?\s*[:=]?\s*{_ROT}\b\s*")
_BONUS = re.compile(r"^bonus\b\s*:?\s*")
_ROTATE = re.compile(
    rf"^(?:rotate|rotation|rot|turn|ruota|gira|giro|draai|draaien)\s+(?:tile\s+|tegel\s+)?(?:at\s+|op\s+)?{_CELL}\s*"
    rf"(?:(?:to|->|=|a|naar|:)\s*)?(?:(?:{_ROTATION}|r)\.?\s*)?{_ROT}$"
)
_LOCK = re.compile(
    rf"^(?:lock|locked|untouchable|intoccabile|counter|protect|blocca|segnalino|onaantastbaar|fiche)"
    rf"(?:\s+(?:figure\s+|figuur\s+)?(?:at\s+|op\s+)?(?:{_CELL}|#?(\d+)))?$"
)
_NONE = re.compile(
    r"^(?:none|skip|no|nothing|pass|decline|nessuno|nessuna|niente|salta|passo|geen|niets|overslaan|pas|passen)$"
)
_HAND_NUMBER = re.compile(r"^(?:#|no\.?\s*|n\.?\s*|tile\s*|tessera\s*)?(\d+)$")
#: A pass by choice, in English, Italian and Dutch: refused with the reason.
_PASS = re.compile(r"^(?:pass|passo|skip|pas|passen|ik pas)$")


def _colour(word: str) -> int | None:
    if word in _NAMES:
        return _NAMES[word]
    if word in _LETTERS:
        return _LETTERS[word]
    if len(word) >= 2:
        found = {c for name, c in _NAMES.items() if name.startswith(word)}
        if len(found) == 1:
            return found.pop()
    return None


def parse_tile(state: AlpacaState, seat: int, text: str) -> int:
    """A tile by colours (``red/blue-green``, ``rbg``, ``rosso/blu-verde``) or by
    its number in ``seat``'s hand (``#3``).

    :raises NotationError: the text names no tile.
    """
    number = _HAND_NUMBER.match(text)
    hand = state.hands[seat]
    if number:
        index = int(number.group(1))
        if 1 <= index <= len(hand):
            return hand[index - 1]
        if not hand:
            raise NotationError(gettext_noop("Your hand is empty."))
        raise NotationError(
            gettext_noop("Your hand has tiles #1 to #%(last)s, not #%(index)s."), last=len(hand), index=index
        )
    words = [w for w in re.split(r"[\s/\-,+|]+", text) if w and w not in _TILE_WORDS]
    if len(words) == 1 and len(words[0]) == 3 and all(ch in _LETTERS for ch in words[0]):
        words = list(words[0])
    colours = tuple(_colour(w) for w in words)
    if len(colours) == 3 and None not in colours and colours in TILE_IDS:
        return TILE_IDS[colours]
    raise NotationError(
        gettext_noop(
            'Could not read the tile "%(text)s": write major/minor1-minor2 (e.g. red/blue-green, or '
            "rbg) or its number in your hand (#1). %(examples)s"
        ),
        text=text,
        examples=_examples(state, seat),
    )


#: Where a bonus action written on the placement's line starts: at
#: ``bonus``, after a comma or a joining word (English, Dutch, Italian).
_BONUS_AHEAD = re.compile(r"[\s,]+(?:(?:and|then|en|dan|e|ed|poi)[\s,]+)*(?=bonus\b)", re.IGNORECASE)


def split_line(line: str) -> list[str]:
    """The moves in one line: a placement and the bonus actions after it
    (``yellow/red-blue at 2,0 rot 1, bonus lock`` is two)."""
    return [part.strip(" ,") for part in _BONUS_AHEAD.split(line) if part.strip(" ,")]


def _rot(text: str) -> int:
    return int(text) if text.isdecimal() else _CORNERS[text]


def _fits(state: AlpacaState, tile: int, cell: Cell) -> tuple[int, ...]:
    mask = need_at(state, cell)
    return () if mask is None else fitting_rotations(tile, mask)


def parse_move(state: AlpacaState, seat: int, text: str) -> Any:
    """Read one move (see the module docstring).

    :raises NotationError: the text is not a move; the message says what was
        expected and gives examples of legal moves.
    """
    clean = " ".join(text.strip().lower().rstrip(".!").split())
    if not clean:
        raise NotationError(gettext_noop("The move is empty. %(examples)s"), examples=_examples(state, seat))
    if state.phase == "place" and _PASS.match(clean):
        raise NotationError(
            gettext_noop(
                "You cannot pass: you hold a tile that fits (players who cannot place are passed "
                "automatically). %(examples)s"
            ),
            examples=_examples(state, seat),
        )
    bonus = _BONUS.match(clean)
    rest = clean[bonus.end() :] if bonus else clean
    move = _parse_bonus(state, seat, rest)
    if move is not None:
        return move
    if bonus and not rest:
        raise NotationError(
            gettext_noop(
                'Say which bonus action: write "bonus rotate X,Y to R", "bonus lock" or "bonus none". %(examples)s'
            ),
            examples=_examples(state, seat),
        )
    if bonus:
        raise NotationError(
            gettext_noop(
                'Could not read the bonus action "%(rest)s": write "bonus rotate X,Y to R", "bonus lock" '
                'or "bonus none". %(examples)s'
            ),
            rest=rest,
            examples=_examples(state, seat),
        )
    return _parse_place(state, seat, clean)


def _parse_place(state: AlpacaState, seat: int, text: str) -> Place:
    original = text
    text = _VERB.sub("", text, count=1)
    rot: int | None = None
    match = _PLACE.match(text)
    # "tile rot 2 at x,y": the rotation came before the cell.
    rot_word = _ROT_WORD.search(match.group("tile") if match else text)
    if rot_word:
        rot = _rot(rot_word.group(1))
        text = (text[: rot_word.start()] + " " + text[rot_word.end() :]).strip()
        match = _PLACE.match(text)
    if match is None:
        raise NotationError(
            gettext_noop(
                'Could not read "%(original)s": write a tile, a cell x,y and a rotation, e.g. '
                '"red/blue-green at 1,-2 rot 2". %(examples)s'
            ),
            original=original,
            examples=_examples(state, seat),
        )
    tile = parse_tile(state, seat, match.group("tile").strip())
    cell = (int(match.group(2)), int(match.group(3)))
    if match.group(4) is not None:
        rot = _rot(match.group(4))
    if rot is None:
        fits = _fits(state, tile, cell)
        if len(fits) != 1:
            options = ", ".join(f"rot {r}" for r in fits)
            if fits:
                raise NotationError(
                    gettext_noop("Say which rotation (0-3) to place %(tile)s at %(cell)s in; these fit: %(options)s."),
                    tile=tile_term(tile),
                    cell=cell_name(cell),
                    options=options,
                )
            raise NotationError(
                gettext_noop("Say which rotation (0-3) to place %(tile)s at %(cell)s in; none fits there."),
                tile=tile_term(tile),
                cell=cell_name(cell),
            )
        rot = fits[0]
    return Place(tile, cell[0], cell[1], rot)


def _parse_bonus(state: AlpacaState, seat: int, text: str) -> Any:
    match = _ROTATE.match(text)
    if match:
        return Rotate(int(match.group(1)), int(match.group(2)), _rot(match.group(3)))
    if _NONE.match(text):
        return NoBonus()
    match = _LOCK.match(text)
    if match is None:
        return None
    pending = state.pending
    if not pending:
        raise NotationError(gettext_noop("There is no just-closed figure to make untouchable now."))
    if match.group(3) is not None:
        number = int(match.group(3))
        if 1 <= number <= len(pending):
            return Lock(pending[number - 1])
        raise NotationError(
            gettext_noop("Figure numbers go from 1 to %(count)s, not %(number)s."), count=len(pending), number=number
        )
    if match.group(1) is not None:
        cell = (int(match.group(1)), int(match.group(2)))
        found = [f for f in pending if cell in f]
        if len(found) == 1:
            return Lock(found[0])
        if not found:
            raise NotationError(
                gettext_noop("No just-closed figure includes %(cell_name)s; %(figures_hint)s"),
                cell_name=cell_name(cell),
                figures_hint=_figures_hint(state),
            )
    elif len(pending) == 1:
        return Lock(pending[0])
    raise NotationError(gettext_noop("Say which figure to lock; %(figures_hint)s"), figures_hint=_figures_hint(state))


def _figures_hint(state: AlpacaState) -> Message:
    # Notation, so each figure's lock move reads in the reader's words
    # ("bonus onaantastbaar 1,0"), as the parser takes it back.
    figures = Notation(
        "; ".join(
            f"{number}: {' / '.join(cell_name(c) for c in f)} (bonus lock {_lock_cell(state, f)})"
            for number, f in enumerate(state.pending, start=1)
        )
    )
    return message(gettext_noop("the figures: %(figures)s."), figures=figures)


def _lock_cell(state: AlpacaState, figure: tuple[Cell, ...]) -> str:
    """A cell of ``figure`` in no other pending figure (the placed tile is in
    all of them; any other cell of a figure is unique to it)."""
    for cell in figure:
        if all(cell not in f for f in state.pending if f != figure):
            return cell_name(cell)
    return cell_name(figure[0])


def format_move(state: AlpacaState, seat: int, move: Any) -> str:
    """The canonical text of ``move`` (``parse_move`` reads it back).

    :raises TypeError: ``move`` is not an Alpaca move.
    """
    if isinstance(move, Place):
        return f"{tile_name(move.tile)} at {move.x},{move.y} rot {move.rot}"
    if isinstance(move, Rotate):
        return f"bonus rotate {move.x},{move.y} to {move.rot}"
    if isinstance(move, Lock):
        if len(state.pending) <= 1:
            return "bonus lock"
        return f"bonus lock {_lock_cell(state, move.figure)}"
    if isinstance(move, NoBonus):
        return "bonus none"
    raise TypeError(f"Not an Alpaca move: {move!r}.")


def _examples(state: AlpacaState, seat: int, limit: int = 8) -> Message:
    if state.phase == "over" or seat != current_seat(state):
        return message("")
    moves: list[Any] = list(bonus_moves(state) if state.phase == "bonus" else placements(state, seat))
    if not moves:
        return message("")
    if state.phase == "place":
        # One example per tile first, so the list shows the whole choice.
        by_tile: dict[int, Any] = {}
        for move in moves:
            by_tile.setdefault(move.tile, move)
        picked = list(by_tile.values())
        chosen = set(picked)
        moves = picked + [m for m in moves if m not in chosen]
        colour = COLOURS[state.colours[state.dominant]]
        lead = message(gettext_noop("%(colour)s is dominant. For example: "), colour=Term(colour, capital=True))
    else:
        lead = message(gettext_noop("For example: "))
    shown = Notation("; ".join(format_move(state, seat, m) for m in moves[:limit]))
    if len(moves) > limit:
        return message(
            gettext_noop("%(lead)s%(moves)s (and %(more)s more)."), lead=lead, moves=shown, more=len(moves) - limit
        )
    return message(gettext_noop("%(lead)s%(moves)s."), lead=lead, moves=shown)


#: The canonical text in Dutch and Italian notation (``parse_move`` reads
#: it back): ``rood/blauw-groen op 1,-2 rot 2``, ``bonus draai 0,1 naar 3``,
#: ``bonus onaantastbaar 1,0``, ``bonus geen``.
WORDINGS = {
    "nl": Wording(
        {
            "red": "rood",
            "yellow": "geel",
            "green": "groen",
            "blue": "blauw",
            "purple": "paars",
            "at": "op",
            "rotate": "draai",
            "to": "naar",
            "lock": "onaantastbaar",
            "none": "geen",
        }
    ),
    # As the Italian rule text and help write it: rosso/blu-verde a 1,-2 rot 2, bonus ruota 0,1 a 3.
    "it": Wording(
        {
            "red": "rosso",
            "yellow": "giallo",
            "green": "verde",
            "blue": "blu",
            "purple": "viola",
            "at": "a",
            "rotate": "ruota",
            "to": "a",
            "lock": "intoccabile",
            "none": "nessuno",
        }
    ),
}
