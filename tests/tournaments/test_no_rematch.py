"""A tournament game has no rematch: the tournament pairs its games.  Its
game-over mail offers none, its page shows no Rematch button, and a
"rematch" reply (or a post to the page's address) is refused with why, in
the reader's language; a casual game keeps its rematch."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Match
from tests.conftest import living_in
from tests.mail.intake import ingest
from tests.mail.test_waiting_chat import answer_to

from .conftest import finish, new_players, running_games, started, user_of

pytestmark = pytest.mark.django_db


def _finished_game(alice, club, now, capture, language="en"):
    players = new_players(2)
    living_in(language, "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    [game] = running_games(t)
    winner = user_of(t, game.players[0])
    with capture(execute=True):
        finish(game, winner, now)
    return game, players


def test_the_game_over_mail_of_a_tournament_game_offers_no_rematch(
    alice, club, now, django_capture_on_commit_callbacks
):
    game, players = _finished_game(alice, club, now, django_capture_on_commit_callbacks)
    ends = [m for m in mail.outbox if "is over" in m.subject]
    assert {m.to[0] for m in ends} == {p.email for p in players}
    for end in ends:
        assert "rematch" not in end.body.lower()
        assert "rematch" not in end.alternatives[0][0].lower()


def test_the_page_of_a_finished_tournament_game_has_no_rematch_button(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    game, players = _finished_game(alice, club, now, django_capture_on_commit_callbacks)
    client.force_login(players[0])
    page = client.get(f"/games/{game.match_id}/").content.decode()
    assert "/rematch/" not in page
    answer = client.post(f"/games/{game.match_id}/rematch/", follow=True)
    assert "A tournament game has no rematch: the tournament pairs its games." in answer.content.decode()
    assert not Match.objects.filter(rematch_of=game.match_id).exists()


@pytest.mark.parametrize(
    ("language", "word", "said"),
    [
        ("en", "rematch", "A tournament game has no rematch: the tournament pairs its games."),
        ("nl", "revanche", "Een toernooipartij heeft geen revanche: het toernooi deelt de partijen in."),
    ],
)
def test_a_rematch_reply_to_a_tournament_game_is_refused_with_why(
    language, word, said, alice, club, now, django_capture_on_commit_callbacks
):
    game, players = _finished_game(alice, club, now, django_capture_on_commit_callbacks, language)
    [over] = [
        m for m in mail.outbox if m.to == [players[1].email] and ("over" in m.subject or "afgelopen" in m.subject)
    ]
    mail.outbox.clear()
    record = ingest(answer_to(over, word, sender=players[1].email), django_capture_on_commit_callbacks)
    assert record.detail.startswith("rematch refused")
    assert not Match.objects.filter(rematch_of=game.match_id).exists()
    [answer] = [m for m in mail.outbox if m.to == [players[1].email]]
    assert said in " ".join(answer.body.split())
