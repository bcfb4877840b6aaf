"""Every Alta card's short code lies inside its card and clear of its
picture, on the board and on the merchant cards (two types side by side in
one card, the tightest place: "MAR" beside the market's stall), in English
and Dutch, at desktop and phone width."""

from __future__ import annotations

import pytest

from tests.browser.walk import WIDTHS, signed_in
from tests.conftest import make_user

# Each card code (the text after a card's picture) that sticks out of its
# coloured card or runs into its picture.
CROWDED = """() => {
  const out = [];
  for (const icon of document.querySelectorAll("#play svg g.card-icon")) {
    const rect = icon.previousElementSibling, text = icon.nextElementSibling;
    if (!rect || !text || rect.tagName !== "rect" || text.tagName !== "text") continue;
    const r = rect.getBoundingClientRect(), t = text.getBoundingClientRect(), i = icon.getBoundingClientRect();
    const pad = t.height / 5;
    const inside = t.left >= r.left - 0.5 && t.right <= r.right + 0.5;
    const meets = t.left < i.right - 0.5 && t.right > i.left + 0.5;
    const clear = !(meets && t.top + pad < i.bottom && t.bottom - pad > i.top);
    const what = [inside ? "" : "sticks out of its card", clear ? "" : "overlaps its picture"];
    if (!inside || !clear) out.push(`${text.textContent}: ${what.join(" ").trim()}`);
  }
  return out;
}"""


@pytest.fixture
def game(transactional_db):
    """Ann's Alta game where the face-up merchant card and hers have the widest codes (market, mill)."""
    from django.utils import timezone

    from games.models import Match
    from games.services import match_create_seated

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = match_create_seated(users=[ann, ben], game="alta", now=timezone.now())
    state = match.state
    state["state"]["merchant_up"] = ["market", "farmer"]
    seat = match.seats.get(user=ann).index
    state["state"]["seats"][seat]["merchants"] = [{"card": ["mill", "settlement"], "blind": False}]
    Match.objects.filter(pk=match.pk).update(state=state)
    return f"/games/{match.pk}/"


@pytest.mark.parametrize("width", WIDTHS)
def test_card_codes_stay_inside_their_cards(browser, live_server, game, width):
    from alta_site.accounts.models import User

    crowded = {}
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        for language in ("en", "nl"):
            User.objects.filter(email="ann@example.com").update(language=language)
            page.goto(game)
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("#play svg g.card-icon").count() > 9  # the key, the market, her merchant card
            if found := page.evaluate(CROWDED):
                crowded[language] = found
    assert not crowded, f"at {width} px: {crowded}"
