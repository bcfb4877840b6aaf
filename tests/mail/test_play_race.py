"""Two mail players sending "play alta" at the same moment when nobody
waits: one opens a game and the other takes its second seat (not two
games with one player each).  Needs PostgreSQL's concurrent transactions."""

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Match
from mail.matchmaking import PlayRequest, play_answer
from tests.threads import run_in_threads

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="SQLite lets one transaction write at a time; the race needs PostgreSQL (CI runs it)",
    ),
]


def test_two_players_asking_at_once_meet_in_one_game(alice, bob):
    players = [alice, bob]
    now, seen = timezone.now(), set()
    for _attempt in range(5):  # the race is not won every time without the lock: try it a few times
        answers = run_in_threads(
            *(lambda user=user: play_answer(PlayRequest("alta", 2), user, now) for user in players)
        )
        assert all(not isinstance(answer, Exception) for answer in answers), answers
        assert sorted(answer[1] for answer in answers) == ["play: joined, started", "play: opened"]
        [game] = Match.objects.exclude(pk__in=seen)
        assert set(game.seats.values_list("user", flat=True)) == {p.pk for p in players}
        assert game.is_active
        seen.add(game.pk)
