"""A player whose address bounces reads it in their own account over the
API (``GET /api/me/``), as the pages' banner and the data export tell it:
when mail last bounced, the receiving server's words and what they mean in
the player's language, how many mails bounced, and whether game mail has
stopped.  Nobody else reads any of it, nor the player's address."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.services import match_create_seated
from mail.bounce_policy import HARD_BOUNCES_BEFORE_PAUSE
from tests.conftest import living_in
from tests.games.api.test_games_api import client_for
from tests.mail.test_bounce_banner import bounce, notice_to

pytestmark = pytest.mark.django_db

SERVER_WORDS = "Recipient address rejected: User unknown in virtual mailbox table"


def test_an_address_that_works_reads_null(bob):
    assert client_for(bob).get("/api/me/").json()["mail_bouncing"] is None


def test_the_player_reads_their_bouncing_address_in_their_account(bob, now):
    bounce(notice_to(bob, now, 1), now)
    answer = client_for(bob).get("/api/me/").json()["mail_bouncing"]
    assert answer["last_at"] == "2026-01-05T09:00:00Z"  # UTC, as every API time
    assert answer["reason"].startswith("5.1.1") and SERVER_WORDS in answer["reason"]
    assert answer["meaning"] == "the address does not exist, 5.1.1"
    assert answer["count"] == 1 and answer["paused"] is False


def test_it_says_when_game_mail_stopped_in_the_players_language(bob, now):
    living_in("nl", "Asia/Tokyo", bob)
    for n in range(HARD_BOUNCES_BEFORE_PAUSE):
        bounce(notice_to(bob, now, n), now, status="5.2.2")
    answer = client_for(bob).get("/api/me/").json()["mail_bouncing"]
    assert answer["count"] == HARD_BOUNCES_BEFORE_PAUSE and answer["paused"] is True
    assert answer["meaning"] == "de mailbox is vol, 5.2.2"
    assert answer["last_at"] == "2026-01-05T09:00:00Z"  # not at Tokyo's offset


def test_the_profile_pages_try_again_clears_it_at_once(client, bob, now):
    bounce(notice_to(bob, now, 1), now)
    api = client_for(bob)
    assert api.get("/api/me/").json()["mail_bouncing"]  # the token, with its user, is cached now
    client.force_login(bob)
    client.post("/profile/email-bounces/clear/")
    assert api.get("/api/me/").json()["mail_bouncing"] is None


def test_confirming_the_address_that_bounced_clears_it_at_once(client, bob, now):
    bounce(notice_to(bob, now, 1), now)
    api = client_for(bob)
    assert api.get("/api/me/").json()["mail_bouncing"]
    address = EmailAddress.objects.get(user=bob, email=bob.email)
    address.verified = False  # re-added after the player removed it, say
    address.save(update_fields=["verified"])
    client.force_login(bob)
    client.post(f"/accounts/confirm-email/{EmailConfirmationHMAC(address).key}/")
    assert api.get("/api/me/").json()["mail_bouncing"] is None


def test_no_other_reader_learns_the_address_or_the_bounce(alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    bounce(notice_to(bob, now, 1), now)
    alice_reads, anyone_reads = client_for(alice), APIClient()
    assert alice_reads.get("/api/me/").json()["mail_bouncing"] is None
    for reader in (alice_reads, anyone_reads):
        for path in (f"/api/games/{match.pk}/", "/api/games/", "/api/players/Bob/ratings/"):
            answer = reader.get(path)
            assert answer.status_code == 200, path
            text = answer.content.decode()
            assert bob.email not in text and SERVER_WORDS not in text and "5.1.1" not in text, path


def test_reading_it_costs_no_query(bob, now):
    client = client_for(bob)
    client.get("/api/me/")  # the token is cached from here on
    with CaptureQueriesContext(connection) as working:
        client.get("/api/me/")
    bounce(notice_to(bob, now, 1), now)
    client.get("/api/me/")  # the bounce changed the user: the token is read again once
    with CaptureQueriesContext(connection) as bouncing:
        assert client.get("/api/me/").json()["mail_bouncing"]
    assert len(bouncing) == len(working)


def test_the_schema_documents_it():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    schemas = schema["components"]["schemas"]
    me = schemas["MeOutput"]
    field = me["properties"]["mail_bouncing"]
    assert field.get("nullable") or any(option.get("type") == "null" for option in field.get("oneOf", []))
    ref = field.get("$ref") or next(o["$ref"] for o in field.get("allOf", field.get("oneOf", [])) if "$ref" in o)
    shape = schemas[ref.rsplit("/", 1)[1]]
    assert set(shape["properties"]) == {"last_at", "reason", "meaning", "count", "paused"}
    assert shape["properties"]["last_at"]["format"] == "date-time"
    assert all(shape["properties"][name].get("description") for name in shape["properties"])
