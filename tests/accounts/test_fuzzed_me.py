"""Property-based bodies for ``PATCH /api/me/`` (the profile's settings by
the API): random JSON, each field of the wrong type, a NUL or a control
character, a long name, a number where a word is expected.  The answer is
never a server error; a refusal is the API's JSON error in the language
the user had when they sent it, and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from tests.conftest import living_in
from tests.fuzzing import FUZZ_SETTINGS, api_answer_checked, api_post, in_savepoint, json_bodies, what_is_there
from tests.games.api.test_fuzzed_bodies import bodies
from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db

VALID = {
    "display_name": "Alice B",
    "time_zone": "Europe/Amsterdam",
    "language": "nl",
    "notifications": "daily_digest",
    "chat_at_once": True,
}


@pytest.fixture(autouse=True)
def no_write_limit(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})


@FUZZ_SETTINGS
@given(data=st.data())
def test_any_settings_body_is_saved_or_refused_without_a_server_error(data, alice, bob):
    names = st.sampled_from(["Bob", "B0b", "bob", "Al", "x" * 41, "Ａｌｉｃｅ", "Alice\x00", "a\u202eb", "seat 1"])
    body, content_type = data.draw(
        bodies(json_bodies(VALID, ("display_name",)) | names.map(lambda n: {"display_name": n})), label="body"
    )
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = client_for(alice)

    def send():
        living_in(language, "Europe/Amsterdam", alice)
        before = what_is_there()
        answer = api_post(client, alice, "PATCH", "/api/me/", body, content_type)
        api_answer_checked(answer, alice, body, before)

    in_savepoint(send)
