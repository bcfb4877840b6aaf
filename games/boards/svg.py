"""Tiny helpers to write SVG markup safely (every value is escaped)."""

from __future__ import annotations

from html import escape

from django.utils.translation import gettext


def attrs(**values: object) -> str:
    """``key="value"`` pairs; ``data_pick`` becomes ``data-pick``; ``None`` is skipped."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def element(tag: str, content: str = "", **values: object) -> str:
    inner = f"<{tag} {attrs(**values)}".rstrip()
    if not content:
        return inner + "/>"
    return f"{inner}>{content}</{tag}>"


def text(x: float, y: float, content: str, **values: object) -> str:
    return element("text", escape(content), x=x, y=y, **values)


def last_mark(x: float, y: float, width: float, height: float) -> str:
    """A thick dashed outline (told apart by its dashes, not its colour alone)
    around a place the last move touched."""
    return element(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        rx=6,
        fill="none",
        stroke="#e0a800",
        stroke_width=4,
        stroke_dasharray="7 3",
        pointer_events="none",
        class_="last-move",
    )


def sentence(clauses: list[str]) -> str:
    """Clauses joined into one capitalised phrase ("Passed" when there are none)."""
    text = ", ".join(clauses) or gettext("Passed")
    return text[:1].upper() + text[1:]


def plural(count: int, one: str, many: str) -> str:
    """``"1 card"``, ``"2 cards"``: English plurals for the boards, which are
    pure (no Django, so no ``ngettext``) and drawn in English like their labels."""
    return f"{count} {one if count == 1 else many}"


def key(items: list[tuple[str, str]], label: str, *, size: int = 30, drawn: int | None = None) -> str:
    """A key to the pieces: for each ``(drawing, name)`` the piece as it is
    drawn on the board (drawn from 0,0 in a ``drawn`` square, shown ``size``
    wide) beside its full name, so a short code can be looked up in words."""
    box = drawn or size
    entries = "".join(
        f'<li><svg class="key-piece" viewBox="0 0 {box} {box}" width="{size}" height="{size}" aria-hidden="true">'
        f"{drawing}</svg><span>{escape(name)}</span></li>"
        for drawing, name in items
    )
    return f'<ul class="piece-key" aria-label="{escape(label, quote=True)}">{entries}</ul>'
