"""Ladder and rating pages through the Django test client."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from ratings.models import Challenge, Ladder, LadderMembership, Rating
from ratings.services import challenge_create, ladder_matchmake, rating_apply

from .conftest import finish_by_resignations, join, make_ladder, rated_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(alice, bob, carol):
    """A 2-player Alta ladder where alice beat bob twice and carol joined."""
    now = timezone.now() - dt.timedelta(days=2)
    ladder = make_ladder(players=2, name="Alta duels")
    join(ladder, alice, now)
    join(ladder, bob, now)
    for hours in (1, 2):
        [match] = ladder_matchmake(ladder_id=ladder.pk, now=now + dt.timedelta(hours=hours))
        finish_by_resignations(match, [alice, bob], now + dt.timedelta(hours=hours))
        rating_apply(match_id=match.pk)
    join(ladder, carol, now + dt.timedelta(hours=3))
    return ladder


def text(response):
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_ladder_list_shows_open_ladders_and_a_join_button(client, alice, played):
    make_ladder(players=4, name="Closed one", active=False)
    page = text(client.get("/ladders/"))
    assert "Alta duels" in page and "Closed one" not in page
    assert "Join</button>" not in page  # anonymous
    client.force_login(alice)
    assert 'href="/ladders/"' in text(client.get("/"))  # the navigation links here now
    page = text(client.get("/ladders/"))
    assert "member" in page


def test_the_ladder_page_shows_the_ranking(client, played):
    page = text(client.get(f"/ladders/{played.pk}/"))
    ranking = page[page.index('id="ranking-heading"') : page.index('id="games-heading"')]
    assert ranking.index("Alice") < ranking.index("Carol") < ranking.index("Bob")
    assert "1538?" in ranking and "1462?" in ranking and "1500?" in ranking
    assert '<svg class="spark up"' in ranking and '<svg class="spark down"' in ranking
    assert re.search(
        r"Alice</a></td> <td class=\"num\"[^>]*>1538\?</td> <td class=\"num\">2</td> "
        r"<td class=\"num\">2</td>",
        ranking,
    )
    assert '<td><a href="/players/Alice/">Alice</a></td>' in ranking  # the public page
    assert '<td><a href="/players/Carol/">Carol</a></td>' in ranking
    games = page[page.index('id="games-heading"') :]
    assert '<a href="/players/Alice/">Alice</a> (1)' in games and '<a href="/players/Bob/">Bob</a> (2)' in games


def test_members_can_change_capacity_leave_and_join_with_csrf(alice, played):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get(f"/ladders/{played.pk}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post(f"/ladders/{played.pk}/capacity/", {"capacity": 4}).status_code == 403  # no token
    response = client.post(f"/ladders/{played.pk}/capacity/", {"capacity": 4, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert LadderMembership.objects.get(ladder=played, user=alice).capacity == 4
    client.post(
        f"/ladders/{played.pk}/capacity/",
        {"capacity": 11, "csrfmiddlewaretoken": token},
    )
    assert LadderMembership.objects.get(ladder=played, user=alice).capacity == 4
    client.post(f"/ladders/{played.pk}/leave/", {"csrfmiddlewaretoken": token})
    assert not LadderMembership.objects.get(ladder=played, user=alice).is_current
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert "Join this ladder" in page
    client.post(f"/ladders/{played.pk}/join/", {"capacity": 2, "csrfmiddlewaretoken": token})
    assert LadderMembership.objects.get(ladder=played, user=alice).capacity == 2


def test_errors_come_back_as_messages(client, alice):
    ladder = make_ladder(players=2)
    client.force_login(alice)
    page = text(client.post(f"/ladders/{ladder.pk}/leave/", follow=True))
    assert "You are not a member of this ladder." in page


def test_challenging_from_the_ranking_and_answering(client, alice, bob, carol, played):
    client.force_login(carol)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert page.count('aria-label="Challenge ') == 2
    client.post(f"/ladders/{played.pk}/challenge/", {"opponent": alice.pk})
    challenge = Challenge.objects.get()
    assert (challenge.challenger, challenge.challenged) == (carol, alice)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert 'You challenged <a href="/players/Alice/">Alice</a>; waiting for an answer' in page
    assert 'aria-label="Challenge Bob"' in page and 'aria-label="Challenge Alice"' not in page
    client.force_login(alice)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert '<a href="/players/Carol/">Carol</a> challenges you' in page
    page = text(client.post(f"/challenges/{challenge.pk}/accept/", follow=True))
    assert "Challenge accepted" in page
    challenge.refresh_from_db()
    assert challenge.match is not None and challenge.match.rated


def test_a_player_on_vacation_is_told_in_their_language_that_they_cannot_challenge(client, alice, carol, played):
    from games.deadlines.vacation import vacation_start

    vacation_start(user=carol, days=2, now=timezone.now())
    client.force_login(carol)
    page = text(client.post(f"/ladders/{played.pk}/challenge/", {"opponent": alice.pk}, follow=True))
    assert "You are on vacation: end your vacation first to challenge or accept a challenge." in page
    carol.language = "nl"
    carol.save(update_fields=["language"])
    page = text(client.post(f"/ladders/{played.pk}/challenge/", {"opponent": alice.pk}, follow=True))
    assert "Je bent op vakantie: beëindig eerst je vakantie om iemand uit te dagen" in page
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("opponent", ["²", "99999999999999999999999", "9" * 5000])
def test_a_challenge_naming_no_player_is_refused_with_a_message(client, carol, played, opponent):
    """A posted opponent that looks like a number but names nobody (a
    superscript digit, a number beyond any id, one longer than Python reads
    as a number) is refused like an empty one, never a server error."""
    client.force_login(carol)
    page = text(client.post(f"/ladders/{played.pk}/challenge/", {"opponent": opponent}, follow=True))
    assert "Choose a player to challenge." in page
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("who", ["²", "9" * 5000])
def test_a_players_ratings_page_under_no_id_is_not_found(client, alice, who):
    assert client.get(f"/players/{who}/ratings/").status_code == 404


def test_declining_from_the_page(client, bob, carol, played):
    challenge = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    client.force_login(bob)
    page = text(client.post(f"/challenges/{challenge.pk}/decline/", follow=True))
    assert "Challenge declined." in page
    assert Challenge.objects.get().status == "declined"


def test_the_challenger_takes_back_a_challenge_from_the_page(client, bob, carol, played):
    challenge = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    take_back = f'action="/challenges/{challenge.pk}/take-back/"'
    client.force_login(bob)
    assert take_back not in text(client.get(f"/ladders/{played.pk}/"))
    assert take_back not in text(client.get("/"))
    page = text(client.post(f"/challenges/{challenge.pk}/take-back/", follow=True))
    assert "Only the challenger can take back this challenge." in page
    assert Challenge.objects.get().status == "open"
    client.force_login(carol)
    for url in (f"/ladders/{played.pk}/", "/"):
        page = text(client.get(url))
        assert take_back in page and ">Take back</button>" in page, url
    page = text(client.post(f"/challenges/{challenge.pk}/take-back/", follow=True))
    assert "You took back your challenge." in page
    assert Challenge.objects.get().status == "taken_back"
    assert take_back not in page and take_back not in text(client.get("/"))


def test_a_dutch_challenger_takes_back_a_challenge_in_dutch(client, bob, carol, played):
    carol.language = "nl"
    carol.save(update_fields=["language"])
    client.force_login(carol)
    challenge = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert ">Terugnemen</button>" in page and ">Take back<" not in page
    page = text(client.post(f"/challenges/{challenge.pk}/take-back/", follow=True))
    assert "Je hebt je uitdaging teruggenomen." in page and "took back" not in page
    page = text(client.post(f"/challenges/{challenge.pk}/take-back/", follow=True))
    assert "Deze uitdaging is teruggenomen door de uitdager." in page


def test_taking_back_needs_a_login_and_post(client, bob, carol, played):
    challenge = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    assert client.post(f"/challenges/{challenge.pk}/take-back/").status_code == 302
    client.force_login(carol)
    answer = client.get(f"/challenges/{challenge.pk}/take-back/")
    assert (answer.status_code, answer["Location"]) == (302, "/")  # to the page listing the challenge
    assert Challenge.objects.get().status == "open"


def test_a_dutch_player_answers_challenges_in_dutch(client, bob, carol, played):
    bob.language = "nl"
    bob.save(update_fields=["language"])
    client.force_login(bob)
    first = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert "Carol</a> daagt je uit" in page and ">Accepteren</button>" in page and ">Weigeren</button>" in page
    page = text(client.post(f"/challenges/{first.pk}/decline/", follow=True))
    assert "Uitdaging geweigerd." in page and "Challenge declined" not in page
    second = challenge_create(ladder_id=played.pk, challenger=carol, opponent=bob, now=timezone.now())
    page = text(client.post(f"/challenges/{second.pk}/accept/", follow=True))
    assert "Uitdaging geaccepteerd: je partij is begonnen." in page and "Challenge accepted" not in page
    assert Challenge.objects.get(pk=second.pk).status == "accepted"


def test_actions_need_a_login_and_post(client, played):
    assert client.post(f"/ladders/{played.pk}/join/").status_code == 302
    assert client.get(f"/ladders/{played.pk}/join/").status_code in (302, 405)
    assert Ladder.objects.get().memberships.count() == 3


def test_a_players_rating_history_is_an_svg_chart_per_game(client, alice, bob, played, now):
    # A second kind (its games are not playable on the site yet): a section
    # of its own, without a chart while it has no history.
    Rating.objects.create(user=alice, game="atlantis", value=1611.2, games=12)
    page = text(client.get("/players/Alice/ratings/"))
    assert "Alta: 1538?" in page and "Atlantis: 1611" in page
    assert page.count('<svg class="chart"') == 1
    assert "Rating after each of 2 games, from 1500 to 1538; highest 1538" in page
    assert page.count("<circle") == 2
    bob_page = text(client.get(f"/players/{bob.pk}/ratings/"))
    assert "Bob's ratings" in bob_page and "Alta: 1462?" in bob_page
    assert client.get("/players/Nobody/ratings/").status_code == 404


def test_a_player_without_rated_games(client, carol):
    assert "Carol has no rated games yet." in text(client.get("/players/carol/ratings/"))


def test_the_game_page_panel_shows_the_arithmetic(alice, bob, carol, now):
    from ratings.panels import rating_changes_panel

    match = rated_result([carol, alice, bob], now=now)
    rating_apply(match_id=match.pk)
    html = rating_changes_panel(match)
    html = re.sub(r"\s+", " ", html)
    assert "Rating changes" in html
    assert html.index("Carol") < html.index("Alice") < html.index("Bob")
    assert '<tr><td><a href="/players/Carol/">Carol</a></td>' in html
    assert "+26.7" in html and "-26.7" in html and "±0.0" in html
    assert "K = 40 (0 rated games before this one); 3 players, so each opponent counts K × 2 / 3 = 26.67" in html
    assert '<td class="num">0.500</td><td class="num">1</td> <td class="num">13.33</td>' in html
    unrated = rated_result([alice, bob], now=now)
    assert rating_changes_panel(unrated) == ""


def _admin_ladder_form(client, *, players: int) -> dict:
    """Signs a superuser in; the admin's add-ladder form for an unnamed
    Alta ladder of ``players``."""
    from tests.conftest import make_user

    staff = make_user("admin@example.com", "Admin", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return {
        "name": "",
        "game": "alta",
        "players": players,
        "days_per_move": 3,
        "timeout_policy": "auto",
        "active": "on",
        "description": "",
        "memberships-TOTAL_FORMS": 0,
        "memberships-INITIAL_FORMS": 0,
        "memberships-MIN_NUM_FORMS": 0,
        "memberships-MAX_NUM_FORMS": 1000,
    }


def test_staff_create_ladders_in_the_admin(client):
    form = _admin_ladder_form(client, players=5)
    refused = client.post("/admin/ratings/ladder/add/", form)
    assert "Alta is played by 2 to 4 players." in refused.content.decode()
    form["players"] = 4
    assert client.post("/admin/ratings/ladder/add/", form).status_code == 302
    assert Ladder.objects.get().name == "Alta, 4 players"
    assert client.get("/admin/ratings/rating/").status_code == 200


def test_a_second_ladder_left_without_a_name_is_refused_in_the_admin(client):
    form = _admin_ladder_form(client, players=2)
    assert client.post("/admin/ratings/ladder/add/", form).status_code == 302
    form["days_per_move"] = 7
    refused = client.post("/admin/ratings/ladder/add/", form)
    assert refused.status_code == 200
    assert "A ladder named “Alta, 2 players” exists already" in refused.content.decode()
    assert Ladder.objects.count() == 1
    form["name"] = "Slow Alta"
    assert client.post("/admin/ratings/ladder/add/", form).status_code == 302
    assert Ladder.objects.count() == 2


def test_charts_keep_svg_numbers_in_dutch(client, alice, played):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    coordinates = r' (?:cx|cy|x|y|x1|x2|y1|y2)="([^"]*)"'
    for path in (f"/ladders/{played.pk}/", "/players/Alice/ratings/"):
        page = text(client.get(path))
        svgs = re.findall(r"<svg class=\"(?:spark|chart).*?</svg>", page)
        assert svgs, path
        numbers = [n for svg in svgs for n in re.findall(coordinates, svg)]
        assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers), (path, numbers)


def test_the_history_dates_each_game_in_the_readers_time_zone(client, alice, bob):
    finished = dt.datetime(2026, 1, 5, 20, 0, tzinfo=dt.UTC)  # already 6 January in Auckland
    ladder = make_ladder(players=2, name="Late duels")
    join(ladder, alice, finished - dt.timedelta(hours=3))
    join(ladder, bob, finished - dt.timedelta(hours=3))
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=finished - dt.timedelta(hours=2))
    finish_by_resignations(match, [alice, bob], finished)
    rating_apply(match_id=match.pk)
    alice.time_zone = "Pacific/Auckland"
    alice.save(update_fields=["time_zone"])
    client.force_login(alice)
    assert "(place 1 of 2, 6 Jan 2026)" in text(client.get("/players/Alice/ratings/"))


def test_the_ranking_offers_no_challenge_to_or_from_a_player_on_vacation(client, alice, bob, carol, played):
    """The service refuses those challenges: the page offers none, and says why."""
    from games.deadlines.vacation import vacation_start

    vacation_start(user=alice, days=2, now=timezone.now())
    client.force_login(carol)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert 'aria-label="Challenge Bob"' in page and 'aria-label="Challenge Alice"' not in page
    assert "on vacation" in page
    client.force_login(alice)
    alice.language = "nl"
    alice.save(update_fields=["language"])
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert f'action="/ladders/{played.pk}/challenge/"' not in page
    assert "Je bent op vakantie: je krijgt geen nieuwe ladderpartijen en kunt niemand uitdagen" in page


def test_a_dutch_players_challenge_button_is_a_verb(client, bob, played):
    """The button beside a player says what it does, "Uitdagen" (challenge
    them), not the noun "Uitdaging" (a challenge)."""
    bob.language = "nl"
    bob.save(update_fields=["language"])
    client.force_login(bob)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert 'aria-label="Alice uitdagen">Uitdagen</button>' in page
    assert ">Uitdaging</button>" not in page


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "(place 1 of 2, 6 Dec 2026)"), ("nl", "(plaats 1 van 2, 6 dec 2026)")],
)
def test_the_chart_s_points_date_each_game_in_the_reader_s_zone_and_words(client, alice, played, language, written):
    """A point's title dated the game '12/06/2026' for an English reader
    (Django's American short date: month first, read as 12 June by most of
    the site's players), '6-12-2026' for a Dutch one, beside '6 Dec 2026'
    in the table under it; the title now writes the date as the table
    does, in the reader's zone (Tokyo's 6th, UTC's 5th)."""
    from ratings.models import RatingChange
    from tests.conftest import living_in

    living_in(language, "Asia/Tokyo", alice)
    RatingChange.objects.filter(user=alice).update(finished_at=dt.datetime(2026, 12, 5, 20, 30, tzinfo=dt.UTC))
    client.force_login(alice)
    page = text(client.get("/players/Alice/ratings/"))
    titles = re.findall(r"<title>([^<]*)</title>", page)
    assert any(written in t for t in titles), titles
    assert not any("12/06/2026" in t or "5 Dec" in t or "5 dec" in t for t in titles), titles


@pytest.mark.parametrize(
    ("language", "sentence"), [("en", "You have been a member since"), ("nl", "Je bent lid sinds")]
)
def test_a_member_reads_since_when_they_are_one(client, alice, played, language, sentence):
    alice.language = language
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = text(client.get(f"/ladders/{played.pk}/"))
    assert sentence in page and "You are a member" not in page
