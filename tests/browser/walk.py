"""The walk of every page a signed-in player can look at, shared by the
phone test (overflow, tap targets, words) and the axe-core test."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PASSWORD, make_user

GAMES = ("alta", "alhambra", "atlantis", "alpaca")
WIDTHS = (1280, 390)


def sign_in(page: Page, email: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()


def _ann_moves(match, ann, stand_in):
    """Seat ``ann`` where the first move is, so her page shows the controls."""
    mover = match.seats.get(deadline_at__isnull=False)
    if mover.user_id == ann.pk:
        return
    mine = match.seats.get(user=ann)
    other = mover.user
    mine.user = stand_in
    mine.save(update_fields=["user"])
    mover.user = ann
    mover.save(update_fields=["user"])
    mine.user = other
    mine.save(update_fields=["user"])


@pytest.fixture
def site(transactional_db):
    """One of everything a signed-in player can look at; returns the paths."""
    from django.utils import timezone

    from games.services import match_create_seated
    from ratings.models import Ladder
    from ratings.services import challenge_create, ladder_join
    from tests.ratings.conftest import finish_by_resignations
    from tournaments.services import club_create, tournament_create, tournament_register, tournament_start

    now = timezone.now()
    ann, ben, stand_in = (make_user(f"{n}@example.com", n.title()) for n in ("ann", "ben", "cy"))
    paths = [
        "/",
        "/lobby/",
        "/games/new/",
        "/games/",
        "/profile/",
        "/profile/deadlines/",
        "/players/Ann/",
        "/players/Ann/ratings/",
        "/lobby/?game=alta&rated=no",
        "/ladders/",
        "/tournaments/",
        "/clubs/",
    ]
    for game in GAMES:
        active = match_create_seated(users=[ann, ben], game=game, now=now)
        _ann_moves(active, ann, stand_in)
        finished = finish_by_resignations(match_create_seated(users=[ann, ben], game=game, now=now), [ann, ben], now)
        paths += [f"/games/{active.pk}/", f"/games/{finished.pk}/", f"/games/{finished.pk}/replay/?ply={finished.ply}"]
    # A position in the middle of a replay, and a game Ann only watches.
    paths += [
        f"/games/{finished.pk}/replay/?ply=1",
        f"/games/{match_create_seated(users=[ben, stand_in], game='alta', now=now).pk}/",
    ]
    ladder = Ladder.objects.create(game="alta", players=2)
    for user in (ann, ben):
        ladder_join(ladder_id=ladder.pk, user=user, now=now, capacity=2)
    challenge_create(ladder_id=ladder.pk, challenger=ben, opponent=ann, now=now)
    club = club_create(creator=ann, name="Harbour club", description="Slow games by the sea.", now=now)
    tournament = tournament_create(
        creator=ann,
        name="Winter cup",
        club_id=club.pk,
        now=now,
        rounds=3,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    # A running round: the home page says whom Ann is paired with.
    running = tournament_create(
        creator=ann,
        name="Autumn cup",
        club_id=club.pk,
        now=now,
        format="round_robin",
        registration_closes_at=now + dt.timedelta(days=7),
    )
    for user in (ann, ben):
        tournament_register(tournament_id=running.pk, user=user, now=now)
    tournament_start(tournament_id=running.pk, now=now, by=ann)
    paths += [
        f"/ladders/{ladder.pk}/",
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{running.pk}/",
        f"/clubs/{club.pk}/",
    ]
    return paths
