"""What Alta players write in an email, and how moves are written back.

One sub-move per part; a whole turn is several parts separated by ``;`` or
new lines (``BaseRules.apply_text``), e.g.
``market C3; merchant blind; take 2 D3`` (a move after a refresh must fit
whatever the refresh turns up: ``games.engine.blind``).

* Place a hand card (step 1): ``<card> <cell>`` — ``mill D3``, ``akker c3``.
* Refresh (step 2): ``refresh`` / ``ververs``.
* Take a face-up card (step 3): ``take <1|2|card> <cell>`` — ``take 2 D3``,
  ``take wheat D3``, ``neem 1 op c4``; in step 3 the word ``take`` may be
  left out (``wheat D3`` then means the face-up wheat field).
* Merchant choice after a market: ``merchant up`` / ``merchant blind``,
  ``m up``, ``blind``, ``koopman open``.

Cells are named in the fixed 7 x 7 frame around the first card (D4): column
letter A-G, row number 1-7 (``d3``, ``3d`` and ``d 3`` are accepted).  Card
names: English slugs or words, Dutch names, the board codes (FAR, HUT ...)
and unambiguous prefixes, in any case.  ``format_move`` writes the canonical
form, which ``parse_move`` reads back to the same move.

This module holds the words every reading shares (card names: ``card_type``;
cells; a text's words) and the canonical text (``format_move``,
``WORDINGS``); ``notation_parse`` reads a move in its position and
``notation_sentences`` cuts a line into its moves.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from games.engine import NotationError
from games.engine.message import Joined, gettext_noop, message
from games.engine.wording import Wording

from .components import CARD_TERMS, CODES, DUTCH, TYPE_INDEX, TYPES, card_term
from .moves import ChooseMerchant, PlaceHand, Refresh, Take
from .state import TAKE, AltaState

_EXTRA_ALIASES = {
    "farmer": ["farmer"],
    "settlement": ["settlement", "village"],
    "tavern": ["tavern", "inn"],
    "farmers_hut": [
        "farmers hut",
        "farmer hut",
        "farmershut",
        "hut",
        "huis",
        "cottage",
    ],
    "mill": ["mill"],
    "wheat_field": ["wheat field", "wheatfield", "wheat", "field"],
    "fishing_harbour": [
        "fishing harbour",
        "fishing harbor",
        "harbour",
        "harbor",
        "fishing",
        "fish",
        "steiger",
        "haven",
    ],
    "tower": ["tower"],
    "market": ["market", "mkt"],
}
#: alias -> type slug; exact aliases win over prefixes ("far" is the farmer).
ALIASES: dict[str, str] = {}
for _slug, _names in _EXTRA_ALIASES.items():
    for _word in [_slug.replace("_", " "), DUTCH[_slug], CODES[_slug].lower(), *_names]:
        ALIASES[_word] = _slug

_CELL = re.compile(r"^(?:([a-g])([1-7])|([1-7])([a-g]))$")
#: A letter and a number that name no cell of the frame ("h4", "d8", "4h"):
#: the player means a cell, so it is refused as one, not read as a card.
_OUTSIDE_CELL = re.compile(r"^(?:([a-z])(\d{1,2})|(\d{1,2})([a-z]))$")
_PUNCTUATION = re.compile(r"[\s,:;()=.!?+/#\"\-_*<>@]+")
_EXAMPLES = message(gettext_noop("e.g. 'mill D3', 'take 2 D3', 'refresh', 'merchant up', 'merchant blind'"))


def _words(text: str) -> list[str]:
    text = text.lower().replace("'", "").replace("\u2019", "")
    return [w for w in _PUNCTUATION.split(text) if w]


def _take_cells(words: list[str]) -> tuple[list[str], list[str]]:
    """Split out cell names (``d3``, ``3d``, ``d 3``)."""
    cells, rest, i = [], [], 0
    while i < len(words):
        word = words[i]
        match = _CELL.match(word)
        if match:
            col, row = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
            cells.append(f"{col.upper()}{row}")
        elif (
            len(word) == 1
            and "a" <= word <= "g"
            and i + 1 < len(words)
            and len(words[i + 1]) == 1
            and "1" <= words[i + 1] <= "7"
        ):
            cells.append(f"{word.upper()}{words[i + 1]}")
            i += 1
        else:
            _refuse_outside_cell(word)
            rest.append(word)
        i += 1
    return cells, rest


def _refuse_outside_cell(word: str) -> None:
    """:raises NotationError: ``word`` is a letter and a number, a cell
    name outside the A1-G7 frame."""
    outside = _OUTSIDE_CELL.match(word)
    if outside:
        col, row = (outside.group(1), outside.group(2)) if outside.group(1) else (outside.group(4), outside.group(3))
        raise NotationError(
            gettext_noop("There is no cell %(repr)s; cells are A1 to G7."), repr=repr(f"{col.upper()}{row}")
        )


def _is_refresh(word: str) -> bool:
    return (
        "refresh".startswith(word)
        or (len(word) >= 4 and ("ververs".startswith(word) or "vernieuw".startswith(word)))
        or word in ("renew", "swap")
    )


def _is_prefix(word: str, of: tuple[str, ...], shortest: int = 1) -> bool:
    return len(word) >= shortest and any(w.startswith(word) for w in of)


def card_type(phrase: str) -> str:
    """The type slug a player means by ``phrase`` (any case, English or
    Dutch, code or unambiguous prefix).

    :raises NotationError: unknown or ambiguous, listing the card names.
    """
    phrase = " ".join(_words(phrase))
    if phrase in ALIASES:
        return ALIASES[phrase]
    if phrase in TYPE_INDEX:
        return phrase
    found = sorted(
        {slug for alias, slug in ALIASES.items() if alias.startswith(phrase)},
        key=TYPE_INDEX.__getitem__,
    )
    if len(found) == 1:
        return found[0]
    if found:
        raise NotationError(
            gettext_noop("'%(phrase)s' could be %(found)s; write more of the name."),
            phrase=phrase,
            found=Joined(tuple(card_term(slug) for slug in found), gettext_noop(" or ")),
        )
    # The names the reader knows, each of which parses: "Wheat field" in
    # English (the English text is shown as it is), "akker" in Dutch.
    names = Joined(CARD_TERMS)
    meant = _meant(phrase)
    if meant is not None:
        raise NotationError(
            gettext_noop("Unknown card '%(phrase)s'; did you mean %(card)s? Cards: %(names)s; %(EXAMPLES)s."),
            phrase=phrase,
            card=card_term(meant),
            names=names,
            EXAMPLES=_EXAMPLES,
        )
    raise NotationError(
        gettext_noop("Unknown card '%(phrase)s'. Cards: %(names)s; %(EXAMPLES)s."),
        phrase=phrase,
        names=names,
        EXAMPLES=_EXAMPLES,
    )


def _meant(phrase: str) -> str | None:
    """The one card type whose English or Dutch name ``phrase`` is a typo
    of ("molne": mill), or ``None`` when no name, or more than one type,
    is close.  Only asked, never played: a guess must not become a move."""
    close = difflib.get_close_matches(phrase, list(ALIASES), n=3, cutoff=0.75)
    slugs = {ALIASES[name] for name in close}
    return slugs.pop() if len(slugs) == 1 else None


def format_move(state: AltaState, seat: int, move: Any) -> str:
    """The canonical text of ``move`` (read back by ``parse_move``).

    :raises TypeError: ``move`` is not an Alta move.
    """
    if isinstance(move, PlaceHand):
        return f"{move.card} {move.cell}"
    if isinstance(move, Take):
        if move.slot in (1, 2) and state.step == TAKE:
            return f"take {move.slot} {TYPES[state.face_up[move.slot - 1]]} {move.cell}"
        return f"take {move.slot} {move.cell}"
    if isinstance(move, Refresh):
        return "refresh"
    if isinstance(move, ChooseMerchant):
        return f"merchant {move.source}"
    raise TypeError(f"Not an Alta move: {move!r}.")


#: The canonical text in Dutch notation, with the Dutch card names
#: (``parse_move`` reads it back): ``akker C3``, ``neem 1 vissteiger D3``,
#: ``ververs``, ``koopman open``, ``koopman blind``.
WORDINGS = {
    "nl": Wording({**DUTCH, "take": "neem", "refresh": "ververs", "merchant": "koopman", "up": "open"}),
}
