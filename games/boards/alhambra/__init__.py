"""Alhambra drawn for people: the market with its four currencies, the money
display, your money, every player's Alhambra (walls drawn) with reserve and
tiles to place, Dirk with two players, and the scores so far.

Cells are the compass labels of the notation (``N1E2``; ``F`` is the
fountain); rows and columns carry the same labels as the email's text board.
Picks: ``pending:<tile>`` (bought, to place), ``reserve:<tile>`` and
``tile:<cell>`` (your Alhambra, for a redesign); targets: ``cell:<cell>``,
``reserve`` and ``dirk``.  Taking money, buying and ``done`` are buttons.
"""

from .board import svg, turn_summary
from .controls import controls
from .mail import html, text

__all__ = ["controls", "html", "svg", "text", "turn_summary"]
