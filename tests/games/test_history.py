"""The move history shows another player's notation only where the game's
notation names nothing hidden (Alta); elsewhere the others see the move
through its public events."""

import pytest

from games import selectors
from games.engine import get_rules
from games.models import MoveRecord

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_others_see_a_moves_notation_only_when_the_game_keeps_nothing_hidden_in_it(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=6)
    records = list(match.moves.filter(kind=MoveRecord.Kind.MOVE))
    assert {r.seat_index for r in records} == {0, 1}
    public = get_rules(game).public_move_text
    assert public == (game == "alta")
    for viewer in (0, 1, None):
        history = {entry["ply"]: entry for entry in selectors.match_history(match, viewer)}
        for record in records:
            shown = history[record.ply]["text"]
            if public or record.seat_index == viewer:
                assert shown == record.text
            else:
                assert shown is None
                assert history[record.ply]["events"]  # the move is still told, through its public events
