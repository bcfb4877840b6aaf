"""Alta's components: the nine island card types and the nine merchant cards.

Card types are small ints in the hot paths (the state, move generation) and
slugs everywhere a person or JSON sees them.  The order of ``TYPES`` is the
rules file's order and is part of the stored-state format.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.message import Joined, Param, Term, gettext_noop, message

TYPES: tuple[str, ...] = (
    "farmer",
    "settlement",
    "tavern",
    "farmers_hut",
    "mill",
    "wheat_field",
    "fishing_harbour",
    "tower",
    "market",
)
TYPE_INDEX: dict[str, int] = {slug: i for i, slug in enumerate(TYPES)}

FARMER, SETTLEMENT, TAVERN, HUT, MILL, WHEAT, HARBOUR, TOWER, MARKET = range(9)

COPIES_PER_TYPE = 9

#: English names, as the site shows them (``games.terms``) and as a
#: refusal's English text lists them; each is also accepted as notation.
ENGLISH: dict[str, str] = {
    "farmer": "Farmer",
    "settlement": "Settlement",
    "tavern": "Tavern",
    "farmers_hut": "Farmer's hut",
    "mill": "Mill",
    "wheat_field": "Wheat field",
    "fishing_harbour": "Fishing harbour",
    "tower": "Tower",
    "market": "Market",
}

#: Each card type as a refusal's message parameter, by type int: named in
#: its English text as the site names it ("Farmer's hut", not the slug),
#: since that text is what an English reader is shown.  (The move log's
#: events keep slugs in their stored English text; the site names the
#: cards anew whenever it shows an event.)
CARD_TERMS: tuple[Term, ...] = tuple(Term(slug, english=ENGLISH[slug]) for slug in TYPES)


def card_term(slug: str) -> Term:
    """``slug`` as a refusal names it (``CARD_TERMS``); a slug that is no
    card type (a move built by hand) as it is."""
    index = TYPE_INDEX.get(slug)
    return Term(slug) if index is None else CARD_TERMS[index]


def held(hand: Sequence[int]) -> Param:
    """The cards of a hand, named for the reader of a refusal ("Mill and
    Tower"; "nothing" for none)."""
    if not hand:
        return message(gettext_noop("nothing"))
    return Joined(tuple(CARD_TERMS[c] for c in hand), gettext_noop(" and "))


#: Dutch names (seed 000), used in notation and help.
DUTCH: dict[str, str] = {
    "farmer": "boer",
    "settlement": "dorp",
    "tavern": "herberg",
    "farmers_hut": "huisje",
    "mill": "molen",
    "wheat_field": "akker",
    "fishing_harbour": "vissteiger",
    "tower": "toren",
    "market": "markt",
}

#: Three-letter codes drawn on the text board; each is also accepted as
#: notation (an exact alias, so "FAR" is the farmer, not the farmer's hut).
CODES: dict[str, str] = {
    "farmer": "FAR",
    "settlement": "SET",
    "tavern": "TAV",
    "farmers_hut": "HUT",
    "mill": "MIL",
    "wheat_field": "WHE",
    "fishing_harbour": "HAR",
    "tower": "TOW",
    "market": "MAR",
}

#: The nine merchant cards (a house ruling): each type appears on
#: exactly two cards.  A merchant card is stored as its index in this tuple.
MERCHANTS: tuple[tuple[str, str], ...] = (
    ("farmers_hut", "wheat_field"),
    ("wheat_field", "mill"),
    ("mill", "settlement"),
    ("settlement", "fishing_harbour"),
    ("fishing_harbour", "tavern"),
    ("tavern", "market"),
    ("market", "farmer"),
    ("farmer", "tower"),
    ("tower", "farmers_hut"),
)


def full_island_deck() -> list[int]:
    """All 81 island cards as type ints, in type order (shuffle before use)."""
    return [t for t in range(len(TYPES)) for _ in range(COPIES_PER_TYPE)]
