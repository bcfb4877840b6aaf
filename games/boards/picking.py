"""How clicks on a drawing become moves, the same in every game.

A thing a player may pick carries ``data-pick``; a place a picked thing may
go carries ``data-target``; each game's ``controls`` pairs them into
notation (``control``).  The page's script (``games/static/games/play.js``)
does the clicking: a pick is a button in the Tab order, a target is a
disabled button out of it until a pick makes it legal, so after picking a
piece the keyboard walks only the places it may go.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .svg import element


def pickable(pick: str | None, label: str, *, cls: str) -> dict[str, Any]:
    """Attributes of a drawn piece: a focusable button when ``pick`` is set
    (the player may pick it now), else a labelled picture."""
    return {
        "class_": f"{cls} pickable" if pick else cls,
        "data_pick": pick,
        "tabindex": 0 if pick else None,
        "role": "button" if pick else "img",
        "aria_label": label,
    }


_TEXT = re.compile(r"<text\b.*?</text>", re.S)


def labelled(body: str, label: str, attributes: dict[str, Any], **look: Any) -> str:
    """A group carrying ``attributes`` (``pickable`` or ``target``), its
    tooltip ``label``, with the words drawn in ``body`` laid over it rather
    than inside it.  A button's name is its label; the short codes and values
    on the drawing are not part of that name, and words inside a button that
    its name lacks mislead speech input (axe: label-content-name-mismatch).
    The overlay lets clicks through to the group; ``look`` (presentation
    attributes such as ``opacity``) applies to both."""
    words = "".join(_TEXT.findall(body))
    group = element("g", element("title", escape(label)) + _TEXT.sub("", body), **attributes, **look)
    if not words:
        return group
    return group + element("g", words, class_="overlay", pointer_events="none", aria_hidden="true", **look)


def target(where: str | None, label: str, *, cls: str = "target") -> dict[str, Any]:
    """Attributes of a place a picked piece may go (none when ``where`` is
    ``None``): out of the Tab order until the script marks it legal."""
    if where is None:
        return {}
    return {"class_": cls, "data_target": where, "role": "button", "aria_disabled": "true", "aria_label": label}


def target_rect(x: float, y: float, width: float, height: float, where: str, label: str, **look: Any) -> str:
    """A rectangle players click or tap to put the picked piece at ``where``
    (its tooltip says so); ``look`` holds its presentation attributes."""
    attributes = {"class_": "target", **look}
    attributes.update(target(where, label, cls=attributes.pop("class_")))
    return element("rect", element("title", escape(label)), x=x, y=y, width=width, height=height, **attributes)


def control(
    text: str, label: str | None = None, *, pick: str | None = None, where: str | None = None
) -> dict[str, Any]:
    """One legal move for the page: its notation ``text``, the words of its
    button (``label``, default the text), and what to click (``pick`` then
    ``where``; a move with neither is a button)."""
    return {"text": text, "label": text if label is None else label, "pick": pick, "target": where}
