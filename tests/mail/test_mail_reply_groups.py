"""The plain part of a turn mail never breaks a parenthesised example or
option pair ("(3 7)") over two lines, in English or Dutch."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

#: A parenthesised group; one as short as "(take 1 or 2)" is never cut.
_GROUP = re.compile(r"\([^()]*\)")


def _cut_groups(body: str) -> list[str]:
    return [m.group(0) for m in _GROUP.finditer(body) if "\n" in m.group(0) and len(" ".join(m.group(0).split())) <= 16]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_reply_paragraph_keeps_the_option_pair_on_one_line(language, now, django_capture_on_commit_callbacks):
    users = [make_user(f"g{i}@example.com", f"Player {i}", language=language) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match_create_seated(users=users, game="alta", now=now)
    [asked] = [m for m in mail.outbox if m.reply_to and ("NOTATION" in m.body or "NOTATIE" in m.body)]
    assert "(3 7)" in asked.body, asked.body
    assert not _cut_groups(asked.body), _cut_groups(asked.body)
    assert "(3&nbsp;7)" in asked.alternatives[0][0]  # nor a mail client's own line breaks
    assert all(len(line) <= 72 for line in asked.body.splitlines() if "://" not in line)
