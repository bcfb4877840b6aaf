"""Alta drawn for people (the shape of every game's drawing is in
``games/boards/README.md``)."""

from .board import prompt, svg, turn_summary
from .common import card_name, words
from .controls import controls
from .mail import html, text

__all__ = ["card_name", "controls", "html", "prompt", "svg", "text", "turn_summary", "words"]
