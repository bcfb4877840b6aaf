"""Player-facing sentences the engine writes, translatable by the site.

The engine knows no language and no Django: it writes a ``Message``, an
English template with ``%(name)s`` holes and the values that fill them.
The site translates the template (``gettext``), each ``Term`` (a card,
tile or colour slug, through ``games.terms``) and each ``Notation`` (move
text, through the game's ``notation_in``) in the reader's language at
render time, with ``render``.  ``gettext_noop`` is the marker the
``makemessages`` run already knows (Django passes ``--keyword=gettext_noop``
to xgettext), so every template lands in ``games/locale``.

A message is JSON-safe through ``dump``/``load``: events keep it in the
move log, so an old move reads in the language of whoever reads it today.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias


def gettext_noop(template: str) -> str:
    """Marks ``template`` for the catalogue; returns it unchanged."""
    return template


@dataclass(frozen=True)
class Term:
    """A game term by its slug ("wheat_field"), named in the reader's
    language (``capital``: first letter upper case, to open a sentence).

    ``english``: the term's English name ("Wheat field"), the one the site
    shows an English reader, for a sentence whose English text is read by
    players as it is (a refusal); without it the English text keeps the
    slug, as the stored move log does."""

    slug: str
    capital: bool = False
    english: str = ""


@dataclass(frozen=True)
class Notation:
    """Move text in the game's canonical (English) notation ("take ducat 3;
    done"), written out in the reader's notation at render time."""

    text: str


@dataclass(frozen=True)
class Joined:
    """Several values read as one list, "a, b" (each value rendered alone;
    a worded separator such as ``gettext_noop(" or ")`` is translated too)."""

    items: tuple[Param, ...]
    separator: str = ", "


Param: TypeAlias = "str | int | Term | Notation | Joined | Message"


@dataclass(frozen=True)
class Message:
    """An English ``template`` ("%(card)s is not in your hand.") and its ``params``."""

    template: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def english(self) -> str:
        """The sentence in English (logs, tests, the stored ``text``):
        ``render(self, _same, _same)``."""
        text = _english(self)
        # A template that opens with a hole seldom opens with a term: ask only then.
        return _capitalised(text) if self.template[:2] == "%(" and opens_with_term(self, _same) else text

    def __str__(self) -> str:
        return self.english()

    def dump(self) -> dict[str, Any]:
        return {"template": self.template, "params": {k: _dump(v) for k, v in self.params.items()}}

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Message:
        return cls(data["template"], {k: _load(v) for k, v in (data.get("params") or {}).items()})


def message(template: str, **params: Param) -> Message:
    """``Message(template, params)``, shorter at the call site (and built
    without the frozen dataclass's ``__init__``: engines write several per
    move, most never read; the object is equal)."""
    new = object.__new__(Message)
    fields = new.__dict__
    fields["template"] = template
    fields["params"] = params
    return new


def expect_fields(expect: Message) -> dict[str, Any]:
    """A view's prompt: ``expect`` in English and ``expect_message`` for
    the site to render in the reader's language."""
    return {"expect": expect.english(), "expect_message": expect.dump()}


def _same(text: str) -> str:
    return text


def render(
    msg: Message,
    translate: Callable[[str], str],
    term: Callable[[str], str],
    notation: Callable[[str], str] = _same,
) -> str:
    """``msg`` with its template through ``translate``, its terms through
    ``term`` and its move texts through ``notation``; a translation that
    breaks the holes falls back to English.

    A term is a word of the sentence: its name lower case first ("Bob
    placed mill at D4"; a site's catalogue may name cards with a capital,
    as a list shows them), but with a capital where it opens the sentence
    (``opens_with_term``) or asks for one (``Term.capital``)."""
    text = _rendered(msg, translate, term, notation)
    return _capitalised(text) if opens_with_term(msg, translate) else text


def opens_with_term(value: Param, translate: Callable[[str], str]) -> bool:
    """Does ``value`` read with a term first: a ``Term``, or a message (its
    template through ``translate``) or a list that opens with one?"""
    if isinstance(value, Term):
        return True
    if isinstance(value, Joined):
        return bool(value.items) and opens_with_term(value.items[0], translate)
    if isinstance(value, Message):
        template = translate(value.template)
        if template[:2] != "%(":
            return False
        lead = template[2 : template.find(")")]
        return lead in value.params and opens_with_term(value.params[lead], translate)
    return False


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _in_text(name: str) -> str:
    """A term's name as a word within a sentence, lower case first."""
    return name[:1].lower() + name[1:]


def _rendered(
    msg: Message, translate: Callable[[str], str], term: Callable[[str], str], notation: Callable[[str], str]
) -> str:
    """``render`` but for the capital a term opening the sentence gets
    (the message may be a part of another's sentence)."""
    values = {k: _render(v, translate, term, notation) for k, v in msg.params.items()}
    try:
        return translate(msg.template) % values if values else translate(msg.template)
    except (KeyError, ValueError, TypeError):
        return msg.template % values if values else msg.template


def _render(
    value: Param, translate: Callable[[str], str], term: Callable[[str], str], notation: Callable[[str], str]
) -> str:
    if isinstance(value, Message):
        return _rendered(value, translate, term, notation)
    if isinstance(value, Notation):
        return notation(value.text)
    if isinstance(value, Term):
        name = term(value.slug)
        return _capitalised(name) if value.capital else _in_text(name)
    if isinstance(value, Joined):
        return translate(value.separator).join(_render(v, translate, term, notation) for v in value.items)
    return str(value)


def _english(msg: Message) -> str:
    """``render(msg, _same, _same)`` without the callbacks: engines write
    an English sentence for each event of every move they apply (also
    every move a mail's whole-turn search tries), so this is hot."""
    params = msg.params
    if not params:
        return msg.template
    return msg.template % {k: _english_value(v) for k, v in params.items()}


def _english_value(value: Param) -> str:
    """``_render(value, _same, _same, _same)``."""
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is int:
        return str(value)
    if isinstance(value, Message):
        return _english(value)
    if isinstance(value, Notation):
        return value.text
    if isinstance(value, Term):
        name = value.english or value.slug
        return _capitalised(name) if value.capital else _in_text(name)
    if isinstance(value, Joined):
        return value.separator.join(_english_value(v) for v in value.items)
    return str(value)


def _dump(value: Param) -> Any:
    if isinstance(value, Message):
        return {"message": value.dump()}
    if isinstance(value, Term):
        dumped: dict[str, Any] = {"term": value.slug}
        if value.capital:
            dumped["capital"] = True
        if value.english:
            dumped["english"] = value.english
        return dumped
    if isinstance(value, Notation):
        return {"notation": value.text}
    if isinstance(value, Joined):
        return {"joined": [_dump(v) for v in value.items], "separator": value.separator}
    return value


def _load(data: Any) -> Param:
    if isinstance(data, dict):
        if "message" in data:
            return Message.load(data["message"])
        if "term" in data:
            return Term(data["term"], bool(data.get("capital")), str(data.get("english") or ""))
        if "notation" in data:
            return Notation(str(data["notation"]))
        return Joined(tuple(_load(v) for v in data["joined"]), data.get("separator", ", "))
    if isinstance(data, int | str):
        return data
    return str(data)
