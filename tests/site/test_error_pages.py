"""The 400, 403 and 500 pages are the site's own, in the reader's language
(Django picks ``400.html``, ``403.html`` and ``500.html`` by name)."""

import re

import pytest
from django.core.exceptions import BadRequest, PermissionDenied
from django.test import Client, override_settings
from django.urls import include, path

from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def _refuse(request):
    raise PermissionDenied


def _unreadable(request):
    raise BadRequest("a detail the page must not show")


def _broken(request):
    raise RuntimeError("a bug")


urlpatterns = [
    path("refused/", _refuse),
    path("unreadable/", _unreadable),
    path("broken/", _broken),
    path("", include("alta_site.urls")),
]


def test_a_403_from_an_organisers_page_reads_in_dutch_with_its_reason(client, now):
    import datetime as dt

    from tournaments.services import club_create, tournament_create

    organiser = make_user("bram@example.nl", "Bram")
    club = club_create(creator=organiser, name="Harbour", now=now)
    cup = tournament_create(
        creator=organiser, name="Cup", club_id=club.pk, now=now, rounds=2, registration_closes_at=now + dt.timedelta(7)
    )
    client.force_login(make_user("anna@example.nl", "Anna", language="nl"))
    response = client.post(f"/tournaments/{cup.pk}/start/", headers={"accept-language": "nl"})
    page = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="nl">' in page and "<h1>Niet toegestaan</h1>" in page and '<main id="main">' in page
    assert "Forbidden" not in page and "organisers" not in page


@override_settings(ROOT_URLCONF=__name__)
def test_a_bare_403_and_a_400_read_in_the_readers_language(client):
    refused = client.get("/refused/", headers={"accept-language": "nl"})
    assert refused.status_code == 403
    assert '<html lang="nl">' in refused.content.decode() and "Niet toegestaan" in refused.content.decode()
    english = client.get("/unreadable/").content.decode()
    assert '<html lang="en">' in english and "<h1>Bad request</h1>" in english
    dutch = client.get("/unreadable/", headers={"accept-language": "nl"})
    assert dutch.status_code == 400
    page = dutch.content.decode()
    assert '<html lang="nl">' in page and "<h1>Ongeldig verzoek</h1>" in page and "detail" not in page


@override_settings(ROOT_URLCONF=__name__)
def test_a_500_reads_in_the_readers_language():
    client = Client(raise_request_exception=False)
    response = client.get("/broken/", headers={"accept-language": "nl"})
    page = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="nl">' in page and "<h1>Er ging iets mis</h1>" in page and "a bug" not in page


@override_settings(ROOT_URLCONF=__name__)
def test_the_500_page_is_styled_by_the_site_stylesheet_the_policy_allows():
    """The policy's ``style-src 'self'`` blocks a ``style=`` attribute: the
    500 page takes its looks from the site's stylesheet, which it links
    without a storage lookup (no manifest needed when all else is down)."""
    from html.parser import HTMLParser
    from pathlib import Path

    from django.contrib.staticfiles import finders

    client = Client(raise_request_exception=False)
    response = client.get("/broken/")
    assert response.status_code == 500
    assert "style-src 'self'" in response["Content-Security-Policy"]

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags: list[tuple[str, dict]] = []

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))

    tags = Tags()
    tags.feed(response.content.decode())
    assert not [tag for tag, attrs in tags.tags if "style" in attrs]
    assert not [tag for tag, _attrs in tags.tags if tag == "style"]
    sheets = [attrs["href"] for tag, attrs in tags.tags if tag == "link" and attrs.get("rel") == "stylesheet"]
    assert sheets == ["/static/alta/site.css"]
    css = Path(finders.find("alta/site.css")).read_text(encoding="utf-8")
    classes = {cls for _tag, attrs in tags.tags for cls in (attrs.get("class") or "").split()}
    assert classes and all(f".{cls}" in css for cls in classes)


def test_a_form_sent_without_its_csrf_token_gets_the_sites_own_page_in_the_readers_words():
    """A form left open past a sign-in elsewhere (or cookies refused) fails
    Django's CSRF check: the player got Django's bare page, in Dutch formal
    ("U ziet deze melding ... uw browser"), where the site says "je"."""
    anna = make_user("anna@example.nl", "Anna", language="nl")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(anna)
    response = browser.post("/profile/", {"display_name": "Anna"}, headers={"accept-language": "nl"})
    page = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="nl">' in page and '<main id="main">' in page and "Het formulier is verlopen" in page
    assert not re.search(r"\b[Uu]w?\b|CSRF|Forbidden|Verboden", re.sub(r"<[^>]+>", " ", page)), page
    english = Client(enforce_csrf_checks=True).post("/accounts/login/", {"login": "x"}).content.decode()
    assert "<h1>This form has expired</h1>" in english and "CSRF" not in english
