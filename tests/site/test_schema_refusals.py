"""Besides the 401 (``test_schema_unauthorized``), every path answers 405
to a method it does not take, and every operation that reads a body answers
415 to a body it cannot read; the schema documents both where they happen,
in the ``{"code", "detail"}`` shape, so a client generated from it does not
meet an undocumented status."""

import re

import pytest
from rest_framework.test import APIClient

from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db

_METHODS = ("get", "post", "put", "patch", "delete")
_ERROR = {"$ref": "#/components/schemas/Error"}


def _schema():
    return APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def _documented(operation, code):
    answer = operation["responses"].get(code)
    return answer is not None and answer["content"]["application/json"]["schema"] == _ERROR


def test_every_operation_documents_405_and_every_write_415():
    missing = []
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            if not _documented(operation, "405"):
                missing.append(f"405 {method} {path}")
            if method in ("post", "put", "patch") and not _documented(operation, "415"):
                missing.append(f"415 {method} {path}")
    assert not missing, missing


def test_every_path_refuses_a_method_it_does_not_document_with_405(alice):
    client = client_for(alice)
    for path, operations in _schema()["paths"].items():
        other = next(m for m in _METHODS if m not in operations)
        url = re.sub(r"\{[^}]+\}", "1", path)
        answer = getattr(client, other)(url, HTTP_ACCEPT="application/json")
        assert answer.status_code == 405, (other, path, answer.status_code)
        assert answer.json()["code"] == "method_not_allowed"


def test_every_write_refuses_a_body_it_cannot_read_with_415(alice):
    client = client_for(alice)
    for path, operations in _schema()["paths"].items():
        for method in operations.keys() & {"post", "put", "patch"}:
            url = re.sub(r"\{[^}]+\}", "1", path)
            answer = getattr(client, method)(url, "ply=0", content_type="text/plain")
            assert answer.status_code == 415, (method, path, answer.status_code)
            assert answer.json()["code"] == "unsupported_media_type"
            assert "text/plain" in answer.json()["detail"]
