"""Alhambra's move notation: what players write in an email, and back.

Canonical forms (``format_move``)::

    take denar 3 + florin 2
    buy garden (slot 2) with dirham 3+5
    done
    place garden at N1E2        reserve garden        give garden to Dirk
    redesign tower 9 to S1      redesign N1E2 to reserve
    redesign garden 8 with W1

Cells are compass labels relative to the fountain (``components.cell_label``).
Parsing is forgiving: case, spacing, punctuation, abbreviations (any unique
prefix of at least two letters), Dutch words (neem, koop, klaar, plaats, op,
naar, met, verbouw, ruil, tuin, toren, dukaat, florijn, oost, zuid ...),
``3 denar`` as well as ``denar 3``, a missing currency where the display or
the slot settles it, a building named only as far as needed, and the words
of a sentence around a move ("I take denar 3", "ik koop de tuin in vak 2,
betaal dirham 3 en 5").
"""

from __future__ import annotations

import re
from itertools import takewhile

from games.engine import NotationError
from games.engine.message import Joined, Message, Notation, Term, gettext_noop, message
from games.engine.wording import Wording

from .components import CURRENCIES, TILES, TYPES, card_name, cell_label, walls_text
from .moves import Build, Buy, Done, Gift, Move, Place, Remove, Swap, Take
from .state import AlhambraState

Cell = tuple[int, int]

_CURRENCY_WORDS = {
    0: ("denar", "denars", "denare", "denaren"),
    1: ("dirham", "dirhams", "dirhems"),
    2: ("ducat", "ducats", "dukaat", "dukaten", "ducaat"),
    3: ("florin", "florins", "florijn", "florijnen", "gulden", "guldens"),
}
_TYPE_WORDS = {
    0: ("pavilion", "pavilions", "paviljoen", "paviljoens"),
    1: ("seraglio", "seraglios", "serail", "serails"),
    2: ("arcades", "arcade", "arcaden", "arcadegalerij"),
    3: ("chambers", "chamber", "vertrekken", "vertrek", "kamers", "kamer"),
    4: ("garden", "gardens", "tuin", "tuinen"),
    5: ("tower", "towers", "toren", "torens"),
}
_TAKE = {"take", "t", "neem", "pak", "money", "geld", "get"}
_BUY = {"buy", "b", "koop", "purchase"}
_DONE = {"done", "pass", "end", "klaar", "stop", "finish", "einde", "pas", "past"}
_PLACE = {"place", "p", "put", "plaats", "leg", "build", "bouw", "zet"}
_RESERVE = {"reserve", "res", "r", "reservebord", "reserveboard"}
_GIVE = {"give", "gift", "geef", "schenk", "dirk"}
_REDESIGN = {"redesign", "rd", "verbouw", "verbouwen", "redesig", "rebuild"}
_SWAP = {"swap", "ruil", "exchange", "replace"}
_REMOVE = {"remove", "verwijder", "weg"}
_AT = {"at", "to", "on", "in", "into", "op", "naar", "@", "aan", "->", "=>", ">"}
_WITH = {"with", "met", "using", "for", "voor", "paying", "pay", "betaal", "betalend"}
#: The player speaking before the verb ("I take", "I'll buy", "ik koop",
#: "ik wil ... kopen" is not read): read past.
_SPEAKER = {"i", "ik"}
_WILL = {"ll", "will", "wil"}
#: Words between two money cards ("dirham 2 + 3 florin").
_JOINS = {"+", "and", "en"}
_FILLER = {
    "+",
    "and",
    "en",
    "the",
    "a",
    "de",
    "het",
    "een",
    "slot",
    "vak",
    "nr",
    "#",
    "tile",
    "building",
    "gebouw",
    "tegel",
    "card",
    "cards",
    "kaart",
    "kaarten",
    "from",
    "uit",
    "of",
    "van",
    "my",
    "mijn",
    "money",
    "geld",
    "display",
}
_DIRK = {"dirk"}
_DIRS = {"n": (0, -1), "s": (0, 1), "z": (0, 1), "e": (1, 0), "o": (1, 0), "w": (-1, 0)}
_WALL_BITS = {"n": 1, "e": 2, "o": 2, "s": 4, "z": 4, "w": 8}
_NO_WALLS = {"-", "open", "none", "geen", "nowalls", "no-walls"}


def tokenize(text: str) -> list[str]:
    """Lower-case words; punctuation dropped, ``+`` kept, letters and digits
    split apart (``N1E2`` -> ``n 1 e 2``, ``denar3`` -> ``denar 3``)."""
    text = text.lower().replace("+", " + ").replace("&", " + ")
    text = re.sub(r"[,;:()\[\]!?'\"./]", " ", text)
    text = re.sub(r"(?<=[a-z])-(?=\d)", " ", text)  # "denar-7"; "1,-2" keeps its minus
    text = re.sub(r"(?<=[a-z])(?=[-\d])|(?<=\d)(?=[a-z])", " ", text)
    return text.split()


