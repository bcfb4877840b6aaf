"""The site's forms when the database fails during their write (it went
away, a lock timed out, a serialization failure): the player reads, in
their language, that nothing was saved and that they may send it again
(a 503 with the page they came from and their words kept), and nothing
was stored.  A write that committed before the database went away is
answered as done, not as an error a player would repeat."""

from __future__ import annotations

import re
from contextlib import contextmanager
from html import unescape

import pytest
from django.db import OperationalError, connection

from games.models import ChatMessage, Match, MoveRecord

from .conftest import start_match
from .test_move_form_twice import _form_fields, _mover

pytestmark = pytest.mark.django_db(transaction=True)  # real commits, as in production

SAID = {
    "en": "The site could not save this just now; nothing was changed. Please try again.",
    "nl": "De site kon dit net niet opslaan; er is niets veranderd. Probeer het opnieuw.",
}


@contextmanager
def writes_to_fail(
    table: str, error: str = "could not serialize access due to concurrent update", *, statement: str = "INSERT"
):
    """Every ``statement`` (INSERT, UPDATE) of ``table`` fails as the database would."""

    def fail(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(statement) and f'"{table}"' in sql:
            raise OperationalError(error)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail):
        yield


def _speaking(user, language: str):
    user.language = language
    user.save(update_fields=["language"])
    return user


def _text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _resend_fields(response) -> dict[str, str]:
    page = response.content.decode()
    form = re.search(r'<form method="post" action="([^"]*)".*?</form>', page, re.S)
    assert form, page
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', unescape(form.group(0))))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_move_the_database_failed_to_store_is_answered_not_saved_and_nothing_changed(
    client, alice, bob, now, language
):
    match = start_match(alice, bob, now=now)
    mover, move = _mover(match)
    client.force_login(_speaking(mover, language))
    page = f"http://testserver/games/{match.pk}/"
    fields = {**_form_fields(client.get(page).content.decode()), "move": move}
    client.raise_request_exception = False

    with writes_to_fail("games_moverecord"):
        answer = client.post(f"/games/{match.pk}/move/", fields, HTTP_REFERER=page)

    assert answer.status_code == 503
    assert answer["Retry-After"]
    assert SAID[language] in _text(answer)
    assert f'href="{page}"' in answer.content.decode()  # back to the game
    assert _resend_fields(answer)["move"] == move  # the typed move, ready to send again
    assert not MoveRecord.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).ply == match.ply

    again = client.post(f"/games/{match.pk}/move/", _resend_fields(answer))  # "Send it again"
    assert again.status_code == 302
    assert MoveRecord.objects.filter(match=match).count() == 1


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_chat_line_the_database_failed_to_store_is_answered_not_saved_and_nothing_changed(
    client, alice, bob, now, language
):
    match = start_match(alice, bob, now=now)
    client.force_login(_speaking(alice, language))
    page = f"http://testserver/games/{match.pk}/"
    client.get(page)
    client.raise_request_exception = False

    with writes_to_fail("games_chatmessage", "database is locked"):
        answer = client.post(f"/games/{match.pk}/chat/", {"text": "good luck", "after": "0"}, HTTP_REFERER=page)

    assert answer.status_code == 503
    assert SAID[language] in _text(answer)
    assert f'href="{page}"' in answer.content.decode()
    assert _resend_fields(answer)["text"] == "good luck"
    assert not ChatMessage.objects.exists()


def test_a_form_whose_commit_failed_is_answered_not_saved_and_made_when_sent_again(client, alice, monkeypatch):
    client.force_login(alice)
    [once] = re.findall(r'name="once" value="([^"]+)"', client.get("/games/new/").content.decode())
    data = {"game": "alta", "players": 2, "days_per_move": 3, "timeout_policy": "auto", "once": once}

    def commit_fails():
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(connection, "commit", commit_fails)
    client.raise_request_exception = False
    answer = client.post("/games/new/", data)
    monkeypatch.undo()

    assert answer.status_code == 503
    assert SAID["en"] in _text(answer)
    assert not Match.objects.exists()

    again = client.post("/games/new/", data)  # the player sends it again: made, not sent to "my games"
    match = Match.objects.get()
    assert again.status_code == 302 and again["Location"] == match.get_absolute_url()


def _away(execute, sql, params, many, context):
    raise OperationalError("the database went away after the commit")


def test_a_move_committed_just_before_the_database_goes_is_answered_as_played(client, alice, bob, now, monkeypatch):
    match = start_match(alice, bob, now=now)
    mover, move = _mover(match)
    client.force_login(mover)
    fields = {**_form_fields(client.get(f"/games/{match.pk}/").content.decode()), "move": move}
    commit = connection.commit

    def then_the_database_goes():
        commit()
        if _away not in connection.execute_wrappers:
            connection.execute_wrappers.append(_away)

    monkeypatch.setattr(connection, "commit", then_the_database_goes)
    client.raise_request_exception = False
    try:
        answer = client.post(f"/games/{match.pk}/move/", fields)
    finally:
        monkeypatch.undo()
        if _away in connection.execute_wrappers:
            connection.execute_wrappers.remove(_away)

    assert answer.status_code == 302 and answer["Location"] == f"/games/{match.pk}/"
    assert MoveRecord.objects.filter(match=match, kind="move").count() == 1
