"""An API request that fails on a bug is answered in the API's JSON error
shape (clients parse JSON at every status), a page with the site's own
500 page."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.services import match_create_seated

pytestmark = pytest.mark.django_db


def _bug(*args, **kwargs):
    raise RuntimeError("a bug")


def test_an_api_bug_is_a_json_500_and_a_page_bug_the_500_page(alice, bob, client, monkeypatch):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    monkeypatch.setattr("games.api.views.detail_data", _bug)
    client.raise_request_exception = False
    answer = client.get(f"/api/games/{match.pk}/")
    assert answer.status_code == 500
    assert answer["Content-Type"] == "application/json"
    detail = "The site ran into an error. Please try again in a few minutes."
    assert answer.json() == {"code": "server_error", "detail": detail}

    monkeypatch.setattr("alta_site.views.render", _bug)
    page = client.get("/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")
    assert "Something went wrong" in page.content.decode()
