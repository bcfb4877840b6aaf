"""How each game is drawn for people: SVG for pages, and the controls that
turn clicks on the drawing into notation.

One module per game slug (``games.boards.<slug>``) with:

* ``svg(view) -> str``: the whole table as inline SVG, built from a seat's
  ``view`` only.  Elements a player can pick carry ``data-pick``; places a
  picked thing can go carry ``data-target``.
* ``controls(view, options) -> list[dict]``: for each legal move ``(text,
  dumped move)``, ``{"text", "label", "pick", "target"}``; moves with neither
  pick nor target are shown as buttons.
* optionally ``prompt(view) -> str``: what the player to move is asked, in
  the reader's language (else the page shows the view's ``expect``).

Pure functions over JSON data: no models, no database, so the same code
serves pages, emails and tests.  Words come through Django's translation
(``games.terms`` for the game terms), so a drawing reads in the language
active for its reader.
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
