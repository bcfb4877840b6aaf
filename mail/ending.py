"""The end of a game in a mail: the ranking, what the rules reveal of every
seat with its score breakdown (``Rules.reveal``, the lines the finished
game's page shows, ``games.breakdown``), and the seed with its salt and
commitment to check the shuffles against.

Called only for a finished game: ``reveal`` is ``None`` before the end, so
nothing hidden can reach a mail early.  Text and HTML carry the same lines;
the text is wrapped at 72 columns.
"""

from __future__ import annotations

import re
import textwrap
from html import escape

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.breakdown import reveal_lines
from games.engine import get_rules

from .positions import state_at

WIDTH = 72

#: Reveal keys the end mail's board already shows of every seat: said
#: once (Alhambra's board heads each Alhambra with its owner's money at
#: the end, in its compact "denar 1+4 (= 5)" form).
ON_THE_BOARD = {"alhambra": ("hand",)}


def ranking(seats) -> list[str]:
    """ "1. Ann: 41 points" per seat, best first (a departed seat says why)."""
    lines = []
    for seat in sorted(seats, key=lambda s: (s.place or 99, s.index)):
        line = ngettext(
            "%(place)s. %(name)s: %(score)s point", "%(place)s. %(name)s: %(score)s points", seat.score or 0
        ) % {"place": seat.place, "name": seat.user, "score": seat.score}
        lines.append(line + (f" ({seat.departed_text})" if seat.departed else ""))
    return lines


def end_sections(match, seats, ply: int) -> list[tuple[str, list[tuple[str, str]]]]:
    """``(heading, [(label, text), …])`` per section of the end: each seat's
    reveal and breakdown, then the seed.  Empty while the game runs."""
    rules = get_rules(match.game)
    reveal = rules.reveal(state_at(match, ply))
    if reveal is None:
        return []
    names = {s.index: str(s.user) for s in seats if s.index is not None}
    shown = ON_THE_BOARD.get(match.game, ())
    sections = []
    for entry in reveal:
        lines = reveal_lines(entry, match.game)
        revealed = zip(entry.revealed, lines["revealed"], strict=True)
        lines["revealed"] = [line for key, line in revealed if key not in shown]
        heading = ngettext("%(name)s: %(score)s point", "%(name)s: %(score)s points", entry.score) % {
            "name": names.get(entry.seat, entry.seat + 1),
            "score": entry.score,
        }
        sections.append((heading, [*lines["revealed"], *lines["breakdown"]]))
    if match.seed is not None:
        sections.append(
            (
                _("The shuffles"),
                [
                    (_("Seed"), str(match.seed)),
                    (_("Salt"), match.seed_salt),
                    (_("Commitment (published at the start)"), match.seed_commitment),
                    (_("Check it"), settings.SITE_URL + reverse("game-verify", args=[match.pk])),
                ],
            )
        )
    return sections


_NBSP = "\xa0"
#: The longest item of a list value kept on one line ("C3 2", "mill +
#: settlement (10 points)"): a line break inside one parts a cell from its
#: points.
_ITEM = 40


def _items_whole(text: str) -> str:
    """``text`` with the spaces inside each item of a list ("A1 2, B1 3";
    "; " between merchant cards) made no-break spaces, for an item up to
    ``_ITEM`` characters long."""
    items = re.split(r"([,;] )", text)
    if len(items) < 3:
        return text
    # re.split keeps the separators at the odd places.
    return "".join(
        item.replace(" ", _NBSP) if place % 2 == 0 and len(item) <= _ITEM else item for place, item in enumerate(items)
    )


def end_text(sections) -> list[str]:
    """The sections as plain-text lines of at most ``WIDTH`` columns
    (a long word, such as a link, keeps its own line; an item of a list
    keeps its own words together)."""
    lines: list[str] = []
    for heading, entries in sections:
        lines += ["", heading]
        for label, text in entries:
            wrapped = textwrap.wrap(
                f"{label}: {_items_whole(text)}",
                WIDTH,
                initial_indent="  ",
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
            lines += [line.replace(_NBSP, " ") for line in wrapped]
    return lines


def _value_html(text: str) -> str:
    """A value cell's HTML: an address (the page that checks the shuffles)
    as a link to open, anything else escaped."""
    if text.startswith(("http://", "https://")) and " " not in text:
        return f'<a href="{escape(text)}">{escape(text)}</a>'
    return escape(_items_whole(text))


def end_html(sections) -> str:
    """The same sections as HTML (inline styles, no images)."""
    parts = []
    for heading, entries in sections:
        rows = "".join(
            f'<tr><th style="text-align:left;padding:2px 8px 2px 0;vertical-align:top">{escape(label)}</th>'
            # A seed, salt or commitment is one long word: let it break only
            # where it would overflow (break-word for older WebKit mail apps).
            f'<td style="padding:2px 0;overflow-wrap:anywhere;word-break:break-word">{_value_html(text)}</td></tr>'
            for label, text in entries
        )
        parts.append(
            f'<h3 style="margin:12px 0 4px">{escape(heading)}</h3>'
            f'<table style="border-collapse:collapse;font-size:14px">{rows}</table>'
        )
    return "".join(parts)
