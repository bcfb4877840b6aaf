"""No page or API answer shows a seat anything the engine hides from it.

For many random positions: re-deal everything a viewer cannot see (other
hands, decks, merchant cards, RNG) with the engine's ``randomize_hidden``,
store that state instead, and check the viewer's API answers and game page
do not change at all.  Any leak of hidden data would change them.  The seed,
its salt (which with the public commitment would give the seed away) and the
RNG state must never appear either.
"""

import random
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.engine import get_rules
from games.models import Match

from .conftest import play_random_option, start_match

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def answers(match, user):
    api = APIClient()
    page = Client()
    if user is not None:
        api.force_authenticate(user)
        page.force_login(user)
    detail = api.get(f"/api/games/{match.pk}/").content.decode()
    history = api.get(f"/api/games/{match.pk}/moves/").content.decode()
    html = CSRF.sub("", page.get(f"/games/{match.pk}/").content.decode())
    legal = api.get(f"/api/games/{match.pk}/legal-moves/").content.decode() if user else ""
    verify = CSRF.sub("", page.get(f"/games/{match.pk}/verify/").content.decode())
    audit = api.get(f"/api/games/{match.pk}/audit/").content.decode()
    return detail, history, html, legal, verify, audit


def secret_numbers(match, rules):
    dumped = str(match.state)
    numbers = {str(match.seed)}
    numbers.update(n for n in re.findall(r"\d{12,}", dumped))
    return numbers


def cases():
    from games.boards import playable_slugs

    for slug in playable_slugs():
        rules = get_rules(slug)
        for players in sorted({rules.min_players, min(rules.max_players, 4)}):
            yield pytest.param(slug, players, id=f"{slug}-{players}p")


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_answers_do_not_depend_on_what_the_viewer_cannot_see(slug, players, alice, bob, carol, dave, now):
    users = [alice, bob, carol, dave][:players]
    match = start_match(*users, game=slug, now=now)
    rules = get_rules(match.game)
    chooser = random.Random(players)
    checked = 0
    for step in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = rules.load(match.state)
        if step % 4 == 0:
            viewers = [(None, None)] + [(s.user, s.index) for s in match.seats.all()]
            for user, index in viewers:
                before = answers(match, user)
                for text in before:
                    for number in secret_numbers(match, rules):
                        assert number not in text, f"secret number {number} leaked"
                    assert match.seed_salt not in text, "the seed's salt leaked"
                other = rules.randomize_hidden(state, index, seed=step + 17)
                Match.objects.filter(pk=match.pk).update(state=rules.dump(other))
                after = answers(match, user)
                Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
                assert after == before, f"hidden information reached seat {index}"
                checked += 1
        play_random_option(match, rules, state, chooser, now)
    assert checked >= 10
