"""A player's rating history chart read on a phone: the chart shrinks to the
screen's width, and its axis numbers must stay big enough to read, and
whole (not cut off at the chart's edge)."""

from __future__ import annotations

import pytest

from tests.browser.walk import WIDTHS
from tests.conftest import make_user

#: The chart's axis numbers are 11 CSS px at desktop width; half a pixel of
#: grace for the chart's border, which shrinks the drawing a little.
READABLE_PX = 10.5


@pytest.fixture
def history(transactional_db):
    import datetime as dt

    from django.utils import timezone

    from ratings.services import rating_apply
    from tests.ratings.conftest import rated_result

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    start = timezone.now() - dt.timedelta(days=30)
    for day in range(12):
        ranking = [ann, ben] if day % 3 else [ben, ann]
        match = rated_result(ranking, now=start + dt.timedelta(days=day))
        rating_apply(match_id=match.pk)
    return "/players/Ann/ratings/"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_history_charts_axis_numbers_are_readable_at_every_width(browser, live_server, history, width):
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(history)
        sizes = page.evaluate(
            "() => [...document.querySelectorAll('svg.chart .axis text')].map("
            "(t) => ({text: t.textContent, height: t.getBoundingClientRect().height,"
            " size: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a}))"
        )
        cut = page.evaluate(
            "() => { const box = document.querySelector('svg.chart').getBoundingClientRect();"
            " return [...document.querySelectorAll('svg.chart .axis text')].filter((t) => {"
            " const r = t.getBoundingClientRect(); return r.left < box.left || r.right > box.right"
            " || r.top < box.top || r.bottom > box.bottom }).map((t) => t.textContent) }"
        )
        assert sizes, "no axis labels drawn"
        small = [s for s in sizes if s["size"] < READABLE_PX]
        assert small == [], f"axis labels drawn at {sorted({round(s['size'], 1) for s in small})} px"
        assert cut == [], f"axis labels cut off: {cut}"
        overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
    finally:
        context.close()
