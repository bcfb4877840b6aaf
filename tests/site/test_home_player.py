"""A signed-in player's home page: their move first (deadline in their own
time zone), then games waiting on others, ladder challenges, tournament
rounds and ratings; not the visitors' brochure."""

import datetime as dt
import zoneinfo

import pytest
from django.utils import timezone

from games.models import Match
from games.services import match_create_seated
from ratings.models import Rating
from ratings.services import challenge_create
from tests.ratings.conftest import join, make_ladder
from tests.tournaments.conftest import started
from tournaments.services import club_create

pytestmark = pytest.mark.django_db


def _section(page: str, heading_id: str) -> str:
    """The HTML of the home page's section headed ``heading_id``."""
    return page.split(f'id="{heading_id}"')[1].split("</section>")[0]


def _mover_and_other(match):
    mover = match.seats.get(deadline_at__isnull=False)
    return mover, match.seats.exclude(pk=mover.pk).get()


def test_games_where_it_is_your_move_come_first_with_their_deadline_in_your_zone(client, alice, bob, now):
    alice.time_zone = "Asia/Tokyo"
    alice.save(update_fields=["time_zone"])
    mine, theirs = [], []
    while len(mine) < 2 or not theirs:  # the seat order is drawn: play until both kinds exist
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
        (mine if _mover_and_other(match)[0].user == alice else theirs).append(match)
    client.force_login(alice)
    page = client.get("/").content.decode()

    assert "your reply is your move" not in page.lower()  # not the brochure
    your_move, waiting = _section(page, "your-move"), _section(page, "waiting")
    assert page.index('id="your-move"') < page.index('id="waiting"')
    for match in mine:
        assert f'href="/games/{match.pk}/"' in your_move
        assert f'href="/games/{match.pk}/"' not in waiting
        deadline = match.seats.get(user=alice).deadline_at.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
        assert f"move by {deadline:%a} {deadline.day} {deadline:%b, %H:%M}" in your_move
    for match in theirs:
        assert f'href="/games/{match.pk}/"' in waiting
        assert f'href="/games/{match.pk}/"' not in your_move
        assert "Bob to move" in waiting


