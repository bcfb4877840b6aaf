"""The game page's resign form sent twice (a double click past the
confirmation, or the browser sending it again after a lost answer): the
player resigned once, and is not told that their resignation failed."""

import pytest

from games.models import MoveRecord
from games.services import match_create_seated

pytestmark = pytest.mark.django_db


def test_the_resign_form_sent_twice_resigns_once_and_says_nothing_went_wrong(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    client.force_login(alice)

    client.post(f"/games/{match.pk}/resign/")
    page = client.post(f"/games/{match.pk}/resign/", follow=True).content.decode()

    assert "You resigned." in page
    assert 'class="message error"' not in page
    assert MoveRecord.objects.filter(match=match, kind=MoveRecord.Kind.RESIGN).count() == 1


def test_resigning_a_game_one_never_played_in_is_still_refused(client, alice, bob, carol, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    client.force_login(carol)
    page = client.post(f"/games/{match.pk}/resign/", follow=True).content.decode()
    assert 'class="message error"' in page
