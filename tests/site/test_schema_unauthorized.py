"""Every endpoint answers 401 ``{"code", "detail"}`` to a missing (where it
needs one), revoked or unknown token, also the ones anyone may read: the
schema documents that answer for each operation, so a client generated from
it knows the most common refusal instead of meeting an undocumented status."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _operations():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            yield f"{method.upper()} {path}", operation


def test_every_operation_documents_the_401_it_gives():
    missing = [name for name, operation in _operations() if "401" not in operation["responses"]]
    assert not missing, missing


@pytest.mark.parametrize("path", ["/api/ladders/", "/api/me/ratings/", "/api/players/nobody/ratings/"])
def test_an_unknown_token_is_answered_401_in_the_documented_shape(path):
    answer = APIClient().get(path, HTTP_AUTHORIZATION="Token not-a-token")
    assert answer.status_code == 401
    assert set(answer.json()) == {"code", "detail"}
