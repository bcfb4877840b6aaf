"""The hidden-information check of ``test_hidden_information`` over the
rest of what a viewer reads: the game lists (API and pages), their own
games and invitations, the chat, the poll, the replay (refused while the
game runs), the players' and tournaments' pages and the viewer's data
export, for every seat, a spectator and an anonymous reader, also after
a player resigned and the others play on.  Re-dealing what the viewer
cannot see must change none of them."""

import datetime as dt
import json
import random
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from alta_site.accounts.export import EXPORT_ENCODER, user_export
from games.boards import playable_slugs
from games.engine import get_rules
from games.models import Match
from games.services import match_resign

from .conftest import play_random_option, start_match

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
#: Times the reads themselves change (a sign-in's last_login, the export's own time).
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?")


def answers(match, user, players) -> dict[str, str]:
    api, page = APIClient(), Client()
    if user is not None:
        api.force_authenticate(user)
        page.force_login(user)
    pk = match.pk
    read = {}
    for url in (
        f"/api/games/{pk}/replay/",
        f"/api/games/{pk}/chat/",
        "/api/games/",
        "/api/me/games/",
        "/api/me/invitations/",
        f"/games/{pk}/poll/",
    ):
        read[url] = api.get(url).content.decode()
    pages = [f"/games/{pk}/replay/", "/games/", "/lobby/", "/", "/tournaments/"]
    for url in pages + [f"/players/{player.display_name}/" for player in players]:
        read[url] = CSRF.sub("", page.get(url).content.decode())
    if user is not None:
        export = user_export(user, now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
        read["export"] = STAMP.sub("", json.dumps(export, cls=EXPORT_ENCODER, sort_keys=True))
    return read


@pytest.mark.parametrize("slug", playable_slugs())
def test_lists_chat_pages_and_export_do_not_depend_on_what_the_viewer_cannot_see(slug, alice, bob, carol, dave, now):
    users = [alice, bob, carol]
    match = start_match(*users, game=slug, now=now)
    rules = get_rules(match.game)
    chooser = random.Random(3)
    checked = 0
    for step in range(9):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = rules.load(match.state)
        if step == 2:  # a waiting player resigns; the others play on
            gone = next(i for i in range(3) if i not in rules.to_move(state))
            match_resign(match_id=match.pk, user=match.seats.get(index=gone).user, now=now)
            continue
        if step % 4 == 0:
            viewers = [(None, None), (dave, None)] + [(s.user, s.index) for s in match.seats.all()]
            for user, index in viewers:
                before = answers(match, user, users)
                other = rules.randomize_hidden(state, index, seed=step + 17)
                Match.objects.filter(pk=match.pk).update(state=rules.dump(other))
                after = answers(match, user, users)
                Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
                for read, text in before.items():
                    assert after[read] == text, f"{read} told seat {index} what it cannot see"
                checked += 1
        play_random_option(match, rules, state, chooser, now)
    assert checked >= 10
