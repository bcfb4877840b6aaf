"""Invitations by address sent at the same moment, to a game and to a club,
on a real database: they count each other, so one day's allowance is never
passed by racing the two."""

from __future__ import annotations

import pytest
from django.db import connection

from core.errors import LimitReached
from games.models import Match
from games.services import match_create
from tests.conftest import make_user
from tests.threads import run_in_threads
from tournaments.models import ClubEmailInvitation
from tournaments.services import club_create, club_invite

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="SQLite serialises whole-database writes, so no two invitations overlap; "
        "the race needs PostgreSQL (CI runs it)",
    ),
]


def test_a_game_s_and_a_club_s_invitation_at_once_share_the_last_place(settings, now):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 1
    for round_ in range(4):
        _race_once(make_user(f"organiser{round_}@example.org", f"Organiser {round_}"), now)


def _race_once(organiser, now) -> None:
    club = club_create(creator=organiser, name=f"{organiser}'s club", now=now)
    results = run_in_threads(
        lambda: match_create(creator=organiser, game="alta", players=2, now=now, invite=["g@example.org"]),
        lambda: club_invite(club_id=club.pk, display_name="c@example.org", by=organiser, now=now),
    )
    assert sum(isinstance(result, LimitReached) for result in results) == 1, results
    games = Match.objects.filter(created_by=organiser).count()
    assert games + ClubEmailInvitation.objects.filter(club=club).count() == 1
