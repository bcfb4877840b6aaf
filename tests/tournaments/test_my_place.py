"""The "Your place" box after the end (issue 21: a player's final status
and place after the end): a player who withdrew still reads the place the
final standings give them, and a cancelled tournament never says "You
played" to someone who did not."""

import re

import pytest

from tests.conftest import living_in
from tournaments.services import participant_withdraw, tournament_cancel, tournament_start

from .conftest import make_tournament, new_players, play_out, register, started

pytestmark = pytest.mark.django_db


def your_place(client, user, tournament) -> str:
    client.force_login(user)
    html = client.get(tournament.get_absolute_url()).content.decode()
    box = html[html.index('id="place-heading"') :]
    box = box[: box.index("</section>")]
    return " ".join(re.sub(r"<[^>]+>", " ", box).split())


def test_a_player_who_withdrew_reads_their_final_place_after_the_end(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[3], now=now)
    play_out(t, now)
    place = t.participants.get(user=players[3]).final_place
    assert place is not None
    text = your_place(client, players[3], t)
    assert "You withdrew" in text and f"You finished in place {place} of 4." in text
    living_in("nl", "Europe/Amsterdam", players[3])
    assert f"Je bent als {place}e van de 4 geëindigd." in your_place(client, players[3], t)


def test_a_tournament_cancelled_before_it_started_does_not_say_you_played(client, alice, bob, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, [bob], now)
    tournament_start(tournament_id=t.pk, now=now, by=alice)  # too few players: cancelled
    text = your_place(client, bob, t)
    assert "You played" not in text and "The tournament was cancelled." in text
    living_in("nl", "Europe/Amsterdam", bob)
    assert "Het toernooi is geannuleerd." in your_place(client, bob, t)


def test_a_tournament_cancelled_while_it_ran_says_so_in_the_players_box(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    text = your_place(client, players[0], t)
    assert "The tournament was cancelled." in text and "You played" not in text
