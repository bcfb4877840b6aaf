"""What Alta's page and mails share: the island frame and the card types."""

from __future__ import annotations

import re

from games.terms import ALTA_CODES, remembered, term

CELL = 46
FRAME = 7
COLUMNS = "ABCDEFG"
LABEL = 18

#: (fill colour, short code, name) per card type; the code and name in
#: English, as the engine's view writes them (``card_codes`` and
#: ``card_names`` give the reader's).
CARD_STYLE = {
    "farmer": ("#e5989b", "FAR", "Farmer"),
    "settlement": ("#e76f51", "SET", "Settlement"),
    "tavern": ("#b5838d", "TAV", "Tavern"),
    "farmers_hut": ("#d4a373", "HUT", "Farmer's hut"),
    "mill": ("#8d99ae", "MIL", "Mill"),
    "wheat_field": ("#f4d35e", "WHE", "Wheat field"),
    "fishing_harbour": ("#4ea8de", "HAR", "Fishing harbour"),
    "tower": ("#adb5bd", "TOW", "Tower"),
    "market": ("#52b788", "MAR", "Market"),
}


def card_name(slug: str) -> str:
    """The card's name in the active language (``games.terms``), as a
    sentence writes it (Dutch in lower case: "leg een akker")."""
    return term("alta", slug)


def card_title(slug: str) -> str:
    """The card's name standing alone (a card's own label or tooltip):
    capitalised ("Akker")."""
    name = card_name(slug)
    return name[:1].upper() + name[1:]


class _Names(dict[str, str]):
    """Card names by slug; a slug that is no card reads as ``card_name``
    reads it (the slug itself)."""

    def __missing__(self, slug: str) -> str:
        return card_name(slug)


def card_names() -> dict[str, str]:
    """``card_name`` of every card type, in the active language (looked up
    once per language: a mail names cards a few dozen times)."""
    return remembered(("alta", "card names"), lambda: _Names({slug: card_name(slug) for slug in CARD_STYLE}))


def card_titles() -> dict[str, str]:
    """``card_title`` of every card type, like ``card_names``."""
    return remembered(("alta", "card titles"), lambda: _Names({slug: card_title(slug) for slug in CARD_STYLE}))


def card_codes() -> dict[str, str]:
    """Each card type's three-letter code in the active language ("FAR",
    Dutch "BOE"), looked up once per language."""
    return remembered(("alta", "card codes"), lambda: {slug: str(ALTA_CODES[slug]) for slug in CARD_STYLE})


#: The engine's English code of each card type, back to its slug.
_SLUG_OF_CODE = {code: slug for slug, (_fill, code, _name) in CARD_STYLE.items()}
_CODE = re.compile(r"\b[A-Z]{3}\b")


def island_rows(rows: list[str]) -> list[str]:
    """The engine's text island (``view["islands"][n]["text"]``, English
    codes) with the reader's codes (every code has three letters, so the
    columns stay aligned)."""
    codes = card_codes()
    return [_CODE.sub(lambda m: codes.get(_SLUG_OF_CODE.get(m.group(0), ""), m.group(0)), row) for row in rows]


_SLUG = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def words(text: str) -> str:
    """``text`` (an engine event) with card slugs such as ``wheat_field``
    written as the card's name."""
    return _SLUG.sub(lambda m: card_name(m.group(0)) if m.group(0) in CARD_STYLE else m.group(0), text)
