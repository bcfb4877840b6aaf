"""The game terms players read: card, tile, building, currency and colour
names, in the language of the page.

The engines name things by English slugs; boards and templates look a
slug up here.  The Dutch catalogue names them as the Dutch rule texts do
(Alta's boer, akker, vissteiger ...; Atlantis's colours) and as the Dutch
editions do where the rule text names no term (Alhambra's buildings and
currencies).  The context of each term is its game, so one English word
may read differently in two games.

A mail names forty-odd terms and phrases, and Django's ``gettext`` costs
a catalogue walk per call: ``term``, ``gettext`` and ``ngettext`` here
give the same words, remembered per translation catalogue (see ``_memo``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from django.utils import translation
from django.utils.translation import pgettext_lazy, trans_real

T = TypeVar("T")

ALTA_CARDS = {
    "farmer": pgettext_lazy("alta card", "Farmer"),
    "settlement": pgettext_lazy("alta card", "Settlement"),
    "tavern": pgettext_lazy("alta card", "Tavern"),
    "farmers_hut": pgettext_lazy("alta card", "Farmer's hut"),
    "mill": pgettext_lazy("alta card", "Mill"),
    "wheat_field": pgettext_lazy("alta card", "Wheat field"),
    "fishing_harbour": pgettext_lazy("alta card", "Fishing harbour"),
    "tower": pgettext_lazy("alta card", "Tower"),
    "market": pgettext_lazy("alta card", "Market"),
}
ALTA_MERCHANT = pgettext_lazy("alta card", "Merchant")
#: The three letters a card shows on the boards and in the mails' text
#: islands: the start of its name in the reader's language (the notation
#: reads either language's codes as that card).
ALTA_CODES = {
    "farmer": pgettext_lazy("alta card code", "FAR"),
    "settlement": pgettext_lazy("alta card code", "SET"),
    "tavern": pgettext_lazy("alta card code", "TAV"),
    "farmers_hut": pgettext_lazy("alta card code", "HUT"),
    "mill": pgettext_lazy("alta card code", "MIL"),
    "wheat_field": pgettext_lazy("alta card code", "WHE"),
    "fishing_harbour": pgettext_lazy("alta card code", "HAR"),
    "tower": pgettext_lazy("alta card code", "TOW"),
    "market": pgettext_lazy("alta card code", "MAR"),
}

ALHAMBRA_BUILDINGS = {
    "pavilion": pgettext_lazy("alhambra building", "Pavilion"),
    "seraglio": pgettext_lazy("alhambra building", "Seraglio"),
    "arcades": pgettext_lazy("alhambra building", "Arcades"),
    "chambers": pgettext_lazy("alhambra building", "Chambers"),
    "garden": pgettext_lazy("alhambra building", "Garden"),
    "tower": pgettext_lazy("alhambra building", "Tower"),
}
ALHAMBRA_CURRENCIES = {
    "denar": pgettext_lazy("alhambra currency", "denar"),
    "dirham": pgettext_lazy("alhambra currency", "dirham"),
    "ducat": pgettext_lazy("alhambra currency", "ducat"),
    "florin": pgettext_lazy("alhambra currency", "florin"),
}

ATLANTIS_COLOURS = {
    "blue": pgettext_lazy("atlantis colour", "blue"),
    "white": pgettext_lazy("atlantis colour", "white"),
    "grey": pgettext_lazy("atlantis colour", "grey"),
    "yellow": pgettext_lazy("atlantis colour", "yellow"),
    "green": pgettext_lazy("atlantis colour", "green"),
    "pink": pgettext_lazy("atlantis colour", "pink"),
    "brown": pgettext_lazy("atlantis colour", "brown"),
}

ALPACA_COLOURS = {
    "red": pgettext_lazy("alpaca colour", "red"),
    "yellow": pgettext_lazy("alpaca colour", "yellow"),
    "green": pgettext_lazy("alpaca colour", "green"),
    "blue": pgettext_lazy("alpaca colour", "blue"),
    "purple": pgettext_lazy("alpaca colour", "purple"),
}

TERMS = {
    "alta": {**ALTA_CARDS, "merchant": ALTA_MERCHANT},
    "alhambra": {**ALHAMBRA_BUILDINGS, **ALHAMBRA_CURRENCIES},
    "atlantis": ATLANTIS_COLOURS,
    "alpaca": ALPACA_COLOURS,
}


class _Memo:
    """What one catalogue answered: terms by (game, slug), phrases by
    message, plural phrases by (singular, plural, count), and values
    worked out from them by their key (``remembered``)."""

    __slots__ = ("__weakref__", "phrases", "plurals", "terms", "values")

    def __init__(self) -> None:
        self.terms: dict[tuple[str, str], str] = {}
        self.phrases: dict[str, str] = {}
        self.plurals: dict[tuple[str, str, int], str] = {}
        self.values: dict[Hashable, Any] = {}


#: What was looked up, per translation catalogue object: what ``gettext``
#: answers is a function of the catalogue that is active (the one
#: ``trans_real.catalog`` returns, as ``gettext`` picks it) and the message
#: alone, and a catalogue never changes once loaded (Django makes new ones
#: when its settings or ``.mo`` files change, and for ``deactivate_all``):
#: so a language switch, a settings override in a test or a reloaded
#: catalogue each find their own words.  Weak keys: a discarded catalogue
#: takes its words with it.
_MEMOS: WeakKeyDictionary[Any, _Memo] = WeakKeyDictionary()


def _memo() -> _Memo:
    catalogue = trans_real.catalog()
    memo = _MEMOS.get(catalogue)
    if memo is None:
        memo = _MEMOS[catalogue] = _Memo()
    return memo


def term(game: str, slug: str) -> str:
    """``slug``'s name in ``game`` in the active language (the slug itself
    when the catalogue has no such term)."""
    terms = _memo().terms
    name = terms.get((game, slug))
    if name is None:
        name = terms[game, slug] = str(TERMS.get(game, {}).get(slug, slug))
    return name


def gettext(message: str) -> str:
    """``django.utils.translation.gettext(message)``, remembered (for the
    fixed phrases a board writes into every mail; the name keeps them in
    ``makemessages``' catalogue)."""
    phrases = _memo().phrases
    text = phrases.get(message)
    if text is None:
        text = phrases[message] = translation.gettext(message)
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """``django.utils.translation.ngettext``, remembered like ``gettext``
    (the form depends on ``count`` only through the catalogue's rule)."""
    plurals = _memo().plurals
    text = plurals.get((singular, plural, count))
    if text is None:
        text = plurals[singular, plural, count] = translation.ngettext(singular, plural, count)
    return text


def remembered(key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, worked out once per catalogue (``key`` names it): for
    a value made only of the active language's words, such as a board's
    card names, so a mail looks its words up once."""
    values = _memo().values
    try:
        return cast(T, values[key])
    except KeyError:
        value = values[key] = compute()
        return value
