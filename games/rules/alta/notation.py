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
"""

from __future__ import annotations

import difflib
import re
from typing import Any, NamedTuple

from games.engine import IllegalMove, NotationError
from games.engine.message import Joined, Notation, Param, gettext_noop, message
from games.engine.wording import Wording

from .board import CELL_NAMES, bit_indices
from .components import CARD_TERMS, CODES, DUTCH, MERCHANTS, TYPE_INDEX, TYPES, card_term, held
from .moves import BLIND, UP, ChooseMerchant, PlaceHand, Refresh, Take
from .state import (
    HAND,
    HAND_MERCHANT,
    TAKE,
    TAKE_MERCHANT,
    AltaState,
)

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

_TAKE_WORDS = {"take", "tk", "neem", "pak", "kies", "choose", "pick"}
_MERCHANT_WORDS = ("merchant", "koopman")
_UP_WORDS = {"up", "faceup", "open", "visible", "zichtbaar", "face"}
_BLIND_WORDS = {
    "blind",
    "down",
    "facedown",
    "deck",
    "top",
    "stapel",
    "gedekt",
    "dicht",
    "closed",
    "hidden",
    "random",
}
_SLOT_WORDS = {
    "1": 1,
    "2": 2,
    "left": 1,
    "links": 1,
    "right": 2,
    "rechts": 2,
    "first": 1,
    "second": 2,
    "eerste": 1,
    "tweede": 2,
}
_FILLERS = {
    "at",
    "on",
    "op",
    "in",
    "to",
    "naar",
    "into",
    "the",
    "a",
    "an",
    "de",
    "het",
    "een",
    "place",
    "play",
    "put",
    "plaats",
    "leg",
    "speel",
    "card",
    "kaart",
    "from",
    "hand",
    "my",
    "mijn",
    "uit",
    "van",
    "and",
    "en",
    "slot",
    "cell",
    "vak",
    "it",
    "please",
    "graag",
}
#: The speaker at the head of a move written as a sentence ("I take card 1
#: to D5", "I'll put", "ik leg"); only there, where no card name starts.
_SPEAKER = {"i", "ill", "will", "ik", "ga", "wil"}
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


def _open_cells(state: AltaState, seat: int) -> list[str]:
    return [CELL_NAMES[i] for i in bit_indices(state.islands[seat].open)]


def _cell(state: AltaState, seat: int, cells: list[str]) -> str:
    if len(cells) == 1:
        return cells[0]
    if cells:
        raise NotationError(
            gettext_noop("Write one cell per card, not %(cells)s."), cells=Joined(tuple(cells), gettext_noop(" and "))
        )
    free = _open_cells(state, seat)
    if len(free) == 1:  # the first card (D4) and the last card of the island
        return free[0]
    raise NotationError(
        gettext_noop("Where does the card go? Add a cell, e.g. 'mill D3'; open cells now: %(cells)s."),
        cells=", ".join(free[:12]) + ("..." if len(free) > 12 else ""),
    )


def _merchant(state: AltaState, words: list[str]) -> ChooseMerchant:
    if words in (["b"], ["u"]):
        return ChooseMerchant(BLIND if words == ["b"] else UP)
    # "take merchant blind": the rules say a merchant card is taken.
    said = [w for w in words if w not in _FILLERS and w not in _TAKE_WORDS and not _is_prefix(w, _MERCHANT_WORDS)]
    blind = any(w in _BLIND_WORDS for w in said)
    # Words beyond the choice may only name the face-up merchant's cards:
    # the move's text is shown to everyone, so free text is not a move.
    named = [w for w in said if w not in _BLIND_WORDS and w not in _UP_WORDS]
    if blind and not named:
        return ChooseMerchant(BLIND)
    if not blind and named and state.merchant_up is not None:
        try:
            kinds = {card_type(w) for w in named}
        except NotationError:
            kinds = set()
        if kinds and kinds <= set(MERCHANTS[state.merchant_up]):
            return ChooseMerchant(UP)
    elif not blind and not named and said:
        return ChooseMerchant(UP)
    up: Param = (
        Joined(tuple(card_term(t) for t in MERCHANTS[state.merchant_up]), "+")
        if state.merchant_up is not None
        else message(gettext_noop("none"))
    )
    raise NotationError(
        gettext_noop(
            "Choose a merchant card: 'merchant up' (the face-up one, %(up)s) or 'merchant blind' (the "
            "top of the merchant deck)."
        ),
        up=up,
    )


class _Canonical(NamedTuple):
    """What a canonical text says: ``kind`` (place, take, refresh, merchant),
    ``word`` (the card slug or the merchant source; "" if none), ``slot``
    (0 if none) and ``cell`` ("" if none)."""

    kind: str
    word: str = ""
    slot: int = 0
    cell: str = ""


_PLACE, _TAKE, _REFRESH, _MERCHANT = "place", "take", "refresh", "merchant"


def _canonical_texts() -> dict[str, _Canonical]:
    """Every canonical text (``format_move``, ``move_options``: what the
    mail's options and the whole-turn search write) with what it says."""
    texts = {
        "refresh": _Canonical(_REFRESH),
        f"merchant {UP}": _Canonical(_MERCHANT, UP),
        f"merchant {BLIND}": _Canonical(_MERCHANT, BLIND),
    }
    for cell in CELL_NAMES:
        for card in TYPES:
            texts[f"{card} {cell}"] = _Canonical(_PLACE, card, 0, cell)
        for slot in (1, 2):
            texts[f"take {slot} {cell}"] = _Canonical(_TAKE, "", slot, cell)
            for card in TYPES:
                texts[f"take {slot} {card} {cell}"] = _Canonical(_TAKE, card, slot, cell)
    return texts


#: Read by ``parse_move`` without splitting the text into words; each entry
#: gives what ``_parse_text`` gives for its text in every state (tested).
_CANONICAL = _canonical_texts()


def parse_move(state: AltaState, seat: int, text: str) -> Any:
    """The move ``seat`` means by ``text`` in the current step.

    :raises NotationError: the text does not parse (the message says what was
        expected, with examples).
    :raises IllegalMove: it parses but names a face-up card that is not there.
    """
    canonical = _CANONICAL.get(text)
    if canonical is not None:
        return _read_canonical(state, seat, canonical)
    return _parse_text(state, seat, text)


def _read_canonical(state: AltaState, seat: int, canonical: _Canonical) -> Any:
    """The move of a canonical text: what ``_parse_text`` makes of it, by
    the same steps once the words are read."""
    kind, word, slot, cell = canonical
    if kind == _REFRESH:
        return Refresh()
    if kind == _MERCHANT:
        return ChooseMerchant(word)
    if kind == _TAKE:
        return Take(_slot(state, word or None, [slot]), cell)
    if state.step == TAKE:  # "wheat D3" in step 3 means the face-up wheat field
        return Take(_slot(state, word, [], state.hands[seat], cell), cell)
    return PlaceHand(word, cell)


def _filler_card(words: list[str]) -> str | None:
    """The card a filler word also starts the name of ("a" akker, "in"
    inn, "to" tower), when one does: "a D3" must not place or take
    another card than the one it may name.  (Only beside a cell: a line
    of fillers alone, "on a", is not a move.)"""
    for word in words:
        if word in _FILLERS:
            try:
                return card_type(word)
            except NotationError:
                continue
    return None


def _parse_text(state: AltaState, seat: int, text: str) -> Any:
    """``parse_move`` of any text: split into words, then read."""
    words = _words(text)
    while len(words) > 1 and words[0] in _SPEAKER:
        words = words[1:]
    if not words:
        raise NotationError(gettext_noop("Write a move, %(EXAMPLES)s."), EXAMPLES=_EXAMPLES)
    cells, words = _take_cells(words)
    step = state.step
    if any(_is_refresh(w) for w in words) and not cells:
        return Refresh()
    # A lone "m" beside a cell starts a card name ("m d3": mill or market?).
    shortest = 2 if cells and step not in (HAND_MERCHANT, TAKE_MERCHANT) else 1
    if any(_is_prefix(w, _MERCHANT_WORDS, shortest) for w in words) or (
        step in (HAND_MERCHANT, TAKE_MERCHANT) and not cells
    ):
        return _merchant(state, words)
    if not cells and words and all(w in _BLIND_WORDS for w in words):
        return ChooseMerchant(BLIND)
    take = any(w in _TAKE_WORDS for w in words)
    slots = [_SLOT_WORDS[w] for w in words if w in _SLOT_WORDS]
    spoken = [w for w in words if w not in _TAKE_WORDS and w not in _SLOT_WORDS]
    rest = [w for w in spoken if w not in _FILLERS]
    if take and rest and all(w.isdecimal() for w in rest):  # "take 3": a slot that is not there
        raise NotationError(gettext_noop("Take one face-up card, 1 or 2 (%(shown)s)."), shown=_shown(state))
    if rest:
        card: str | None = card_type(" ".join(rest))
    else:
        card = _filler_card(spoken) if cells and not slots else None
    if take or slots or step == TAKE:
        return Take(
            _slot(state, card, slots, state.hands[seat], cells[0] if cells else _example_cell(state, seat)),
            _cell(state, seat, cells),
        )
    if card is None:
        hand = sorted(set(state.hands[seat]))
        if len(hand) != 1 or step != HAND:
            raise NotationError(
                gettext_noop("Which card? You hold %(held)s; %(EXAMPLES)s."),
                held=held(state.hands[seat]),
                EXAMPLES=_EXAMPLES,
            )
        card = TYPES[hand[0]]
    return PlaceHand(card, _cell(state, seat, cells))


def _example_cell(state: AltaState, seat: int) -> str:
    """A cell for an example move: the first open one ("D3" on a full
    island)."""
    free = _open_cells(state, seat)
    return free[0] if free else "D3"


def _shown(state: AltaState) -> Param:
    """The face-up cards by slot, for a message (``1: Mill, 2: Tower``)."""
    return Joined(
        tuple(
            message(gettext_noop("%(slot)s: %(card)s"), slot=i + 1, card=CARD_TERMS[c])
            for i, c in enumerate(state.face_up)
        )
    )


def _slot(state: AltaState, card: str | None, slots: list[int], hand: tuple[int, ...] = (), cell: str = "D3") -> int:
    """The face-up slot a take means (``card``: the card named, ``slots``:
    the slots named; ``hand`` and ``cell``: the mover's hand and the cell
    written, for the refusal of a hand card named in step 3)."""
    # The face-up cards are named only in the errors (``_shown``): writing
    # them for every parsed take would be thrown away.
    if len(set(slots)) > 1:
        raise NotationError(gettext_noop("Take one face-up card, 1 or 2 (%(shown)s)."), shown=_shown(state))
    if slots:
        slot = slots[0]
        if card is not None and TYPES[state.face_up[slot - 1]] != card:
            raise IllegalMove(
                gettext_noop("Face-up card %(slot)s is not a %(card)s (face up: %(shown)s)."),
                slot=slot,
                card=card_term(card),
                shown=_shown(state),
            )
        return slot
    if card is None:
        if state.face_up[0] == state.face_up[1]:
            return 1
        raise NotationError(
            gettext_noop("Which face-up card? Write 'take 1 D3' or 'take 2 D3' (%(shown)s)."), shown=_shown(state)
        )
    for slot, kind in enumerate(state.face_up, start=1):
        if TYPES[kind] == card:
            return slot
    if TYPE_INDEX[card] in hand:
        # Both hand cards written ("mill D3; tower E3"): the other one goes
        # face up by itself (step 4).
        raise IllegalMove(
            gettext_noop(
                "There is no %(card)s face up; the face-up cards are %(shown)s. Your other hand card, %(card)s, "
                "goes face up by itself after this step: now take a face-up card, e.g. '%(example)s'."
            ),
            card=card_term(card),
            shown=_shown(state),
            example=Notation(f"take 1 {cell}"),
        )
    raise IllegalMove(
        gettext_noop("There is no %(card)s face up; the face-up cards are %(shown)s."),
        card=card_term(card),
        shown=_shown(state),
    )


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
