"""An organiser who plays does not disqualify a player of a game they play
in that has no result yet (the forfeit would decide it in their favour):
the service refuses with who can (another organiser, the site's staff, or
they themselves once that game is over), the page shows no form for it
and no confirmation page before the refusal; other players stay theirs to
disqualify."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import NotAllowed
from tests.conftest import living_in
from tournaments.models import Participant
from tournaments.services import club_join, club_member_promote, participant_disqualify

from .conftest import finish, new_players, running_games, started

pytestmark = pytest.mark.django_db

REFUSED = (
    "You play against {player} in a game that has no result yet: another organiser of the tournament "
    "(or the site's staff) can disqualify them now, or you can once that game is over."
)


def _text(response) -> str:
    return " ".join(response.content.decode().split())


def _own_game(t, user):
    me = t.participants.get(user=user)
    [game] = [g for g in running_games(t) if me.pk in g.players]
    opponent = t.participants.select_related("user").get(pk=next(p for p in game.players if p != me.pk))
    return game, opponent


def test_an_organiser_who_plays_does_not_disqualify_their_opponent(alice, bob, club, now):
    t = started(alice, club, [alice, *new_players(3)], now=now, format="swiss", rounds=2)
    game, opponent = _own_game(t, alice)

    with pytest.raises(NotAllowed, match="another organiser of the tournament") as refused:
        participant_disqualify(tournament_id=t.pk, participant_id=opponent.pk, by=alice, reason="rude", now=now)
    assert refused.value.message == REFUSED.format(player=opponent.user)
    assert refused.value.code == "own_game"
    opponent.refresh_from_db()
    game.refresh_from_db()
    assert opponent.status == Participant.Status.REGISTERED and not game.decided

    # Another organiser of the club may.
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    participant_disqualify(tournament_id=t.pk, participant_id=opponent.pk, by=bob, reason="rude", now=now)
    opponent.refresh_from_db()
    assert opponent.status == Participant.Status.DISQUALIFIED


def test_the_playing_organiser_disqualifies_others_and_their_opponent_once_the_game_is_over(alice, club, now):
    t = started(alice, club, [alice, *new_players(3)], now=now, format="swiss", rounds=2)
    game, opponent = _own_game(t, alice)
    [other] = [g for g in running_games(t) if g.pk != game.pk]
    stranger = t.participants.get(pk=other.players[0])

    participant_disqualify(tournament_id=t.pk, participant_id=stranger.pk, by=alice, reason="no-show", now=now)
    stranger.refresh_from_db()
    assert stranger.status == Participant.Status.DISQUALIFIED

    finish(game, alice, now)
    from tournaments.services import tournament_game_finished

    tournament_game_finished(match_id=game.match_id, now=now)
    participant_disqualify(tournament_id=t.pk, participant_id=opponent.pk, by=alice, reason="rude", now=now)
    opponent.refresh_from_db()
    assert opponent.status == Participant.Status.DISQUALIFIED


@pytest.mark.parametrize(
    ("language", "hint", "refusal"),
    [
        (
            "en",
            "You play against them in a game without a result yet: another organiser disqualifies them, "
            "or you once it is over.",
            "in a game that has no result yet: another organiser of the tournament",
        ),
        (
            "nl",
            "Je speelt tegen deze speler in een partij zonder uitslag: een andere organisator diskwalificeert, "
            "of jij zodra die partij voorbij is.",
            "in een partij die nog geen uitslag heeft: een andere organisator van het toernooi",
        ),
    ],
)
def test_the_page_says_who_disqualifies_the_organiser_s_opponent(language, hint, refusal, client, alice, club, now):
    living_in(language, "Europe/Amsterdam", alice)
    t = started(alice, club, [alice, *new_players(3)], now=now, format="swiss", rounds=2)
    _game, opponent = _own_game(t, alice)
    client.force_login(alice)
    page = _text(client.get(t.get_absolute_url()))
    assert hint in page
    assert reverse("tournament-disqualify", args=[t.pk, opponent.pk]) not in page
    others = t.participants.exclude(pk=opponent.pk).exclude(user=alice)
    assert all(reverse("tournament-disqualify", args=[t.pk, p.pk]) in page for p in others)

    # A form posted anyway: no page asking to confirm, the refusal instead.
    posted = client.post(reverse("tournament-disqualify", args=[t.pk, opponent.pk]), {"reason": "rude"}, follow=True)
    text = _text(posted)
    assert refusal in text
    assert posted.redirect_chain  # back on the tournament page: no confirmation page came first
    api = client.post(
        reverse("api-tournament-disqualify", args=[t.pk, opponent.pk]),
        {"reason": "rude"},
        content_type="application/json",
    )
    assert api.status_code == 403 and api.json()["code"] == "own_game"
    opponent.refresh_from_db()
    assert opponent.status == Participant.Status.REGISTERED
