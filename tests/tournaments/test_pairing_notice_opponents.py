"""The pairing notice at a table of more than two names the opponents as a
sentence does ("Player 2, Player 3 and Player 4"; Dutch "... en ..."), not
as a bare list."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from tests.conftest import living_in

from .conftest import new_players, started

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "started_words", "against", "and_word"),
    [
        ("en", "the game has started", "you play against", "and"),
        ("nl", "de partij is begonnen", "je speelt tegen", "en"),
    ],
)
def test_a_table_s_opponents_are_named_as_a_sentence(
    language, started_words, against, and_word, alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)
    living_in(language, "Europe/Amsterdam", *players)
    with django_capture_on_commit_callbacks(execute=True):
        started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=1, players_per_table=4)
    for player in players:
        [notice] = [m for m in mail.outbox if m.to == [player.email] and started_words in m.subject]
        body = " ".join(notice.body.split())
        found = re.search(rf"{against} (Player \d+), (Player \d+) {and_word} (Player \d+)\.", body)
        assert found, body[:400]
        assert set(found.groups()) == {p.display_name for p in players if p != player}
