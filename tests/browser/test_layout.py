"""Every app's list pages share the site's layout: the title beside its
action, status filters set apart, screen-reader-only labels hidden."""

import itertools
import re

from playwright.sync_api import expect

from tests.browser.walk import sign_in
from tests.conftest import make_user


def test_list_pages_lay_out_their_heads_and_filters(page, transactional_db):
    make_user("ann@example.com", "Ann")
    sign_in(page, "ann@example.com")

    page.goto("/games/")
    filters = page.get_by_role("navigation", name="Filter by status").get_by_role("link")
    boxes = [filters.nth(i).bounding_box() for i in range(filters.count())]
    assert len(boxes) == 5  # All and each status
    for left, right in itertools.pairwise(boxes):
        if right["y"] == left["y"]:  # same line: a visible gap between the words
            assert right["x"] - (left["x"] + left["width"]) >= 8, (left, right)
    # The title and its "New game" button share one line.
    title = page.get_by_role("heading", name="My games").bounding_box()
    button = page.get_by_role("link", name="New game").bounding_box()
    assert button["x"] > title["x"] + title["width"]
    assert abs((button["y"] + button["height"] / 2) - (title["y"] + title["height"] / 2)) < title["height"]

    page.goto("/lobby/")
    assert page.evaluate("getComputedStyle(document.querySelector('.page-head')).display") == "flex"
    # A label meant for screen readers only takes no room on the page.
    page.goto("/tournaments/")
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<span class=\"visually-hidden\" id=\"probe\">Actions</span>')"
    )
    probe = page.locator("#probe").bounding_box()
    assert probe["width"] <= 1 and probe["height"] <= 1

    # Number fields are styled like the other fields, sized for a number.
    page.goto("/games/new/")
    players = page.get_by_role("spinbutton", name="Players:")
    style = players.evaluate("e => { const s = getComputedStyle(e); return [s.paddingLeft, s.borderTopLeftRadius] }")
    assert style == ["9.6px", "6px"], style
    box = players.bounding_box()
    assert 80 <= box["width"] <= 140 and box["height"] >= 36, box

    # Stacked cards (profile, deadlines and vacations) stand apart.
    page.goto("/profile/deadlines/")
    cards = page.locator("main .card")
    assert cards.count() >= 3
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    for upper, lower in itertools.pairwise(boxes):
        assert lower["y"] - (upper["y"] + upper["height"]) >= 12, (upper, lower)

    # The home page's game cards stay in one row, tops aligned.
    page.goto("/")
    tops = {round(page.locator(".game-list .card").nth(i).bounding_box()["y"]) for i in range(4)}
    assert len(tops) == 1, tops


