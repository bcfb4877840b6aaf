"""Members whose ratings read the same share their place in a ladder's
ranking, as a tournament's standings share it: three new members at 1500
are all first, not ranked 1, 2, 3 by the alphabet."""

import re

import pytest
from django.utils import timezone

from ratings.selectors import ladder_ranking

from .conftest import join, make_ladder

pytestmark = pytest.mark.django_db


def _ranks(page):
    rows = re.findall(r'<td class="num">(\d+)</td>\s*<td><a href="/players/(\w+)/"', page)
    return [(name, int(rank)) for rank, name in rows]


def test_level_ratings_share_a_place_on_the_page_and_in_the_api(client, alice, bob, carol, dave):
    now = timezone.now()
    ladder = make_ladder(players=2, name="Alta duels")
    join(ladder, alice, now, rating=1512.3)
    join(ladder, bob, now, rating=1511.8)  # both read "1512"
    join(ladder, carol, now)
    join(ladder, dave, now)
    assert _ranks(client.get(f"/ladders/{ladder.pk}/").content.decode()) == [
        ("Alice", 1),
        ("Bob", 1),
        ("Carol", 3),
        ("Dave", 3),
    ]
    assert [row.rank for row in ladder_ranking(ladder, now=now)] == [1, 1, 3, 3]
    ranking = client.get(f"/api/ladders/{ladder.pk}/ranking/").json()["ranking"]
    assert [(row["player"], row["rank"]) for row in ranking] == [("Alice", 1), ("Bob", 1), ("Carol", 3), ("Dave", 3)]
