"""Reading a player's move text (the inverse of ``notation.format_move``).

The first word says what kind of move it is (English or Dutch, any unique
abbreviation the tables in ``notation`` list); the rest is read forgivingly.
Errors are ``NotationError`` messages that say what was expected and show a
few legal moves of the position.
"""

from __future__ import annotations

from games.engine import NotationError
from games.engine.message import Joined, Message, Notation, Term, gettext_noop, message

from .components import CURRENCIES, CURRENCY_TERMS, TILES, Tile, card, cell_label, tile_term
from .legal import legal_moves
from .moves import Build, Buy, Done, Gift, Move, Place, Remove, Swap, Take
from .notation import (
    _AT,
    _BUY,
    _DIRK,
    _DIRS,
    _DONE,
    _FILLER,
    _GIVE,
    _PLACE,
    _REDESIGN,
    _REMOVE,
    _RESERVE,
    _SPEAKER,
    _SWAP,
    _TAKE,
    _WILL,
    _WITH,
    _split,
    currency_of,
    format_move,
    parse_cards,
    parse_cell,
    parse_tile,
    tokenize,
    type_of,
)
from .state import AlhambraState

Cell = tuple[int, int]


_IN_RESERVE = message(gettext_noop("in your reserve"))


def examples(state: AlhambraState, seat: int, limit: int = 8) -> Message:
    """A short list of legal moves, spread over the kinds of move."""
    moves = legal_moves(state, seat)
    if not moves:
        return message(gettext_noop("You have no move to make now."))
    picked: list[Move] = []
    kinds: dict[type, int] = {}
    for move in moves:
        if kinds.get(type(move), 0) < 2:
            kinds[type(move)] = kinds.get(type(move), 0) + 1
            picked.append(move)
    picked = picked[:limit]
    text = Notation("; ".join(format_move(state, seat, m) for m in picked))
    if len(moves) > len(picked):
        # The total, not "(and 3 more)": after "… with ducat 7" that read
        # as part of the payment.
        template = gettext_noop("For example: %(moves)s (of %(total)s possible moves).")
        return message(template, moves=text, total=len(moves))
    return message(gettext_noop("For example: %(moves)s."), moves=text)


def parse_move(state: AlhambraState, seat: int, text: str) -> Move:
    """Read one move of ``seat``.

    :raises NotationError: the text is not a move here (the message lists
        examples).
    """
    words = _without_speaker(tokenize(text))
    if not words:
        raise NotationError(gettext_noop("The move is empty. %(examples)s"), examples=examples(state, seat))
    verb, rest = words[0], words[1:]
    placing = state.phase in ("place", "handout")
    try:
        if verb in _TAKE:
            return _take(state, rest)
        if verb in _BUY:
            return _buy(state, rest)
        if verb in _DONE:
            return Done()
        if placing and _verbless(words):
            # "garden E1", "E1", "op O1": the verb "place" left out.
            return _placing(state, seat, "place", words)
        if placing:
            return _placing(state, seat, verb, rest)
        if verb in _PLACE:
            return _build(state, seat, rest)
        if verb in _REDESIGN:
            return _redesign(state, seat, rest)
        if verb in _SWAP:
            return _swap(state, seat, rest)
        if verb in _REMOVE or verb in _RESERVE:
            return _remove(rest)
    except NotationError as error:
        reason = _placed_later(state, seat, verb, rest) or error.message
        raise NotationError(
            gettext_noop("%(error)s %(examples)s"), error=reason, examples=examples(state, seat)
        ) from None
    later = _placed_later(state, seat, verb, rest)
    if later is not None:
        raise NotationError(gettext_noop("%(error)s %(examples)s"), error=later, examples=examples(state, seat))
    raise NotationError(
        gettext_noop(
            "'%(verb)s' is not a move here. Write take, buy, redesign or done (or place/reserve after "
            "buying). %(examples)s"
        ),
        verb=verb,
        examples=examples(state, seat),
    )


