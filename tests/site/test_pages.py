import pytest

pytestmark = pytest.mark.django_db


def test_home_says_what_the_service_is(client):
    page = client.get("/").content.decode()
    assert "your reply is your move" in page.lower()
    assert 'href="/accounts/signup/"' in page
    assert "/static/alta/site.css" in page


def test_navigation_shows_the_profile_when_logged_in(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'href="/profile/"' in page
    assert "Log out" in page


def test_api_docs_work_offline(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger" in page.lower()
    assert "cdn" not in page.lower()
    assert client.get("/api/schema/").status_code == 200
