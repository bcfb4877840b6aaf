"""A game's notation written out in a reader's language.

The engine's canonical move text is English ("take ducat 3 + florin 2"):
it is what the move log, the golden playthroughs and the API keep.  A
reader of another language sees a rendering of that text in their own
notation words ("neem dukaat 3 + gulden 2"), which the game's parser reads
back to the same move (each game tests this round trip for every legal
move).  A ``Wording`` is that rendering for one language: whole-word
replacements, after any patterns the words alone cannot say (a compass
cell ``S1E2`` is ``Z1O2`` in Dutch).  Pure text, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

_WORD = re.compile(r"[A-Za-z_]+")


@dataclass(frozen=True)
class Wording:
    """English notation words -> the language's (keys in lower case; a
    capitalised word stays capitalised)."""

    words: Mapping[str, str]
    #: ``(pattern, replacement)`` applied first, in order, to the English text.
    patterns: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = field(default=())

    def __call__(self, text: str) -> str:
        for pattern, replacement in self.patterns:
            text = pattern.sub(replacement, text)
        return _WORD.sub(self._word, text)

    def _word(self, match: re.Match[str]) -> str:
        word = match.group(0)
        said = self.words.get(word.lower())
        if said is None:
            return word
        return said[:1].upper() + said[1:] if word[:1].isupper() else said


def written_in(wordings: Mapping[str, Wording], text: str, language: str) -> str:
    """``text`` in the notation of ``language`` (a code such as ``nl`` or
    ``nl-be``); unchanged for English and for a language without words."""
    wording = wordings.get(language.lower().split("-")[0].split("_")[0])
    return text if wording is None else wording(text)