def _without_speaker(words: list[str]) -> list[str]:
    """``words`` without the "I" ("I'll", "ik") before a move's verb: a
    mail says "I take denar 3" ("ik koop de tuin ...")."""
    if len(words) > 1 and words[0] in _SPEAKER:
        words = words[1:]
        if len(words) > 1 and words[0] in _WILL:
            words = words[1:]
    return words


#: Every word that starts a move (a building's or a cell's first word does not).
_VERBS = _TAKE | _BUY | _DONE | _PLACE | _RESERVE | _GIVE | _REDESIGN | _SWAP | _REMOVE


def _verbless(words: list[str]) -> bool:
    """Does a placement start without its verb: with a building (``garden
    E1``), a cell (``E1``) or "at" (``op O1``)?"""
    first = words[0]
    if first in _VERBS:
        return False
    # A cell by its compass letters only: bare numbers are option numbers in a mail.
    return type_of(first) is not None or first in _AT or (first in _DIRS and parse_cell(words) is not None)


def _where(rest: list[str]) -> tuple[list[str], list[str]] | None:
    """``rest`` split into what and where: at "at" (``garden at E1``), or
    before a cell written last without it (``garden E1``, ``garden 10
    N1E2``: the cell starts with a compass letter, so a price is not read
    as one)."""
    parts = _split(rest, _AT)
    if parts is not None:
        return parts
    for size in (4, 2):
        if len(rest) > size and rest[-size] in _DIRS and parse_cell(rest[-size:]) is not None:
            return rest[:-size], rest[-size:]
    return None


def _placed_later(state: AlhambraState, seat: int, verb: str, rest: list[str]) -> Message | None:
    """Why ``verb`` cannot place a building bought this turn yet (``None``
    if it is no placing verb, names a building of the reserve, or nothing
    bought waits): after an exact payment the actions go on, and what was
    bought is placed after them."""
    seat_state = state.seats[seat]
    if state.phase != "action" or not seat_state.pending:
        return None
    if verb not in _PLACE and verb not in _RESERVE and verb not in _GIVE:
        return None
    if verb in _PLACE and seat_state.reserve:
        named = _split(rest, _AT)
        try:
            parse_tile(named[0] if named else rest, seat_state.reserve, _IN_RESERVE)
        except NotationError:
            pass
        else:
            return None  # a building from the reserve: its own error stands
    return message(
        gettext_noop(
            "Buildings bought this turn are placed after your last action: write 'done' first (or take another "
            "action), then 'place <building> at <cell>' or 'reserve <building>'."
        )
    )


def _take(state: AlhambraState, tokens: list[str]) -> Take:
    items = parse_cards(tokens)
    if not items:
        raise NotationError(gettext_noop("Say which money you take, e.g. 'take denar 3 + florin 2'."))
    cards = []
    for currency, value in items:
        if currency is None:
            options = sorted({c for c in state.display if c % 10 == value})
            if len(options) != 1:
                shown = Notation(", ".join(_card_text(c) for c in state.display) or "-")
                template = (
                    gettext_noop("Say which currency for %(value)s (display: %(shown)s).")
                    if options
                    else gettext_noop("There is no %(value)s on display (display: %(shown)s).")
                )
                raise NotationError(template, value=value, shown=shown)
            cards.append(options[0])
        else:
            cards.append(card(currency, value))
    return Take(tuple(sorted(cards)))


def _card_text(code: int) -> str:
    return f"{CURRENCIES[code // 10]} {code % 10}"


def _buy(state: AlhambraState, tokens: list[str]) -> Buy:
    parts = _split(tokens, _WITH)
    if parts is None:
        # "buy 2 3 5": the first word names the slot, the rest is money.
        left, right = tokens[:1], tokens[1:]
        if tokens[:1] in (["slot"], ["vak"]):
            left, right = tokens[:2], tokens[2:]
    else:
        left, right = parts
    try:
        paid = {c for c, _v in parse_cards(right) if c is not None}
    except NotationError:
        paid = set()  # the payment's own error is told below, once the slot is known
    slot = _market_slot(state, left, paid)
    items = parse_cards(right)
    if not items:
        raise NotationError(
            gettext_noop("Say how you pay, e.g. 'buy %(slot)s with %(CURRENCIES)s 3+5'."),
            slot=slot + 1,
            CURRENCIES=Term(CURRENCIES[slot]),
        )
    cards = tuple(sorted(card(slot if c is None else c, v) for c, v in items))
    return Buy(slot, cards)


