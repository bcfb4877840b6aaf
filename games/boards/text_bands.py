"""A wide monospaced table cut into bands of columns for a plain-text mail
(pure: strings in, strings out)."""

from __future__ import annotations


def column_bands(rows: list[str], *, width: int, label: int, column: int, overlap: int = 0) -> list[list[str]]:
    """``rows`` (each a row label of ``label`` characters, then columns of
    ``column`` characters) as bands that each fit in ``width``, to be shown
    one under the other: every band repeats the row labels and holds whole
    columns, so the mail's wrapping never breaks a row and a reader can
    still tell which column a piece is in.  ``overlap``: characters after
    a band's last column that the next band starts with (a shared side).
    One band, ``rows`` themselves, when they fit."""
    if all(len(row) <= width for row in rows):
        return [rows]
    step = (width - label - overlap) // column * column
    widest = max(len(row) for row in rows)
    return [
        [(row[:label] + row[start : start + step + overlap]).rstrip() for row in rows]
        for start in range(label, widest - overlap, step)
    ]
