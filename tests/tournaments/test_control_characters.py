"""Control characters in the free texts of the tournament and club pages
and API (descriptions, reasons, an organiser's message): refused with the
field's message in the sender's language, and nothing changes; a text of
several lines keeps its line breaks and tabs.  Direction controls (an
override, an isolate) count as control characters: they make a text read
otherwise than written.  (Names and an organiser's
subject are refused by the services: ``test_fuzzed_forms``.)"""

from __future__ import annotations

import json

import pytest

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

from .test_fuzzed_api import no_write_limit, writes  # noqa: F401 (fixtures)
from .test_fuzzed_forms import forms  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

#: Each free text: the end of its form's path, its field, whether it has several lines.
FREE_TEXTS = [
    ("/tournaments/new/", "description", True),
    ("/clubs/new/", "description", True),
    ("/cancel/", "reason", False),
    ("/disqualify/", "reason", False),
    ("/result/", "reason", False),
    ("/message/", "text", True),
]
#: A text each field takes: several lines where it has them.
VALID = {True: LINES_TEXT, False: "Rude, twice."}


def _form(sent: list, ending: str) -> tuple[str, dict]:
    return next((path, valid) for path, valid in sent if path.endswith(ending))


@pytest.mark.parametrize(("ending", "field", "lines"), FREE_TEXTS)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_free_text_with_a_control_character_is_refused_on_the_page(forms, alice, ending, field, lines, language):  # noqa: F811
    path, valid = _form(forms, ending)
    for text in CONTROL_TEXTS + DIRECTION_TEXTS:
        body = {**valid, field: text}

        def send(body=body):
            living_in(language, "Europe/Amsterdam", alice)
            before = what_is_there()
            response = signed_in_client(alice).post(path, body)
            form_answer_checked(response, alice, repr(body), before)
            assert any(control_refusal(language, lines=lines) in error for error in errors_told(response)), (
                body,
                errors_told(response),
            )
            assert not changed_since(before)

        in_savepoint(send)


@pytest.mark.parametrize(("ending", "field", "lines"), FREE_TEXTS)
def test_a_free_text_without_control_characters_is_taken_on_the_page(forms, alice, ending, field, lines):  # noqa: F811
    path, valid = _form(forms, ending)
    body = {**valid, field: VALID[lines]}
    before = what_is_there()
    response = signed_in_client(alice).post(path, body)
    assert response.status_code == 302, errors_told(response)
    assert not errors_told(response)
    assert "second line" in repr(changed_since(before)) if lines else changed_since(before)


API_FREE_TEXTS = [
    ("/api/tournaments/", "description", True),
    ("/api/clubs/", "description", True),
    ("/cancel/", "reason", False),
    ("/disqualify/", "reason", False),
    ("/result/", "reason", False),
    ("/message/", "text", True),
]


@pytest.mark.parametrize(("ending", "field", "lines"), API_FREE_TEXTS)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_free_text_with_a_control_character_is_a_400_from_the_api(writes, alice, ending, field, lines, language):  # noqa: F811
    path, valid = _form(writes, ending)
    client = client_for(alice)
    for text in CONTROL_TEXTS + DIRECTION_TEXTS:
        body = json.dumps({**valid, field: text}).encode()

        def send(body=body):
            living_in(language, "Europe/Amsterdam", alice)
            before = what_is_there()
            answer = api_post(client, alice, "POST", path, body)
            assert answer.status_code == 400, (body, answer.status_code, answer.content[:300])
            api_answer_checked(answer, alice, body, before)
            assert control_refusal(language, lines=lines) in answer.json()["detail"], answer.json()

        in_savepoint(send)


@pytest.mark.parametrize(("ending", "field", "lines"), API_FREE_TEXTS)
def test_a_free_text_without_control_characters_is_taken_by_the_api(writes, alice, ending, field, lines):  # noqa: F811
    path, valid = _form(writes, ending)
    before = what_is_there()
    answer = api_post(client_for(alice), alice, "POST", path, json.dumps({**valid, field: VALID[lines]}).encode())
    assert answer.status_code in (200, 201), answer.content[:300]
    assert "second line" in repr(changed_since(before)) if lines else changed_since(before)
