"""One day's allowance of invitations mailed to typed addresses covers a
game's, a club's and a tournament's together: an account cannot send the
allowance once per kind, and the refusal counts them all."""

from __future__ import annotations

import pytest

from core.errors import LimitReached
from games.models import Match
from games.services import match_create
from tournaments.models import ClubEmailInvitation, TournamentEmailInvitation
from tournaments.services import club_invite, tournament_invite

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def allowance(settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 3


def test_games_clubs_and_tournaments_share_the_day_s_allowance(alice, club, now):
    match_create(creator=alice, game="alta", players=3, now=now, invite=["g1@example.org", "g2@example.org"])
    club_invite(club_id=club.pk, display_name="c1@example.org", by=alice, now=now)
    tournament = make_tournament(alice, club, now=now, rounds=3)
    with pytest.raises(LimitReached, match="You can invite 3 email addresses per day, and have invited 3 in the last"):
        tournament_invite(tournament_id=tournament.pk, display_name="t1@example.org", by=alice, now=now)
    with pytest.raises(LimitReached, match="and have invited 3 in the last 24 hours"):
        match_create(creator=alice, game="alta", players=2, now=now, invite=["g3@example.org"])
    assert not TournamentEmailInvitation.objects.exists()
    assert Match.objects.count() == 1 and ClubEmailInvitation.objects.count() == 1


def test_a_club_s_invitations_count_in_a_game_s_allowance(alice, club, now):
    for address in ("c1@example.org", "c2@example.org"):
        club_invite(club_id=club.pk, display_name=address, by=alice, now=now)
    with pytest.raises(LimitReached, match="and have invited 2 in the last 24 hours"):
        match_create(creator=alice, game="alta", players=3, now=now, invite=["g1@example.org", "g2@example.org"])
    match_create(creator=alice, game="alta", players=2, now=now, invite=["g1@example.org"])
