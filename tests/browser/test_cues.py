"""Your-move cues: the tab title and the favicon say whose move it is, and a
waiting page takes in the other player's move without reloading (scroll and
focus stay where they were)."""

import re

from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


def test_the_title_turns_to_your_move_when_the_other_player_moves(browser, live_server, transactional_db):
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import MoveRecord
    from games.services import match_create_seated, move_submit

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = match_create_seated(users=[ann, ben], game="alta", now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False)
    waiter = match.seats.exclude(pk=mover.pk).get()
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 700})
    context.set_default_timeout(15_000)
    # The page's timers on a clock the test can move on (time otherwise runs as usual).
    context.clock.install()
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(waiter.user.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        expect(page).to_have_title(f"Alta #{match.pk} · Alta")
        icon = page.locator("link[rel~=icon]")
        assert "your-move" not in icon.get_attribute("href")

        # Scrolled down, the focus on a link: neither is lost by the update.
        page.get_by_role("link", name="Rules and notation").focus()
        page.evaluate("window.scrollTo(0, 400); window.notReloaded = true")
        scrolled = page.evaluate("window.scrollY")
        assert scrolled > 0

        rules = get_rules("alta")
        while match.seats.get(pk=mover.pk).deadline_at is not None:
            state = rules.load(match.state)
            move = rules.default_move(state, mover.index)
            move_submit(
                match_id=match.pk,
                user=mover.user,
                text=rules.format_move(state, mover.index, move),
                ply=match.ply,
                source=MoveRecord.Source.WEB,
                now=timezone.now(),
            )
            match.refresh_from_db()

        page.clock.fast_forward(5_000)  # the 5 s poll interval passes at once instead of being waited out
        expect(page).to_have_title(f"(Your move) Alta #{match.pk} · Alta", timeout=20_000)
        expect(page.get_by_role("heading", name="Your move")).to_be_visible()
        expect(page.locator("#play")).to_have_attribute("data-ply", str(match.ply))
        expect(icon).to_have_attribute("href", re.compile("favicon-your-move"))
        assert page.evaluate("window.notReloaded") is True
        assert page.evaluate("window.scrollY") == scrolled
        assert page.evaluate("document.activeElement.textContent") == "Rules and notation"
        # The other player's whole last turn (hand card and face-up card, sent
        # step by step) is outlined on their island and said in words.
        expect(page.locator(f'.island-box[data-seat="{mover.index}"] .last-move')).to_have_count(2)
        expect(page.locator(".seats .last-turn").first).to_contain_text(re.compile(r"Last turn: Placed [A-Z]"))
        # The swapped-in board can be played by clicking.
        page.locator("[data-pick].pickable").first.click()
        expect(page.locator("[data-target].legal").first).to_be_visible()
    finally:
        context.close()


def _waiting_page(browser, live_server, user, url: str):
    """``user``'s page at ``url``, its timers on a clock the test moves."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15_000)
    context.clock.install()
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    page.goto(url)
    return context, page


def test_a_tab_in_the_background_still_turns_to_your_move(browser, live_server, transactional_db):
    """The title and the favicon are for a tab the player is not looking
    at: a hidden page polls too, only less often."""
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import MoveRecord
    from games.services import match_create_seated, move_submit

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = match_create_seated(users=[ann, ben], game="alpaca", now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False)
    waiter = match.seats.exclude(pk=mover.pk).get()
    context, page = _waiting_page(browser, live_server, waiter.user, f"/games/{match.pk}/")
    try:
        page.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true})")
        rules = get_rules("alpaca")
        while match.seats.get(pk=waiter.pk).deadline_at is None:
            state = rules.load(match.state)
            text = rules.format_move(state, mover.index, rules.default_move(state, mover.index))
            now = timezone.now()
            move_submit(
                match_id=match.pk, user=mover.user, text=text, ply=match.ply, source=MoveRecord.Source.WEB, now=now
            )
            match.refresh_from_db()
        page.clock.fast_forward(5_000)
        expect(page).not_to_have_title(re.compile(r"Your move"))  # hidden: not polled at every tick
        page.clock.run_for(55_000)  # every tick fires (fast_forward fires each timer once)
        expect(page).to_have_title(re.compile(r"^\(Your move\) Alpaca"), timeout=20_000)
        expect(page.locator("link[rel~=icon]")).to_have_attribute("href", re.compile("favicon-your-move"))
    finally:
        context.close()


def test_a_game_waiting_for_players_shows_itself_started(browser, live_server, transactional_db):
    from django.utils import timezone

    from games.services import match_create, match_join

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = match_create(creator=ann, game="alta", players=2, now=timezone.now())
    context, page = _waiting_page(browser, live_server, ann, f"/games/{match.pk}/")
    try:
        expect(page.get_by_text("Waiting for the other player. The game starts when they join.")).to_be_visible()
        match_join(match_id=match.pk, user=ben, now=timezone.now())
        page.clock.fast_forward(5_000)
        expect(page.locator("#play")).to_be_visible(timeout=20_000)
        expect(page.get_by_text("The game starts when they join.")).to_have_count(0)
    finally:
        context.close()
