"""Every word and number drawn on a game board can be read on a phone and on
a desktop: each visible ``<text>`` of the board's SVG drawings (the board,
the hands, the keys to the pieces) is at least 10 CSS px on screen, at 390 px
and at 1280 px viewport width."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.walk import GAMES, WIDTHS, _ann_to_move_after_ben, signed_in
from tests.conftest import make_user

SMALLEST = 10

# Each visible text of an SVG on the page, with its font size as drawn on
# screen: the computed size (in the SVG's user units) times the vertical scale
# of the text's screen transform (viewBox, width, nested SVGs).
MEASURE = """() => {
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return false;
    }
    return true;
  };
  return [...document.querySelectorAll("main svg text")].filter(
    (t) => t.textContent.trim() && visible(t)).map((t) => {
      const m = t.getScreenCTM();
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d);
      const svg = t.ownerSVGElement.closest("svg[class]:not(.key-piece)") || t.ownerSVGElement;
      return {text: t.textContent.trim(), size: Math.round(size * 10) / 10,
              svg: (svg.className.baseVal || svg.tagName)};
    });
}"""


@pytest.fixture
def games(transactional_db):
    """A game of each kind where it is Ann's move after Ben's: her hand,
    the board, the keys and Ben's last move are all drawn."""
    from django.utils import timezone

    from games.services import match_create_seated

    now = timezone.now()
    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    paths = {}
    for game in GAMES:
        match = match_create_seated(users=[ann, ben], game=game, now=now)
        _ann_to_move_after_ben(match, ann, now)
        paths[game] = f"/games/{match.pk}/"
    return paths


@pytest.mark.parametrize("width", WIDTHS)
def test_every_board_text_is_at_least_10_px_on_screen(browser, live_server, games, width):
    small = {}
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        for game, path in games.items():
            page.goto(path)
            texts = page.evaluate(MEASURE)
            assert texts, f"{game}: no board text drawn"
            tiny = sorted({f"{t['svg']} {t['text']!r} {t['size']} px" for t in texts if t["size"] < SMALLEST})
            if tiny:
                small[game] = tiny
    assert not small, "\n".join(f"{game} at {width} px: {'; '.join(found)}" for game, found in small.items())


@pytest.mark.parametrize("width", WIDTHS)
def test_atlantis_card_markers_read_at_10_px_once_a_pawn_is_picked(browser, live_server, transactional_db, width):
    """The markers under the places a picked pawn may go (its cards and the
    toll) are board text too."""
    from django.utils import timezone

    from games.boards.atlantis.common import place, walks
    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated
    from tests.browser.test_atlantis_page import midgame_state

    users = [make_user(f"p{n}@example.com", name) for n, name in enumerate(["Ann", "Ben", "Cy", "Dee"])]
    match = match_create_seated(users=users, game="atlantis", now=timezone.now())
    rules = get_rules("atlantis")
    state = midgame_state(rules)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    tolled = sorted({w.origin for w in walks(rules.view(state, 0)) if w.toll})
    assert tolled  # some way pays a toll: its marker shows it
    small = []
    with signed_in(browser, live_server.url, match.seats.get(index=0).user.email, width) as page:
        page.goto(f"/games/{match.pk}/")
        for origin in tolled:
            page.locator(f'[data-pick="pawn {place(origin)}"]').first.click()
            expect(page.locator("svg.atl-road .atl-go.legal + .overlay text").first).to_be_visible()
            small += [
                f"pawn {origin}: {t['text']!r} {t['size']} px" for t in page.evaluate(MEASURE) if t["size"] < SMALLEST
            ]
    assert not small, f"at {width} px: {'; '.join(small)}"
