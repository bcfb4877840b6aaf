"""Control characters in the free texts of the game and profile pages and
API: a chat message (several lines) and an API token's name (one line)
are refused with the field's message in the sender's language, and
nothing changes; a chat message keeps its line breaks and tabs.  A
display name was already refused by its own rules (``accounts.names``)."""

from __future__ import annotations

import json

import pytest

from core.text import has_control_characters
from games.models import ChatMessage
from games.services import match_create_seated
from tests.conftest import living_in
from tests.fuzzing import (
    CONTROL_TEXTS,
    DIRECTION_TEXTS,
    LINES_TEXT,
    api_answer_checked,
    api_post,
    changed_since,
    control_refusal,
    errors_told,
    form_answer_checked,
    in_savepoint,
    signed_in_client,
    what_is_there,
)
from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob, now):
    return match_create_seated(users=[alice, bob], game="alta", now=now)


def _pages(game) -> list[tuple[str, str, bool]]:
    """Each free text of these pages: its form's path, its field, whether it has several lines."""
    return [(f"/games/{game.pk}/chat/", "text", True), ("/profile/tokens/", "name", False)]


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_free_text_with_a_control_character_is_refused_on_the_page(game, alice, which, language):
    path, field, lines = _pages(game)[which]
    for text in CONTROL_TEXTS:
        body = {field: text}

        def send(body=body):
            living_in(language, "Europe/Amsterdam", alice)
            before = what_is_there()
            response = signed_in_client(alice).post(path, body)
            form_answer_checked(response, alice, repr(body), before)
            assert control_refusal(language, lines=lines) in errors_told(response), (body, errors_told(response))
            assert not changed_since(before)

        in_savepoint(send)


def test_a_chat_message_of_several_lines_is_taken_on_the_page_and_by_the_api(game, alice):
    response = signed_in_client(alice).post(f"/games/{game.pk}/chat/", {"text": LINES_TEXT})
    assert response.status_code == 302 and not errors_told(response)
    answer = api_post(
        client_for(alice), alice, "POST", f"/api/games/{game.pk}/chat/", json.dumps({"text": LINES_TEXT}).encode()
    )
    assert answer.status_code == 201, answer.content[:300]
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["First line\n\tsecond line"] * 2


def test_a_token_name_without_control_characters_is_taken(alice):
    response = signed_in_client(alice).post("/profile/tokens/", {"name": "My script"})
    assert response.status_code == 302 and not errors_told(response)
    assert list(alice.api_tokens.values_list("name", flat=True)) == ["My script"]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_chat_message_with_a_control_character_is_a_400_from_the_api(game, alice, language):
    client = client_for(alice)
    for text in CONTROL_TEXTS:
        body = json.dumps({"text": text}).encode()

        def send(body=body):
            living_in(language, "Europe/Amsterdam", alice)
            before = what_is_there()
            answer = api_post(client, alice, "POST", f"/api/games/{game.pk}/chat/", body)
            assert answer.status_code == 400, (body, answer.status_code, answer.content[:300])
            api_answer_checked(answer, alice, body, before)
            assert control_refusal(language, lines=True) in answer.json()["detail"], answer.json()

        in_savepoint(send)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_display_name_with_a_control_character_is_refused_or_folded_on_the_page_and_by_the_api(alice, language):
    """Already so: a display name's own rules (``accounts.names``) take
    letters, digits and a few marks, after folding white space (NEL, a C1
    control, is white space to Python: "Ala bice")."""
    client = client_for(alice)
    for text in CONTROL_TEXTS:
        name = f"Al{text}ice"
        form = {"display_name": name, "time_zone": "UTC", "language": language, "notifications": "every_turn"}
        body = json.dumps({"display_name": name}).encode()

        def send(form=form, body=body):
            living_in(language, "Europe/Amsterdam", alice)
            before = what_is_there()
            form_answer_checked(signed_in_client(alice).post("/profile/"), alice, repr(form), before)
            form_answer_checked(signed_in_client(alice).post("/profile/", form), alice, repr(form), before)
            api_answer_checked(api_post(client, alice, "PATCH", "/api/me/", body), alice, body, before)
            alice.refresh_from_db()
            assert not has_control_characters(alice.display_name), alice.display_name

        in_savepoint(send)


@pytest.mark.parametrize("text", DIRECTION_TEXTS)
def test_a_token_name_with_a_direction_control_is_refused(alice, text):
    before = what_is_there()
    response = signed_in_client(alice).post("/profile/tokens/", {"name": text})
    assert control_refusal("en", lines=False) in errors_told(response), errors_told(response)
    assert not changed_since(before)


def test_a_chat_line_with_direction_controls_is_posted_without_them(game, alice):
    """Chat drops them (page, API and mail alike) rather than refusing the line."""
    response = signed_in_client(alice).post(f"/games/{game.pk}/chat/", {"text": "Spring \u202ecup\u202c!"})
    assert response.status_code == 302
    answer = client_for(alice).post(f"/api/games/{game.pk}/chat/", {"text": "\u2066gg\u2069"}, format="json")
    assert answer.status_code == 201, answer.content[:300]
    assert list(ChatMessage.objects.order_by("pk").values_list("text", flat=True)) == ["Spring cup!", "gg"]
