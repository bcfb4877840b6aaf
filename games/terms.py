"""The game terms players read: card, tile, building, currency and colour
names, in the language of the page.

The engines name things by English slugs; boards and templates look a
slug up here.  The Dutch catalogue names them as the Dutch rule texts do
(Alta's boer, akker, vissteiger ...; Atlantis's colours) and as the Dutch
editions do where the rule text names no term (Alhambra's buildings and
currencies).  The context of each term is its game, so one English word
may read differently in two games.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

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


def term(game: str, slug: str) -> str:
    """``slug``'s name in ``game`` in the active language (the slug itself
    when the catalogue has no such term)."""
    return str(TERMS.get(game, {}).get(slug, slug))
