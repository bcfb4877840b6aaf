"""Reading a player's Atlantis move text (the inverse of ``notation.format_move``).

``split_line`` cuts a line into its sub-moves; ``parse_move`` reads one.

Parsing is forgiving: any case, commas and colons ignored, "to", "naar" and
"->" alike, colours abbreviated or in Dutch (blauw, wit, grijs, geel, groen,
roze, bruin), the destination optional (checked when given), the origin
optional when only one pawn fits, text in brackets ignored (so the labels of
``option_label`` parse too), and ``2x blue`` and ``2 cards`` (colours by the
rule of ``rule_cards``, after any colours named) in payments.  The words of
a sentence around a move are read past: ``move my pawn from 12 with pink to
18``, ``pion van 12 met roze naar 18``, ``I pay the toll with tile 5``,
``ik verkoop 4``.
"""

from __future__ import annotations

import re

from games.engine import IllegalMove, NotationError
from games.engine.message import Message, Notation, gettext_noop, message

from .board import ATLANTIS, MAINLAND
from .legal import check_cards_held, rule_cards, trace, walks
from .moves import BuildBridge, Go, Move, Pass, Pay, Sell
from .notation import EXAMPLES, colour_of, format_move, place
from .state import AtlantisState

_PASS = {"pass", "pas", "passen", "past"}
_SELL = {"sell", "verkoop", "verkopen", "buy", "koop"}
_BRIDGE = {"bridge", "brug", "bouw", "build"}
#: Words that may surround a bridge's position ("build bridge over 27").
_BRIDGE_WORDS = _BRIDGE | {
    "over",
    "on",
    "op",
    "at",
    "bij",
    "gap",
    "position",
    "positie",
}
_PAY = {"pay", "betaal", "betalen", "toll", "tol"}
_GO = {"move", "go", "pawn", "pion", "zet", "loop", "from", "van", "with", "met"}
_FILLER = {
    "then",
    "dan",
    "play",
    "plays",
    "speel",
    "with",
    "met",
    "and",
    "en",
    "tile",
    "tiles",
    "tegel",
    "tegels",
    "plaatje",
    "plaatjes",
    "card",
    "cards",
    "kaart",
    "kaarten",
    "a",
    "een",
    "of",
}
#: The words of a sentence around a pawn move's notation ("move my pawn
#: from 12 with pink to 18", "pion van 12 met roze naar 18", "I play pink
#: for the pawn on 12"): read past.
_SENTENCE = {
    "i",
    "ik",
    "my",
    "mijn",
    "the",
    "de",
    "het",
    "for",
    "voor",
    "pawns",
    "pionnen",
} | _GO
#: The player speaking before the verb ("I pay", "ik verkoop").
_SPEAKER = {"i", "ik"}
#: Before a position, the words naming the pawn that stands there ("pawn
#: 12", "from A", "op 12").
_ORIGIN_WORDS = {"pawn", "pion", "from", "van", "on", "op", "at"}
#: Words of a sentence around a payment ("pay the toll with my 5 tile",
#: "betaal de tol met mijn tegel van 5"): read past.
_PAY_SENTENCE = {"the", "de", "het", "my", "mijn", "toll", "tol", "van", "using"}
#: After a number in a payment: a count of cards whose colours the rule picks.
_CARDS = {"card", "cards", "kaart", "kaarten"}
_ARROW = {">", "to", "naar", "tot"}
_ATLANTIS = {"a", "atl", "atlantis"}
_MAINLAND = {"m", "main", "mainland", "land", "vasteland", "v", "ml"}
_BRACKETS = re.compile(r"\([^)]*\)|\[[^\]]*\]")
#: Arrows, separators, and a full stop or exclamation mark ending a word
#: ("pay 5 blue.", "pass!"): a mail's sentence punctuation, not notation.
_PUNCT = re.compile(r"->|=>|→|[>,:;+&]|[.!]+(?=\s|$)")
_MULTI = re.compile(r"^(\d+)x([a-z]*)$")


