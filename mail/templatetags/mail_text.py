"""Template filters of the mail parts: ``wordwrap``, at once for text that
needs no wrapping (nearly every line of a mail), else Django's own; and
``wrapped``, the plain part's wrapping with hanging indents."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from django import template
from django.template.defaultfilters import stringfilter
from django.utils.text import wrap

register = template.Library()

#: What Django's ``wrap`` treats specially: tabs (expanded) and the line
#: breaks ``str.splitlines`` knows besides ``\n``.
_SPECIAL = re.compile("[\t\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def fast_wrap(text: str, width: int) -> str:
    """``django.utils.text.wrap(text, width)``, the same text to the
    character; it is ``text`` itself when every line fits in ``width`` and
    none ends in white space (which ``wrap`` drops) or holds a tab or
    another line break."""
    if len(text) <= width and "\n" not in text:  # one short line: most of a mail
        if (not text or not text[-1].isspace()) and not _SPECIAL.search(text):
            return text
        return wrap(text, width)
    if not _SPECIAL.search(text) and all(
        len(line) <= width and not (line and line[-1].isspace()) for line in text.split("\n")
    ):
        return text
    return wrap(text, width)


@register.filter(is_safe=True)
@stringfilter
def wordwrap(value: str, arg) -> str:
    """The built-in ``wordwrap`` (this library's replaces it where loaded)."""
    return fast_wrap(value, int(arg))


#: The plain part's width: mail clients wrap longer lines their own way.
WIDTH = 72


def wrapped(text: str, width: int = WIDTH, *, hanging: int = 2) -> str:
    """``text`` with every line longer than ``width`` wrapped at spaces, the
    continuation indented ``hanging`` more than the line (a grid line wider
    than ``width`` has no good break and is wrapped too: readable beats
    exact)."""
    if len(text) <= width and "\n" not in text:
        return text  # one short line (an option)
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()))
        out.extend(
            textwrap.wrap(
                line, width, subsequent_indent=indent + " " * hanging, break_long_words=False, break_on_hyphens=False
            )
            or [line]
        )
    return "\n".join(out)


#: What stands for a held span's spaces while wrapping; never in a mail.
_HELD = "\x00"


def held_together(text: str, spans: re.Pattern[str], space: str = _HELD, *, longest: int = 0) -> str:
    """``text`` with the spaces inside each match of ``spans`` (one of at
    most ``longest`` characters, when given) written as ``space``, which no
    line break takes (``"&nbsp;"`` in HTML)."""

    def held(found: re.Match[str]) -> str:
        span = found.group(0)
        return span if longest and len(span) > longest else span.replace(" ", space)

    return spans.sub(held, text)


def wrapped_whole(text: str, spans: re.Pattern[str], wrap: Callable[[str], str], *, longest: int = 0) -> str:
    """``wrap(text)`` with no line break inside a match of ``spans`` (see
    ``held_together``): an example a player copies, an option pair "(3 7)"."""
    return wrap(held_together(text, spans, longest=longest)).replace(_HELD, " ")