def _lookup(word: str, table: dict[int, tuple[str, ...]]) -> int | None:
    hits = {k for k, names in table.items() for n in names if n == word}
    if not hits and len(word) >= 2:
        hits = {k for k, names in table.items() for n in names if n.startswith(word)}
    return hits.pop() if len(hits) == 1 else None


def currency_of(word: str) -> int | None:
    return _lookup(word, _CURRENCY_WORDS)


def type_of(word: str) -> int | None:
    return _lookup(word, _TYPE_WORDS)


def _is_int(word: str) -> bool:
    return bool(re.fullmatch(r"-?\d+", word))


def parse_cell(tokens: list[str]) -> Cell | None:
    """``[n, 1, e, 2]`` -> ``(2, -1)``; ``[1, -2]`` -> ``(1, -2)``; ``f`` or
    ``fountain`` -> ``(0, 0)``; ``None`` if the words are not a cell."""
    tokens = [t for t in tokens if t not in _FILLER]
    if tokens in (["f"], ["fountain"], ["fontein"], ["0"]):
        return (0, 0)
    if len(tokens) == 2 and all(_is_int(t) for t in tokens):
        return (int(tokens[0]), int(tokens[1]))
    if not tokens or len(tokens) % 2 or len(tokens) > 4:
        return None
    x = y = 0
    axes = set()
    for letter, number in zip(tokens[0::2], tokens[1::2], strict=True):
        if letter not in _DIRS or not number.isdecimal():
            return None
        dx, dy = _DIRS[letter]
        axis = "x" if dx else "y"
        if axis in axes:
            return None
        axes.add(axis)
        x, y = x + dx * int(number), y + dy * int(number)
    return (x, y)


def tile_ref_term(tile: int, among: tuple[int, ...] | list[int]) -> Message:
    """``tile_ref`` for the reader, the building named in their language."""
    name = tile_ref(tile, among)
    kind = TILES[tile][0]
    rest = Notation(name[len(TYPES[kind]) :])  # " 8 NE": price and walls in the reader's compass
    return message(gettext_noop("%(building)s%(rest)s"), building=Term(TYPES[kind]), rest=rest)


def tile_ref(tile: int, among: tuple[int, ...] | list[int]) -> str:
    """The shortest name of ``tile`` that tells it apart from ``among``:
    ``garden``, ``garden 8`` or ``garden 8 NE`` (``open`` for no walls)."""
    kind, price, walls = TILES[tile]
    others = [TILES[t] for t in among if t != tile]
    name = TYPES[kind]
    if all(o.kind != kind for o in others):
        return name
    if all((o.kind, o.price) != (kind, price) for o in others):
        return f"{name} {price}"
    return f"{name} {price} {walls_text(walls) if walls else 'open'}"


def parse_tile(tokens: list[str], among: tuple[int, ...], where: Message) -> int:
    """The tile of ``among`` that ``tokens`` describe (type, price, walls).

    :raises NotationError: unknown words, no match or several matches.
    """
    kind = price = walls = None
    for word in tokens:
        if word in _FILLER:
            continue
        if word.isdecimal():
            price = int(word)
        elif type_of(word) is not None:
            kind = type_of(word)
        elif word in _NO_WALLS:
            walls = 0
        elif set(word) <= set(_WALL_BITS) and len(word) <= 4:
            walls = sum({_WALL_BITS[c] for c in word})
        else:
            raise NotationError(
                gettext_noop(
                    "'%(word)s' is not a building; name it by type, price and walls (e.g. 'garden 8 NE'). "
                    "%(list_tiles)s"
                ),
                word=word,
                list_tiles=_list_tiles(among, where),
            )
    found = [
        t
        for t in among
        if (kind is None or TILES[t].kind == kind)
        and (price is None or TILES[t].price == price)
        and (walls is None or TILES[t].walls == walls)
    ]
    if len(found) == 1:
        return found[0]
    if not among:
        # "No such building" would only say the same again.
        raise NotationError(gettext_noop("There is no building %(where)s."), where=where)
    if not found:
        raise NotationError(
            gettext_noop("No such building %(where)s. %(list_tiles)s"),
            where=where,
            list_tiles=_list_tiles(among, where),
        )
    names = Joined(tuple(tile_ref_term(t, among) for t in found[:10]))
    raise NotationError(gettext_noop("Which building %(where)s: %(names)s?"), where=where, names=names)


def _list_tiles(among: tuple[int, ...], where: Message) -> Message:
    if not among:
        return message(gettext_noop("There is no building %(where)s."), where=where)
    names = Joined(tuple(tile_ref_term(t, among) for t in among[:10]))
    return message(gettext_noop("Buildings %(where)s: %(names)s."), where=where, names=names)


