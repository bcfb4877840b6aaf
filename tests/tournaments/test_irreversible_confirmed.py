"""The acts that cannot be undone (an organiser's result set by hand,
disqualification and cancellation, a player's withdrawal) are shown on a
page that names what follows, and done only when confirmed there; an organiser who plays in a game does not set
its result (another organiser does), so no opponent reads a result set by
one of the players."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import NotAllowed
from tests.conftest import living_in
from tournaments.models import Participant, Tournament
from tournaments.services import club_join, club_member_promote, game_result_set

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.mark.parametrize(
    ("language", "asked", "consequence"),
    [
        ("en", "Set the result of R1-T1?", "A result cannot be changed once it is set"),
        ("nl", "De uitslag van R1-T1 vaststellen?", "Een vastgestelde uitslag kan niet meer worden veranderd"),
    ],
)
def test_a_result_by_hand_is_shown_for_confirmation_before_it_is_set(
    language, asked, consequence, client, alice, club, now
):
    living_in(language, "Europe/Amsterdam", alice)
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=2)
    [game] = running_games(t)
    first, second = game.players
    url = reverse("tournament-game-result", args=[game.pk])
    client.force_login(alice)
    fields = {f"place_{first}": "1", f"place_{second}": "2", "reason": "agreed by phone"}

    shown = client.post(url, fields)
    assert shown.status_code == 200
    page = _text(shown)
    assert asked in page and consequence in page
    assert "agreed by phone" in page
    game.refresh_from_db()
    assert not game.decided

    changed = client.post(url, {**fields, "change": "1"})
    assert 'value="agreed by phone"' in changed.content.decode()
    game.refresh_from_db()
    assert not game.decided

    done = client.post(url, {**fields, "confirm": "1"})
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.ranking == [[first], [second]]


def test_a_disqualification_is_confirmed_on_a_page_that_says_it_cannot_be_undone(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=2)
    victim = t.participants.get(user=players[1])
    url = reverse("tournament-disqualify", args=[t.pk, victim.pk])
    client.force_login(alice)

    shown = client.post(url, {"reason": "rude in chat"})
    page = _text(shown)
    assert f"Disqualify {players[1]}?" in page
    assert f"This cannot be undone: {players[1]} cannot be let back in." in page
    victim.refresh_from_db()
    assert victim.status == Participant.Status.REGISTERED

    client.post(url, {"reason": "rude in chat", "confirm": "1"})
    victim.refresh_from_db()
    assert victim.status == Participant.Status.DISQUALIFIED
    assert victim.left_reason == "rude in chat"


@pytest.mark.parametrize(
    ("language", "asked", "consequence"),
    [
        ("en", "Cancel Club Cup?", "This cannot be undone: no more games are paired"),
        ("nl", "Club Cup annuleren?", "Dit kan niet ongedaan worden gemaakt: er worden geen partijen meer ingedeeld"),
    ],
)
def test_cancelling_a_running_tournament_is_confirmed_first(language, asked, consequence, client, alice, club, now):
    living_in(language, "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(2), now=now, name="Club Cup", format="swiss", rounds=2)
    url = reverse("tournament-cancel", args=[t.pk])
    client.force_login(alice)
    page = _text(client.post(url, {"reason": "hall closed"}))
    assert asked in page and consequence in page
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    client.post(url, {"reason": "hall closed", "confirm": "1"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED


def test_a_player_s_withdrawal_is_confirmed_first(client, alice, club, now):
    players = new_players(2)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    url = reverse("tournament-withdraw", args=[t.pk])
    client.force_login(players[0])
    page = _text(client.post(url))
    assert "Withdraw from Club Cup?" in page
    assert "Your unfinished games are lost by forfeit now" in page
    assert t.participants.get(user=players[0]).status == Participant.Status.REGISTERED
    client.post(url, {"confirm": "1"})
    assert t.participants.get(user=players[0]).status == Participant.Status.WITHDRAWN


def test_an_organiser_who_plays_does_not_set_their_own_game_s_result(client, alice, bob, club, now):
    players = new_players(3)
    t = started(alice, club, [alice, *players], now=now, format="swiss", rounds=2)
    own, other = sorted(running_games(t), key=lambda g: t.participants.get(user=alice).pk not in g.players)
    me = t.participants.get(user=alice)
    assert me.pk in own.players and me.pk not in other.players

    with pytest.raises(NotAllowed, match="You play in this game: another organiser of the tournament"):
        game_result_set(
            game_id=own.pk, ranking=[[me.pk], [p for p in own.players if p != me.pk]], reason="x", by=alice, now=now
        )
    client.force_login(alice)
    detail = client.get(t.get_absolute_url()).content.decode()
    assert reverse("tournament-game-result", args=[other.pk]) in detail
    assert reverse("tournament-game-result", args=[own.pk]) not in detail
    page = _text(client.get(reverse("tournament-game-result", args=[own.pk])))
    said = "You play in this game: another organiser of the tournament (or the site's staff) sets its result."
    assert said in page
    others = [p for p in own.players if p != me.pk]
    fields = {f"place_{me.pk}": "1", **{f"place_{p}": "2" for p in others}, "reason": "x"}
    posted = _text(client.post(reverse("tournament-game-result", args=[own.pk]), fields))
    assert said in posted and f"Set the result of {own.key}?" not in posted
    api = client.post(
        reverse("api-tournament-game-result", args=[own.pk]),
        {"ranking": [[me.pk], [p for p in own.players if p != me.pk]], "reason": "x"},
        content_type="application/json",
    )
    assert api.status_code == 403
    own.refresh_from_db()
    assert not own.decided

    # Another organiser of the club may.
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    ranking = [[p for p in own.players if p != me.pk], [me.pk]]
    game_result_set(game_id=own.pk, ranking=ranking, reason="alice's phone is broken", by=bob, now=now)
    own.refresh_from_db()
    assert own.ranking == ranking
