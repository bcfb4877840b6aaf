"""The last move's dashed outline never runs through a word or number drawn
on the board (an Atlantis position number, the mainland's name): each text
of a drawing lies wholly inside an outline or wholly outside its dashes, on
every board, mid-game (the other player's move) and finished (the last move
of the game), at desktop and phone width."""

from __future__ import annotations

import pytest

from tests.browser.walk import GAMES, WIDTHS, _ann_to_move_after_ben, signed_in
from tests.conftest import make_user

# Each visible text of a board drawing whose box meets the band an outline's
# dashes paint (the outline's box grown and shrunk by half its stroke).
CROSSED = """() => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const crossed = [];
  for (const mark of document.querySelectorAll("#play svg .last-move")) {
    if (!shown(mark)) continue;
    const svg = mark.ownerSVGElement;
    const box = mark.getBoundingClientRect();
    const scale = box.width / mark.getBBox().width;
    const half = parseFloat(getComputedStyle(mark).strokeWidth) * scale / 2;
    const outer = {l: box.left - half, t: box.top - half, r: box.right + half, b: box.bottom + half};
    const inner = {l: box.left + half, t: box.top + half, r: box.right - half, b: box.bottom - half};
    for (const text of svg.querySelectorAll("text")) {
      if (!text.textContent.trim() || !shown(text)) continue;
      const t = text.getBoundingClientRect();
      // Glyphs fill the middle of a text's box; its top and bottom fifth is line spacing.
      const pad = t.height / 5;
      const g = {l: t.left, t: t.top + pad, r: t.right, b: t.bottom - pad};
      const meets = g.l < outer.r && g.r > outer.l && g.t < outer.b && g.b > outer.t;
      const within = g.l >= inner.l && g.r <= inner.r && g.t >= inner.t && g.b <= inner.b;
      if (meets && !within) crossed.push(`${svg.className.baseVal}: ${text.textContent.trim()}`);
    }
  }
  return crossed;
}"""


@pytest.fixture
def games(transactional_db):
    """Per game: one where it is Ann's move after Ben's, and one played to the end."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import play_to_the_end

    now = timezone.now()
    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    paths = []
    for game in GAMES:
        match = match_create_seated(users=[ann, ben], game=game, now=now)
        _ann_to_move_after_ben(match, ann, now)
        finished = play_to_the_end(match_create_seated(users=[ann, ben], game=game, now=now), now)
        paths += [f"/games/{match.pk}/", f"/games/{finished.pk}/"]
    return paths


@pytest.mark.parametrize("width", WIDTHS)
def test_no_last_move_outline_runs_through_a_text(browser, live_server, games, width):
    crossed = {}
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        for path in games:
            page.goto(path)
            assert page.locator("#play svg .last-move").count(), f"{path}: no last move outlined"
            if found := page.evaluate(CROSSED):
                crossed[path] = found
    assert not crossed, "\n".join(f"{path} at {width} px: {'; '.join(found)}" for path, found in crossed.items())