_STARTS = re.compile(r"\s+(?=(?:pay|betaal|sell|verkoop|bridge|brug|pass|pas)\b)", re.IGNORECASE)
_NUMBERED = re.compile(
    r"((?:sell|verkoop|bridge|brug)\W+(?:tile\W+|tegel\W+)?\d+)\W*(.*)",
    re.IGNORECASE | re.DOTALL,
)


#: Words joining two sub-moves ("sell 4 and bridge 27"): no part of either.
_JOINED = re.compile(r"^(?:(?:and|en|then|dan|&)(?:\s+|,|$))+", re.IGNORECASE)
#: A part that only leads in to the bridge or pass after it ("build a",
#: "bouw een", "I", "ik moet"): the words of the part that follows.
_LEADS = (
    (re.compile(r"(?:(?:i|ik|build|bouw|a|een|my|mijn)\s*)+", re.IGNORECASE), re.compile(r"(?:bridge|brug)\b", re.I)),
    (re.compile(r"(?:i|ik)(?:\s+(?:must|moet|have\s+to))?", re.IGNORECASE), re.compile(r"pas", re.IGNORECASE)),
    # "I pay 2 cards", "ik verkoop 4", "I build bridge 27".
    (re.compile(r"(?:i|ik)", re.IGNORECASE), re.compile(r"(?:pay|betaal|sell|verkoop|bridge|brug)\b", re.I)),
)
#: Before a pass word: "I pass", "ik pas", "ik moet passen".
_PASS_LEAD = {"i", "ik", "must", "moet", "have", "to"}


def split_line(line: str) -> list[str]:
    """The sub-moves in one line: a new one starts at a keyword (pay, sell,
    bridge, pass or their Dutch names) and after a sale's or bridge's number,
    so ``sell 5, A grey -> 4 pay 2`` is three.  A joining word between two
    (``sell 4 and bridge 27``) belongs to neither, and the words leading in
    to a bridge or a pass stay with it (``build bridge 27``, ``bouw een brug
    op 27``, ``I pass``, ``ik moet passen``)."""
    pieces: list[str] = []
    # Notes in brackets (as listed options carry them) are dropped first, so
    # "bridge 27 (gap 27, toll 1 now)" stays one move.
    line = _BRACKETS.sub(" ", line)
    for piece in _STARTS.split(line):
        numbered = _NUMBERED.fullmatch(piece.strip())
        if numbered:
            pieces.extend(numbered.groups())
        else:
            pieces.append(piece)
    parts: list[str] = []
    for piece in pieces:
        piece = piece.strip(" ,")
        if len(pieces) > 1:
            piece = _JOINED.sub("", piece).strip(" ,")
        if not piece:
            continue
        if parts and any(lead.fullmatch(parts[-1]) and ahead.match(piece) for lead, ahead in _LEADS):
            piece = f"{parts.pop()} {piece}"
        parts.append(piece)
    return parts


def _tokens(text: str) -> list[str]:
    text = _BRACKETS.sub(" ", text.lower())
    return _PUNCT.sub(lambda m: " > " if m.group() in ("->", "=>", "→", ">") else " ", text).split()


def _number(token: str, what: Message) -> int:
    if not token.isdecimal():
        raise NotationError(gettext_noop("Expected %(what)s as a number, not '%(token)s'."), what=what, token=token)
    return int(token)


# What a number in a move stands for, with an example in the reader's notation.
_TILE_TO_SELL = message(gettext_noop("the value of the tile to sell (%(example)s)"), example=Notation("sell 4"))
_WATER_POSITION = message(gettext_noop("a water position (%(example)s)"), example=Notation("bridge 27"))


