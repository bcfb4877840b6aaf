"""The turn mail of a Dutch player whose deadline falls in the hour
Amsterdam lives twice (25 October 2026, 02:00-03:00) says which 02:30 it
is; a Kolkata player's says Kolkata's minutes."""

from __future__ import annotations

import datetime as dt

import pytest

from games.services import match_create_seated
from tests.conftest import living_in

from .conftest import mails_to, mover_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("zone", "start", "said"),
    [
        # 3 days a move from 22 October 01:30 UTC: the second 02:30 of 25 October (CET).
        (
            "Europe/Amsterdam",
            dt.datetime(2026, 10, 22, 1, 30, tzinfo=dt.UTC),
            "Je termijn: zondag 25 oktober 2026, 02:30 UTC+01:00 (tijdzone Europe/Amsterdam).",
        ),
        (
            "Asia/Kolkata",
            dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.UTC),
            "Je termijn: zaterdag 5 december 2026, 14:30 (tijdzone Asia/Kolkata).",
        ),
    ],
)
def test_the_turn_mail_writes_the_deadline_on_the_players_clock(
    alice, bob, zone, start, said, django_capture_on_commit_callbacks
):
    living_in("nl", zone, alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=start)
    mover = mover_of(match)
    assert mover.deadline_at == start + dt.timedelta(days=3)
    turn = [m for m in mails_to(mover.user.email) if m.reply_to][-1]
    assert said in " ".join(turn.body.split())
    assert said.split(": ", 1)[1].split(" (")[0] in " ".join(turn.alternatives[0][0].split())
