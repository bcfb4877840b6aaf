"""A table as plain text: its columns side by side, lined up under their
headings, a cell too long for its column wrapped under itself (for a
help table in a plain-text mail; no library in the project does this)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

#: The spaces between two columns.
_GAP = 2


def column_widths(natural: Sequence[int], room: int) -> list[int]:
    """Each column's width: its natural (widest cell's) width when all fit
    in ``room``; else the narrow columns keep theirs and the wide ones
    share what is left evenly (none narrower than 1)."""
    if sum(natural) <= room:
        return list(natural)
    widths = list(natural)
    wide = sorted(range(len(natural)), key=lambda i: natural[i])
    left = room
    while wide:
        share = left // len(wide)
        if natural[wide[0]] > share:
            break
        left -= natural[wide[0]]
        wide.pop(0)
    for position, column in enumerate(wide):
        # The remainder of an uneven split goes to the widest columns.
        widths[column] = max(1, left // len(wide) + (1 if position >= len(wide) - left % len(wide) else 0))
    return widths


def text_table(
    rows: Sequence[Sequence[str]],
    *,
    width: int,
    indent: int = 0,
    wrap: Callable[[str, int], list[str]] | None = None,
) -> str:
    """``rows`` (the first the headings) as lines of at most ``width``
    characters (a word longer than its column excepted), each
    ``indent`` spaces in; a rule of dashes under the headings.  ``wrap``
    breaks a cell into lines of a column's width (``textwrap.wrap`` by
    default)."""
    wrap = wrap or (lambda text, size: textwrap.wrap(text, size, break_long_words=False, break_on_hyphens=False))
    columns = max(len(row) for row in rows)
    rows = [list(row) + [""] * (columns - len(row)) for row in rows]
    natural = [max(len(row[i]) for row in rows) for i in range(columns)]
    widths = column_widths(natural, width - indent - _GAP * (columns - 1))
    lines = []
    for number, row in enumerate(rows):
        cells = [wrap(cell, widths[i]) or [""] for i, cell in enumerate(row)]
        for depth in range(max(len(cell) for cell in cells)):
            parts = [(cell[depth] if depth < len(cell) else "").ljust(widths[i]) for i, cell in enumerate(cells)]
            lines.append((" " * indent + (" " * _GAP).join(parts)).rstrip())
        if number == 0:
            lines.append(" " * indent + (" " * _GAP).join("-" * size for size in widths))
    return "\n".join(lines)
