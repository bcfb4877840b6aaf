"""The game page's move form sent twice (a double click on "Play", or the
browser sending the form again after its answer was lost): the move is
played once, and the second sending does not tell the player that their
move was not played."""

import re

import pytest

from games.engine import get_rules
from games.models import MoveRecord

from .conftest import start_match

pytestmark = pytest.mark.django_db


def _form_fields(page: str) -> dict[str, str]:
    """The hidden fields of the page's move form, as a browser sends them."""
    form = re.search(r'<form[^>]*id="move-form".*?</form>', page, re.S).group(0)
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def _mover(match):
    rules = get_rules(match.game)
    state = rules.load(match.state)
    index = min(rules.to_move(state))
    return match.seats.get(index=index).user, rules.format_move(state, index, rules.default_move(state, index))


def test_the_move_form_sent_twice_plays_once_and_says_nothing_went_wrong(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    mover, move = _mover(match)
    client.force_login(mover)
    fields = {**_form_fields(client.get(f"/games/{match.pk}/").content.decode()), "move": move}

    first = client.post(f"/games/{match.pk}/move/", fields)
    second = client.post(f"/games/{match.pk}/move/", fields, follow=True)

    assert first.status_code == 302
    page = second.content.decode()
    assert "not played" not in page and "out of date" not in page, page[page.find("message") :][:300]
    assert MoveRecord.objects.filter(match=match, kind="move").count() == 1


def test_another_move_sent_from_the_same_page_is_refused_as_out_of_date(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    mover, move = _mover(match)
    client.force_login(mover)
    fields = _form_fields(client.get(f"/games/{match.pk}/").content.decode())
    client.post(f"/games/{match.pk}/move/", {**fields, "move": move})

    again = client.post(f"/games/{match.pk}/move/", {**fields, "move": "mill D3"}, follow=True).content.decode()

    assert "That move was not played:" in again
    assert MoveRecord.objects.filter(match=match, kind="move").count() == 1
