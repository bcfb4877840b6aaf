"""The text a mail program shows of an HTML mail part (pure, linear time):
block elements become line breaks; quotes, styles, scripts and whatever
is hidden are left out (``html_to_text``)."""

from __future__ import annotations

import re
from html import unescape

#: HTML is read with two linear patterns rather than the standard library's
#: HTMLParser, which takes quadratic time on unterminated tags (20 KB of
#: "<a " took 8 s) and raises on unknown marked sections ("<![foo]>").
#: Comments go first (an unterminated one hides the rest); then each token
#: is a tag (end mark, name, attributes), other markup (a declaration,
#: "<![if]>"), text, or a stray "<" read as text.  (Attributes start with
#: a space or "/", so a tag's name and attributes never share a character
#: to backtrack over.)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_TOKEN = re.compile(r"<(/?)([a-zA-Z][^\s/<>]*)((?:[\s/][^<>]*)?)>|<[^<>]*>|([^<]+|<)")
_CLASS = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
_BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "table"}
#: Left out with all they hold: quotes, and what is no text (a mail
#: program shows none of it, so none of it is the player's move or message).
_LEFT_OUT = {"style", "script", "head", "title", "blockquote", "template", "noscript"}
#: An element's own attributes that hide it: ``hidden`` (read with the
#: attributes' quoted values blanked, so a value saying "hidden" is not
#: it), or a style of ``display: none``.
_QUOTED_VALUE = re.compile(r""""[^"]*"|'[^']*'""")
_HIDDEN_ATTRIBUTE = re.compile(r"(?:^|[\s/])hidden(?:\s*=|[\s/]|$)", re.IGNORECASE)
_HIDING_STYLE = re.compile(r"""(?:^|[\s/])style\s*=\s*(?:"[^"]*|'[^']*|\S*)display\s*:\s*none""", re.IGNORECASE)
#: The classes of Gmail's and Thunderbird's quote blocks ("On … wrote:").
_QUOTE_CLASSES = {"gmail_quote", "moz-cite-prefix"}
#: Elements without an end tag: they never start a part left out.
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _HtmlText:
    """The text of HTML fed tag by tag: block elements become line breaks;
    a left-out element is skipped up to its own end tag (elements of the
    same name inside it counted), so text after a quote is kept."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._skipping = ""
        self._depth = 0

    def tag(self, name: str, closing: bool, attributes: str) -> None:
        if self._skipping:
            self._inside_skipped(name, closing)
        elif not closing and name not in _VOID and _left_out(name, attributes):
            self._skipping, self._depth = name, 1
        elif name in _BLOCKS:
            self.parts.append("\n")

    def text(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(unescape(data))

    def _inside_skipped(self, name: str, closing: bool) -> None:
        # As in a browser, "<div/>" opens a div: "/" closes only void elements.
        if name != self._skipping:
            return
        self._depth += -1 if closing else 1
        if not self._depth:
            self._skipping = ""
            self.parts.append("\n")


def _left_out(name: str, attributes: str) -> bool:
    found = _CLASS.search(attributes)
    classes = set("".join(found.groups(default="")).split()) if found else set()
    return name in _LEFT_OUT or bool(classes & _QUOTE_CLASSES) or _hidden(attributes)


def _hidden(attributes: str) -> bool:
    """Do an element's ``attributes`` hide it from the reader?"""
    return bool(_HIDDEN_ATTRIBUTE.search(_QUOTED_VALUE.sub('""', attributes)) or _HIDING_STYLE.search(attributes))


def html_to_text(html: str) -> str:
    """The text of ``html``: block elements become line breaks; quotes
    (blockquotes, Gmail's and Thunderbird's quote blocks), styles, scripts,
    the head and what a mail program does not show (hidden elements,
    templates, no-script text) are left out, each up to where it ends."""
    reader = _HtmlText()
    for token in _TOKEN.finditer(_COMMENT.sub("", html)):
        closing, name, attributes, text = token.groups()
        if name:
            reader.tag(name.lower(), bool(closing), attributes)
        elif text:
            reader.text(text)
    text = "".join(reader.parts).replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())
