"""A signed-out reader's pages show times in their own zone: the one their
browser names (a cookie its script sets), else the one their language
suggests; they used to be always in UTC."""

from __future__ import annotations

import pytest

from tests.conftest import living_in

pytestmark = pytest.mark.django_db


def _footer_zone(response) -> str:
    text = " ".join(response.content.decode().split())
    return text.split("Times are shown in ")[1].split(".")[0] if "Times are shown in " in text else text


@pytest.mark.parametrize(
    ("cookie", "zone"),
    [
        ("America/New_York", "America/New York"),
        ("Asia/Kolkata", "Asia/Kolkata"),
        ("../../etc/passwd", "UTC"),
        ("", "UTC"),
    ],
)
def test_a_visitors_pages_show_times_in_the_zone_their_browser_names(cookie, zone, client):
    if cookie:
        client.cookies["alta_zone"] = cookie
    assert _footer_zone(client.get("/")) == zone


def test_a_dutch_visitor_without_the_cookie_reads_amsterdam_time(client):
    text = " ".join(client.get("/", HTTP_ACCEPT_LANGUAGE="nl").content.decode().split())
    assert "Tijden staan in Europe/Amsterdam." in text


def test_a_signed_in_players_own_zone_wins_over_the_browsers(client, alice):
    living_in("en", "Asia/Tokyo", alice)
    client.force_login(alice)
    client.cookies["alta_zone"] = "America/New_York"
    assert _footer_zone(client.get("/")) == "Asia/Tokyo"


def test_the_visitors_script_is_served_to_visitors_only(client, alice):
    assert "alta/visitor_zone" in client.get("/").content.decode()
    client.force_login(alice)
    assert "alta/visitor_zone" not in client.get("/").content.decode()


@pytest.mark.parametrize(
    ("language", "said"), [("en", "keeps the name of its time zone"), ("nl", "bewaart ook de naam")]
)
def test_the_privacy_page_names_the_zone_cookie(language, said, client):
    text = " ".join(client.get("/privacy/", HTTP_ACCEPT_LANGUAGE=language).content.decode().split())
    assert said in text
