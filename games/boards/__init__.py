"""How each game is drawn for people: SVG for pages, the controls that
turn clicks on the drawing into notation, and the position in emails.

One package per game slug (``games.boards.<slug>``), every one the same
shape (``games/boards/README.md``): ``board`` (the page), ``controls``,
``icons`` (the art), ``mail``, ``common``; ``picking`` holds the click
helpers they share.  Pure functions over a seat's view: no models, no
database.  Words come through Django's translation (``games.terms`` for
the game terms), so a drawing reads in the language active for its reader.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def playable_slugs() -> list[str]:
    """Games people can play on the site: every registered game (the start-up
    check ``games.checks`` makes sure each has rules and a drawing)."""
    from games.engine import registered_slugs

    return registered_slugs()


def board_for(slug: str) -> ModuleType:
    """The drawing module of a game.

    :raises LookupError: the game has no drawing module (an import error
        inside the module propagates as itself).
    """
    name = f"games.boards.{slug}"
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise LookupError(f"No board drawing for {slug!r}.") from error
