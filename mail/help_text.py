"""A game's HELP.md as a plain mail text: hard-wrapped paragraphs joined
and wrapped again at the mail's width, list items and code kept as
lines, markdown's marks (``#``, ``**``, backticks, fences) left out."""

from __future__ import annotations

import re

from .templatetags.mail_text import wrapped, wrapped_whole

_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^\s{0,3}#+\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,2}[.)])\s+")
_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")
_STRONG = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\[([^\]\n]+)\]\((\S+?)\)")
#: The longest code span (with its quotes) kept on one line: an example a
#: player copies must not be split over two lines ("neem 1 op" / "c4"),
#: while a longer quote wraps like the words around it.
_KEPT = 40


def plain_help(markdown: str) -> str:
    """``markdown`` (a HELP.md) as plain text within the mail's width
    (a word or code line longer than it excepted)."""
    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being read
    hanging = 0
    in_fence = False

    def flush() -> None:
        if block:
            out.append(_wrapped(" ".join(block), hanging))
            block.clear()

    for line in markdown.replace("\r\n", "\n").split("\n"):
        if _FENCE.match(line):
            flush()
            in_fence = not in_fence
        elif in_fence:
            out.append(f"  {line}".rstrip())
        elif not line.strip():
            flush()
            out.append("")
        elif _TABLE_RULE.match(line):
            continue
        elif line.lstrip().startswith("|"):
            flush()  # a table row: its cells on one line, a long one wrapped
            out.append(_wrapped(line.rstrip(), 4))
        elif not block and line.startswith("    "):
            flush()  # an indented code line: as written
            out.append(line.rstrip())
        elif heading := _HEADING.match(line):
            flush()
            out.append(_inline(heading.group(1)))
        elif item := _ITEM.match(line):
            flush()
            block.append(line.rstrip())
            hanging = len(item.group(0)) - len(item.group(1))
        else:
            if not block:
                hanging = 0
            block.append(line.strip() if block else line.rstrip())
    flush()
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def _wrapped(text: str, hanging: int) -> str:
    """``text`` as plain text (``_inline``) wrapped at the mail's width,
    never inside a code span that fits on a line."""
    return wrapped_whole(text, _CODE, lambda held: wrapped(_inline(held), hanging=hanging), longest=_KEPT)


def _inline(text: str) -> str:
    """``text`` without emphasis marks; code in quotes, a link as its text
    and address."""
    text = _CODE.sub(r'"\1"', text)
    text = _STRONG.sub(lambda found: found.group(1) or found.group(2), text)
    text = _EMPHASIS.sub(r"\1", text)
    return _LINK.sub(r"\1 (\2)", text)
