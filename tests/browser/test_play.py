"""Two people create, join and play Alta by clicking; a finished game replays."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")


@pytest.fixture
def contexts():
    """Browser contexts opened by a test, closed before the server stops
    (a page left open would keep polling it)."""
    opened = []
    yield opened
    for context in opened:
        context.close()


def log_in(browser, live_server, email, contexts):
    context = browser.new_context(base_url=live_server.url)
    contexts.append(context)
    context.set_default_timeout(15_000)
    # The page's timers on a clock the test can move on (time otherwise runs as usual).
    context.clock.install()
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    return page


def play_one_submission(page):
    """Make the next part of the turn by clicking, as a person would."""
    ply = int(page.locator("#play").get_attribute("data-ply"))
    buttons = page.locator(".move-buttons button[data-move]")
    picks = page.locator("[data-pick].pickable")
    if picks.count():
        picks.first.click()
        page.locator("[data-target].legal").first.click()
    else:
        merchant = buttons.filter(has_text=re.compile("merchant", re.I))
        (merchant.first if merchant.count() else buttons.first).click()
    expect(page.locator("#play")).to_have_attribute("data-ply", str(ply + 1))


def test_two_players_create_join_and_play_by_clicking(browser, live_server, players, contexts):
    ann = log_in(browser, live_server, "ann@example.com", contexts)
    ann.get_by_role("link", name="Lobby").click()
    ann.get_by_role("link", name="New game").click()
    ann.get_by_label("Game:", exact=True).select_option("alta")
    ann.get_by_label("Players:", exact=True).fill("2")
    ann.get_by_role("button", name="Create game").click()
    expect(ann.get_by_text("Your game is waiting for players.")).to_be_visible()
    game_url = ann.url

    ben = log_in(browser, live_server, "ben@example.com", contexts)
    ben.goto("/lobby/")
    ben.get_by_role("button", name="Join").click()
    expect(ben.get_by_text("You joined the game.")).to_be_visible()
    ann.goto(game_url)

    submissions = 0
    while submissions < 8:
        for page in (ann, ben):
            page.reload()
        mover = ann if ann.get_by_role("heading", name="Your move").count() else ben
        waiter = ben if mover is ann else ann
        expect(waiter.get_by_text("Waiting for the other player")).to_be_visible()
        ply = int(mover.locator("#play").get_attribute("data-ply"))
        play_one_submission(mover)
        submissions += 1
        # The waiting page notices the new position by itself (polling): its
        # 5 s poll interval passes at once instead of being waited out.
        waiter.clock.fast_forward(5_000)
        expect(waiter.locator("#play")).to_have_attribute("data-ply", str(ply + 1), timeout=20_000)
    expect(ann.locator(".history li").first).to_be_visible()
    assert ann.locator(".island-box").count() == 2
    ann.screenshot(path="var/game-page.png", full_page=True)


def test_typing_notation_works_and_errors_are_explained(browser, live_server, players, contexts):
    from django.utils import timezone

    from games.services import match_create_seated

    ann_user, ben_user = players
    match = match_create_seated(users=[ann_user, ben_user], game="alta", now=timezone.now())
    mover_email = match.seats.get(deadline_at__isnull=False).user.email
    page = log_in(browser, live_server, mover_email, contexts)
    page.goto(f"/games/{match.pk}/")
    page.get_by_label("Your move").fill("plant a tree")
    page.get_by_role("button", name="Play").click()
    expect(page.locator(".message.error")).to_be_visible()
    expect(page.locator("#play")).to_have_attribute("data-ply", "0")
    # The typed text stays in the box, and the words beside it say what was wrong.
    box = page.get_by_label("Your move")
    expect(box).to_have_value("plant a tree")
    expect(box).to_have_attribute("aria-invalid", "true")
    error = page.locator("#move-error")
    expect(error).to_contain_text("That move was not played:")
    assert len(error.inner_text().split(":", 1)[1].split()) >= 3  # a sentence, not a code
    # Once read, the page forgets the draft: a reload shows an empty box.
    page.reload()
    expect(page.get_by_label("Your move")).to_have_value("")


def test_a_finished_game_replays_move_by_move(browser, live_server, players):
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import MoveRecord
    from games.services import match_create_seated, move_submit

    ann_user, ben_user = players
    match = match_create_seated(users=[ann_user, ben_user], game="alta", now=timezone.now())
    rules = get_rules("alta")
    while match.status == "active":
        state = rules.load(match.state)
        index = min(rules.to_move(state))
        move = rules.default_move(state, index)
        move_submit(
            match_id=match.pk,
            user=match.seats.get(index=index).user,
            text=rules.format_move(state, index, move),
            ply=match.ply,
            source=MoveRecord.Source.WEB,
            now=timezone.now(),
        )
        match.refresh_from_db()

    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.goto(f"/games/{match.pk}/")
    expect(page.get_by_role("heading", name="Final result")).to_be_visible()
    page.get_by_role("link", name="Replay the game").click()
    expect(page.get_by_text(f"Position 0 of {match.ply}")).to_be_visible()
    page.get_by_role("link", name="Next move").click()
    expect(page.get_by_text(f"Position 1 of {match.ply}")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_text(f"Position 2 of {match.ply}")).to_be_visible()
    page.get_by_role("link", name="Last position").click()
    expect(page.get_by_text(f"Position {match.ply} of {match.ply}")).to_be_visible()
    assert page.locator(".island-box").count() == 2
    context.close()
