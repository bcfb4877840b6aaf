"""A script that leaves off an API path's final slash: the answer is a
308, which keeps the method and the body (a 301, Django's default, makes
clients send a POST again as a GET without its body; under DEBUG Django
even fails with an error page)."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [False, True])
def test_a_post_without_the_final_slash_is_sent_on_with_its_body(alice, settings, debug):
    settings.DEBUG = debug
    api = APIClient()
    api.force_authenticate(alice)
    answer = api.post("/api/games", {"game": "alta", "players": 2}, format="json")
    assert answer.status_code == 308 and answer["Location"].endswith("/api/games/")
    followed = api.post("/api/games", {"game": "alta", "players": 2}, format="json", follow=True)
    assert followed.status_code == 201 and followed.json()["game"] == "alta"


def test_a_page_without_its_slash_still_redirects(client):
    answer = client.get("/lobby")
    assert answer.status_code in (301, 308) and answer["Location"].endswith("/lobby/")
