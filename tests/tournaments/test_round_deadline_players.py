"""When a round's hard deadline passes, the players of its unfinished
games are told too (in their language and time zone), not only the
organisers: they may still finish the game before it is played out.  The
playing out mails each player once, when the game is over, saying why;
before, every default move asked the other player for a move "because
the time ran out", a mail a minute for a whole game."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import translation

from core.moments import written_moment
from tests.conftest import living_in
from tournaments.services import match_autoplay, round_deadlines_sweep
from tournaments.services.deadlines import GRACE

from .conftest import DAY, HOUR, finish, new_players, running_games, started, user_of

pytestmark = pytest.mark.django_db


def _mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_the_players_of_an_unfinished_game_are_told_the_round_deadline_passed(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2, round_days=5)
    finished, late = running_games(t)
    finish(finished, user_of(t, finished.players[0]), now)
    after = now + 5 * DAY + HOUR
    with django_capture_on_commit_callbacks(execute=True):
        round_deadlines_sweep(now=after)
    with django_capture_on_commit_callbacks(execute=True):
        round_deadlines_sweep(now=after + HOUR)  # a second sweep tells nobody again

    for pid in late.players:
        [notice] = [m for m in _mails_to(user_of(t, pid)) if "termijn van ronde 1" in m.subject]
        assert notice.subject == "[Alta] Club Cup: de termijn van ronde 1 is verstreken, je partij is nog niet af"
        body = " ".join(notice.body.split())
        with translation.override("nl"):
            autoplay_at = written_moment(ZoneInfo("Europe/Amsterdam"), after + GRACE)
        assert f"Gebeurt geen van beide, dan wordt de partij vanaf {autoplay_at} uitgespeeld" in body
        assert f"/games/{late.match_id}/" in body
    for pid in finished.players:
        assert not [m for m in _mails_to(user_of(t, pid)) if "termijn" in m.subject]


def test_a_game_played_out_mails_its_players_once_when_it_is_over(alice, club, now, django_capture_on_commit_callbacks):
    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=1, round_days=5)
    [game] = running_games(t)
    after = now + 5 * DAY + HOUR
    round_deadlines_sweep(now=after)
    round_deadlines_sweep(now=after + GRACE)  # claims the round; its tasks are not run here
    sent = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        assert match_autoplay(match_id=game.match_id, now=after + GRACE) > 10

    for player in players:
        game_mails = [m for m in mail.outbox[sent:] if m.to == [player.email] and m.subject.startswith("Alta #")]
        # Before: a "your move (... ran out of time)" mail for nearly every default move.
        assert len(game_mails) == 1, [m.subject for m in game_mails]
        assert "afgelopen" in game_mails[0].subject
        body = " ".join(game_mails[0].body.split())
        assert (
            "De termijn van ronde 1 was verstreken: de rest van deze partij is gespeeld met de standaardzetten" in body
        )
