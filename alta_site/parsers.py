"""The API's JSON parser: a body nested deeper than any request needs is a
client error (400), never a RecursionError (500)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

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


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        """The parsed body; raises ``ParseError`` for malformed JSON (as DRF
        does) and for JSON nested deeper than ``MAX_DEPTH``."""
        too_deep = ParseError(_("JSON nested deeper than %(depth)d levels.") % {"depth": MAX_DEPTH})
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep from None
        except ParseError:  # DRF's "JSON parse error - …" has no translation
            raise ParseError(_("The request body could not be read (is it valid JSON?).")) from None
        if depth(data) > MAX_DEPTH:
            raise too_deep
        return data
