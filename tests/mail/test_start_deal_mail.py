"""The "game has started" mail of an Alhambra tells every player's start
money, dealt face up (rules: "deal each player face-up cards ... then hands
become hidden"), in the reader's language; other games' start mails tell
no deal."""

from __future__ import annotations

import pytest

from games.engine import get_rules
from games.services import match_create_seated
from tests.conftest import living_in

from .conftest import mails_to

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said", "own"), [("en", "%s is dealt", "You are dealt"), ("nl", "%s krijgt", "Je krijgt")]
)
def test_the_start_mail_tells_everyone_s_start_money(
    language, said, own, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alhambra", now=now)
    start = get_rules("alhambra").setup(2, match.seed)
    totals = {s.index: sum(c % 10 for c in start.seats[s.index].hand) for s in match.seats.all()}
    for user in (alice, bob):
        [started] = mails_to(user.email)  # the start mail, the only one yet
        body = " ".join(started.body.split())
        other = bob if user == alice else alice
        assert said % other in body and own in body, body
        assert all(f"({total} " in body for total in totals.values())


def test_a_game_that_deals_nothing_face_up_tells_no_deal(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_create_seated(users=[alice, bob], game="alta", now=now)
    for user in (alice, bob):
        assert all("is dealt" not in m.body for m in mails_to(user.email))
