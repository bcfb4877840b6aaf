"""The lobby narrows open games and games to watch by game, number of
players, time control and rated; games in play link to their spectator
page."""

import pytest

from games import services
from games.services import match_create_seated

pytestmark = pytest.mark.django_db


def _open(creator, now, **options):
    options.setdefault("game", "alta")
    options.setdefault("players", 2)
    return services.match_create(creator=creator, now=now, **options)


def _links(page: str, section: str) -> set[int]:
    import re

    part = page.split(f"<h2>{section}</h2>")[1].split("</section>")[0]
    return {int(n) for n in re.findall(r'href="/games/(\d+)/"', part)}


def test_filters_narrow_the_open_games(client, alice, bob, now):
    alta = _open(alice, now)
    alhambra = _open(alice, now, game="alhambra", players=3)
    rated = _open(alice, now, rated=True, days_per_move=7)
    bank = _open(alice, now, bank_initial_days=5, bank_increment_days=1, bank_cap_days=10)
    client.force_login(bob)
    every = {alta.pk, alhambra.pk, rated.pk, bank.pk}
    assert _links(client.get("/lobby/").content.decode(), "Open games") == every
    cases = {
        "?game=alhambra": {alhambra.pk},
        "?players=3": {alhambra.pk},
        "?rated=yes": {rated.pk},
        "?rated=no": every - {rated.pk},
        "?time_control=long": {rated.pk},
        "?time_control=medium": {alta.pk, alhambra.pk},
        "?time_control=bank": {bank.pk},
        "?game=alta&rated=yes&time_control=long": {rated.pk},
        "?game=alta&players=3": set(),
        "?game=chess": every,  # a stale link: the filter is ignored
    }
    for query, expected in cases.items():
        page = client.get(f"/lobby/{query}").content.decode()
        assert _links(page, "Open games") == expected, query
    page = client.get("/lobby/?game=alta&players=3").content.decode()
    assert "No open game matches these filters." in page
    assert 'href="/lobby/"' in page  # clear the filters
    assert '<option value="alta" selected>' in page


def test_games_in_play_are_listed_to_watch_by_anyone(client, alice, bob, carol, now):
    alta = match_create_seated(users=[alice, bob], game="alta", now=now)
    alpaca = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    page = client.get("/lobby/").content.decode()  # signed out
    assert _links(page, "Games to watch") == {alta.pk, alpaca.pk}
    assert f"Watch Alta #{alta.pk}" in page
    assert _links(client.get("/lobby/?game=alpaca").content.decode(), "Games to watch") == {alpaca.pk}
    client.force_login(carol)
    watched = client.get(f"/games/{alta.pk}/")
    assert watched.status_code == 200
    assert "Your move" not in watched.content.decode()  # a spectator: no controls
    client.force_login(alice)  # her own games are under "My games", not to watch
    assert _links(client.get("/lobby/").content.decode(), "Games to watch") == set()


def test_the_filters_speak_dutch(client, alice, now):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get("/lobby/?game=alta&players=4").content.decode()
    assert "Partijen om mee te kijken" in page
    assert "Elke bedenktijd" in page and "Telt voor de rating" in page
    assert "Geen open partij past bij deze filters." in page
    assert "Any time control" not in page and "Games to watch" not in page


def test_players_of_a_game_to_watch_link_to_their_public_page(client, alice, bob, now):
    match_create_seated(users=[alice, bob], game="alta", now=now)
    watch = client.get("/lobby/").content.decode().split("<h2>Games to watch</h2>")[1]
    assert '<a href="/players/Alice/">Alice</a>' in watch
    assert '<a href="/players/Bob/">Bob</a>' in watch


def test_an_invitation_reads_without_a_space_before_its_punctuation(client, alice, bob, now):
    """ "(3 players, 3 days per move)" in the lobby and "3 days per move." on
    the invitation: the time control is followed by its bracket or full stop."""
    import re

    match = _open(alice, now, game="alhambra", players=3, invite=["Bob"])
    client.force_login(bob)

    def text(path):
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", client.get(path).content.decode()))

    assert "(3 players, 3 days per move)" in text("/lobby/")
    assert "3 players · 3 days per move." in text(f"/invitations/{match.seats.get(invited_user=bob).invitation_token}/")


def test_a_seat_held_for_an_invited_player_is_not_listed_as_open(client, alice, bob, carol, now):
    """A 4-player game with Bob and an address invited: the lobby said
    "open" for both their seats.  The address itself is never shown."""
    match = _open(alice, now, game="atlantis", players=4, invite=["Bob", "someone@example.org"])
    client.force_login(carol)
    page = client.get("/lobby/").content.decode()
    row = " ".join(page.split(f'href="/games/{match.pk}/"')[1].split("</tr>")[0].split())
    assert "Bob (invited)" in row and "<em>invited</em>" in row and row.count("<em>open</em>") == 1, row
    assert "someone@example.org" not in page
    client.force_login(alice)
    mine = " ".join(
        client.get("/games/").content.decode().split(f'href="/games/{match.pk}/"')[1].split("</tr>")[0].split()
    )
    assert "Bob (invited)" in mine, mine


def test_the_players_of_a_listed_game_read_ann_comma_ben_without_a_space_before_the_comma(client, alice, bob, now):
    """My games and the lobby list the seats as "Alice, Bob", not "Alice , Bob"."""
    import re

    match_create_seated(users=[alice, bob], game="alta", now=now)
    client.force_login(alice)
    for path in ("/games/", "/lobby/"):
        page = client.get(path).content.decode()
        assert re.search(r"(Alice|Bob), (Alice|Bob)</td>", page), path
        assert not re.search(r"\s,", page), path
