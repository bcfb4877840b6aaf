"""The mailed help (``mail.help_text.plain_help``) as a reader of a plain
text mail sees it: no database needed."""

import re

import pytest

from games.engine import get_rules
from mail.help_text import plain_help

#: Code spans outside fenced blocks: the examples a paragraph quotes.
_SPAN = re.compile(r"`([^`\n]+)`")
_FENCED = re.compile(r"```.*?```", re.S)


def _quoted_examples(markdown: str) -> list[str]:
    return [span for span in _SPAN.findall(_FENCED.sub("", markdown)) if " " in span]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alta", "alhambra"])
def test_a_quoted_example_is_never_split_over_two_lines(game, language):
    """A player copies an example from the mail as it reads: "neem 1 op"
    at the end of one line and "c4" at the start of the next is two
    things, the first no move at all."""
    markdown = get_rules(game).help_text(language)
    plain = plain_help(markdown)
    split = [example for example in _quoted_examples(markdown) if f'"{example}"' not in plain]
    assert split == []
    assert max(len(line) for line in plain.split("\n")) <= 72


def test_a_long_quoted_text_may_still_be_wrapped():
    """Only an example that fits a line is kept whole; a longer quote
    wraps like the words around it, within the mail's width."""
    long_quote = " ".join(["word"] * 30)
    plain = plain_help(f"Say `{long_quote}` to nobody.")
    assert max(len(line) for line in plain.split("\n")) <= 72
    assert plain.replace("\n", " ").split() == f'Say "{long_quote}" to nobody.'.split()


#: A table row as the mail used to show it: markdown's cell pipes.
_PIPES = re.compile(r"^\s*\|.*\|\s*$", re.M)


@pytest.mark.parametrize("language", ["en", "nl", "it"])
@pytest.mark.parametrize("game", ["alta", "alhambra", "alpaca", "atlantis"])
def test_a_help_table_reads_as_columns_without_pipes(game, language):
    plain = plain_help(get_rules(game).help_text(language))
    assert not _PIPES.search(plain), plain
    assert "|---" not in plain and "| " not in plain
    assert max(len(line) for line in plain.split("\n")) <= 72


def test_a_tables_columns_line_up_under_their_headings():
    plain = plain_help(get_rules("alta").help_text("en")).split("\n")
    [head] = [line for line in plain if line.split() == ["card", "points"]]
    [farmer] = [line for line in plain if line.lstrip().startswith("farmer ")]
    assert farmer.index("1, +1 per adjacent") == head.index("points")
    # A long cell goes on under its own column, not under the first.
    at = next(i for i, line in enumerate(plain) if line.lstrip().startswith("fishing harbour"))
    assert plain[at + 1][: head.index("points")].strip() == ""
    assert plain[at + 1][head.index("points")] != " "


def test_a_table_inside_a_list_item_keeps_its_indent_and_its_columns():
    plain = plain_help(get_rules("alhambra").help_text("en")).split("\n")
    [head] = [line for line in plain if line.split()[:2] == ["type", "scoring"]]
    [pavilion] = [line for line in plain if line.lstrip().startswith("pavilion ")]
    assert head.startswith("  ") and pavilion.startswith("  ")
    assert pavilion.index("16 / 8 / 1") == head.index("scoring 3")
