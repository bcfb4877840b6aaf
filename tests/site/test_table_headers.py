"""Every column of a table has a header a screen reader can read out, the
column of buttons too (lobby's Join, a ladder's Join, a token's Revoke):
an empty <th> leaves that column nameless (axe's empty-table-header)."""

import re

import pytest

pytestmark = pytest.mark.django_db

EMPTY_HEADER = re.compile(r"<th\b[^>]*>\s*</th>")


def _headers(page: str) -> list[str]:
    return re.findall(r"<th\b[^>]*>.*?</th>", page, flags=re.S)


@pytest.mark.parametrize(("language", "name"), [("en", "Actions"), ("nl", "Acties")])
def test_no_table_has_an_empty_column_header(client, alice, bob, now, language, name):
    from alta_site.accounts.models import ApiToken
    from games.services import match_create
    from ratings.models import Ladder

    match_create(creator=bob, game="alta", players=2, now=now)
    Ladder.objects.create(game="alta", players=2)
    ApiToken.issue(user=alice, name="laptop")
    alice.language = language
    alice.save(update_fields=["language"])
    client.force_login(alice)
    for path in ("/lobby/", "/ladders/", "/profile/"):
        page = client.get(path).content.decode()
        assert "<table" in page, path
        assert not EMPTY_HEADER.search(page), (path, EMPTY_HEADER.search(page).group(0))
        assert any(f'<span class="visually-hidden">{name}</span>' in th for th in _headers(page)), path
