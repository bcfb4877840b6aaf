"""Alhambra on the game page: buy with a move button, then place the bought
building by clicking it and a highlighted cell of your Alhambra."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_tab_stops import TAB_STOPS
from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")


def can_buy(rules, state):
    seat = min(rules.to_move(state))
    return any(rules.dump_move(move)["kind"] == "buy" for _, move in rules.move_options(state, seat))


def test_buy_then_place_by_clicking(browser, live_server, players):
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import MoveRecord
    from games.services import match_create_seated, move_submit

    match = match_create_seated(users=list(players), game="alhambra", now=timezone.now())
    rules = get_rules("alhambra")
    # Take money (the timeout move) until the player to move can buy something.
    for _ in range(12):
        state = rules.load(match.state)
        if can_buy(rules, state):
            break
        seat = min(rules.to_move(state))
        move_submit(
            match_id=match.pk,
            user=match.seats.get(index=seat).user,
            text=rules.format_move(state, seat, rules.default_move(state, seat)),
            ply=match.ply,
            source=MoveRecord.Source.WEB,
            now=timezone.now(),
        )
        match.refresh_from_db()
    assert can_buy(rules, rules.load(match.state))
    mover = match.seats.get(index=min(rules.to_move(rules.load(match.state)))).user

    context = browser.new_context(base_url=live_server.url, viewport={"width": 1100, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(mover.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        expect(page.locator("svg.alh-market")).to_be_visible()
        expect(page.locator("svg.alh-alhambra")).to_have_count(2)
        expect(page.locator("svg.alh-hand")).to_be_visible()
        expect(page.get_by_text("Dirk (silent third player)")).to_be_visible()

        ply = int(page.locator("#play").get_attribute("data-ply"))
        page.locator(".move-buttons button", has_text=re.compile("^Buy")).first.click()
        ply += 1
        expect(page.locator("#play")).to_have_attribute("data-ply", str(ply))
        done = page.locator(".move-buttons button", has_text=re.compile("^Done"))
        if done.count():  # an exact payment: decline the extra action
            done.click()
            ply += 1
            expect(page.locator("#play")).to_have_attribute("data-ply", str(ply))

        tile = page.locator("[data-pick^='pending:'].pickable").first
        expect(tile).to_be_visible()
        tile.click()
        cells = page.locator("svg.alh-alhambra [data-target].legal")
        expect(cells.first).to_be_visible()
        expect(page.locator("[data-target='reserve'].legal")).to_have_count(1)
        expect(page.locator("[data-target='dirk'].legal")).to_have_count(1)
        # Only the places the picked tile may go are Tab stops.
        legal = page.locator("#play [data-target].legal")
        wanted = {f"target {v}" for v in legal.evaluate_all("(nodes) => nodes.map((n) => n.dataset.target)")}
        assert wanted == {s for s in page.evaluate(TAB_STOPS) if s.startswith("target ")}
        page.screenshot(path="var/alhambra-page.png", full_page=True)
        placed = cells.first.get_attribute("data-target").split(":")[1]
        cells.first.click()
        expect(page.locator("#play")).to_have_attribute("data-ply", str(ply + 1))
        mine = page.locator(".alh-seat").first.locator("g.tile title", has_text=re.compile(f"^{placed}: "))
        expect(mine).to_have_count(1)
        expect(page.locator(".history li").first).to_contain_text(f"at {placed}")
        page.set_viewport_size({"width": 390, "height": 800})
        page.screenshot(path="var/alhambra-page-phone.png", full_page=True)
    finally:
        context.close()


def test_a_finished_game_fits_a_phone(page, players):
    """The final scores (a column per scoring, "57 (wall 11)") scroll inside
    their own box at 390 px: neither the game page nor the replay's last
    position pushes the page sideways."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import play_to_the_end

    now = timezone.now()
    match = play_to_the_end(match_create_seated(users=list(players), game="alhambra", now=now), now)
    page.set_viewport_size({"width": 390, "height": 900})
    for path in (f"/games/{match.pk}/", f"/games/{match.pk}/replay/?ply={match.ply}"):
        page.goto(path)
        expect(page.locator(".alh-scores")).to_contain_text("Scoring 3")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (path, overflow)


def test_a_long_revealed_money_hand_does_not_push_a_phone_page_sideways(page, players):
    """At the end every money hand is revealed beside its Alhambra ("denar
    1+1+1+2+2+2+… (= 100)"); a player who ends with 22 cards of one currency (a
    three-player game reached it) still fits 390 px, on the game page and the
    replay's last position."""
    from django.utils import timezone

    from games.models import Match
    from games.services import match_create_seated
    from tests.ratings.conftest import play_to_the_end

    now = timezone.now()
    match = play_to_the_end(match_create_seated(users=list(players), game="alhambra", now=now), now)
    state = match.state
    # Card codes are currency * 10 + value: 22 denars (currency 0), values 1-9 twice and 1-4.
    state["state"]["seats"][0]["hand"] = sorted([*range(1, 10), *range(1, 10), *range(1, 5)])
    Match.objects.filter(pk=match.pk).update(state=state)
    page.set_viewport_size({"width": 390, "height": 900})
    for path in (f"/games/{match.pk}/", f"/games/{match.pk}/replay/?ply={match.ply}"):
        page.goto(path)
        expect(page.locator(".alh-seat figcaption", has_text="1+1+1+2+2+2+3+3+3").first).to_be_visible()
        overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (path, overflow)