#: "the garden in slot 2" ("de tuin in vak 2"): no slot's name.
_IN_SLOT = {"in"}


def _market_slot(state: AlhambraState, tokens: list[str], paid: set[int]) -> int:
    """The slot named by words like ``2``, ``slot 2``, ``garden``,
    ``garden 8`` or ``dirham`` (a number after 'slot' is the slot; a number
    next to a building type is its price).  When the words fit several
    slots (two gardens), the one paid for: ``paid``, the currencies the
    payment names, when that is one currency of one of them."""
    typed = any(type_of(w) is not None for w in tokens)
    slots = [s for s in range(4) if state.market[s] is not None]
    named = False
    previous = ""
    for word in tokens:
        after_slot = previous in ("slot", "vak", "nr", "#")
        previous = word
        if word in _FILLER or word in _IN_SLOT:
            continue
        named = True
        if word.isdecimal() and (after_slot or not typed):
            number = int(word)
            if not 1 <= number <= 4:
                raise NotationError(gettext_noop("The market has slots 1 to 4."))
            if state.market[number - 1] is None:
                raise NotationError(gettext_noop("Slot %(number)s is empty this turn."), number=number)
            slots = [s for s in slots if s == number - 1]
        elif word.isdecimal():
            slots = [s for s in slots if _market_tile(state, s).price == int(word)]
        elif type_of(word) is not None:
            slots = [s for s in slots if _market_tile(state, s).kind == type_of(word)]
        elif currency_of(word) is not None:
            slots = [s for s in slots if s == currency_of(word)]
        else:
            raise NotationError(gettext_noop("'%(word)s' does not name a market slot."), word=word)
    if len(slots) == 1 and named:
        return slots[0]
    if named and not slots:
        raise NotationError(
            gettext_noop("No building in the market matches that; the market has %(slots)s."), slots=_market(state)
        )
    if named and len(slots) > 1:
        if len(paid) == 1 and set(slots) & paid:
            return next(iter(paid))
        raise NotationError(
            gettext_noop(
                "Several buildings match: %(slots)s. Name the slot by its number, e.g. 'buy %(slot)s with "
                "%(CURRENCIES)s 3+5'."
            ),
            slots=_market(state, slots),
            slot=slots[0] + 1,
            CURRENCIES=Term(CURRENCIES[slots[0]]),
        )
    raise NotationError(
        gettext_noop("Say which slot you buy from (1-4, or the building's type), e.g. 'buy 2 with dirham 3+5'.")
    )


def _market(state: AlhambraState, only: list[int] | None = None) -> Joined:
    """The market's buildings, slot by slot (public, as the mail lists
    them), for a refusal that names none of them (or those of ``only``)."""
    return Joined(
        tuple(
            message(
                gettext_noop("slot %(slot)s (%(currency)s): %(tile)s"),
                slot=slot + 1,
                currency=CURRENCY_TERMS[slot],
                tile=tile_term(tile),
            )
            for slot, tile in enumerate(state.market)
            if tile is not None and (only is None or slot in only)
        ),
        "; ",
    )


def _market_tile(state: AlhambraState, slot: int) -> Tile:
    tile = state.market[slot]
    assert tile is not None
    return TILES[tile]


