"""Garbage in the body of every API write (JSON that does not parse, JSON
of the wrong shape, bytes that are not text, a form of nonsense) is a
client error in the JSON error shape, in the reader's language: never a
500, and no move, chat line or game written."""

from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from games.models import ChatMessage, Match, MoveRecord
from tests.conftest import living_in
from tests.games.api.test_games_api import client_for

from ..games.conftest import start_match

pytestmark = pytest.mark.django_db

BODIES = [
    ("application/json", b'{"ply": 0, "option": '),  # cut off
    ("application/json", b"[1, 2, 3]"),
    ("application/json", b'"1"'),
    ("application/json", b"7"),
    ("application/json", b"null"),
    ("application/json", b"true"),
    ("application/json", b'{"ply": NaN, "option": Infinity}'),
    ("application/json", b'{"ply": 1e400, "text": ["a"], "game": {}, "players": "two", "capacity": []}'),
    ("application/json", b'{"\xff\xfe": "\xc3\x28"}'),  # not UTF-8
    ("application/json", b"\x00\x00\x00"),
    ("application/x-www-form-urlencoded", b"ply=%ff%fe&option=%c3%28"),
    ("application/x-www-form-urlencoded", b"ply=zero&option=one&text=&game=chess&players=-1"),
]


def write_operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("post", "put", "patch", "delete")
    ]


def _answers(client, url: str, method: str, content_type: str, body: bytes) -> dict:
    client.raise_request_exception = False
    response = client.generic(method.upper(), url, data=body, content_type=content_type)
    assert response.status_code < 500, (method, url, body, response.status_code, response.content[:300])
    assert response["Content-Type"] == "application/json", (method, url, body)
    return {"status": response.status_code, **response.json()}


@pytest.mark.parametrize(("content_type", "body"), BODIES)
def test_garbage_to_every_write_is_a_client_error_in_the_readers_language(alice, bob, carol, now, content_type, body):
    living_in("nl", "Europe/Amsterdam", alice)
    living_in("en", "Europe/London", carol)
    match = start_match(alice, bob, now=now)
    operations = write_operations()
    assert len(operations) >= 40, operations
    # As players' programs call the API: with a token (which sets the reader's language).
    readers = {"nl": client_for(alice), "en": client_for(carol)}
    for method, path in operations:
        url = re.sub(r"\{[^}]+\}", lambda m: str(match.pk) if m.group(0) in ("{pk}", "{id}") else "x", path)
        dutch = _answers(readers["nl"], url, method, content_type, body)
        if dutch["status"] != 400:
            continue
        english = _answers(readers["en"], url, method, content_type, body)
        assert english["status"] == 400 and english["code"] == dutch["code"], (method, url, english, dutch)
        assert dutch["detail"] != english["detail"], (method, url, body, dutch["detail"])
    # (An action that reads no body, such as a resignation, takes a body
    # that parses, whatever it holds.)
    assert not MoveRecord.objects.filter(match=match, kind=MoveRecord.Kind.MOVE).exists()
    assert not ChatMessage.objects.exists() and Match.objects.count() == 1


def test_a_body_of_null_is_refused_in_the_readers_language_field_errors_too(alice, carol, now):
    """The ``errors`` of a refusal say what ``detail`` says, in the same
    language: not DRF's English "No data provided" to a Dutch reader."""
    living_in("nl", "Europe/Amsterdam", alice)
    living_in("en", "Europe/London", carol)
    readers = {"nl": client_for(alice), "en": client_for(carol)}
    for url in ("/api/clubs/", "/api/tournaments/", "/api/ladders/1/challenges/"):
        dutch = _answers(readers["nl"], url, "post", "application/json", b"null")
        english = _answers(readers["en"], url, "post", "application/json", b"null")
        assert dutch["status"] == english["status"] == 400, (url, dutch, english)
        assert dutch["errors"] == {"non_field_errors": [dutch["detail"]]}, (url, dutch)
        assert english["errors"] == {"non_field_errors": [english["detail"]]}, (url, english)
        assert dutch["detail"] != english["detail"]
