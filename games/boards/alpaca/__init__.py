"""Alpaca drawn for people (the shape of every game's drawing is in
``games/boards/README.md``)."""

from .board import svg, turn_summary
from .controls import controls
from .mail import html, text

__all__ = ["controls", "html", "svg", "text", "turn_summary"]
