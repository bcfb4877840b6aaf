"""Reading an Alta move in its position (the inverse of ``notation.format_move``).

``parse_move`` reads a canonical text at once (``_CANONICAL``) and any other
text word by word: the words of a take, a merchant choice or a refresh, the
fillers and the speaker of a sentence read past, a card named by
``notation.card_type``, and the face-up slot or open cell the position
settles when the player left it out.  Errors are ``NotationError`` (or
``IllegalMove`` for a face-up card that is not there) messages that say what
was expected.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine import IllegalMove, NotationError
from games.engine.message import Joined, Notation, Param, gettext_noop, message

from .board import CELL_NAMES, bit_indices
from .components import CARD_TERMS, MERCHANTS, TYPE_INDEX, TYPES, card_term, held
from .moves import BLIND, UP, ChooseMerchant, PlaceHand, Refresh, Take
from .notation import _EXAMPLES, _is_prefix, _is_refresh, _take_cells, _words, card_type
from .state import HAND, HAND_MERCHANT, TAKE, TAKE_MERCHANT, AltaState

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
