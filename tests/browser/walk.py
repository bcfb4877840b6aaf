"""The walk of every page a signed-in player can look at, shared by the
phone test (overflow, tap targets, words) and the axe-core test."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import PASSWORD, make_user

GAMES = ("alta", "alhambra", "atlantis", "alpaca")
WIDTHS = (1280, 390)


def sign_in(page: Page, email: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()


@contextmanager
def signed_in(browser: Browser, base_url: str, email: str, width: int = 1280) -> Iterator[Page]:
    """A page of a new browser context ``width`` px wide, signed in as
    ``email``; the context is closed afterwards."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        sign_in(page, email)
        yield page
    finally:
        context.close()


#: Pages anyone can read without signing in.
SIGNED_OUT = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/lobby/",
    "/privacy/",
    *(f"/rules/{game}/" for game in GAMES),
    # The lists a visitor browses before signing up (no "New ..." button for them).
    "/ladders/",
    "/tournaments/",
    "/clubs/",
]


def problems_on_every_page(
    browser: Browser, base_url: str, paths: list[str], width: int, check: Callable[[Page], object]
) -> dict[str, object]:
    """Run ``check`` on every page of the walk at ``width`` (the signed-out
    pages first, then ``paths`` signed in as Ann); returns what it found
    (anything truthy) per page, the signed-out ones marked so."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    problems: dict[str, object] = {}
    try:
        page = context.new_page()
        for path in SIGNED_OUT:
            page.goto(path)
            if found := check(page):
                problems[f"{path} (signed out)"] = found
        sign_in(page, "ann@example.com")
        for path in paths:
            page.goto(path)
            if found := check(page):
                problems[path] = found
    finally:
        context.close()
    return problems


def _ann_to_move_after_ben(match, ann, now):
    """Play first options until Ben has moved and it is Ann's move, so her
    page shows the controls, Ben's last move outlined and the your-move cues."""
    from tests.ratings.conftest import _to_move, submit_first_option

    ben_moved = False
    while True:
        user, _index = _to_move(match)
        if user == ann and ben_moved:
            return
        ben_moved = ben_moved or user != ann
        submit_first_option(match, now)


class Walk(list):
    """The paths of the walk, and which of them show a cue: Ann's games
    where it is her move (Ben's move before outlined), a replayed move."""

    def __init__(self, paths):
        super().__init__(paths)
        self.your_move: list[str] = []
        self.replayed_move = ""


@pytest.fixture
def site(transactional_db):
    """One of everything a signed-in player can look at; returns the paths."""
    from django.utils import timezone

    from games.services import match_create, match_create_seated
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
        "/tournaments/new/",
        "/clubs/",
        "/clubs/new/",
        "/profile/close/",
        "/accounts/email/",
        "/accounts/password/change/",
        "/no-such-page/",
    ]
    paths = Walk(paths)
    for game in GAMES:
        active = match_create_seated(users=[ann, ben], game=game, now=now)
        _ann_to_move_after_ben(active, ann, now)
        paths.your_move.append(f"/games/{active.pk}/")
        finished = finish_by_resignations(match_create_seated(users=[ann, ben], game=game, now=now), [ann, ben], now)
        paths += [
            f"/games/{active.pk}/",
            f"/games/{finished.pk}/",
            f"/games/{finished.pk}/replay/?ply={finished.ply}",
            f"/games/{finished.pk}/verify/",
        ]
    # A position in the middle of a replay, and a game Ann only watches.
    paths.replayed_move = f"/games/{finished.pk}/replay/?ply=1"
    paths += [
        paths.replayed_move,
        f"/games/{match_create_seated(users=[ben, stand_in], game='alta', now=now).pk}/",
    ]
    # A game waiting for players, to which Ben invited Ann.
    waiting = match_create(creator=ben, game="alhambra", players=3, now=now, invite=["Ann"])
    paths += [f"/games/{waiting.pk}/", f"/invitations/{waiting.seats.get(invited_user=ann).invitation_token}/"]
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