def parse_cards(tokens: list[str]) -> list[tuple[int | None, int]]:
    """Money words -> ``[(currency or None, value)]``; accepts ``denar 3 5``,
    ``3 denar + 5 florin``, both at once (``dirham 2 + 3 florin``) and bare
    values."""
    items: list[tuple[int | None, int]] = []
    current: int | None = None
    waiting: list[int] = []
    for index, word in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if word in _JOINS and _names_its_currency_after(tokens[index + 1 :]):
            # "dirham 2 + 3 florin": the 3 is a florin, not a third dirham.
            current = None
        # "de" is Dutch for "the" and also short for denar: before a value
        # ("take de 3") it is the currency, or the 3 of another currency
        # would be taken.
        if word in _FILLER and not (following.isdecimal() and currency_of(word) is not None):
            continue
        if word.isdecimal():
            value = int(word)
            if not 1 <= value <= 9:
                raise NotationError(gettext_noop("Money cards have values 1 to 9, not %(value)s."), value=value)
            if current is not None:
                items.append((current, value))
            else:
                waiting.append(value)
            continue
        currency = currency_of(word)
        if currency is None:
            raise NotationError(
                gettext_noop(
                    "'%(word)s' is not a currency; write e.g. 'denar 3 + florin 2' (currencies: %(CURRENCIES)s)."
                ),
                word=word,
                CURRENCIES=Joined(tuple(Term(c) for c in CURRENCIES)),
            )
        if waiting:
            items.extend((currency, v) for v in waiting)
            waiting, current = [], None
        else:
            current = currency
    items.extend((None, v) for v in waiting)
    return items


def _names_its_currency_after(tokens: list[str]) -> bool:
    """Does the part after a join ("+", "and") give values first and then
    their currency ("3 florin"), up to the next join?"""
    part = list(takewhile(lambda word: word not in _JOINS, tokens))
    return bool(part) and part[0].isdecimal() and any(currency_of(word) is not None for word in part)


def _split(tokens: list[str], words: set[str]) -> tuple[list[str], list[str]] | None:
    for i, word in enumerate(tokens):
        if word in words:
            return tokens[:i], tokens[i + 1 :]
    return None


# ----------------------------------------------------------------- format
def format_cards(cards: tuple[int, ...]) -> str:
    return " + ".join(card_name(c) for c in cards)


def format_move(state: AlhambraState, seat: int, move: Move) -> str:
    """The canonical text of a move (``parse_move`` reads it back).

    :raises TypeError: ``move`` is not an Alhambra move.
    """
    seat_state = state.seats[seat]
    if isinstance(move, Take):
        return f"take {format_cards(move.cards)}"
    if isinstance(move, Buy):
        tile = state.market[move.slot]
        name = TYPES[TILES[tile].kind] if tile is not None else "empty"
        values = "+".join(str(c % 10) for c in move.cards)
        return f"buy {name} (slot {move.slot + 1}) with {CURRENCIES[move.slot]} {values}"
    if isinstance(move, Done):
        return "done"
    if isinstance(move, Place):
        name = tile_ref(move.tile, seat_state.pending)
        if move.cell is None:
            return f"reserve {name}"
        return f"place {name} at {cell_label(move.cell)}"
    if isinstance(move, Gift):
        return f"give {tile_ref(move.tile, seat_state.pending)} to Dirk"
    if isinstance(move, Build):
        name = tile_ref(move.tile, seat_state.reserve)
        return f"redesign {name} to {cell_label(move.cell)}"
    if isinstance(move, Remove):
        return f"redesign {cell_label(move.cell)} to reserve"
    if isinstance(move, Swap):
        name = tile_ref(move.tile, seat_state.reserve)
        return f"redesign {name} with {cell_label(move.cell)}"
    raise TypeError(f"Not an Alhambra move: {move!r}.")


# ----------------------------------------------------------------- Dutch
def _compass_nl(match: re.Match[str]) -> str:
    said = match.group(0).translate(str.maketrans("ES", "OZ"))
    # Walls north, east and west spell the English "NOW"; any order reads back.
    return "NWO" if said == "NOW" else said


#: The canonical text in Dutch notation (``parse_move`` reads it back):
#: ``neem dukaat 3 + gulden 2``, ``koop tuin (vak 2) met dirham 3+5``,
#: ``plaats tuin 8 NO op Z1O2``, ``geef tuin aan Dirk``, ``verbouw N1 naar reserve``.
WORDINGS = {
    "nl": Wording(
        {
            "take": "neem",
            "buy": "koop",
            "slot": "vak",
            "with": "met",
            "done": "klaar",
            "place": "plaats",
            "at": "op",
            "reserve": "reserve",
            "give": "geef",
            "redesign": "verbouw",
            "to": "naar",
            "empty": "leeg",
            "fountain": "fontein",
            "pavilion": "paviljoen",
            "seraglio": "serail",
            "arcades": "arcaden",
            "chambers": "vertrekken",
            "garden": "tuin",
            "tower": "toren",
            "ducat": "dukaat",
            "florin": "gulden",
        },
        (
            (re.compile(r"\bto Dirk\b"), "aan Dirk"),
            # Compass cells and walls: N1E2 -> N1O2, S1 -> Z1, NE -> NO.
            (re.compile(r"\b(?=[NESW\d]*[NESW])[NESW\d]+\b"), _compass_nl),
        ),
    )
}
