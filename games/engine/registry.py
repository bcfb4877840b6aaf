"""The registry of games: slug -> rules class, imported on first use.

Adding a game is one line here; every registered game takes part in the
conformance tests and appears on the site.  A registered game that does not
import is an error, never a game quietly left out: ``import_errors`` feeds
the start-up system check (``games.checks``).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any, cast

from .protocol import Rules

GAMES: dict[str, str] = {
    "alta": "games.rules.alta:AltaRules",
    "alhambra": "games.rules.alhambra:AlhambraRules",
    "atlantis": "games.rules.atlantis:AtlantisRules",
    "alpaca": "games.rules.alpaca:AlpacaRules",
}


#: Every method and class attribute of the ``Rules`` protocol.  ``get_rules``
#: refuses a rules object lacking one: the registry's cast hides that from
#: mypy, and the site would only fail when someone played the game.
PROTOCOL_MEMBERS: frozenset[str] = frozenset(
    name for name in (*vars(Rules), *Rules.__annotations__) if not name.startswith("_")
)


def registered_slugs() -> list[str]:
    """Slugs of every registered game, in registration order."""
    return list(GAMES)


def import_errors() -> dict[str, Exception]:
    """The error each registered game raised when loading its rules class,
    by slug (empty when every game loads)."""
    errors: dict[str, Exception] = {}
    for slug in GAMES:
        try:
            get_rules(slug)
        except Exception as error:  # any failure to load is reported, none hidden
            errors[slug] = error
    return errors


@cache
def get_rules(slug: str) -> Rules[Any, Any]:
    """The rules object of a registered game.

    :raises KeyError: unknown slug (the message names the known slugs).
    :raises ImportError, AttributeError: the game's module does not import
        or lacks its rules class (the message names the game; the start-up
        system check reports it).
    :raises TypeError: the rules object lacks part of the protocol (the
        message names the missing members; the system check reports it).
    """
    try:
        target = GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"Unknown game {slug!r}; known games: {known}.") from None
    module_name, _, class_name = target.partition(":")
    try:
        rules_class = getattr(import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        # Name the game: the error may surface far from the registry (a
        # form's choices, a page), and a bare "No module named x" hides which.
        raise type(error)(f"Registered game {slug!r} ({target}) does not load: {error}") from error
    rules = rules_class()
    missing = sorted(name for name in PROTOCOL_MEMBERS if not hasattr(rules, name))
    if missing:
        raise TypeError(f"Registered game {slug!r} ({target}) lacks part of the Rules protocol: {', '.join(missing)}")
    return cast(Rules[Any, Any], rules)