def parse_move(state: AtlantisState, seat: int, text: str) -> Move:
    """The move ``text`` describes for ``seat``.

    :raises NotationError: the text is not a move, or too vague (the message
        says what was expected and shows a few of the options).
    """
    tokens = _tokens(text)
    if not tokens:
        raise NotationError(gettext_noop("Empty move; write for example %(EXAMPLES)s."), EXAMPLES=EXAMPLES)
    if tokens[-1] in _PASS and all(t in _PASS_LEAD for t in tokens[:-1]):
        return Pass()
    if tokens[0] in _SPEAKER and len(tokens) > 1:
        tokens = tokens[1:]  # "I sell 4", "ik betaal 2 kaarten"
    head, rest = tokens[0], tokens[1:]
    if head in _SELL:
        return Sell(_single_number(rest, _TILE_TO_SELL))
    if head in _BRIDGE:
        words = [t for t in rest if t not in _BRIDGE_WORDS]
        position = _single_number(words, _WATER_POSITION)
        gap = state.road.gap_at(position)
        # Any position of a gap names it; the listed move uses its first.
        return BuildBridge(gap.first if gap else position)
    if head in _PAY:
        return _parse_pay(state, seat, rest)
    if head in _GO:
        tokens = rest
    return _parse_go(state, seat, tokens, text)


def _single_number(rest: list[str], what: Message) -> int:
    rest = [t for t in rest if t not in _FILLER]
    if len(rest) != 1:
        raise NotationError(gettext_noop("Expected %(what)s."), what=what)
    return _number(rest[0], what)


def _parse_pay(state: AtlantisState, seat: int, rest: list[str]) -> Pay:
    """Tile values, card colours (``2x blue``) and ``n cards``: that many
    more cards, their colours by the rule of ``rule_cards``."""
    tiles: list[int] = []
    cards: list[int] = []
    count = 0  # cards whose colours the rule picks
    times = 0  # a pending "2x" waiting for its colour
    for index, token in enumerate(rest):
        following = rest[index + 1] if index + 1 < len(rest) else ""
        multi = _MULTI.match(token)
        if (token.isdecimal() or (multi and not multi.group(2))) and following in _CARDS:
            count += int(multi.group(1) if multi else token)
            continue
        if token in _FILLER or token in _PAY_SENTENCE:
            continue
        if token.isdecimal() and not times:
            tiles.append(int(token))
            continue
        if multi:
            times, token = int(multi.group(1)), multi.group(2)
            try:
                # Before a list of that many cards is made ("pay 100000000x blue").
                check_cards_held(state.hands[seat], times)
            except IllegalMove as error:
                raise NotationError(error.message) from error
            if not token:
                continue
        colour = colour_of(token)
        if colour is None:
            raise NotationError(
                gettext_noop(
                    "'%(token)s' is neither a tile value nor a card colour; write for example 'pay 5 blue "
                    "pink', 'pay 2x blue' or 'pay 5 2 cards'."
                ),
                token=token,
            )
        cards.extend([colour] * (times or 1))
        times = 0
    if times:
        raise NotationError(gettext_noop("Say which colour: for example 'pay 2x blue'."))
    if not tiles and not cards and not count:
        raise NotationError(
            gettext_noop(
                "Say what you pay with: tile values and/or cards, for example 'pay 5 blue' or 'pay 5 2 cards'."
            )
        )
    if count:
        left = list(state.hands[seat])
        for colour in cards:
            left[colour] = max(left[colour] - 1, 0)
        try:
            cards.extend(rule_cards(tuple(left), count))  # any order: sorted below
        except IllegalMove as error:
            raise NotationError(error.message) from error
    return Pay(tuple(sorted(tiles, reverse=True)), tuple(sorted(cards)))


