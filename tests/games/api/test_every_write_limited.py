"""Issue 4: "Rate-limit writes per user": every write the API documents
counts against the user's limit, whatever it writes."""

import re

import pytest
from django.core.cache import cache
from drf_spectacular.generators import SchemaGenerator
from rest_framework.throttling import ScopedRateThrottle

from .test_games_api import client_for

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")


def write_operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [(method, path) for path, ops in schema["paths"].items() for method in ops if method in WRITES]


def test_there_are_writes_to_check():
    assert ("patch", "/api/me/") in write_operations() and len(write_operations()) > 20


@pytest.mark.parametrize(("method", "path"), write_operations())
def test_a_write_beyond_the_limit_is_refused(method, path, alice, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "2/min"})
    cache.clear()
    client = client_for(alice)
    url = re.sub(r"\{[^}]+\}", "1", path)
    answers = [getattr(client, method)(url, {}, format="json").status_code for _ in range(3)]
    assert answers[2] == 429, answers


def test_a_display_name_change_beyond_the_limit_changes_nothing_and_reading_stays_free(alice, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "2/min"})
    cache.clear()
    client = client_for(alice)
    names = ["Alice One", "Alice Two", "Alice Three"]
    answers = [client.patch("/api/me/", {"display_name": name}, format="json") for name in names]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].json()["code"] == "throttled" and int(answers[2]["Retry-After"]) > 0
    alice.refresh_from_db()
    assert alice.display_name == "Alice Two"
    assert [client.get("/api/me/").status_code for _ in range(3)] == [200, 200, 200]
