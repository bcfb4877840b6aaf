"""A game-ending move by mail is answered even when its sender muted the
game or all game mail: their game-over mail is that answer."""

from __future__ import annotations

import pytest

from games.engine import get_rules
from games.models import Match
from mail.positions import listed_turns

from .conftest import mails_to, mover_of
from .intake import ingest, message
from .playing import play

pytestmark = pytest.mark.django_db


def _latest_address(user) -> str:
    return [m for m in mails_to(user.email) if m.reply_to][-1].reply_to[0]


def _until_a_turn_ends_the_game(game, now, capture):
    """Play option 1 until the mover's first listed turn (letter A) would
    end the game; returns that mover's seat."""
    rules = get_rules("alta")
    for _ in range(300):
        game.refresh_from_db()
        state, seat = rules.load(game.state), mover_of(game)
        turns = listed_turns(rules, state, seat.index)
        if turns:
            after = state
            for step in turns[0].steps:
                after = rules.apply(after, seat.index, rules.parse_move(after, seat.index, step)).state
            if rules.outcome(after) is not None:
                return seat
        play(game, now, capture, moves=1)
    raise AssertionError("no game-ending turn found")


@pytest.mark.parametrize("how", ["mute", "no game mail"])
def test_a_muted_player_whose_mail_ends_the_game_gets_the_game_over_mail(
    how, game, now, django_capture_on_commit_callbacks
):
    seat = _until_a_turn_ends_the_game(game, now, django_capture_on_commit_callbacks)
    user = seat.user
    address = _latest_address(user)
    if how == "mute":
        muted = ingest(bytes(message(address, "mute", sender=user.email)), django_capture_on_commit_callbacks)
        assert muted.detail == "muted"
    else:
        user.notifications = user.Notifications.NONE
        user.save()
    before = len(mails_to(user.email))
    record = ingest(bytes(message(address, "A", sender=user.email)), django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert record.outcome == "accepted" and game.status == Match.Status.FINISHED
    answers = mails_to(user.email)[before:]
    assert len(answers) == 1 and "the game is over" in answers[0].subject
