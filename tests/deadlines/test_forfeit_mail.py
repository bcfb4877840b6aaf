"""A loss on time told once to each player: when it ends the game, the
game-over mail says it (to the player out of time as "you"), and no
separate notice follows; when the game goes on, the next mover's mail says
in one line that the player is out and what that means."""

from __future__ import annotations

import pytest
from django.core import mail

from games.deadlines.sweeps import deadlines_sweep
from tests.conftest import living_in

from .conftest import HOUR, mover_seat, start_match

pytestmark = pytest.mark.django_db


def _body(message) -> str:
    return " ".join(message.body.split())


def _timed_out(match, django_capture_on_commit_callbacks):
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    return seat


@pytest.mark.parametrize(
    ("language", "own", "theirs"),
    [
        ("en", "You ran out of time and lose the game.", "{} ran out of time and loses the game."),
        ("nl", "Je had geen tijd meer en verliest de partij.", "{} had geen tijd meer en verliest de partij."),
    ],
)
def test_a_two_player_loss_on_time_is_one_game_over_mail_each(
    language, own, theirs, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=now, timeout_policy="forfeit")
    loser = _timed_out(match, django_capture_on_commit_callbacks)
    winner = bob if loser.user == alice else alice
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])
    [lost] = [m for m in mail.outbox if m.to == [loser.user.email]]
    [won] = [m for m in mail.outbox if m.to == [winner.email]]
    assert own in _body(lost), _body(lost)
    assert theirs.format(loser.user) in _body(won), _body(won)
    # Not also "Alice was dropped", as if the game went on without her.
    for dropped in ("was dropped", "is afgevallen", "valt af"):
        assert dropped not in _body(won), _body(won)


def test_with_three_players_the_next_mover_reads_one_line_on_who_is_out(
    alice, bob, carol, now, django_capture_on_commit_callbacks
):
    match = start_match(alice, bob, carol, now=now, timeout_policy="forfeit")
    loser = _timed_out(match, django_capture_on_commit_callbacks)
    next_mover = mover_seat(match)
    [turn] = [m for m in mail.outbox if m.to == [next_mover.user.email] and "your move" in m.subject]
    body = _body(turn)
    said = f"- {loser.user} ran out of time and is dropped: ranked last, their turns are played automatically."
    assert said in body, body
    assert f"{loser.user} was dropped." not in body, body
