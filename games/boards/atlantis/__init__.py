"""Atlantis drawn for people: the road, hands and players as SVG with
click-to-move on the game page (``board``), and as a text board and HTML
tables in emails (``mail``).  Everything comes from a seat's view."""

from .board import svg, turn_summary
from .controls import controls
from .mail import html, text

__all__ = ["controls", "html", "svg", "text", "turn_summary"]
