"""A NUL byte in a URL answers 404, never a 500 (PostgreSQL refuses NUL in
text, so no query may see it; SQLite would accept it, hence no query runs)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

PAGES = ["/players/%00/", "/players/%00/ratings/", "/invitations/%00/", "/calendar/%00.ics", "/players/bob/?q=%00"]
API = ["/api/players/%00/ratings/", "/api/invitations/%00/accept/"]


@pytest.mark.parametrize("path", PAGES)
def test_a_page_with_nul_is_not_found_without_a_query(client, path):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert len(queries) == 0


@pytest.mark.parametrize("path", API)
def test_an_api_url_with_nul_is_a_json_not_found(client, alice, path):
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(path) if path.endswith("accept/") else client.get(path)
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "detail": "Not found."}
    assert len(queries) == 0
