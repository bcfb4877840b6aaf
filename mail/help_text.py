"""A game's HELP.md as a plain mail text: hard-wrapped paragraphs joined
and wrapped again at the mail's width, list items and code kept as
lines, tables as lined-up columns, markdown's marks (``#``, ``**``,
backticks, fences, pipes) left out; and as the mail's HTML part, as the
game's help page renders it (``games.views``, Python-Markdown)."""

from __future__ import annotations

import re
import textwrap

import markdown as markdown_lib

from .templatetags.mail_text import WIDTH, wrapped, wrapped_whole
from .text_table import text_table

_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^\s{0,3}#+\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,2}[.)])\s+")
_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")
_STRONG = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\[([^\]\n]+)\]\((\S+?)\)")
#: A code span once written for the mail: in quotes.
_QUOTED = re.compile(r'"[^"\n]+"')
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

    table: list[str] = []  # the rows of the table being read

    for line in markdown.replace("\r\n", "\n").split("\n"):
        if table and not line.lstrip().startswith("|"):
            out.append(_table(table))
            table.clear()
        if _FENCE.match(line):
            flush()
            in_fence = not in_fence
        elif in_fence:
            out.append(f"  {line}".rstrip())
        elif not line.strip():
            flush()
            out.append("")
        elif line.lstrip().startswith("|"):
            flush()
            table.append(line)
            continue
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
    if table:
        out.append(_table(table))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def _table(lines: list[str]) -> str:
    """A markdown table's rows as columns lined up under their headings,
    as far in as the table is (one in a list item stays under it)."""
    rows = [_cells(line) for line in lines if not _TABLE_RULE.match(line)]
    indent = len(lines[0]) - len(lines[0].lstrip())
    return text_table([[_inline(cell) for cell in row] for row in rows], width=WIDTH, indent=indent, wrap=_wrapped_cell)


def _cells(line: str) -> list[str]:
    """The cells of a table row written ``| a | b |``."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _wrapped_cell(text: str, width: int) -> list[str]:
    """A cell's lines at its column's width, never breaking inside a
    quoted example that fits on one (``_KEPT``)."""
    return wrapped_whole(
        text,
        _QUOTED,
        lambda held: "\n".join(textwrap.wrap(held, width, break_long_words=False, break_on_hyphens=False)),
        longest=_KEPT,
    ).split("\n")


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


#: Inline styles of a help table's cells (mail programs drop style sheets).
_CELL = re.compile(r"<(t[dh])(?: style=\"([^\"]*)\")?>")
_CELL_STYLE = "border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top;"


def html_help(markdown: str) -> str:
    """``markdown`` (a HELP.md, the project's own text) as the HTML part of
    a mail: headings, lists, code and tables, styled inline."""
    html = markdown_lib.markdown(markdown, extensions=["tables", "fenced_code"])
    html = html.replace("<table>", '<table style="border-collapse:collapse;margin:4px 0 8px">')
    return _CELL.sub(lambda found: f'<{found.group(1)} style="{_CELL_STYLE}{found.group(2) or ""}">', html)
