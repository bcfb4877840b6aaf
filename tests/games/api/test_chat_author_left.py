"""A chat line says over the API whether its writer has left the game, as
the page and the mails do ("Carol (resigned)"): a player who left may still
chat, and the others read why next to the name."""

import pytest
from rest_framework.test import APIClient

from games.models import MoveRecord
from games.services import match_resign
from games.services.chat import chat_post
from tests.conftest import living_in

from ..conftest import start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def _say(match, user, text, now):
    chat_post(match_id=match.pk, user=user, text=text, source=MoveRecord.Source.API, now=now)


def test_the_lines_of_a_player_who_resigned_say_so(alice, bob, carol, now):
    match = start_match(alice, bob, carol, now=now)
    _say(match, carol, "good luck", now)
    _say(match, bob, "thanks", now)
    match_resign(match_id=match.pk, user=carol, now=now)
    lines = client_for(alice).get(f"/api/games/{match.pk}/chat/").json()
    assert [(line["player"], line["author_left"], line["author_left_in_your_language"]) for line in lines] == [
        ("Carol", "resignation", "resigned"),
        ("Bob", None, None),
    ]
    # She still writes, and her new line says it too.
    written = client_for(carol).post(f"/api/games/{match.pk}/chat/", {"text": "well played"}, format="json")
    assert written.status_code == 201
    assert (written.json()["author_left"], written.json()["author_left_in_your_language"]) == (
        "resignation",
        "resigned",
    )


def test_why_a_writer_left_reads_in_the_readers_language(alice, bob, carol, now):
    match = start_match(alice, bob, carol, now=now)
    _say(match, carol, "bye", now)
    match_resign(match_id=match.pk, user=carol, now=now)
    living_in("nl", "Europe/Amsterdam", alice)
    (line,) = client_for(alice).get(f"/api/games/{match.pk}/chat/").json()
    assert (line["author_left"], line["author_left_in_your_language"]) == ("resignation", "opgegeven")


def test_the_schema_documents_author_left():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    line = schema["components"]["schemas"]["ChatLine"]["properties"]
    assert line["author_left"]["nullable"] is True and "resignation" in line["author_left"]["description"]
    assert line["author_left_in_your_language"]["nullable"] is True
