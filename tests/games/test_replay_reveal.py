"""The replay's move list links every position; at the end of a finished
game every seat's holdings are revealed as the rules say, and never before
the end nor while the game runs."""

import re

import pytest
from django.utils.html import escape

from games.breakdown import reveal_lines
from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_resign

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def _finished_alhambra(alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now, submissions=4)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    return match


def test_the_move_list_links_every_position_and_marks_the_current_one(client, alice, bob, now):
    match = _finished_alhambra(alice, bob, now)
    page = client.get(f"/games/{match.pk}/replay/?ply=2").content.decode()
    listed = page.split('class="move-list"')[1].split("</nav>")[0]
    assert [int(n) for n in re.findall(r'href="\?ply=(\d+)"', listed)] == list(range(match.ply + 1))
    assert re.findall(r'href="\?ply=(\d+)" aria-current="step"', listed) == ["2"]
    for record in match.moves.all():
        player = str(match.seats.get(index=record.seat_index).user)
        shown = f'<code class="notation">{escape(record.text)}</code>' if record.kind == "move" else record.text
        assert f'<span class="who">{player}</span> {shown}' in listed  # a resignation is words, not notation
    assert 'data-replay="first"' in page and 'data-replay="last"' in page


def test_the_last_position_reveals_every_seat_as_the_rules_say(client, alice, bob, now):
    match = _finished_alhambra(alice, bob, now)
    rules = get_rules("alhambra")
    reveal = rules.reveal(rules.load(match.state))
    assert reveal and all(entry.revealed for entry in reveal)  # Alhambra reveals each money hand
    page = client.get(f"/games/{match.pk}/replay/?ply={match.ply}").content.decode()
    shown = page.split('id="replay-reveal-title"')[1].split("</section>")[0]
    for entry in reveal:
        assert f"<h3>{match.seats.get(index=entry.seat).user}</h3>" in shown
        for label, text in reveal_lines(entry, "alhambra")["revealed"]:
            assert f"<dt>{escape(label)}</dt><dd>{escape(text)}</dd>" in shown


def test_nothing_is_revealed_before_the_last_position(client, alice, bob, now):
    match = _finished_alhambra(alice, bob, now)
    for ply in range(match.ply):
        page = client.get(f"/games/{match.pk}/replay/?ply={ply}").content.decode()
        assert "Revealed at the end" not in page, ply
        assert 'class="breakdown revealed"' not in page, ply


def test_a_running_game_has_no_replay_and_its_spectators_see_no_reveal(client, alice, bob, carol, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now, submissions=2)
    client.force_login(carol)
    assert client.get(f"/games/{match.pk}/replay/?ply={match.ply}").status_code == 404
    assert client.get(f"/games/{match.pk}/replay/?ply=0").status_code == 404
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Final result" not in page
    assert 'class="breakdown revealed"' not in page
    client.logout()
    assert client.get(f"/games/{match.pk}/replay/").status_code == 404


@pytest.mark.parametrize("game", ["alta", "alpaca"])
def test_merchant_cards_and_hands_are_revealed_on_the_replay_of_every_game(client, alice, bob, now, game):
    """Alta's merchant cards and Alpaca's hands, like Alhambra's money: each
    seat's, in words, at the last position of the replay."""
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=6)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    rules = get_rules(game)
    reveal = rules.reveal(rules.load(match.state))
    page = client.get(f"/games/{match.pk}/replay/?ply={match.ply}").content.decode()
    shown = page.split('id="replay-reveal-title"')[1].split("</section>")[0]
    assert len(reveal) == 2
    for entry in reveal:
        assert f"<h3>{match.seats.get(index=entry.seat).user}</h3>" in shown
        lines = reveal_lines(entry, game)["revealed"]
        assert lines, entry
        for label, text in lines:
            assert f"<dt>{escape(label)}</dt><dd>{escape(text)}</dd>" in shown
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text


def test_each_replayed_move_is_outlined_on_the_board(client, alice, bob, now):
    """The move that led to a position is outlined as on the game page; the
    start, before any move, has nothing outlined."""
    match = start_match(alice, bob, game="alta", now=now)
    play_default_moves(match, now, submissions=4)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    assert 'class="last-move"' not in client.get(f"/games/{match.pk}/replay/?ply=0").content.decode()
    for ply in range(1, 5):
        page = client.get(f"/games/{match.pk}/replay/?ply={ply}").content.decode()
        board = page.split('class="table-view"')[1].split('class="move-list"')[0]
        assert 'class="last-move"' in board, ply


@pytest.mark.parametrize("game", ["atlantis", "alhambra"])
def test_every_step_of_a_turn_played_in_several_submissions_is_outlined(game, client, alice, bob, now):
    """Atlantis's payment and Alhambra's 'done' come after the move they
    finish, in a submission of their own: their position outlines the
    whole turn, not nothing (the board barely changes at that step)."""
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=40)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    unmarked = []
    for record in match.moves.filter(kind=MoveRecord.Kind.MOVE):
        page = client.get(f"/games/{match.pk}/replay/?ply={record.ply}").content.decode()
        board = page.split('class="table-view"')[1].split('class="move-list"')[0]
        if 'class="last-move"' not in board:
            unmarked.append((record.ply, record.text))
    assert not unmarked
