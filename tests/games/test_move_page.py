"""The move box of the game page: a refusal is said where the player looks
and is never kept for a later turn."""

import pytest

from games.engine import get_rules

from .conftest import start_match

pytestmark = pytest.mark.django_db


def _seats(match):
    rules = get_rules(match.game)
    mover = min(rules.to_move(rules.load(match.state)))
    by_index = {seat.index: seat.user for seat in match.seats.all()}
    return by_index[mover], next(user for index, user in by_index.items() if index != mover)


def test_a_move_sent_out_of_turn_is_refused_at_once_and_not_kept(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    _mover, waiting = _seats(match)
    client.force_login(waiting)
    page = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": "mill D3"}, follow=True)
    text = page.content.decode()
    assert "That move was not played:" in text and "not your turn" in text.lower()
    assert 'value="mill D3"' not in text
    # Nothing of it comes back once it is the player's turn.
    rules = get_rules(match.game)
    while True:
        match.refresh_from_db()
        state = rules.load(match.state)
        index = min(rules.to_move(state))
        user = match.seats.get(index=index).user
        if user == waiting:
            break
        client.force_login(user)
        played = rules.format_move(state, index, rules.default_move(state, index))
        client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": played})
    client.force_login(waiting)
    later = client.get(f"/games/{match.pk}/").content.decode()
    assert "move-error" not in later and 'value="mill D3"' not in later


def test_out_of_turn_the_refusal_names_the_player_waited_for(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    mover, waiting = _seats(match)
    client.force_login(waiting)
    text = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": "x"}, follow=True).content.decode()
    assert f"the game is waiting for {mover}." in text and "seat 1" not in text


def test_a_move_too_long_for_the_box_is_refused_by_its_length(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    mover, _waiting = _seats(match)
    client.force_login(mover)
    text = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": "mill D3 " * 300}, follow=True)
    text = text.content.decode()
    assert "Write a move of at most 2000 characters." in text and "Write a move in the box." not in text
    match.refresh_from_db()
    assert match.ply == 0
    page = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": "  "}, follow=True).content.decode()
    assert "Write a move in the box." in page


def test_a_tampered_position_number_is_answered_as_an_out_of_date_page(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    mover, _waiting = _seats(match)
    client.force_login(mover)
    for ply in ("9" * 400, "-1", "x"):
        text = client.post(f"/games/{match.pk}/move/", {"ply": ply, "move": "mill D3"}, follow=True).content.decode()
        assert "This page is out of date" in text and "9" * 20 not in text
    match.refresh_from_db()
    assert match.ply == 0
