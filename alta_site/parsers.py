"""The API's parsers.  JSON: a body nested deeper than any request needs, or
text that is not Unicode (a lone surrogate such as ``"\\ud800"``, which JSON
can spell but UTF-8 cannot), is a client error (400), never a RecursionError
or an answer that cannot be encoded (500).  A form whose bytes are not
text is refused too, and a multipart body that cannot be read is refused
in the reader's language."""

from __future__ import annotations

from urllib.parse import parse_qsl

from django.conf import settings
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

# No request body of the API nests more than a few levels; the bound keeps
# every later walk over the data (validation, error messages) shallow.
MAX_DEPTH = 32


def depth(value) -> int:
    """How deeply ``value`` nests lists and dicts (a scalar is 0); iterative,
    so it cannot itself overflow the stack."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            level += 1
            deepest = max(deepest, level)
            stack.extend((child, level) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def strings(value):
    """Every string in ``value``, keys of dicts included; iterative."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def is_unicode(value) -> bool:
    """False if any string in ``value`` holds a lone surrogate: it could be
    neither stored nor written back in an answer (say in "not a valid choice")."""
    try:
        for text in strings(value):
            text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        """The parsed body; raises ``ParseError`` for malformed JSON (as DRF
        does), for JSON nested deeper than ``MAX_DEPTH`` and for text with a
        lone surrogate."""
        too_deep = ParseError(_("JSON nested deeper than %(depth)d levels.") % {"depth": MAX_DEPTH})
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep from None
        except ParseError:  # DRF's "JSON parse error - …" has no translation
            raise ParseError(_("The request body could not be read (is it valid JSON?).")) from None
        if depth(data) > MAX_DEPTH:
            raise too_deep
        if not is_unicode(data):
            raise ParseError(_("The request body holds text that is not valid Unicode."))
        return data


class StrictFormParser(FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        """The form fields, as DRF's parser reads them; raises ``ParseError``
        when a field is not text in the body's charset.  (Django reads such
        bytes as U+FFFD: a chat line of replacement characters would be
        posted, where the same bytes in JSON are refused.)"""
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        body = stream.read()
        fields = QueryDict(body, encoding=encoding)  # first: Django's limit on the number of fields
        try:
            parse_qsl(body.decode(encoding), keep_blank_values=True, encoding=encoding, errors="strict")
        except (UnicodeDecodeError, LookupError, ValueError):
            raise ParseError(_("The request body holds text that is not valid Unicode.")) from None
        return fields


class ReadableMultiPartParser(MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        """DRF's multipart parser, its refusal in the reader's language
        (DRF's "Multipart form parse error - …" has no translation)."""
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError:
            raise ParseError(_("The request body could not be read as a form.")) from None
