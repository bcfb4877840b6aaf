"""The registry of games: slug -> rules class, imported on first use.

Adding a game is one line here; every registered game automatically takes
part in the conformance tests and appears on the site.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .protocol import Rules

GAMES: dict[str, str] = {
    "alta": "games.rules.alta:AltaRules",
    "alhambra": "games.rules.alhambra:AlhambraRules",
    "atlantis": "games.rules.atlantis:AtlantisRules",
    "alpaca": "games.rules.alpaca:AlpacaRules",
}


def available_slugs() -> list[str]:
    """Slugs of the registered games whose rules package is present."""
    slugs = []
    for slug in GAMES:
        try:
            get_rules(slug)
        except (ImportError, AttributeError):
            # Not installed in this checkout (or half-written): skip it.
            continue
        slugs.append(slug)
    return slugs


@cache
def get_rules(slug: str) -> Rules:
    """The rules object of a registered game.

    :raises KeyError: unknown slug (the message names the known slugs).
    """
    try:
        target = GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"Unknown game {slug!r}; known games: {known}.") from None
    module_name, _, class_name = target.partition(":")
    rules_class = getattr(import_module(module_name), class_name)
    return rules_class()