def test_a_seat_box_ends_under_its_last_line(page, transactional_db):
    """A player's box on the game page (name, clock, last turn) has no blank
    line at its foot when there is no vacation or bank to show."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import everyone_moves_once

    now = timezone.now()
    match = match_create_seated(
        users=[make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")], game="alta", now=now
    )
    everyone_moves_once(match, now)
    page.goto(f"/games/{match.pk}/")
    expect(page.locator(".seats .last-turn")).to_have_count(2)
    gaps = page.evaluate(
        """() => [...document.querySelectorAll('.seats li')].map((li) => {
          const shown = [...li.children].filter((c) => c.textContent.trim());
          return li.getBoundingClientRect().bottom - Math.max(...shown.map((c) => c.getBoundingClientRect().bottom));
        })"""
    )
    assert gaps and max(gaps) <= 12, gaps


def test_a_link_in_a_table_row_lines_up_with_the_rest_of_the_row(page, transactional_db):
    """A table's link (a game in the lobby, a player in a ranking) is a finger
    high, but its words sit on the row's first line like the other cells'
    words, not half a line lower."""
    from django.utils import timezone

    from games.services import match_create_seated

    users = [make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")]
    match_create_seated(users=users, game="alta", now=timezone.now())
    sign_in(page, "ann@example.com")
    page.goto("/lobby/")
    tops = page.evaluate(
        """() => [...document.querySelector('table.table tbody tr').cells].map((cell) => {
          const words = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, (n) => n.data.trim()
            ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP).nextNode();
          const range = document.createRange();
          range.selectNodeContents(words);
          return range.getBoundingClientRect().top;
        })"""
    )
    assert max(tops) - min(tops) <= 3, tops


def test_a_finished_seats_place_lines_up_under_its_last_turn(page, transactional_db):
    """In a finished game's player box, "place 1 · 12 points" starts where the
    "Last turn" line above it starts, not indented."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import finish_by_resignations

    now = timezone.now()
    users = [make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")]
    match = finish_by_resignations(match_create_seated(users=users, game="alta", now=now), users, now)
    page.goto(f"/games/{match.pk}/")
    lefts = page.evaluate(
        """() => [...document.querySelectorAll('.seats li')].filter((li) => li.querySelector('.last-turn'))
          .map((li) => li.querySelector('.place').getBoundingClientRect().left
                       - li.querySelector('.last-turn').getBoundingClientRect().left)"""
    )
    assert lefts and all(abs(d) <= 1 for d in lefts), lefts


def test_a_short_name_in_a_list_of_players_is_followed_by_its_comma(page, transactional_db):
    """The lobby's games to watch list their players as "Cy, Bo": a name
    shorter than a finger is still a finger-wide link, but the comma follows
    the name, not a blank the width of a finger ("Cy     , Bo")."""
    from django.utils import timezone

    from games.services import match_create_seated

    users = [make_user("cy@example.com", "Cy"), make_user("bo@example.com", "Bo")]
    make_user("ann@example.com", "Ann")
    match_create_seated(users=users, game="alta", now=timezone.now())
    sign_in(page, "ann@example.com")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("/lobby/")
        names = page.locator("table a[href^='/players/']")
        expect(names).to_have_count(2)
        for i in range(2):
            box = names.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box  # still a finger's target
        gap = names.first.evaluate(
            """(link) => {
              const words = (node) => { const r = document.createRange(); r.selectNodeContents(node);
                                        return r.getBoundingClientRect(); };
              const comma = link.nextSibling;  // the text ", " after the first name
              if (!comma.data.startsWith(",")) throw new Error(`not a comma: ${comma.data}`);
              return words(comma).left - words(link.firstChild).right;
            }"""
        )
        assert gap <= 3, (width, gap)


def test_a_text_box_shows_the_sites_focus_ring(page, transactional_db):
    """A keyboard user sees where they are: a message box (a club's
    description here, a game's chat), when focused, gets the same thick
    yellow ring as every field and button, not the browser's thin default."""
    make_user("ann@example.com", "Ann")
    sign_in(page, "ann@example.com")
    page.goto("/clubs/new/")
    ring = "e => { e.focus(); const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    page.keyboard.press("Tab")  # the keyboard is in use: focus shows as it would for a keyboard user
    field = page.locator("main input[type=text]").first.evaluate(ring)
    box = page.locator("main textarea").first.evaluate(ring)
    assert field == ["solid", "3px", "rgb(224, 168, 0)"], field
    assert box == field, box


def test_a_check_box_sits_beside_its_label(page, transactional_db):
    """A check box of a form (the profile's "Chat messages at once", the
    deadlines page's vacation day) is on its label's line, before it, not
    alone under the hint below the label; the hint follows."""
    make_user("ann@example.com", "Ann")
    sign_in(page, "ann@example.com")
    for path, name in (("/profile/", "Chat messages at once"), ("/profile/deadlines/", "Use a day of vacation")):
        page.goto(path)
        box = page.get_by_role("checkbox", name=re.compile(name))
        label = page.locator(f"label[for='{box.get_attribute('id')}']")
        b, lab = box.bounding_box(), label.bounding_box()
        assert b["x"] + b["width"] <= lab["x"], (path, b, lab)
        middle = b["y"] + b["height"] / 2
        assert lab["y"] <= middle <= lab["y"] + lab["height"], (path, b, lab)
        hint = page.locator(f"#{box.get_attribute('id')}_helptext")
        if hint.count():
            assert hint.bounding_box()["y"] >= lab["y"] + lab["height"] - 1, path
