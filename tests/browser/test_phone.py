"""Every page at desktop and phone width: nothing pushes the page sideways
(wide tables scroll inside themselves), everything a finger can tap is at
least 44 x 44 CSS px (WCAG 2.5.5), and the words are words: no slug, no
"(s)", no "1 cards"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.walk import WIDTHS, problems_on_every_page, signed_in
from tests.conftest import PASSWORD

TAP = 44
#: Raw words that must not reach a page: slugs (wheat_field), "(s)" plurals,
#: a plural after 1, and the internal ply shown as a "position".
RAW_WORDS = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\w\(s\)|\b1 (cards|tiles|points|games|players|moves|days)\b"
    r"|\bMatchs\b|\bposition \d+"
)

# What the page scrolls beyond the viewport, and each tap target under 44 x 44.
# A link inside running text is exempt (WCAG's "inline" exception), and so is
# a check box or radio button whose label is a big enough target, a box that
# scrolls (scroll.js puts it in the Tab order: it is scrolled, not tapped), and
# a target that a big enough button with the same data-target also plays.
MEASURE = """() => {
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === "none" || s.visibility === "hidden") return false;
      if (n.classList.contains("visually-hidden")) return false;
    }
    return !e.closest(".skip");
  };
  const inline = (e) => {
    if (e.tagName !== "A") return false;
    const block = e.closest("p, li:not(.nav-links > li), dd, figcaption, .hint, .helptext");
    return block && block.textContent.trim().length > e.textContent.trim().length + 2;
  };
  // A target with an equivalent big button (same data-target) is exempt:
  // WCAG 2.5.5's "equivalent" exception (Atlantis's card markers).
  const equivalent = (e) => e.dataset && e.dataset.target && [...document.querySelectorAll(
    `button[data-target="${CSS.escape(e.dataset.target)}"]`)].some((b) => {
      const r = b.getBoundingClientRect();
      return b !== e && visible(b) && r.width + 0.5 >= 44 && r.height + 0.5 >= 44;
    });
  const label = (e) => e.closest("label") || (e.id && document.querySelector(`label[for="${e.id}"]`));
  const small = [];
  const nodes = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [tabindex]:not([tabindex='-1'])");
  for (const e of nodes) {
    if (!visible(e) || inline(e) || e.hasAttribute("data-scroll-stop") || equivalent(e)) continue;
    let r = e.getBoundingClientRect();
    if ((r.width < 44 || r.height < 44) && (e.type === "checkbox" || e.type === "radio") && label(e)) {
      r = label(e).getBoundingClientRect();
    }
    if (r.width + 0.5 < 44 || r.height + 0.5 < 44) {
      const name = (e.getAttribute("aria-label") || e.textContent || e.name || e.tagName).trim().slice(0, 40);
      small.push(`${e.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("main *")].filter(
    (e) => e.getBoundingClientRect().right > width + 0.5 && ![...e.children].some(
      (c) => c.getBoundingClientRect().right > width + 0.5)).slice(0, 3).map(
    (e) => `${e.tagName.toLowerCase()}.${e.className.baseVal ?? e.className}`);
  return {overflow: document.documentElement.scrollWidth - width, small, wide};
}"""


def _problems(page) -> dict | None:
    """What is wrong with the page open in ``page``: overflow, small tap
    targets, raw words (``None`` when nothing is)."""
    found = page.evaluate(MEASURE)
    # Moves as typed (code.notation) name cards by name too; other code
    # (hashes, seeds, addresses) is not prose.
    text = page.evaluate(
        "() => { const m = document.querySelector('main').cloneNode(true);"
        " m.querySelectorAll('code:not(.notation), script').forEach((c) => c.remove()); return m.innerText }"
    )
    words = sorted({m.group(0) for m in RAW_WORDS.finditer(text)})
    if page.url.endswith("/rules/atlantis/"):  # the road's positions, not a ply
        words = [w for w in words if not w.startswith("position ")]
    if found["overflow"] > 0 or found["small"] or words:
        return {**found, "words": words}
    return None


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_overflows_and_every_tap_target_is_big_enough(browser, live_server, site, width):
    problems = problems_on_every_page(browser, live_server.url, site, width, _problems)
    if problems:
        pytest.fail(
            "\n".join(
                f"{path}: overflow {found['overflow']} px by {found['wide']}; small: {'; '.join(found['small'])}; "
                f"raw words: {found['words']}"
                for path, found in problems.items()
            )
        )


@pytest.mark.parametrize("width", WIDTHS)
def test_the_ladder_challenge_button_is_a_finger_big(browser, live_server, transactional_db, width):
    """A ranking row's Challenge button (shown to a member beside anyone
    they may challenge) is at least 44 x 44 like every other button."""
    from django.utils import timezone

    from ratings.models import Ladder
    from ratings.services import ladder_join
    from tests.conftest import make_user

    ladder = Ladder.objects.create(game="alta", players=2)
    for n in ("ann", "ben"):
        ladder_join(ladder_id=ladder.pk, user=make_user(f"{n}@example.com", n.title()), now=timezone.now(), capacity=2)
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        page.goto(f"/ladders/{ladder.pk}/")
        assert page.get_by_role("button", name="Challenge Ben").is_visible()
        assert page.evaluate(MEASURE)["small"] == []


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_the_rules_fit_a_phone_in_dutch(browser, live_server, game):
    """A rules page read in Dutch at 390 px: its tables (Alhambra's scoring,
    longer in Dutch) scroll inside themselves, and the notation examples sit
    in a box of their own that scrolls, instead of being cut off at the edge."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900}, locale="nl-NL")
    try:
        page = context.new_page()
        page.goto(f"/rules/{game}/")
        assert page.locator("html").get_attribute("lang") == "nl"
        assert page.evaluate(MEASURE)["overflow"] <= 0
        boxed = page.evaluate(
            "() => [...document.querySelectorAll('.prose pre')].map((p) => getComputedStyle(p).borderTopStyle)"
        )
        assert boxed and set(boxed) == {"solid"}, boxed
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_clubs_link_of_a_player_who_runs_no_club_is_a_finger_big(browser, live_server, transactional_db, width):
    """Alone on its line (no "New tournament" beside it), the tournament
    list's link to the clubs is a tap target like any other: 44 x 44."""
    from tests.conftest import make_user

    make_user("ann@example.com", "Ann")
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        page.goto("/tournaments/")
        assert page.get_by_role("link", name="Clubs", exact=True).is_visible()
        assert page.get_by_role("link", name="New tournament").count() == 0
        assert page.evaluate(MEASURE)["small"] == []


def test_lists_on_a_phone_name_and_link_what_each_row_is_about(browser, live_server, transactional_db):
    """At 390 px a list still shows its first column when that is what a row
    is about: My games links each game, the tournament and club lists each
    tournament and club, the deadlines page each game, a finished game's
    result table each place."""
    import datetime as dt

    from django.utils import timezone

    from games.services import match_create_seated
    from tests.conftest import make_user
    from tests.ratings.conftest import _to_move, finish_by_resignations
    from tournaments.services import club_create, tournament_create

    now = timezone.now()
    users = [make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")]
    match = match_create_seated(users=users, game="alta", now=now)
    finished = finish_by_resignations(match_create_seated(users=users, game="alta", now=now), users, now)
    club = club_create(creator=users[0], name="Harbour club", description="", now=now)
    tournament_create(
        creator=users[0],
        name="Winter cup",
        club_id=club.pk,
        now=now,
        rounds=3,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    # The deadlines page lists the games where it is the reader's move.
    with signed_in(browser, live_server.url, _to_move(match)[0].email, 390) as page:
        shown = {
            "/games/": ("link", f"Alta #{match.pk}"),
            "/tournaments/": ("link", "Winter cup"),
            "/clubs/": ("link", "Harbour club"),
            "/profile/deadlines/": ("link", f"Alta #{match.pk}"),
            f"/games/{finished.pk}/": ("columnheader", "Place"),
        }
        hidden = []
        for path, (role, name) in shown.items():
            page.goto(path)
            if not page.get_by_role(role, name=name, exact=True).first.is_visible():
                hidden.append((path, name))
        assert hidden == []


def test_a_finished_games_results_read_on_a_phone(browser, live_server, transactional_db):
    """At 390 px the result table's reveal and breakdown ("Cells: B2: 3, C2:
    4, ...") keep a readable width (the table scrolls sideways instead):
    not a sliver of one "B2:" per line that makes each row a screen tall."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.conftest import make_user
    from tests.ratings.conftest import play_to_the_end

    now = timezone.now()
    users = [make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")]
    match = play_to_the_end(match_create_seated(users=users, game="alta", now=now), now)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"/games/{match.pk}/")
        widths = page.evaluate(
            "() => [...document.querySelectorAll('table.results dd')].map((d) => d.getBoundingClientRect().width)"
        )
        assert widths and min(widths) >= 150, widths
        rows = page.evaluate(
            "() => [...document.querySelectorAll('table.results tbody tr')].map((r) => r.offsetHeight)"
        )
        assert max(rows) < 450, rows
    finally:
        context.close()


def test_the_lobbys_join_button_is_in_sight_on_a_phone(browser, live_server, transactional_db):
    """In Dutch at 390 px the open games table is wider than the screen (it
    scrolls sideways); its Meedoen button stays in sight at the right edge
    instead of being cut off."""
    from django.utils import timezone

    from games.services import match_create
    from tests.conftest import living_in, make_user

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    living_in("nl", "Europe/Amsterdam", ann)
    match_create(creator=ben, game="alhambra", players=3, now=timezone.now())
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill("ann@example.com")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        page.goto("/lobby/")
        button = page.get_by_role("button", name="Meedoen").bounding_box()
        assert button is not None and button["x"] >= 0 and button["x"] + button["width"] <= 390 - 12, button
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_an_invitation_is_accepted_from_the_home_page(browser, live_server, transactional_db, width):
    """The home page lists an invitation with finger-big Accept and Decline
    buttons; Accept seats the player and opens the game."""
    from django.utils import timezone

    from games.services import match_create
    from tests.conftest import make_user

    ann, ben = (make_user(f"{n}@example.com", n.title()) for n in ("ann", "ben"))
    match = match_create(creator=ben, game="alta", players=2, now=timezone.now(), invite=["Ann"])
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        page.goto("/")
        accept = page.get_by_role("button", name=f"Accept the invitation to Alta #{match.pk}")
        assert accept.is_visible() and page.evaluate(MEASURE)["small"] == []
        accept.click()
        page.wait_for_url(f"**/games/{match.pk}/")
        assert match.seats.filter(user=ann).exists()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_an_api_tokens_revoke_button_is_whole_on_a_phone(browser, live_server, transactional_db, language):
    """The token table scrolls inside itself at 390 px; in Dutch its last
    column ("Intrekken") started beyond the box's edge, so the button was
    cut in half.  Like the lobby's Join, it stays whole at the right edge."""
    from alta_site.accounts.tokens import ApiToken
    from tests.conftest import make_user

    ann = make_user("ann@example.com", "Ann")
    ApiToken.issue(user=ann, name="my script for the club ladder")
    with signed_in(browser, live_server.url, "ann@example.com", 390) as page:
        ann.language = language  # after signing in: sign_in reads the English profile
        ann.save(update_fields=["language"])
        page.goto("/profile/")
        assert page.locator("html").get_attribute("lang") == language
        revoke = page.locator("#api-tokens form[action*=revoke] button")
        box, table = revoke.bounding_box(), page.locator("#api-tokens table").bounding_box()
        assert box["x"] >= table["x"] and box["x"] + box["width"] <= table["x"] + table["width"] + 0.5, (box, table)


# How much of its widest option each select of ``selector`` cuts off: a copy
# sized to its content (width auto) is as wide as the widest option needs.
SELECT_SHORTFALL = """(selector) => [...document.querySelectorAll(selector)].map((select) => {
  const copy = select.cloneNode(true);
  copy.style.width = "auto";
  copy.style.position = "absolute";
  document.body.append(copy);
  const needed = copy.getBoundingClientRect().width;
  copy.remove();
  return [select.name, Math.round(needed - select.getBoundingClientRect().width)];
}).filter(([, short]) => short > 0)"""


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_lobby_filters_show_their_choices_whole_on_a_phone(browser, live_server, transactional_db, language):
    """At 375 px each lobby filter is wide enough for its longest choice:
    the time control's "6 dagen of meer per zet" was cut off after "6 dagen
    of m", its closed "Elke bedenktijd" after "Elke bedenktij"."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 375, "height": 900}, locale=f"{language}-NL"
    )
    try:
        page = context.new_page()
        page.goto("/lobby/")
        assert page.locator("html").get_attribute("lang") == language
        assert page.evaluate(SELECT_SHORTFALL, ".lobby-filters select") == []
        assert page.evaluate(MEASURE)["overflow"] <= 0
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_tournament_and_club_forms_show_their_choices_whole_on_a_phone(
    browser, live_server, transactional_db, language
):
    """At 375 px no choice of the new tournament's and new club's forms is cut
    off: "Een standaardzet spelen (na 3 keer achter elkaar lig je eruit)" and
    the Swiss pairing's choices are wider than a phone, so they are radio
    buttons whose words wrap, as on the new game's form."""
    from django.utils import timezone

    from tests.conftest import make_user
    from tournaments.services import club_create

    ann = make_user("ann@example.com", "Ann")
    club_create(creator=ann, name="Harbour club", description="", now=timezone.now())
    with signed_in(browser, live_server.url, ann.email, 375) as page:
        ann.language = language  # after signing in: sign_in reads the English profile
        ann.save(update_fields=["language"])
        for path in ("/tournaments/new/", "/clubs/new/"):
            page.goto(path)
            assert page.locator("html").get_attribute("lang") == language
            assert page.evaluate(SELECT_SHORTFALL, "main select") == [], path
            assert page.evaluate(MEASURE)["overflow"] <= 0 and page.evaluate(MEASURE)["small"] == [], path
        page.goto("/tournaments/new/")
        timeout = {"en": "On timeout", "nl": "Bij overschrijding"}[language]
        expect(page.get_by_role("group", name=timeout)).to_be_visible()


# Each pair of buttons (or button-like links) less than 4 px apart: side by
# side or one above the other, a finger aiming at one may hit the other.
TOUCHING = """() => {
  const buttons = [...document.querySelectorAll("main button, main a.button, main input[type=submit]")]
    .filter((e) => e.getBoundingClientRect().width > 0);
  const close = [];
  buttons.forEach((a, i) => buttons.slice(i + 1).forEach((b) => {
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const gap = Math.max(q.left - r.right, r.left - q.right, q.top - r.bottom, r.top - q.bottom);
    if (gap < 4) close.push(`${a.textContent.trim()} | ${b.textContent.trim()}`);
  }));
  return close;
}"""


@pytest.mark.parametrize("width", [375, 1280])
def test_no_two_buttons_touch(browser, live_server, site, width):
    """On every page of the walk, buttons stand apart: "Download your data"
    touched "Close your account" on a phone, "Replay the game" touched
    "Verify the shuffles", an invitation's Accept its Decline, and an
    organiser's Replace the Disqualify below it."""
    problems = problems_on_every_page(browser, live_server.url, site, width, lambda page: page.evaluate(TOUCHING))
    assert problems == {}
