"""Every field of every form of the game, profile and deadline pages, one
at a time, given each kind of garbage (``tests.fuzzing.FORM_KINDS``: a
NUL, a control character, numbers beyond bigint, negative, a long text...):
no server error, a refusal in the sender's language that changes nothing.
(``test_fuzzed_forms`` draws combinations; this goes through each.)"""

from __future__ import annotations

import pytest

from tests.conftest import living_in
from tests.fuzzing import BAD_IDS, each_field_given_each_garbage, each_form_to_unknown_ids, signed_in_client

from .test_fuzzed_forms import pages  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_each_field_of_each_form_given_each_kind_of_garbage_is_refused_or_done(pages, alice):  # noqa: F811
    living_in("nl", "Europe/Amsterdam", alice)
    each_field_given_each_garbage(pages, signed_in_client, alice, field_if_none="next")


@pytest.mark.parametrize("bad", BAD_IDS)
def test_each_form_sent_to_an_id_no_row_has_is_refused(pages, alice, bad):  # noqa: F811
    """An id beyond bigint among them: a 404 or the error told, in Dutch
    for alice, and nothing changed."""
    living_in("nl", "Europe/Amsterdam", alice)
    each_form_to_unknown_ids(pages, signed_in_client, alice, bad, statuses=(302, 404))
