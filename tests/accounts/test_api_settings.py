"""A player changes their settings over the API as on the profile page
(``PATCH /api/me/``): time zone, language, game mail, chat at once; a
value the profile does not offer is refused in their language and changes
nothing; game mail turned on again ends what a spam complaint stopped, as
the profile's form does."""

from __future__ import annotations

import pytest

from tests.accounts.test_api_mail_stopped_as_spam import complain
from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db


def test_the_settings_change_as_on_the_profile_page(bob):
    answer = client_for(bob).patch(
        "/api/me/",
        {"time_zone": "Europe/Amsterdam", "language": "nl", "notifications": "daily_digest", "chat_at_once": True},
        format="json",
    )
    assert answer.status_code == 200
    body = answer.json()
    assert (body["time_zone"], body["language"], body["notifications"], body["chat_at_once"]) == (
        "Europe/Amsterdam",
        "nl",
        "daily_digest",
        True,
    )
    bob.refresh_from_db()
    assert (bob.time_zone, bob.language, bob.notifications, bob.chat_at_once) == (
        "Europe/Amsterdam",
        "nl",
        "daily_digest",
        True,
    )
    # The next read is in the new language, from the same (cached) token.
    again = client_for(bob).patch("/api/me/", {"time_zone": "Mars/Olympus"}, format="json")
    assert again.status_code == 400 and "Mars/Olympus" in again.json()["detail"]
    assert "is een ongeldige keuze" in again.json()["detail"]


@pytest.mark.parametrize(
    ("field", "value"), [("time_zone", "Mars/Olympus"), ("language", "tlh"), ("notifications", "hourly")]
)
def test_a_value_the_profile_does_not_offer_changes_nothing(bob, field, value):
    before = client_for(bob).get("/api/me/").json()
    answer = client_for(bob).patch("/api/me/", {field: value, "display_name": "Bobby"}, format="json")
    assert answer.status_code == 400 and field in answer.json()["detail"]
    assert client_for(bob).get("/api/me/").json() == before


def test_game_mail_turned_on_again_ends_the_spam_complaints_stop(bob, now):
    complain(bob, now)
    assert client_for(bob).get("/api/me/").json()["mail_stopped_as_spam"] is not None
    answer = client_for(bob).patch("/api/me/", {"notifications": "every_turn"}, format="json").json()
    assert answer["notifications"] == "every_turn" and answer["mail_stopped_as_spam"] is None
    bob.refresh_from_db()
    assert bob.email_complained_at is None


def test_leaving_game_mail_off_keeps_the_notice(bob, now):
    complain(bob, now)
    answer = client_for(bob).patch("/api/me/", {"language": "nl"}, format="json").json()
    assert answer["mail_stopped_as_spam"] is not None and answer["notifications"] == "none"
