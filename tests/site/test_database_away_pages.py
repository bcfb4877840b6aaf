"""A database that fails a page request outside its view (reading the
session or the signed-in user before it, saving the session after it)
is answered as one that fails the view: a form's post with the 503 "not
saved" page (nothing was changed; send it again), any other request with a
503 "try again in a moment" page, both in the reader's language with a
Retry-After, never the plain 500 page of a bug.  The API answers its JSON
503 ``unavailable`` whichever way it authenticates."""

from __future__ import annotations

import re
from contextlib import contextmanager
from html import unescape

import pytest
from django.db import OperationalError, connection
from django.test import Client

from alta_site.accounts.models import ApiToken
from tests.conftest import living_in
from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db(transaction=True)  # real commits, as in production

NOT_SAVED = {
    "en": "The site could not save this just now; nothing was changed. Please try again.",
    "nl": "De site kon dit net niet opslaan; er is niets veranderd. Probeer het opnieuw.",
}
AWAY = {
    "en": "The site could not reach its database just now. Try again in a moment.",
    "nl": "De site kon haar database even niet bereiken. Probeer het zo nog eens.",
}

HEADING = {"en": "Briefly unavailable", "nl": "Even niet bereikbaar"}


@contextmanager
def failing(statement: str, table: str = ""):
    """Every ``statement`` (SELECT, UPDATE) of ``table`` (any, if "") fails
    as a database gone away would."""

    def fail(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(statement) and (not table or f'"{table}"' in sql):
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail):
        yield


def _browser(user=None) -> Client:
    browser = Client(raise_request_exception=False)
    if user is not None:
        browser.force_login(user)
    return browser


def _text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _resend_fields(response) -> dict[str, str]:
    form = re.search(r'<form method="post" action="([^"]*)".*?</form>', response.content.decode(), re.S)
    assert form, response.content.decode()
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', unescape(form.group(0))))


def _token_made(browser, language: str, *, statement: str, table: str):
    page = "http://testserver/profile/"
    with failing(statement, table):
        return browser.post(
            "/profile/tokens/", {"name": "my script"}, HTTP_REFERER=page, headers={"accept-language": language}
        )


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("table", ["django_session", "accounts_user"])
def test_a_form_whose_session_or_user_the_database_fails_to_read_is_answered_not_saved(alice, language, table):
    browser = _browser(alice)

    answer = _token_made(browser, language, statement="SELECT", table=table)

    assert answer.status_code == 503, _text(answer)
    assert int(answer["Retry-After"]) > 0
    assert f'<html lang="{language}">' in answer.content.decode()
    assert NOT_SAVED[language] in _text(answer)
    assert 'href="http://testserver/profile/"' in answer.content.decode()  # back to the profile
    assert _resend_fields(answer)["name"] == "my script"
    assert not ApiToken.objects.exists()

    again = browser.post("/profile/tokens/", _resend_fields(answer))  # "Send it again"
    assert again.status_code == 302 and ApiToken.objects.get().name == "my script"


def test_a_form_whose_session_the_database_fails_to_save_after_its_view_is_answered_not_saved(alice):
    living_in("nl", "Europe/Amsterdam", alice)  # read before the failure: the page speaks her language
    answer = _token_made(_browser(alice), "en", statement="UPDATE", table="django_session")

    assert answer.status_code == 503, _text(answer)
    assert answer["Retry-After"] and NOT_SAVED["nl"] in _text(answer)
    assert not ApiToken.objects.exists()  # rolled back with the session


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_page_whose_session_the_database_fails_to_read_says_try_again_in_a_moment(alice, language):
    browser = _browser(alice)
    with failing("SELECT", "django_session"):
        answer = browser.get("/games/?page=2", headers={"accept-language": language})

    assert answer.status_code == 503, _text(answer)
    assert int(answer["Retry-After"]) > 0
    assert f'<html lang="{language}">' in answer.content.decode()
    assert f"<h1>{HEADING[language]}</h1>" in answer.content.decode() and AWAY[language] in _text(answer)
    assert 'href="/games/?page=2"' in answer.content.decode()  # the same page, again
    assert "Something went wrong" not in _text(answer) and "Er ging iets mis" not in _text(answer)


def test_a_page_whose_own_query_fails_says_try_again_in_a_moment(alice):
    with failing("SELECT"):
        answer = _browser().get("/lobby/")

    assert answer.status_code == 503, _text(answer)
    assert answer["Retry-After"] and AWAY["en"] in _text(answer)


def test_a_bug_is_still_the_500_page(alice, monkeypatch):
    def bug(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("alta_site.views.render", bug)
    answer = _browser().get("/")
    assert answer.status_code == 500 and "Something went wrong" in _text(answer)


def test_the_api_answers_its_json_503_when_the_database_fails_its_session(alice):
    browser = _browser(alice)  # a browser's script: the API by its session cookie
    with failing("SELECT", "django_session"):
        answer = browser.get("/api/me/", headers={"accept-language": "nl"})

    assert answer.status_code == 503, answer.content[:300]
    assert answer["Content-Type"] == "application/json"
    assert int(answer["Retry-After"]) > 0
    assert answer.json()["code"] == "unavailable" and answer.json()["detail"] == AWAY["nl"]


def test_the_api_answers_its_json_503_when_the_database_fails_its_token(alice):
    api = client_for(alice)
    api.raise_request_exception = False
    with failing("SELECT", "accounts_apitoken"):
        answer = api.get("/api/me/")

    assert answer.status_code == 503, answer.content[:300]
    assert answer["Retry-After"] and answer.json()["code"] == "unavailable"
