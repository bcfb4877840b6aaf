"""Every field of every form of the game, profile and deadline pages, one
at a time, given each kind of garbage (``tests.fuzzing.FORM_KINDS``: a
NUL, a control character, numbers beyond bigint, negative, a long text...):
no server error, a refusal in the sender's language that changes nothing.
(``test_fuzzed_forms`` draws combinations; this goes through each.)"""

from __future__ import annotations

import pytest

from tests.conftest import living_in
from tests.fuzzing import BAD_IDS, FORM_KINDS, form_answer_checked, in_savepoint, what_is_there, with_ids

from .test_fuzzed_forms import _client, pages  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_each_field_of_each_form_given_each_kind_of_garbage_is_refused_or_done(pages, alice):  # noqa: F811
    living_in("nl", "Europe/Amsterdam", alice)
    for path, valid in pages:
        for name in valid or ["next"]:
            for value in FORM_KINDS:
                body = {**valid, name: value}

                def send(path=path, body=body):
                    client = _client(alice)  # its own messages
                    before = what_is_there()
                    form_answer_checked(client.post(path, body), alice, repr(body), before)

                in_savepoint(send)


@pytest.mark.parametrize("bad", BAD_IDS)
def test_each_form_sent_to_an_id_no_row_has_is_refused(pages, alice, bad):  # noqa: F811
    """An id beyond bigint among them: a 404 or the error told, in Dutch
    for alice, and nothing changed."""
    living_in("nl", "Europe/Amsterdam", alice)
    for path, valid in pages:
        for wrong in with_ids(path, bad):

            def send(wrong=wrong, valid=valid):
                client = _client(alice)
                before = what_is_there()
                response = client.post(wrong, valid)
                assert response.status_code in (302, 404), (wrong, response.status_code)
                form_answer_checked(response, alice, repr(valid), before)

            in_savepoint(send)
