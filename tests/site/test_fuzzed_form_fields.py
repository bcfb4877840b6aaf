"""Every field of every form of the game, profile and deadline pages, one
at a time, given each kind of garbage (``tests.fuzzing.FORM_GARBAGE``: a
NUL, a control character, numbers beyond bigint, negative, a long text...):
no server error, a refusal in the sender's language that changes nothing.
(``test_fuzzed_forms`` draws combinations; this goes through each.)"""

from __future__ import annotations

import pytest

from tests.conftest import living_in
from tests.fuzzing import FORM_GARBAGE, form_answer_checked, in_savepoint, what_is_there

from .test_fuzzed_forms import _client, pages  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_each_field_of_each_form_given_each_kind_of_garbage_is_refused_or_done(pages, alice):  # noqa: F811
    living_in("nl", "Europe/Amsterdam", alice)
    for path, valid in pages:
        for name in valid or ["next"]:
            for value in FORM_GARBAGE:
                body = {**valid, name: value}

                def send(path=path, body=body):
                    client = _client(alice)  # its own messages
                    before = what_is_there()
                    form_answer_checked(client.post(path, body), alice, repr(body), before)

                in_savepoint(send)
