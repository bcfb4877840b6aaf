"""A JSON body nested too deeply is a 400 with a JSON error on every API
operation that takes a body, never a 500 (RecursionError)."""

from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from alta_site.parsers import MAX_DEPTH, depth

from ..games.conftest import start_match

pytestmark = pytest.mark.django_db


def operations_with_a_body() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if "requestBody" in operation
    ]


@pytest.mark.parametrize(
    "body",
    [
        '{"a": ' * 100_000 + "1" + "}" * 100_000,  # past the interpreter's recursion limit
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),  # parses, but deeper than any request needs
    ],
)
def test_deep_json_is_a_json_400_everywhere(alice, bob, now, body):
    match = start_match(alice, bob, now=now)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(alice)
    operations = operations_with_a_body()
    assert len(operations) >= 5, operations
    for method, path in operations:
        url = re.sub(r"\{[^}]+\}", lambda m: str(match.pk) if m.group(0) in ("{pk}", "{id}") else "x", path)
        response = client.generic(method.upper(), url, data=body, content_type="application/json")
        assert response.status_code < 500, (method, url, response.status_code)
        assert response["Content-Type"] == "application/json", (method, url)
        if response.status_code == 400:
            assert response.json()["code"] == "parse_error", (method, url, response.json())
    response = client.post(f"/api/games/{match.pk}/moves/", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"code": "parse_error", "detail": f"JSON nested deeper than {MAX_DEPTH} levels."}


def test_depth_counts_lists_and_dicts_without_recursing():
    assert depth(1) == 0
    assert depth({"a": [1, {"b": []}]}) == 4
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert depth(deep) == 100_001


def test_a_body_over_the_upload_limit_is_a_json_400(alice, bob, now):
    match = start_match(alice, bob, now=now)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(alice)
    body = '{"move": "' + "x" * 3_000_000 + '"}'
    response = client.post(f"/api/games/{match.pk}/moves/", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"code": "too_large", "detail": "The request body is too large."}
    dutch = client.post(
        f"/api/games/{match.pk}/moves/", data=body, content_type="application/json", headers={"accept-language": "nl"}
    )
    assert dutch.json()["detail"] == "De inhoud van het verzoek is te groot."


def _every_field_a_lone_surrogate(schema, operation) -> str:
    """A JSON body giving each documented field of ``operation`` the text
    ``"\\ud800"``: JSON can spell a lone surrogate, UTF-8 cannot."""
    reference = operation["requestBody"]["content"].get("application/json", {}).get("schema", {})
    name = reference.get("$ref", "").rsplit("/", 1)[-1]
    fields = list(schema["components"]["schemas"].get(name, {}).get("properties", {})) or ["text"]
    return "{" + ", ".join(f'"{field}": "\\ud800"' for field in fields) + "}"


def test_text_that_is_not_unicode_is_a_json_400_everywhere(alice, bob, now):
    """A game, club or tournament asked for with a lone surrogate as its game
    or format was a 500: the "not a valid choice" error that repeats the
    value could not be encoded."""
    match = start_match(alice, bob, now=now)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(alice)
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for method, path in operations_with_a_body():
        url = re.sub(r"\{[^}]+\}", lambda m: str(match.pk) if m.group(0) in ("{pk}", "{id}") else "x", path)
        body = _every_field_a_lone_surrogate(schema, schema["paths"][path][method])
        response = client.generic(method.upper(), url, data=body, content_type="application/json")
        assert response.status_code < 500, (method, url, response.status_code)
        assert response["Content-Type"] == "application/json", (method, url)
    for url, body in [
        ("/api/games/", '{"game": "\\ud800", "players": 2}'),
        ("/api/clubs/", '{"name": "Club", "join_policy": "\\udc00"}'),
        (f"/api/games/{match.pk}/chat/", '{"\\ud800": "hello"}'),
    ]:
        response = client.post(url, data=body, content_type="application/json")
        assert response.status_code == 400, url
        assert response.json() == {
            "code": "parse_error",
            "detail": "The request body holds text that is not valid Unicode.",
        }
    dutch = client.post(
        "/api/games/", data='{"game": "\\ud800"}', content_type="application/json", headers={"accept-language": "nl"}
    )
    assert dutch.json()["detail"] == "De inhoud van het verzoek bevat tekst die geen geldige Unicode is."


def test_a_body_of_proper_unicode_is_read_as_sent(alice, bob, now):
    match = start_match(alice, bob, now=now)
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(
        f"/api/games/{match.pk}/chat/", data='{"text": "caf\\u00e9 \\ud83c\\udfb2"}', content_type="application/json"
    )
    assert response.status_code in (200, 201), response.content
    assert "café 🎲" in client.get(f"/api/games/{match.pk}/chat/").content.decode()
