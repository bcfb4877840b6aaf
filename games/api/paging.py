"""Pages of the API's lists.  A list answer stays a bare JSON array (as
before paging, so a client reading only the first page works unchanged);
``?offset=N`` skips the first N items, and while more follow, a ``Link``
header (RFC 8288) carries the next page's URL with ``rel="next"``.

Offsets, not cursors: the lists are ordered newest first (or most urgent
first), so an item added while a client pages shifts the others back and
shows up to it twice, never not at all; an item leaving the list (a game
that filled up) may shift one past it.  Every order here ends in a unique
column, so a page is the same on every request while nothing changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.response import Response

#: Beyond any list here; bounded so that no offset reaches the database
#: driver out of its integer range.
MAX_OFFSET = 1_000_000

#: What the schema says of every paged list: the parameter and the header.
PAGED = [
    OpenApiParameter(
        "offset",
        int,
        OpenApiParameter.QUERY,
        required=False,
        description="Items to skip (default 0); follow the Link header rather than counting.",
    ),
    OpenApiParameter(
        "Link",
        str,
        OpenApiParameter.HEADER,
        response=[200],
        description='The next page, as <URL>; rel="next" (RFC 8288); absent on the last page.',
    ),
]


def query_of(request) -> dict[str, str]:
    """The request's query parameters as given, for a serializer to read:
    an empty one (``?status=``) stays empty, so a field that wants a value
    refuses it as the schema says, where DRF would read a form's empty
    field as left out."""
    return request.query_params.dict()


class _PageSerializer(serializers.Serializer):
    offset = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, default=0)


def paged(request, rows: Sequence[Any] | QuerySet[Any], *, size: int, render: Callable[[list], list]) -> Response:
    """The page of ``rows`` (a queryset or a list, in paging order) that
    ``?offset=`` asks for, at most ``size`` items, as ``render`` writes
    them, with the ``Link`` to the next page when there is one.

    :raises ValidationError: an offset that is not a whole number from 0
        to ``MAX_OFFSET``."""
    query = _PageSerializer(data=query_of(request))
    query.is_valid(raise_exception=True)
    offset = query.validated_data["offset"]
    page = list(rows[offset : offset + size + 1])  # one more: is there a next page?
    response = Response(render(page[:size]))
    if len(page) > size:
        following = request.query_params.copy()
        following["offset"] = str(offset + size)
        response["Link"] = f'<{request.build_absolute_uri(request.path)}?{following.urlencode()}>; rel="next"'
    return response
