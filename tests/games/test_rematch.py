"""A rematch: after a game, one player offers to play it again; the others
are invited to a new game with the same settings."""

import pytest
from django.core import mail

from alta_site.accounts.closing import account_close
from games import services
from games.models import Match, MoveRecord

from .conftest import start_match

pytestmark = pytest.mark.django_db


def _finished(*players, now, game="alta", **options):
    match = start_match(*players, game=game, now=now, **options)
    for player in players[1:]:
        services.match_resign(match_id=match.pk, user=player, now=now, source=MoveRecord.Source.WEB)
    match.refresh_from_db()
    assert match.is_finished
    return match


def test_a_rematch_is_the_same_game_with_the_others_invited(alice, bob, now, django_capture_on_commit_callbacks):
    old = _finished(alice, bob, now=now, days_per_move=5, rated=True, weekends_off=True)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rematch, offered = services.match_rematch(match_id=old.pk, user=bob, now=now)
    assert offered and rematch.is_open and rematch.rematch_of == old
    assert (rematch.game, rematch.players, rematch.days_per_move, rematch.rated, rematch.weekends_off) == (
        "alta",
        2,
        5,
        True,
        True,
    )
    assert rematch.created_by == bob
    assert {(s.user, s.invited_user) for s in rematch.seats.all()} == {(bob, None), (None, alice)}
    [invitation] = mail.outbox  # alice's, with its reply-to-join address
    assert invitation.to == [alice.email] and invitation.reply_to[0].startswith("join+")
    assert f"It is a rematch of your game #{old.pk}." in " ".join(invitation.body.split())


def test_the_second_player_to_offer_finds_the_first_offer_and_joins_it(alice, bob, now):
    old = _finished(alice, bob, now=now)
    first, _ = services.match_rematch(match_id=old.pk, user=alice, now=now)
    again, offered = services.match_rematch(match_id=old.pk, user=bob, now=now)
    assert again == first and not offered
    assert Match.objects.filter(rematch_of=old).count() == 1
    services.match_join(match_id=first.pk, user=bob, now=now)
    first.refresh_from_db()
    assert first.is_active


def test_a_cancelled_rematch_may_be_offered_again(alice, bob, now):
    old = _finished(alice, bob, now=now)
    first, _ = services.match_rematch(match_id=old.pk, user=alice, now=now)
    services.match_cancel(match_id=first.pk, user=alice, now=now)
    second, offered = services.match_rematch(match_id=old.pk, user=bob, now=now)
    assert offered and second != first


def test_only_the_players_of_a_finished_game_offer_a_rematch(alice, bob, carol, now):
    running = start_match(alice, bob, now=now)
    with pytest.raises(services.Conflict, match="once the game is over"):
        services.match_rematch(match_id=running.pk, user=alice, now=now)
    old = _finished(alice, bob, now=now)
    with pytest.raises(services.NotAllowed, match="Only the players"):
        services.match_rematch(match_id=old.pk, user=carol, now=now)
    with pytest.raises(services.NotFound):
        services.match_rematch(match_id=old.pk + 1000, user=alice, now=now)


def test_a_closed_accounts_seat_is_left_open(alice, bob, carol, now):
    old = _finished(alice, bob, carol, now=now)
    account_close(user=carol, now=now)
    rematch, _ = services.match_rematch(match_id=old.pk, user=alice, now=now)
    seats = list(rematch.seats.all())
    assert sorted(str(s.invited_user) for s in seats if s.invited_user) == ["Bob"]
    assert sum(1 for s in seats if s.user is None and s.invited_user is None and not s.invited_email) == 1


def test_the_finished_games_page_offers_the_rematch_to_its_players_only(client, alice, bob, carol, now):
    old = _finished(alice, bob, now=now)
    client.force_login(carol)
    assert "Rematch" not in client.get(f"/games/{old.pk}/").content.decode()
    client.force_login(alice)
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f'action="/games/{old.pk}/rematch/"' in page
    answer = client.post(f"/games/{old.pk}/rematch/", follow=True)
    rematch = Match.objects.get(rematch_of=old)
    assert answer.redirect_chain[-1][0] == f"/games/{rematch.pk}/"
    assert "Rematch offered" in answer.content.decode()
    client.force_login(bob)
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f'href="/games/{rematch.pk}/"' in page and f'action="/games/{old.pk}/rematch/"' not in page
    # Bob's own click takes him to the same game, where he joins.
    assert client.post(f"/games/{old.pk}/rematch/").url == f"/games/{rematch.pk}/"
    assert "Join this game" in client.get(f"/games/{rematch.pk}/").content.decode()


def test_the_rematch_reads_in_dutch(client, alice, bob, now):
    alice.language = "nl"
    alice.save()
    old = _finished(alice, bob, now=now)
    client.force_login(alice)
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert "Revanche" in page and "dezelfde spelers" in page
    assert "Revanche aangeboden" in client.post(f"/games/{old.pk}/rematch/", follow=True).content.decode()


def test_the_api_offers_a_rematch_and_then_returns_it(alice, bob, now):
    from rest_framework.test import APIClient

    old = _finished(alice, bob, now=now)
    api = APIClient()
    api.force_authenticate(alice)
    created = api.post(f"/api/games/{old.pk}/rematch/")
    assert created.status_code == 201
    body = created.json()
    assert body["rematch_of"] == old.pk and body["status"] == "open"
    assert [seat["display_name"] for seat in body["seats"]][:1] == ["Alice"]
    api.force_authenticate(bob)
    again = api.post(f"/api/games/{old.pk}/rematch/")
    assert again.status_code == 200 and again.json()["id"] == body["id"]
    refused = api.post(f"/api/games/{body['id']}/rematch/")
    assert refused.status_code == 409 and refused.json()["code"] == "not_finished"