def _placing(state: AlhambraState, seat: int, verb: str, rest: list[str]) -> Move:
    pending = state.seats[seat].pending
    where = message(gettext_noop("waiting to be placed"))
    if verb in _RESERVE:
        return Place(parse_tile(rest, pending, where), None)
    if verb in _GIVE:
        tokens = [w for w in rest if w not in _DIRK and w not in _AT]
        return Gift(parse_tile(tokens, pending, where))
    if verb in _PLACE:
        parts = _where(rest)
        if parts is None:
            cell = parse_cell(rest)
            if cell is not None:
                return Place(parse_tile([], pending, where), cell)
            raise NotationError(gettext_noop("Say where: 'place <building> at <cell>' or 'reserve'."))
        left, right = parts
        target = [w for w in right if w not in _FILLER]
        if target and target[0] in _RESERVE:
            return Place(parse_tile(left, pending, where), None)
        if target and target[0] in _DIRK:
            return Gift(parse_tile(left, pending, where))
        cell = parse_cell(right)
        if cell is None:
            raise NotationError(gettext_noop("'%(right)s' is not a cell (e.g. N1E2, S2, W1)."), right=" ".join(right))
        return Place(parse_tile(left, pending, where), cell)
    refusal = message(
        gettext_noop(
            "'%(verb)s' is not a move now: place your new building with 'place <building> at "
            "<cell>' or 'reserve <building>'."
        )
        if len(pending) == 1
        else gettext_noop(
            "'%(verb)s' is not a move now: place your new buildings with 'place <building> at "
            "<cell>' or 'reserve <building>'."
        ),
        verb=verb,
    )
    if state.phase == "place" and (verb in _REDESIGN or verb in _SWAP or verb in _REMOVE):
        # A redesign after the turn's last action: say why none is left.
        raise NotationError(
            gettext_noop("%(first)s %(more)s"),
            first=message(gettext_noop("Your actions this turn are over (only an exact payment gives another one).")),
            more=refusal,
        )
    raise NotationError(refusal)


def _cell(tokens: list[str]) -> Cell:
    if not [word for word in tokens if word not in _FILLER]:
        raise NotationError(gettext_noop("Say which cell; cells are written from the fountain, e.g. N1, S2E1, W3."))
    cell = parse_cell(tokens)
    if cell is None:
        raise NotationError(
            gettext_noop("'%(tokens)s' is not a cell; cells are written from the fountain, e.g. N1, S2E1, W3."),
            tokens=" ".join(tokens),
        )
    return cell


def _build(state: AlhambraState, seat: int, rest: list[str]) -> Move:
    parts = _where(rest)
    if parts is None:
        raise NotationError(gettext_noop("Say where: 'redesign <building> to <cell>'."))
    left, right = parts
    if right and right[0] in _RESERVE:
        return Remove(_cell(left))
    return Build(parse_tile(left, state.seats[seat].reserve, _IN_RESERVE), _cell(right))


def _swap(state: AlhambraState, seat: int, rest: list[str]) -> Move:
    parts = _split(rest, _WITH) or _split(rest, _AT)
    if parts is None:
        raise NotationError(gettext_noop("Write 'redesign <reserve building> with <cell>'."))
    left, right = parts
    reserve = state.seats[seat].reserve
    if not right:
        _cell(right)  # "redesign tower with": the cell is missing
    cell = parse_cell(right)
    if cell is not None:
        return Swap(parse_tile(left, reserve, _IN_RESERVE), cell)
    return Swap(parse_tile(right, reserve, _IN_RESERVE), _cell(left))


def _remove(rest: list[str]) -> Move:
    parts = _split(rest, _AT)
    return Remove(_cell(parts[0] if parts else rest))


def _redesign(state: AlhambraState, seat: int, rest: list[str]) -> Move:
    if rest and rest[0] in _SWAP:
        return _swap(state, seat, rest[1:])
    if rest and rest[0] in _REMOVE:
        return _remove(rest[1:])
    if rest and rest[0] in _PLACE:
        rest = rest[1:]
    if _split(rest, _WITH) is not None:
        return _swap(state, seat, rest)
    if _split(rest, _AT) is not None:
        return _build(state, seat, rest)
    cell = parse_cell(rest)
    if cell is not None:
        raise NotationError(
            gettext_noop("Where does %(cell_label)s go? Write 'redesign %(cell_label)s to reserve'."),
            cell_label=cell_label(cell),
        )
    raise NotationError(
        gettext_noop(
            "Write 'redesign <building> to <cell>', 'redesign <cell> to reserve' or 'redesign <building> with <cell>'."
        )
    )
