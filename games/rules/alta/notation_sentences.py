"""An Alta turn written as a sentence, cut into its moves (pure).

Players write a whole turn on one line as they would say it: "wheat D3
and take 1 D5", "Markt D3, koopman open, neem 2 op D5", "I place the mill
at D3, then I take the tower to D5".  In Alta a cell always ends a move,
and take, merchant and refresh always start one, so a joining word or
comma after a cell, or before such a word, is where one move ends; the
joining words belong to neither move (``notation_parse`` reads past the
speaker: "I take", "ik leg").
"""

from __future__ import annotations

import re

#: Words and marks joining two moves: a comma or full stop, "and"/"en",
#: "then"/"dan"/"daarna", alone or together (", and then").
_JOIN = r"(?:\s*[,.&]\s*|\s+)(?:(?:and|en)\s+)?(?:(?:then|dan|daarna)\b\s*)?"
#: A cell (D3, d 3, 3d) followed by a joining word or mark (not a mere
#: space: "D4 tower" names the cell first).
_AFTER_CELL = re.compile(
    rf"\b([a-g]\s?[1-7]|[1-7][a-g])\b(?!\s*$)(?=\s*[,.&]|\s+(?:and|en|then|dan|daarna)\b){_JOIN}", re.IGNORECASE
)
#: A joining word or mark before a word that starts a move.
_BEFORE_MOVE = re.compile(
    r"(?:\s*[,&]\s*|\s+(?:and|en|then|dan|daarna)\s+)(?:(?:and|en)\s+)?(?:(?:then|dan|daarna)\s+)?"
    r"(?=(?:i\s+|ik\s+)?(?:take|neem|pak|merchant|koopman|refresh|ververs|blind)\b)",
    re.IGNORECASE,
)


def split_line(line: str) -> list[str]:
    """The moves of one line (see the module docstring); a line with no
    cell or move word to cut at is one part, as written."""
    cut = _BEFORE_MOVE.sub(";", _AFTER_CELL.sub(r"\1;", line))
    parts = [part.strip() for part in cut.split(";") if part.strip()]
    if len(parts) < 2:
        return [line.strip()] if line.strip() else []
    return parts
