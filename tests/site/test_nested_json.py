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
