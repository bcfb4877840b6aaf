"""The tournament pages at desktop and phone width (test_phone.py's
measure): a running Swiss with its standings and the organiser's
controls, a round robin's cross-table, elimination and double-elimination
brackets drawn, the hand-pairing pages (two-player Swiss, Atlantis tables
of 3, a round robin's seat order), and a Swiss that takes late players.  Nothing pushes the page
sideways (wide tables and drawings scroll inside their own box), and every
tap target is at least 44 x 44 CSS px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user

from .test_phone import MEASURE, RAW_WORDS, WIDTHS


@pytest.fixture
def tournament_pages(transactional_db):
    from django.utils import timezone

    from tests.tournaments.conftest import best_seed_wins, new_players, running_games, started
    from tournaments.services import club_create, tournament_game_finished, tournament_pause

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="Slow games by the sea.", now=now)
    # Long names: the widest a table gets.
    field = new_players(8, prefix="Bartholomew-Maximilian")
    swiss = started(
        ann, club, field, now=now, format="swiss", rounds=3, round_days=7, name="Spring Swiss", late_registration=True
    )
    robin = started(ann, club, field[:6], now=now, format="round_robin", name="Round robin of six")
    knockout = started(ann, club, field, now=now, format="single_elimination", name="Cup")
    double = started(ann, club, field[:6], now=now, format="double_elimination", name="Double cup")
    paused = started(ann, club, field[:4], now=now, format="swiss", rounds=3, name="Paused Swiss")
    tables = started(
        ann,
        club,
        new_players(9, prefix="Bartholomew-Maximilian"),
        now=now,
        format="swiss",
        rounds=3,
        game="atlantis",
        players_per_table=3,
        name="Atlantis tables of three",
    )
    robin_paused = started(ann, club, field[:5], now=now, format="round_robin", name="Paused round robin")
    for t in (paused, tables, robin_paused):
        tournament_pause(tournament_id=t.pk, by=ann, now=now)
    for t in (swiss, robin, knockout, double, paused, tables, robin_paused):
        for game in running_games(t):
            best_seed_wins(t, game, now)
            tournament_game_finished(match_id=game.match_id, now=now)
    return [
        f"/tournaments/{swiss.pk}/",
        f"/tournaments/{robin.pk}/",
        f"/tournaments/{knockout.pk}/",
        f"/tournaments/{double.pk}/",
        f"/tournaments/{paused.pk}/",
        f"/tournaments/{paused.pk}/rounds/2/pairing/",
        f"/tournaments/{tables.pk}/",
        f"/tournaments/{tables.pk}/rounds/2/pairing/",
        f"/tournaments/{robin_paused.pk}/rounds/2/pairing/",
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_tournament_pages_do_not_overflow(browser, live_server, tournament_pages, width):
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill("ann@example.com")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        problems = {}
        for path in tournament_pages:
            response = page.goto(path)
            assert response is not None and response.status == 200, path
            found = page.evaluate(MEASURE)
            text = page.evaluate("() => document.querySelector('main').innerText")
            words = sorted({m.group(0) for m in RAW_WORDS.finditer(text)})
            if found["overflow"] > 0 or words or found["small"]:
                problems[path] = {**found, "words": words}
        assert not problems, "\n".join(f"{p}: {v}" for p, v in problems.items())
        # The drawing is there and is as wide as it needs to be (it scrolls).
        page.goto(tournament_pages[2])
        box = page.locator(".bracket-svg").first.bounding_box()
        assert box is not None and box["width"] > 500
        page.goto(tournament_pages[1])
        expect(page.get_by_role("heading", name="Cross-table")).to_be_visible()
        # The new pages are what they claim: three seats a table, the
        # round robin's seat order only, the late-join button.
        page.goto(tournament_pages[7])
        expect(page.get_by_label("Seat 3").first).to_be_visible()
        page.goto(tournament_pages[8])
        expect(page.get_by_text("only the seat order at each table can change")).to_be_visible()
        page.goto(tournament_pages[0])
        expect(page.get_by_role("button", name="Join from the next round")).to_be_visible()
    finally:
        context.close()


def test_a_round_with_a_rest_reads_on_a_phone(browser, live_server, transactional_db):
    """With an odd field one player rests: at 390 px the note saying so is a
    line of text, not squeezed into a status pill that wraps into an oval;
    every status pill stays on one line."""
    from django.utils import timezone

    from tests.tournaments.conftest import new_players, started
    from tournaments.services import club_create

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=now)
    tournament = started(ann, club, [ann, *new_players(2)], now=now, format="round_robin", name="Odd cup")
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"/tournaments/{tournament.pk}/")
        expect(page.get_by_text("Rests this round: no game, no points")).to_be_visible()
        lines = page.evaluate(
            """() => [...document.querySelectorAll('.badge')].map((b) => [b.textContent,
                 b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight)])"""
        )
        assert lines and all(height < 2 for _, height in lines), lines
    finally:
        context.close()


def test_the_standings_abbreviations_are_not_broken_at_their_hyphen(browser, live_server, transactional_db):
    """At 390 px the standings' "S-B" (Sonneborn-Berger) heading stays one
    word on one line, not "S-" above "B"."""
    from django.utils import timezone

    from tests.tournaments.conftest import new_players, started
    from tournaments.services import club_create

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=now)
    tournament = started(ann, club, [ann, *new_players(3)], now=now, format="swiss", rounds=3, name="Spring Swiss")
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"/tournaments/{tournament.pk}/")
        heading = page.locator("th abbr", has_text="S-B")
        expect(heading).to_be_visible()
        lines = heading.evaluate("(e) => e.getClientRects().length")
        assert lines == 1
    finally:
        context.close()


# How much wider an input's placeholder is than the room inside the input.
PLACEHOLDER_OVERRUN = """(selector) => {
  const input = document.querySelector(selector);
  const s = getComputedStyle(input);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return ctx.measureText(input.placeholder).width - room;
}"""


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_cancel_reason_placeholder_is_not_cut_off_on_a_phone(browser, live_server, transactional_db, language):
    """At 390 px the organiser's "Reason (sent to the players)" box is wide
    enough to show its placeholder whole, in English and in Dutch ("Reden
    (gaat naar de spelers)" was cut off after "de s")."""
    import datetime as dt

    from django.utils import timezone

    from alta_site.accounts.models import User
    from tests.browser.walk import signed_in
    from tournaments.services import club_create, tournament_create

    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=timezone.now())
    now = timezone.now()
    tournament = tournament_create(
        creator=ann,
        name="Winter cup",
        club_id=club.pk,
        now=now,
        rounds=3,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    with signed_in(browser, live_server.url, ann.email, 390) as page:
        User.objects.filter(pk=ann.pk).update(language=language)  # signed in, then her setting wins
        page.goto(f"/tournaments/{tournament.pk}/")
        assert page.locator("html").get_attribute("lang") == language
        assert page.evaluate(PLACEHOLDER_OVERRUN, "#cancel-reason") <= 0


@pytest.mark.parametrize("width", [1280, 375])
def test_the_standings_and_placings_link_each_player_to_their_page(browser, live_server, transactional_db, width):
    """Like the lobby's and the ladder's tables, a tournament's standings,
    final placings and players name each player by a link to their page,
    a finger big on a phone too."""
    from django.utils import timezone

    from tests.browser.walk import signed_in
    from tests.tournaments.conftest import new_players, play_out, started
    from tournaments.services import club_create

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=now)
    players = [ann, *new_players(3)]
    swiss = started(ann, club, players, now=now, format="swiss", rounds=2, name="Spring Swiss")
    knockout = play_out(started(ann, club, players, now=now, format="single_elimination", name="Cup"), now)
    names = sorted(str(p) for p in players)
    with signed_in(browser, live_server.url, ann.email, width) as page:
        tables = ((swiss, "#standings-table"), (knockout, "#placings-table"), (swiss, "#players-table"))
        for tournament, table in tables:
            page.goto(f"/tournaments/{tournament.pk}/")
            links = page.locator(f"{table} tbody td a[href^='/players/']")
            assert sorted(links.all_inner_texts()) == names, table
            links.filter(has_text="Ann").click()
            page.wait_for_url("**/players/Ann/")
            page.go_back()
            assert page.evaluate(MEASURE)["small"] == [], table
