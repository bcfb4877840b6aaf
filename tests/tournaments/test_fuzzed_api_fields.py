"""Every field of every tournament and club API write, one at a time,
given each kind of garbage (``tests.fuzzing.JSON_KINDS``: each type where
another is expected, a NUL, numbers beyond bigint, negative, a long text)
and left out: no server error, a refusal in the sender's language that
changes nothing.  (``test_fuzzed_api`` draws combinations; this goes
through each.)"""

from __future__ import annotations

import json

import pytest

from tests.conftest import living_in
from tests.fuzzing import JSON_KINDS, api_answer_checked, api_post, in_savepoint, what_is_there
from tests.games.api.test_games_api import client_for

from .test_fuzzed_api import no_write_limit, writes  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

LEFT_OUT = object()


def test_each_field_of_each_write_given_each_kind_of_garbage_is_refused_or_done(writes, alice):  # noqa: F811
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    for path, valid in writes:
        for name in valid or ["reason"]:
            for value in [*JSON_KINDS, LEFT_OUT]:
                sent = {key: given for key, given in valid.items() if key != name}
                if value is not LEFT_OUT:
                    sent[name] = value
                body = json.dumps(sent).encode()

                def send(path=path, body=body):
                    before = what_is_there()
                    api_answer_checked(api_post(client, alice, "POST", path, body), alice, body, before)

                in_savepoint(send)
