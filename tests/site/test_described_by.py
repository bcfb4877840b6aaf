"""A field's hint is what a screen reader reads with the field: Django marks
each field that has one with aria-describedby="<id>_helptext", so the page
must show the hint under that id (a token's name, a tournament's settings,
a ladder's games-at-once), or the field is described by nothing."""

import datetime as dt
import re

import pytest

pytestmark = pytest.mark.django_db


def _dangling(page: str) -> list[str]:
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    wanted = [i for v in re.findall(r'aria-describedby="([^"]+)"', page) for i in v.split()]
    return [i for i in wanted if i not in ids]


def test_every_field_hint_is_on_the_page(client, alice, bob, carol, now):
    from ratings.models import Ladder
    from ratings.services import ladder_join
    from tournaments.services import club_create, tournament_create, tournament_register, tournament_start

    ladder = Ladder.objects.create(game="alta", players=2)
    ladder_join(ladder_id=ladder.pk, user=alice, now=now, capacity=2)
    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    cup = tournament_create(
        creator=alice,
        name="Cup",
        club_id=club.pk,
        now=now,
        format="round_robin",
        registration_closes_at=now + dt.timedelta(days=7),
    )
    # Alice organises a game she does not play in (her own has no result form).
    for user in (bob, carol):
        tournament_register(tournament_id=cup.pk, user=user, now=now)
    tournament_start(tournament_id=cup.pk, now=now, by=alice)
    client.force_login(alice)
    detail = client.get(f"/tournaments/{cup.pk}/").content.decode()
    result = re.search(r'href="(/tournaments/games/\d+/result/)"', detail).group(1)
    for path in ("/profile/", "/tournaments/new/", f"/ladders/{ladder.pk}/", result):
        page = client.get(path).content.decode()
        assert "aria-describedby" in page, path
        assert not _dangling(page), (path, _dangling(page))
