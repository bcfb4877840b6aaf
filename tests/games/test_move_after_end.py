"""A move sent to a game that has ended (an open tab, an API client, an old
mail) is told plainly that the game is over and who won, in the player's
language; it was told "This game is not in play" ("niet bezig" in Dutch),
which reads as if the game had not started or were paused.  The winner is
told "You won.", not their own name ("Won by Alice." to Alice)."""

import pytest
from django.utils import translation

from games import services
from games.models import Match
from tests.conftest import living_in

from .api.test_games_api import client_for
from .conftest import mover, start_match

pytestmark = pytest.mark.django_db

#: language: (the game is over, who won: %s is the winner's name, as the
#: loser reads it; the winner reads "you won")
SAID = {
    "en": ("The game is over; no more moves can be made.", "Won by %s."),
    "nl": ("De partij is afgelopen; er kunnen geen zetten meer worden gedaan.", "Gewonnen door %s."),
}
YOU_WON = {"en": "You won.", "nl": "Je hebt gewonnen."}


def _ended(alice, bob, now, language):
    """A two-player game the waiting player resigned: ``(match, the winner,
    the one who left)``, both speaking ``language``."""
    living_in(language, "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=now)
    winner, _ = mover(match)
    loser = bob if winner == alice else alice
    services.match_resign(match_id=match.pk, user=loser, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match, winner, loser


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_service_says_the_game_is_over_and_who_won(language, alice, bob, now):
    match, winner, _loser = _ended(alice, bob, now, language)
    over, won = SAID[language]
    with translation.override(language), pytest.raises(services.Conflict) as refused:
        services.move_submit(match_id=match.pk, user=winner, ply=match.ply, source="web", now=now, text="x")
    assert str(refused.value.message) == f"{over} {YOU_WON[language]}"


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_api_says_so_in_the_players_language(language, alice, bob, now):
    match, winner, loser = _ended(alice, bob, now, language)
    over, won = SAID[language]
    for user in (winner, loser):
        answer = client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": match.ply, "option": 1}, format="json")
        assert answer.status_code == 409 and answer.json()["code"] == "not_active"
        said = YOU_WON[language] if user == winner else won % winner
        assert answer.json()["detail"] == f"{over} {said}"


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_game_page_says_so_above_the_board(language, client, alice, bob, now):
    match, winner, _loser = _ended(alice, bob, now, language)
    over, won = SAID[language]
    client.force_login(winner)
    page = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": "x"}, follow=True)
    assert over in page.content.decode() and YOU_WON[language] in page.content.decode()
    assert str(winner) not in page.content.decode().split(over)[1][:200]


def test_resigning_an_ended_game_says_it_is_over(alice, bob, now):
    match, winner, _loser = _ended(alice, bob, now, "nl")
    with translation.override("nl"), pytest.raises(services.Conflict) as refused:
        services.match_resign(match_id=match.pk, user=winner, now=now)
    assert str(refused.value.message) == "De partij is afgelopen; opgeven kan niet meer."


@pytest.mark.parametrize(
    ("language", "shared"),
    [("en", "You shared the win with %s."), ("nl", "Je hebt de overwinning gedeeld met %s.")],
)
def test_a_shared_winner_is_told_with_whom(language, shared, alice, bob, carol, now):
    living_in(language, "Europe/Amsterdam", alice, bob, carol)
    match = start_match(alice, bob, carol, now=now)
    for seat in match.seats.all():
        seat.place = 1 if seat.user in (alice, bob) else 3
        seat.save(update_fields=["place"])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    match.refresh_from_db()
    over, won = SAID[language]
    with translation.override(language), pytest.raises(services.Conflict) as refused:
        services.move_submit(match_id=match.pk, user=alice, ply=match.ply, source="web", now=now, text="x")
    assert str(refused.value.message) == f"{over} {shared % bob}"
