"""Alhambra's start money is dealt face up (rules: "deal each player face-up
cards one at a time until their total is at least 20 ... then hands become
hidden"): every player saw every start hand.  The history's start entry (the
page, the API, the mailed "history"), and the start mail, say it; nothing
of a hand after the deal is told."""

from types import SimpleNamespace

import pytest

from games import selectors
from games.engine import get_rules
from tests.conftest import living_in

from .api.test_games_api import client_for
from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def _deal(match):
    """``{player name: (start hand as the view names it, total)}``."""
    rules = get_rules(match.game)
    start = rules.setup(match.players, match.seed)
    names = {s.index: str(s.user) for s in match.seats.select_related("user")}
    return {
        names[index]: (rules.view(start, index)["hand"], sum(c % 10 for c in s.hand))
        for index, s in enumerate(start.seats)
    }


def test_the_history_starts_with_everyone_s_start_money(alice, bob, carol, now):
    match = start_match(alice, bob, carol, game="alhambra", now=now)
    play_default_moves(match, now, submissions=4)
    deal = _deal(match)
    for viewer in (0, 1, 2, None):
        first, *moves = selectors.match_history(match, viewer, with_start=True)
        assert first["ply"] == 0 and first["seat"] is None and first["text"] is None
        assert first["events"] == [
            f"{name} is dealt {' + '.join(cards)} ({total} in all)." for name, (cards, total) in deal.items()
        ]
        assert [entry["ply"] for entry in moves] == [1, 2, 3, 4]


def test_the_start_deal_reads_in_the_readers_language_on_the_page(client, alice, bob, now):
    living_in("nl", "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, game="alhambra", now=now)
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    total = _deal(match)[str(bob)][1]
    assert f"{bob} krijgt " in page and f"({total} in totaal)" in page and "Begin van de partij" in page


def test_the_api_list_of_submissions_keeps_its_shape(alice, bob, now):
    """moves/ lists submissions (position 1 on); its clients index it so."""
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now, submissions=1)
    assert [entry["ply"] for entry in client_for(alice).get(f"/api/games/{match.pk}/moves/").json()] == [1]


def test_the_mailed_history_opens_with_the_start_deal(alice, bob, now):
    from mail.commands import _history

    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now, submissions=1)
    token = SimpleNamespace(match=match, seat_index=0)
    _, [heading, answer] = _history(None, token=token)
    assert heading == f"The moves of Alhambra #{match.pk} so far:"
    text = answer.text  # the plain part (the HTML part says the same)
    # An entry's further lines are indented under its number.
    first, second = [line for line in text.splitlines() if not line.startswith("   ")][:2]
    assert first.startswith("0. Start of the game: ") and "is dealt" in first and second.startswith("1. ")


@pytest.mark.parametrize("game", ["alta", "atlantis", "alpaca"])
def test_a_game_that_deals_nothing_face_up_starts_its_history_with_the_first_move(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=1)
    assert [entry["ply"] for entry in selectors.match_history(match, 0, with_start=True)] == [1]


def test_the_replay_s_first_position_shows_the_start_deal(client, alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now)
    deal = _deal(match)
    first = client.get(f"/games/{match.pk}/replay/").content.decode()
    second = client.get(f"/games/{match.pk}/replay/", {"ply": 1}).content.decode()
    for name, (_cards, total) in deal.items():
        assert f"{name} is dealt" in first and f"({total} in all)" in first
        assert f"{name} is dealt" not in second
