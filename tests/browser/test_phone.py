"""Every page at desktop and phone width: nothing pushes the page sideways
(wide tables scroll inside themselves), everything a finger can tap is at
least 44 x 44 CSS px (WCAG 2.5.5), and the words are words: no slug, no
"(s)", no "1 cards"."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user

GAMES = ("alta", "alhambra", "atlantis", "alpaca")
WIDTHS = (1280, 390)
TAP = 44
#: Raw words that must not reach a page: slugs (wheat_field), "(s)" plurals,
#: a plural after 1, and the internal ply shown as a "position".
RAW_WORDS = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\w\(s\)|\b1 (cards|tiles|points|games|players|moves|days)\b"
    r"|\bMatchs\b|\bposition \d+"
)

# What the page scrolls beyond the viewport, and each tap target under 44 x 44.
# A link inside running text is exempt (WCAG's "inline" exception), and so is
# a check box or radio button whose label is a big enough target.
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
  const label = (e) => e.closest("label") || (e.id && document.querySelector(`label[for="${e.id}"]`));
  const small = [];
  const nodes = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [tabindex]:not([tabindex='-1'])");
  for (const e of nodes) {
    if (!visible(e) || inline(e)) continue;
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
    from tests.ratings.conftest import finish_by_resignations
    from tournaments.services import club_create, tournament_create

    now = timezone.now()
    ann, ben, stand_in = (make_user(f"{n}@example.com", n.title()) for n in ("ann", "ben", "cy"))
    paths = [
        "/",
        "/lobby/",
        "/games/new/",
        "/games/",
        "/profile/",
        "/profile/deadlines/",
        "/players/Ann/ratings/",
        "/ladders/",
        "/tournaments/",
        "/clubs/",
    ]
    for game in GAMES:
        active = match_create_seated(users=[ann, ben], game=game, now=now)
        _ann_moves(active, ann, stand_in)
        finished = finish_by_resignations(match_create_seated(users=[ann, ben], game=game, now=now), [ann, ben], now)
        paths += [f"/games/{active.pk}/", f"/games/{finished.pk}/", f"/games/{finished.pk}/replay/?ply={finished.ply}"]
    ladder = Ladder.objects.create(game="alta", players=2)
    club = club_create(creator=ann, name="Harbour club", description="Slow games by the sea.", now=now)
    tournament = tournament_create(
        creator=ann,
        name="Winter cup",
        club_id=club.pk,
        now=now,
        rounds=3,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    paths += [f"/ladders/{ladder.pk}/", f"/tournaments/{tournament.pk}/", f"/clubs/{club.pk}/"]
    return paths


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_overflows_and_every_tap_target_is_big_enough(browser, live_server, site, width):
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
        for path in site:
            page.goto(path)
            found = page.evaluate(MEASURE)
            # Moves as typed (<code>) are notation, which names cards by slug.
            text = page.evaluate(
                "() => { const m = document.querySelector('main').cloneNode(true);"
                " m.querySelectorAll('code, script').forEach((c) => c.remove()); return m.innerText }"
            )
            words = sorted({m.group(0) for m in RAW_WORDS.finditer(text)})
            if found["overflow"] > 0 or found["small"] or words:
                problems[path] = {**found, "words": words}
        if problems:
            pytest.fail(
                "\n".join(
                    f"{path}: overflow {found['overflow']} px by {found['wide']}; small: {'; '.join(found['small'])}; "
                    f"raw words: {found['words']}"
                    for path, found in problems.items()
                )
            )
    finally:
        context.close()