def test_finished_games_are_not_listed_as_waiting(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert f'href="/games/{match.pk}/"' not in page
    assert "No game is waiting for your move." in page


def test_a_ladder_challenge_to_you_can_be_answered_from_home(client, alice, bob):
    now = timezone.now()  # the page leaves out challenges expired by the clock
    ladder = make_ladder(game="alta", players=2)
    join(ladder, alice, now)
    join(ladder, bob, now)
    challenge = challenge_create(ladder_id=ladder.pk, challenger=bob, opponent=alice, now=now)
    client.force_login(alice)
    section = _section(client.get("/").content.decode(), "challenges")
    assert f'Bob challenges you in the ladder <a href="/ladders/{ladder.pk}/">{ladder.name}</a>.' in section
    assert f'action="/challenges/{challenge.pk}/accept/"' in section
    assert f'action="/challenges/{challenge.pk}/decline/"' in section
    client.force_login(bob)
    section = _section(client.get("/").content.decode(), "challenges")
    assert "You challenged Alice in the ladder" in section
    assert "/accept/" not in section


def test_a_tournament_round_says_who_you_are_paired_with_and_whose_move_it_is(client, alice, bob, now):
    club = club_create(creator=alice, name="Harbour club", description="By the sea.", now=now)
    tournament = started(alice, club, [alice, bob], now=now, name="Spring cup", format="round_robin")
    game = tournament.games.select_related("match").get(round__number=1)
    mover, other = _mover_and_other(game.match)
    client.force_login(mover.user)
    section = _section(client.get("/").content.decode(), "rounds")
    assert "Spring cup, round 1" in section
    assert f"You are paired with {other.user}: your move." in section
    assert f'href="/games/{game.match.pk}/"' in section
    client.force_login(other.user)
    section = _section(client.get("/").content.decode(), "rounds")
    assert f"You are paired with {mover.user}: their move." in section


def test_ratings_show_per_game_with_a_link_to_the_public_page(client, alice):
    Rating.objects.create(user=alice, game="alta", value=1612.4, games=12, peak=1650)
    client.force_login(alice)
    section = _section(client.get("/").content.decode(), "ratings")
    assert "<strong>Alta</strong>: 1612" in section
    assert "12 rated games" in section
    assert 'href="/players/Alice/"' in section


def test_home_is_in_dutch_for_a_dutch_player(client, alice, bob, now):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    match_create_seated(users=[alice, bob], game="alta", now=now + dt.timedelta(seconds=1))
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "Wachten op anderen" in page
    assert "Waiting for others" not in page


def test_the_home_page_title_says_it_is_your_games(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "<title>Your games · Alta</title>" in page
    assert page.count('class="game-list"') == 1  # each game once, to start one


def test_the_sections_come_in_the_order_a_player_needs_them(client, alice, bob):
    """Your move, then games waiting for others, challenges, tournament
    rounds, ratings (issue 23's order), each there when it has something."""
    now = timezone.now()
    ladder = make_ladder(game="alta", players=2)
    join(ladder, alice, now)
    join(ladder, bob, now)
    challenge_create(ladder_id=ladder.pk, challenger=bob, opponent=alice, now=now)
    club = club_create(creator=alice, name="Harbour club", description="By the sea.", now=now)
    started(alice, club, [alice, bob], now=now, name="Spring cup", format="round_robin")
    client.force_login(alice)
    page = client.get("/").content.decode()
    order = ["your-move", "waiting", "challenges", "rounds", "ratings"]
    assert [page.index(f'id="{section}"') for section in order] == sorted(
        page.index(f'id="{section}"') for section in order
    )


@pytest.mark.parametrize("page", ["/", "/lobby/"])
def test_an_invitation_can_be_accepted_from_home_and_the_lobby(page, client, alice, bob):
    from games.services import match_create

    match = match_create(creator=alice, game="alta", players=2, now=timezone.now(), invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    client.force_login(bob)
    html = client.get(page).content.decode()
    form = html.split(f'action="/invitations/{token}/"')[1].split("</form>")[0]
    assert 'name="accept"' in form and 'name="decline"' in form and f'name="next" value="{page}"' in form
    answer = client.post(f"/invitations/{token}/", {"accept": "1", "next": page})
    assert answer.status_code == 302 and answer["Location"] == f"/games/{match.pk}/"
    assert match.seats.filter(user=bob).exists()


def test_an_invitation_post_naming_neither_answer_declines_nothing(client, alice, bob):
    """A post without the button pressed (a script, a stripped form) is no
    decline: the seat stays Bob's to take, and he is asked to choose, in
    his language."""
    from games.services import match_create

    bob.language = "nl"
    bob.save(update_fields=["language"])
    match = match_create(creator=alice, game="alta", players=2, now=timezone.now(), invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    client.force_login(bob)
    answer = client.post(f"/invitations/{token}/", {"next": "/"}, follow=True)
    assert match.seats.get(invited_user=bob).invitation_token == token
    assert "Kies of je de uitnodiging accepteert of weigert." in answer.content.decode()


@pytest.mark.parametrize(
    ("back", "lands"), [("/", "/"), ("/lobby/?game=alta", "/lobby/?game=alta"), ("https://evil.example/", "/lobby/")]
)
def test_a_declined_invitation_brings_the_player_back_where_they_were_and_says_so(back, lands, client, alice, bob):
    from games.services import match_create

    match = match_create(creator=alice, game="alta", players=2, now=timezone.now(), invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    client.force_login(bob)
    answer = client.post(f"/invitations/{token}/", {"decline": "1", "next": back})
    assert answer.status_code == 302 and answer["Location"] == lands
    page = client.get(lands if lands.startswith("/") else "/lobby/").content.decode()
    assert f"You declined the invitation to Alta #{match.pk}." in page
    assert f"/invitations/{token}/" not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "(3 rated games; provisional until 10 games)"), ("nl", "voorlopig tot 10 partijen")],
)
def test_a_provisional_rating_on_the_home_page_says_what_its_question_mark_means(language, said, client, alice):
    """ "1500?" stood there unexplained: the line says the rating is
    provisional until 10 games (the ladder page's words)."""
    from tests.conftest import living_in

    Rating.objects.create(user=alice, game="alta", value=1500, games=3, peak=1500)
    living_in(language, "Europe/Amsterdam", alice)
    client.force_login(alice)
    section = " ".join(_section(client.get("/").content.decode(), "ratings").split())
    assert "1500?" in section and said in section, section


@pytest.mark.parametrize(
    ("language", "players", "said"),
    [
        ("en", 3, "You accepted the invitation to Alta #{pk}."),
        ("en", 2, "You accepted the invitation to Alta #{pk}. The game has started."),
        ("nl", 3, "Je hebt de uitnodiging voor Alta #{pk} geaccepteerd."),
        ("nl", 2, "Je hebt de uitnodiging voor Alta #{pk} geaccepteerd. De partij is begonnen."),
    ],
)
def test_an_accepted_invitation_says_so(language, players, said, client, alice, bob):
    """Accept led to the game page with no word that it worked (a decline,
    or Join, says what happened); now the page says the seat is taken, and
    that the game started when the last seat was."""
    from games.services import match_create

    bob.language = language
    bob.save(update_fields=["language"])
    match = match_create(creator=alice, game="alta", players=players, now=timezone.now(), invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    client.force_login(bob)
    page = client.post(f"/invitations/{token}/", {"accept": "1", "next": "/"}, follow=True).content.decode()
    assert said.format(pk=match.pk) in page


def test_an_invitation_for_someone_else_does_not_invite_the_reader(client, alice, bob, carol):
    """Carol, signed in, opening the link of Bob's invitation (forwarded)
    read "Alice invites you to Alta" with an Accept button that then
    refused her; the page now says whose it is not, without the buttons."""
    from games.services import match_create

    match = match_create(creator=alice, game="alta", players=2, now=timezone.now(), invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    client.force_login(carol)
    page = " ".join(client.get(f"/invitations/{token}/").content.decode().split())
    assert "This invitation is for another player." in page
    assert "invites you" not in page and 'name="accept"' not in page and 'href="/lobby/"' in page


def test_your_move_names_the_other_players_without_a_dangling_comma(client, alice, bob, now):
    """'with Bob', never 'with Bob,' when the reader holds the last seat."""
    from tests.ratings.conftest import _to_move, submit_first_option

    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    while match.seats.get(index=1).user != alice:  # the seat order is drawn
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    while _to_move(match)[0] != alice:
        submit_first_option(match, now)
    client.force_login(alice)
    your_move = _section(client.get("/").content.decode(), "your-move")

    assert "with Bob</span>" in your_move
    assert "Bob," not in your_move


def test_more_games_than_the_list_shows_are_counted_and_linked(client, alice, bob, now):
    """The home page lists 20 games of each kind; the sentence counts all
    of them, and "and N more" under a cut list leads to My games."""
    from alta_site.dashboard import SECTION_LIMIT

    mine = theirs = 0
    while mine < SECTION_LIMIT + 3 or theirs < SECTION_LIMIT + 1:
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
        if _mover_and_other(match)[0].user == alice:
            mine += 1
        else:
            theirs += 1
    client.force_login(alice)
    page = client.get("/").content.decode()
    your_move, waiting = _section(page, "your-move"), _section(page, "waiting")
    assert f"<strong>{mine} games</strong> wait for your move." in your_move
    assert your_move.count('class="your-turn"') == SECTION_LIMIT
    assert f'href="/games/">and {mine - SECTION_LIMIT} more</a>' in your_move
    assert f'href="/games/">and {theirs - SECTION_LIMIT} more</a>' in waiting
    alice.language = "nl"
    alice.save(update_fields=["language"])
    assert f"en nog {mine - SECTION_LIMIT} partijen</a>" in client.get("/").content.decode()


def test_a_list_that_is_not_cut_says_no_more(client, alice, bob, now):
    match_create_seated(users=[alice, bob], game="alta", now=now)
    client.force_login(alice)
    assert "more</a>" not in client.get("/").content.decode()
