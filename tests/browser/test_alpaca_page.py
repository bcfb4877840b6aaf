"""Alpaca in the browser: the table is drawn, a tile is placed by clicking
a hand tile and then a corner of a free cell."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return (make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben"), make_user("cy@example.com", "Cy"))


def test_a_player_places_a_tile_by_clicking(browser, live_server, players):
    from django.utils import timezone

    from games.services import match_create_seated

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False).user
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1000, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(mover.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        expect(page.locator("svg.alpaca-table")).to_be_visible()
        expect(page.locator("svg.alpaca-hand")).to_be_visible()
        expect(page.locator("#play")).to_have_attribute("data-ply", "0")
        # The first tile goes to 0,0: pick a tile of the dominant colour, then a corner.
        page.locator("[data-pick].pickable").first.click()
        legal = page.locator("[data-target].legal")
        expect(legal).to_have_count(4)
        page.screenshot(path="var/alpaca-page-picked.png", full_page=True)
        page.locator('[data-target="cell:0,0:2"]').click()
        expect(page.locator("#play")).to_have_attribute("data-ply", "1")
        expect(page.locator(".history li").first).to_contain_text("at 0,0 rot 2")
        page.screenshot(path="var/alpaca-page.png", full_page=True)
        # The next player sees the placed tile at 0,0 with its colours spelled out.
        assert page.locator('svg.alpaca-table g[aria-label^="0,0: "]').count() == 1
    finally:
        context.close()


def _play_eastward(match, moves: int) -> None:
    """Play ``moves`` placements, each as far east as the rules allow (and
    no bonus), so that the table grows wider than a phone."""
    from django.utils import timezone

    from games.engine import get_rules
    from games.rules.alpaca.moves import Place
    from games.services import move_submit

    rules = get_rules("alpaca")
    for _ in range(moves):
        match.refresh_from_db()
        state = rules.load(match.state)
        [seat] = rules.to_move(state)
        legal = rules.legal_moves(state, seat)
        places = [move for move in legal if isinstance(move, Place)]
        move = max(places, key=lambda m: (m.x, -m.y)) if places else legal[-1]
        user = match.seats.get(index=seat).user
        move_submit(
            match_id=match.pk,
            user=user,
            ply=match.ply,
            source="web",
            now=timezone.now(),
            structured=rules.dump_move(move),
        )


def test_a_phone_opens_the_wide_table_on_the_last_tile_placed(browser, live_server, players):
    """At 390 px a table wider than the screen scrolls inside its box; the
    box opens where the last tile was placed (the news), not at its west
    edge, and the page itself does not scroll sideways."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.browser.walk import signed_in

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    _play_eastward(match, 8)
    with signed_in(browser, live_server.url, players[0].email, 390) as page:
        page.goto(f"/games/{match.pk}/")
        box = page.locator(".alpaca-table-box")
        expect(box.locator(".last-placed")).to_have_count(1)
        seen = page.evaluate(
            """() => {
              const box = document.querySelector(".alpaca-table-box");
              const outer = box.getBoundingClientRect();
              const tile = box.querySelector(".last-placed").getBoundingClientRect();
              return {wide: box.scrollWidth > box.clientWidth + 40, left: tile.left >= outer.left - 1,
                      right: tile.right <= outer.right + 1, page: document.documentElement.scrollWidth};
            }"""
        )
        assert seen == {"wide": True, "left": True, "right": True, "page": 390}, seen


def test_the_table_legend_stays_readable_when_a_phone_opens_on_the_last_tile(browser, live_server, players):
    """At 390 px the wide table's box opens scrolled to the last tile; the
    legend and colour key under the table stay in view, not cut off at the
    box's west edge ("ofdletter: grote driehoek")."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.browser.walk import signed_in

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    _play_eastward(match, 8)
    with signed_in(browser, live_server.url, players[0].email, 390) as page:
        page.goto(f"/games/{match.pk}/")
        expect(page.locator(".alpaca-table-box .last-placed")).to_have_count(1)
        seen = page.evaluate(
            """() => {
              const box = document.querySelector(".alpaca-table-box");
              const outer = box.getBoundingClientRect();
              const caption = box.querySelector("figcaption").getBoundingClientRect();
              return {scrolled: box.scrollLeft > 0, left: caption.left >= outer.left - 1,
                      right: caption.right <= outer.right + 1};
            }"""
        )
        assert seen == {"scrolled": True, "left": True, "right": True}, seen


@pytest.mark.parametrize("moves", [1, 8])
def test_a_phone_shows_the_tables_row_labels_when_the_box_is_scrolled(browser, live_server, players, moves):
    """At 375 px the table's box opens scrolled to the last tile; the row
    labels (y, left of each row) stay in sight at the box's left edge, on
    top of the tiles scrolled under them, instead of scrolling out of view."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.browser.walk import signed_in

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    _play_eastward(match, moves)
    with signed_in(browser, live_server.url, players[0].email, 375) as page:
        page.goto(f"/games/{match.pk}/")
        expect(page.locator(".alpaca-table-box .last-placed")).to_have_count(1)
        page.locator(".alpaca-table-box svg.alpaca-table").scroll_into_view_if_needed()
        hidden = page.evaluate(
            """() => {
              const box = document.querySelector(".alpaca-table-box");
              const outer = box.getBoundingClientRect();
              // The rows: the y of each open cell ("5,-1").
              const rows = new Set([...box.querySelectorAll("text")].map((t) => t.textContent)
                .filter((s) => /^-?\\d+,-?\\d+$/.test(s)).map((s) => s.split(",")[1]));
              return [...rows].filter((y) => ![...box.querySelectorAll("text")].some((t) => {
                if (t.textContent !== y) return false;
                const r = t.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return r.left >= outer.left && r.right <= outer.left + 60 && top === t;
              }));
            }"""
        )
        assert page.evaluate("document.querySelector('.alpaca-table-box').scrollLeft") > 0
        assert hidden == [], hidden


def test_the_table_s_own_row_labels_do_not_show_through_the_kept_ones(browser, live_server, players):
    """Scrolled a little, the table's own row labels slid under the labels
    kept at the box's edge and showed through them ("2 2", "1 1"): the kept
    labels stand on an opaque strip of the page's colour."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.browser.walk import signed_in

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    _play_eastward(match, 1)
    with signed_in(browser, live_server.url, players[0].email, 375) as page:
        page.goto(f"/games/{match.pk}/")
        strip, paper = page.evaluate(
            """() => [getComputedStyle(document.querySelector(".alpaca-row-labels")).backgroundColor,
                      getComputedStyle(document.documentElement).backgroundColor]"""
        )
        assert strip == paper, (strip, paper)
