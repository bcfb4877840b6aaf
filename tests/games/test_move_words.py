"""Issue 23: no slug on a page.  Alta's canonical notation names three
cards by slug (``wheat_field``, ``farmers_hut``, ``fishing_harbour``); the
game page's move list and move choices and the replay write them as the
cards' names ("take 2 wheat field D1"), which the parser reads back."""

import html
import json
import re

import pytest

from games.engine import get_rules
from games.models import MoveRecord

from .conftest import mover, play_default_moves, start_match

pytestmark = pytest.mark.django_db

SLUG = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
NOTATION = re.compile(r'<code class="notation">(.*?)</code>', re.S)
CONTROLS = re.compile(r'<script type="application/json" id="controls">(.*?)</script>', re.S)


def _with_a_slug_in_the_log(alice, bob, now):
    """An Alta game whose move log names a card by its slug, the seat to
    move holding a choice that does too."""
    match = start_match(alice, bob, game="alta", now=now)
    rules = get_rules("alta")
    for _ in range(60):
        play_default_moves(match, now, submissions=1)
        match.refresh_from_db()
        user, index = mover(match)
        state = rules.load(match.state)
        logged = any(SLUG.search(r.text) for r in match.moves.all())
        if logged and any(SLUG.search(text) for text, _ in rules.move_options(state, index)):
            return match, user, index
    pytest.fail("no Alta game of 60 moves named a card by its slug")


def test_the_game_page_writes_cards_by_name_in_the_moves_and_the_choices(client, alice, bob, now):
    match, user, index = _with_a_slug_in_the_log(alice, bob, now)
    client.force_login(user)
    page = client.get(f"/games/{match.pk}/").content.decode()
    moves = [html.unescape(m) for m in NOTATION.findall(page)]
    assert moves and not [m for m in moves if SLUG.search(m)], moves
    assert any(re.search(r"wheat field|farmer's hut|fishing harbour", m) for m in moves), moves
    choices = json.loads(CONTROLS.search(page).group(1))
    assert not [c for c in choices if SLUG.search(c["text"]) or SLUG.search(c["label"])], choices
    # A choice as the page fills it into the move box is played as that move.
    rules = get_rules("alta")
    state = rules.load(match.state)
    canonical, move = next((t, m) for t, m in rules.move_options(state, index) if SLUG.search(t))
    typed = [c["text"] for c in choices if rules.parse_move(state, index, c["text"]) == move]
    assert typed and not SLUG.search(typed[0]), typed
    ply = match.ply
    client.post(f"/games/{match.pk}/move/", {"ply": ply, "move": typed[0]})
    assert MoveRecord.objects.get(match=match, ply=ply + 1).text == canonical


def test_the_replay_writes_cards_by_name(client, alice, bob, now):
    match, _user, _index = _with_a_slug_in_the_log(alice, bob, now)
    play_default_moves(match, now)
    assert any(SLUG.search(r.text) for r in match.moves.all())
    client.force_login(alice)
    for url in (f"/games/{match.pk}/", f"/games/{match.pk}/replay/", f"/games/{match.pk}/replay/?ply=5"):
        page = client.get(url).content.decode()
        listed = re.sub(r"<[^>]+>", " ", page[page.find("<main") :])
        assert not SLUG.findall(html.unescape(listed)), (url, sorted(set(SLUG.findall(html.unescape(listed)))))
