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
    """Games people can play on the site: rules present and a drawing module."""
    from games.engine import available_slugs

    playable = []
    for slug in available_slugs():
        try:
            board_for(slug)
        except LookupError:
            continue
        playable.append(slug)
    return playable


def board_for(slug: str) -> ModuleType:
    """The drawing module of a game.

    :raises LookupError: the game has no drawing module.
    """
    try:
        return import_module(f"games.boards.{slug}")
    except ModuleNotFoundError as error:
        raise LookupError(f"No board drawing for {slug!r}.") from error
