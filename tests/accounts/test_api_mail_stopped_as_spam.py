"""A player whose game mail stopped because they marked one of our mails
as spam reads it in their own account over the API (``GET /api/me/``), as
the pages' banner tells it: when, and the banner's sentence in their
language; until they turn game mail on again.  Nobody else reads it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.services import match_create_seated
from mail.complaints import complaint_apply
from tests.conftest import living_in
from tests.games.api.test_games_api import client_for
from tests.mail.test_bounce_banner import notice_to

pytestmark = pytest.mark.django_db

BANNER = "You marked one of our emails as spam, so we stopped your game emails."


def complain(user, now, n: int = 1) -> None:
    """``user`` marks one of our mails to them as spam."""
    complaint_apply(notice_to(user, now, n), now)


def test_game_mail_never_stopped_reads_null(bob):
    assert client_for(bob).get("/api/me/").json()["mail_stopped_as_spam"] is None


def test_the_player_reads_why_their_game_mail_stopped(bob, now):
    complain(bob, now)
    answer = client_for(bob).get("/api/me/").json()
    assert answer["mail_stopped_as_spam"] == {"at": "2026-01-05T09:00:00Z", "meaning": BANNER}
    assert answer["notifications"] == "none"


def test_it_speaks_the_players_language_and_writes_utc(bob, now):
    living_in("nl", "Asia/Tokyo", bob)
    complain(bob, now)
    answer = client_for(bob).get("/api/me/").json()["mail_stopped_as_spam"]
    assert answer["meaning"] == ("Je hebt een van onze mails als spam gemarkeerd, dus we hebben je spelmails gestopt.")
    assert answer["at"] == "2026-01-05T09:00:00Z"  # not at Tokyo's offset


def test_turning_game_mail_on_again_in_the_profile_clears_it_at_once(client, bob, now):
    complain(bob, now)
    api = client_for(bob)
    assert api.get("/api/me/").json()["mail_stopped_as_spam"]  # the token, with its user, is cached now
    client.force_login(bob)
    form = {"display_name": "Bob", "time_zone": "UTC", "language": "en", "notifications": "daily_digest"}
    assert client.post("/profile/", form).status_code == 302
    answer = api.get("/api/me/").json()
    assert answer["mail_stopped_as_spam"] is None and answer["notifications"] == "daily_digest"


def test_a_later_complaint_tells_it_again(client, bob, now):
    complain(bob, now, 1)
    client.force_login(bob)
    form = {"display_name": "Bob", "time_zone": "UTC", "language": "en", "notifications": "every_turn"}
    client.post("/profile/", form)
    complain(bob, now, 2)
    assert client_for(bob).get("/api/me/").json()["mail_stopped_as_spam"]["meaning"] == BANNER


def test_no_other_reader_learns_of_it(alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    complain(bob, now)
    alice_reads, anyone_reads = client_for(alice), APIClient()
    assert alice_reads.get("/api/me/").json()["mail_stopped_as_spam"] is None
    for reader in (alice_reads, anyone_reads):
        for path in (f"/api/games/{match.pk}/", "/api/games/", "/api/players/Bob/ratings/"):
            answer = reader.get(path)
            assert answer.status_code == 200, path
            text = answer.content.decode()
            assert "spam" not in text.lower() and "complain" not in text.lower(), path


def test_reading_it_costs_no_query(bob, now, django_assert_num_queries):
    client = client_for(bob)
    client.get("/api/me/")  # the token is cached from here on
    with CaptureQueriesContext(connection) as mailed:
        client.get("/api/me/")
    complain(bob, now)
    client.get("/api/me/")  # the complaint changed the user: the token is read again once
    with django_assert_num_queries(len(mailed)):
        assert client.get("/api/me/").json()["mail_stopped_as_spam"]


def test_the_schema_documents_it():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    schemas = schema["components"]["schemas"]
    field = schemas["MeOutput"]["properties"]["mail_stopped_as_spam"]
    assert field.get("nullable") or any(option.get("type") == "null" for option in field.get("oneOf", []))
    assert field.get("description")
    ref = field.get("$ref") or next(o["$ref"] for o in field.get("allOf", field.get("oneOf", [])) if "$ref" in o)
    shape = schemas[ref.rsplit("/", 1)[1]]
    assert set(shape["properties"]) == {"at", "meaning"}
    assert shape["properties"]["at"]["format"] == "date-time"
    assert all(shape["properties"][name].get("description") for name in shape["properties"])
