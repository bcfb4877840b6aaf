"""The cues of the walk's game pages at desktop and phone width: on each of
Ann's four games where it is her move the tab title and favicon say so,
Ben's move before is outlined on the board and said beside his seat, and
the board fits the width (only Alpaca's grown table and long hand may
scroll inside their own box); a page where it
is not her move says nothing of the kind; a replayed move is outlined, the
start of a replay is not."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.walk import GAMES, WIDTHS, signed_in

# The drawings of the board that reach past the page's width, unless they
# scroll inside a box of their own that fits: only a grown Alpaca table (its
# cells a finger wide cannot reflow); Atlantis's road and hand take a phone
# layout and Alpaca's hand wraps into rows, so they must fit.
BOARD_OVERRUN = """() => {
  const width = document.documentElement.clientWidth;
  const fits = (e) => e.getBoundingClientRect().right <= width + 0.5;
  return [...document.querySelectorAll('#play svg')].filter((s) => !fits(s)).filter((s) => {
    // Only Alpaca's grown table may scroll; every other drawing must fit.
    const alpaca = s.classList.contains('alpaca-table');
    const box = alpaca && s.closest('.board-scroll, .alpaca-table-box');
    return !(box && fits(box) && getComputedStyle(box).overflowX === 'auto' && box.scrollWidth > box.clientWidth);
  }).map((s) => `${s.className.baseVal} ${Math.round(s.getBoundingClientRect().width)} px`);
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_your_move_and_the_last_move_show_on_every_board(browser, live_server, site, width):
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        assert len(site.your_move) == len(GAMES)
        for path in site.your_move:
            page.goto(path)
            expect(page).to_have_title(re.compile(r"^\(Your move\) "))
            expect(page.locator("link[rel~=icon]")).to_have_attribute("href", re.compile("favicon-your-move"))
            outlined = page.locator("#play .last-move")
            assert outlined.count() >= 1, f"{path}: Ben's move is not outlined"
            expect(outlined.first).to_be_visible()
            ben = page.locator(".seats li", has_text="Ben")
            expect(ben.locator(".last-turn")).to_contain_text(re.compile(r"Last turn: \w+"))
            assert not (wide := page.evaluate(BOARD_OVERRUN)), f"{path}: drawings wider than the page: {wide}"
        # A finished game of hers and a game she only watches: no cue.
        for path in [p for p in site if re.fullmatch(r"/games/\d+/", p) and p not in site.your_move]:
            page.goto(path)
            assert not page.title().startswith("(Your move)"), path
            assert "your-move" not in (page.locator("link[rel~=icon]").get_attribute("href") or ""), path
        page.goto(site.replayed_move)
        assert page.locator(".table-view .last-move").count() >= 1, "the replayed move is not outlined"
        page.goto(site.replayed_move.replace("ply=1", "ply=0"))
        expect(page.locator(".table-view .last-move")).to_have_count(0)