def _parse_go(state: AtlantisState, seat: int, tokens: list[str], text: str) -> Go:
    origin, tokens = _named_origin(tokens)
    tokens = [t for t in tokens if t not in _SENTENCE]
    destination: int | None = None
    cut = _arrow_at(tokens)
    if cut is not None:
        tail = [t for t in tokens[cut + 1 :] if t not in _ARROW and t not in _FILLER]
        # "to 18 with pink": the cards may follow the destination.
        tokens = tokens[:cut] + tail[1:]
        destination = _place(tail[:1], text)
    if origin is None and tokens and (tokens[0] in _ATLANTIS or tokens[0].isdecimal()):
        origin = ATLANTIS if tokens[0] in _ATLANTIS else int(tokens[0])
        tokens = tokens[1:]
    if destination is None and tokens and (tokens[-1].isdecimal() or tokens[-1] in _MAINLAND):
        # "12 pink grey 18": a trailing place is the destination.
        destination = _place(tokens[-1:], text)
        tokens = tokens[:-1]
    colours = []
    for token in tokens:
        if token in _FILLER:
            continue
        colour = colour_of(token)
        if colour is None:
            raise NotationError(
                gettext_noop(
                    "Could not read '%(value)s': '%(token)s' is not a colour or a position. Write for example "
                    "%(EXAMPLES)s."
                ),
                value=text.strip(),
                token=token,
                EXAMPLES=EXAMPLES,
            )
        colours.append(colour)
    if origin is not None and colours:
        move = Go(origin, tuple(colours))
        if destination is not None:
            try:
                actual = trace(state, seat, move)
            except IllegalMove:
                return move
            if actual != destination:
                raise NotationError(
                    gettext_noop("%(format_move)s ends on %(place)s, not on %(place2)s."),
                    format_move=Notation(format_move(state, seat, move)),
                    place=place(actual),
                    place2=place(destination),
                )
        return move
    if origin is None and not colours:
        raise NotationError(
            gettext_noop("Could not read '%(value)s'. Write for example %(EXAMPLES)s."),
            value=text.strip(),
            EXAMPLES=EXAMPLES,
        )
    return _complete(state, seat, origin, tuple(colours), destination)


def _arrow_at(tokens: list[str]) -> int | None:
    """Where the destination's arrow stands: "->" anywhere, or "to" ("naar")
    before a position or last but one; ``None`` when there is none."""
    if ">" in tokens:
        return tokens.index(">")
    for index, token in enumerate(tokens[:-1]):
        following = tokens[index + 1]
        if token in _ARROW and (following.isdecimal() or following in _MAINLAND):
            return index
    return len(tokens) - 2 if len(tokens) >= 2 and tokens[-2] in _ARROW else None


def _named_origin(tokens: list[str]) -> tuple[int | None, list[str]]:
    """The pawn's position when a word names it anywhere in a sentence
    ("pawn 12", "from A", "op 12", "the pawn on Atlantis"), and the tokens
    without the two; ``None`` and the tokens as they are otherwise."""
    for index, token in enumerate(tokens[:-1]):
        following = tokens[index + 1]
        if token in _ORIGIN_WORDS and (following in _ATLANTIS or following.isdecimal()):
            origin = ATLANTIS if following in _ATLANTIS else int(following)
            return origin, tokens[:index] + tokens[index + 2 :]
    return None, tokens


def _place(tail: list[str], text: str) -> int:
    if len(tail) == 1 and tail[0] in _MAINLAND:
        return MAINLAND
    if len(tail) == 1 and tail[0].isdecimal():
        return int(tail[0])
    raise NotationError(
        gettext_noop("Could not read the destination in '%(value)s': write a position number or M for the mainland."),
        value=text.strip(),
    )


def _complete(
    state: AtlantisState,
    seat: int,
    origin: int | None,
    colours: tuple[int, ...],
    destination: int | None,
) -> Go:
    """Fill in what the player left out when only one legal move fits."""
    fits = [
        (m, d)
        for m, d, _ in walks(state, seat)
        if (origin is None or m.origin == origin)
        and (not colours or m.colours == colours)
        and (destination is None or d == destination)
    ]
    if len(fits) == 1:
        return fits[0][0]
    if not fits:
        raise NotationError(
            gettext_noop("No legal pawn move fits that; write for example %(EXAMPLES)s."), EXAMPLES=EXAMPLES
        )
    shown = Notation("; ".join(format_move(state, seat, m) for m, _ in fits[:10]))
    raise NotationError(gettext_noop("That fits several moves; write one of: %(shown)s."), shown=shown)


__all__ = ["parse_move", "split_line"]
