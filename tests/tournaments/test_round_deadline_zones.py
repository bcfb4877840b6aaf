"""A tournament's round deadline on its page, in each reader's own zone and
language: a Dutch club player, a player in a half-hour zone and one on the
other side of the date line see the same moment on their own clocks."""

from __future__ import annotations

import pytest

from tests.conftest import living_in

from .conftest import new_players, started

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        # The deadline is Monday 12 January 2026, 09:00 UTC.
        ("nl", "Europe/Amsterdam", "12 jan 2026 10:00"),
        ("en", "Asia/Kolkata", "12 Jan 2026 14:30"),
        ("en", "America/Los_Angeles", "12 Jan 2026 01:00"),
        ("nl", "Pacific/Auckland", "12 jan 2026 22:00"),
    ],
)
def test_the_round_deadline_on_the_page_is_in_the_readers_zone(client, alice, club, now, language, zone, shown):
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=2, round_days=7)
    deadline = t.round_set.get(number=1).deadline_at
    assert deadline.isoformat() == "2026-01-12T09:00:00+00:00"
    reader = players[0]
    living_in(language, zone, reader)
    client.force_login(reader)
    body = client.get(t.get_absolute_url()).content.decode()
    assert f">{shown}</time>" in body
