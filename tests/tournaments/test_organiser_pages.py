"""The organiser tools' pages and the new tournament pages: 403 for
everyone else on every organiser URL, the standings as CSV, the
cross-table, the bracket drawing, the tie-breaks explained, and the
selector behind "you are paired with X, your move"."""

import csv
import io
import re

import pytest
from django.urls import reverse

from tournaments.selectors import current_pairings_for
from tournaments.services import tournament_game_finished, tournament_pause

from .conftest import best_seed_wins, new_players, play_out, running_games, started

pytestmark = pytest.mark.django_db


def csv_rows(client, tournament) -> list[list[str]]:
    """The standings file's rows (plain UTF-8: no byte-order mark)."""
    content = client.get(reverse("tournament-standings-csv", args=[tournament.pk])).content
    return list(csv.reader(io.StringIO(content.decode())))


def organiser_urls(t, game, participant):
    return [
        ("post", reverse("tournament-start", args=[t.pk])),
        ("post", reverse("tournament-cancel", args=[t.pk])),
        ("post", reverse("tournament-invite", args=[t.pk])),
        ("post", reverse("tournament-seeding", args=[t.pk])),
        ("post", reverse("tournament-replace", args=[t.pk, participant.pk])),
        ("post", reverse("tournament-disqualify", args=[t.pk, participant.pk])),
        ("post", reverse("tournament-round-extend", args=[t.pk, 1])),
        ("get", reverse("tournament-game-result", args=[game.pk])),
        ("post", reverse("tournament-game-result", args=[game.pk])),
        ("post", reverse("tournament-pause", args=[t.pk])),
        ("post", reverse("tournament-resume", args=[t.pk])),
        ("post", reverse("tournament-message", args=[t.pk])),
        ("post", reverse("tournament-add-late", args=[t.pk])),
        ("get", reverse("tournament-standings-csv", args=[t.pk])),
        ("get", reverse("tournament-round-pairing", args=[t.pk, 2])),
        ("post", reverse("tournament-round-pairing", args=[t.pk, 2])),
    ]


def test_every_organiser_url_answers_403_to_a_player(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    game = running_games(t)[0]
    logged = t.events.count()
    client.force_login(players[0])
    for method, url in organiser_urls(t, game, t.participants.get(user=players[1])):
        response = getattr(client, method)(url, {"reason": "x", "display_name": "x", "days": 2, "subject": "s"})
        assert response.status_code == 403, url
    t.refresh_from_db()
    assert t.paused_at is None and t.events.count() == logged


def test_every_organiser_api_answers_403_to_a_player(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    client.force_login(players[0])
    for name in ("pause", "resume", "message", "add-late"):
        response = client.post(
            reverse(f"api-tournament-{name}", args=[t.pk]),
            {"subject": "s", "text": "t", "display_name": "x"},
            content_type="application/json",
        )
        assert response.status_code == 403, name
    url = reverse("api-tournament-round-pairing", args=[t.pk, 2])
    assert client.get(url).status_code == 403
    assert client.post(url, {"tables": [[1, 2]]}, content_type="application/json").status_code == 403
    client.force_login(alice)
    response = client.post(reverse("api-tournament-pause", args=[t.pk]), content_type="application/json")
    assert response.status_code == 200 and response.json()["paused"] is True


def test_the_other_organiser_apis_answer_403_to_a_player_and_change_nothing(client, alice, club, now):
    """Start, cancel, invite, seeding, replace, disqualify, extend and a
    result by hand: each refused to a player, nothing logged or changed."""
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, round_days=7)
    game = running_games(t)[0]
    other = t.participants.get(user=players[1])
    logged, deadline = t.events.count(), t.round_set.get(number=1).deadline_at
    assert deadline is not None
    calls = [
        (reverse("api-tournament-start", args=[t.pk]), {}),
        (reverse("api-tournament-cancel", args=[t.pk]), {"reason": "x"}),
        (reverse("api-tournament-invite", args=[t.pk]), {"display_name": "x"}),
        (reverse("api-tournament-seeding", args=[t.pk]), {"order": [other.pk]}),
        (reverse("api-tournament-replace", args=[t.pk, other.pk]), {"display_name": str(players[0])}),
        (reverse("api-tournament-disqualify", args=[t.pk, other.pk]), {"reason": "x"}),
        (reverse("api-tournament-round-extend", args=[t.pk, 1]), {"days": 2}),
        (reverse("api-tournament-game-result", args=[game.pk]), {"ranking": [[game.players[0]]], "reason": "x"}),
    ]
    client.force_login(players[0])
    for url, data in calls:
        response = client.post(url, data, content_type="application/json")
        assert response.status_code == 403, url
    t.refresh_from_db()
    other.refresh_from_db()
    assert t.status == "running" and other.status == "registered" and other.user == players[1]
    assert t.events.count() == logged and t.round_set.get(number=1).deadline_at == deadline


def test_an_organiser_pauses_and_writes_to_the_players_from_the_page(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    client.force_login(alice)
    client.post(reverse("tournament-pause", args=[t.pk]))
    html = client.get(t.get_absolute_url()).content.decode()
    assert "Resume the tournament" in html and "Paused" in html
    response = client.post(
        reverse("tournament-message", args=[t.pk]), {"subject": "Hello", "text": "Round 2 soon"}, follow=True
    )
    html = response.content.decode()
    assert "The message is on its way to every player." in html
    assert "wrote to every player: Hello" in html and f"by {alice}" in html  # the log, with who did it


def test_the_standings_download_as_csv_with_every_tie_break(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=1)
    play_out(t, now)
    client.force_login(alice)
    response = client.get(reverse("tournament-standings-csv", args=[t.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:7] == ["Rank", "Player", "Seed", "Points", "Buchholz", "Sonneborn-Berger", "Rating"]
    assert len(rows) == 5 and sorted(r[3] for r in rows[1:]) == ["0", "0", "1", "1"]


def test_the_standings_csv_writes_half_points_as_plain_decimals(client, alice, club, now):
    from tournaments.services import game_result_set

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    for game in running_games(t):
        game_result_set(game_id=game.pk, ranking=[list(game.players)], reason="agreed draw", by=alice, now=now)
    client.force_login(alice)
    rows = csv_rows(client, t)
    assert [r[3:6] for r in rows[1:]] == [["0.5", "0.5", "0.25"]] * 4
    assert "½" not in client.get(reverse("tournament-standings-csv", args=[t.pk])).content.decode()
    assert '<td class="num">½</td>' in client.get(t.get_absolute_url()).content.decode()  # the page keeps ½


def test_the_swiss_page_explains_every_tie_break(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=1)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "How ties are broken" in html
    for name in ("Buchholz", "Sonneborn-Berger", "Rating"):
        assert f"<dt>{['Buchholz', 'Sonneborn-Berger', 'Rating'].index(name) + 1}. {name}</dt>" in html
    assert "a win against a strong opponent counts for more" in html


def test_a_round_robin_shows_a_cross_table(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="round_robin")
    game = running_games(t)[0]
    best_seed_wins(t, game, now)
    tournament_game_finished(match_id=game.match_id, now=now)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "Cross-table" in html
    table = html[html.index('class="table cross-table"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr.*?</tr>", table, re.S)
    assert len(rows) == 5  # the head and one row per player
    winner = rows[1]
    # Row 1 (the leader) scored 1 against the player it beat; its own cell is crossed out.
    assert ">1</td>" in winner and "×" in winner


def test_an_elimination_bracket_is_drawn_as_svg_with_lines(client, alice, club, now):
    t = started(alice, club, new_players(8), now=now, format="single_elimination")
    html = client.get(t.get_absolute_url()).content.decode()
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert svg.count('class="ln"') == 4 + 2  # quarter-finals to semis, semis to the final
    assert svg.count("<rect") == 4 + 2 + 1
    assert "<title" in svg and "<desc" in svg
    names = [str(p.user) for p in t.participants.all()]
    assert all(name in svg for name in names)


def test_a_double_elimination_draws_each_bracket(client, alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="double_elimination")
    play_out(t, now)
    html = client.get(t.get_absolute_url()).content.decode()
    assert html.count("<svg") >= 3  # winners, losers, grand final
    assert html.count('class="ln"') > 0


def test_current_pairings_name_the_opponent_and_whose_move_it_is(alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=2)
    game = running_games(t)[0]
    first, second = (t.participants.get(pk=pid).user for pid in game.players)
    (mine,) = current_pairings_for(first)
    assert (mine.tournament, mine.round, mine.opponents, mine.your_move) == (t, 1, (str(second),), True)
    (theirs,) = current_pairings_for(second)
    assert theirs.opponents == (str(first),) and theirs.your_move is False
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    assert current_pairings_for(first)[0].your_move is True
    best_seed_wins(t, game, now)
    assert all(p.match != game.match for p in current_pairings_for(first))


def test_a_cancelled_tournaments_games_leave_the_home_pages_tournament_rounds(client, alice, club, now):
    """Its games go on as ordinary games (listed with the player's other
    games); no "round ends" is promised for a round nobody will close."""
    from tournaments.services import tournament_cancel

    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=2, round_days=7)
    game = running_games(t)[0]
    first = t.participants.get(pk=game.players[0]).user
    client.force_login(first)
    assert "round ends" in client.get("/").content.decode()
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    assert current_pairings_for(first) == []
    html = client.get("/").content.decode()
    assert "round ends" not in html and "Tournament rounds" not in html
    assert f"/games/{game.match_id}/" in html  # still listed, as an ordinary game


def test_a_player_who_left_a_table_of_three_is_no_longer_named_as_an_opponent(alice, club, now):
    from tournaments.services import participant_withdraw

    players = new_players(9)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, game="atlantis", players_per_table=3)
    game = running_games(t)[0]
    stay, leaver, other = (t.participants.get(pk=pid).user for pid in game.players)
    (mine,) = current_pairings_for(stay)
    assert mine.opponents == (str(leaver), str(other))
    participant_withdraw(tournament_id=t.pk, user=leaver, now=now)
    (mine,) = current_pairings_for(stay)
    assert mine.match == game.match and mine.opponents == (str(other),)


def test_a_player_asks_for_a_half_point_bye_over_the_api(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    client.force_login(players[0])
    url = reverse("api-tournament-bye", args=[t.pk])
    response = client.post(url, {"round": 1}, content_type="application/json")
    assert response.status_code == 409 and "not paired yet" in response.json()["detail"]
    response = client.post(url, {"round": 3}, content_type="application/json")
    assert response.status_code == 200
    assert t.participants.get(user=players[0]).bye_requests.get().round == 3


def test_an_organiser_writes_to_the_players_over_the_api(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    client.force_login(alice)
    response = client.post(
        reverse("api-tournament-message", args=[t.pk]),
        {"subject": "Schedule", "text": "Round 2 on Monday."},
        content_type="application/json",
    )
    assert response.status_code == 200 and response.json() == {"sent": 4}


def test_the_current_pairings_tag_says_who_the_opponent_is_and_whose_move(alice, club, now):
    from django.template import Context, Template

    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=1)
    (game,) = running_games(t)
    first, second = (t.participants.get(pk=pid).user for pid in game.players)
    template = Template("{% load tournament_tags %}{% current_pairings user %}")
    html = template.render(Context({"user": first}))
    assert f"Winter cup, round 1: you are paired with {second}, <strong>your move</strong>." in html
    assert game.match.get_absolute_url() in html
    assert "their move" in template.render(Context({"user": second}))
    assert template.render(Context({"user": alice})).strip() == ""


def test_the_standings_csv_of_a_finished_tournament_gives_each_player_their_place_not_registered(
    client, alice, club, now
):
    t = started(alice, club, new_players(5), now=now, format="round_robin")
    play_out(t, now)
    client.force_login(alice)
    rows = csv_rows(client, t)
    status = rows[0].index("Status")
    assert [r[status] for r in rows[1:]] == [
        "Winner",
        "Finished in place 2",
        "Finished in place 3",
        "Finished in place 4",
        "Finished in place 5",
    ]
    # The page's players list says the same.
    html = client.get(t.get_absolute_url()).content.decode()
    assert "Finished in place 5" in html and "Registered" not in html


def test_the_csv_of_a_finished_knockout_lists_the_players_by_place(client, alice, club, now):
    t = started(
        alice,
        club,
        new_players(10),
        now=now,
        format="single_elimination",
        game="atlantis",
        players_per_table=4,
        advance=2,
    )
    play_out(t, now)
    client.force_login(alice)
    rows = csv_rows(client, t)
    places = [int(r[0]) for r in rows[1:]]
    assert len(places) == 10 and places[0] == 1
    assert places == sorted(places)


def test_a_knockout_csv_has_the_columns_of_its_final_placings_not_empty_tie_breaks(client, alice, club, now):
    """A bracket has no points nor Buchholz: its CSV gives the page's
    final placings (place, player, seed), with rating and status, and no
    column that stays empty for every player."""
    t = started(alice, club, new_players(6), now=now, format="single_elimination", third_place=True)
    play_out(t, now)
    client.force_login(alice)
    rows = csv_rows(client, t)
    assert rows[0] == ["Place", "Player", "Seed", "Rating", "Status"]
    assert all(len(row) == len(rows[0]) for row in rows)
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4", "5", "5"]
    assert all(all(column for column in row) for row in rows[1:])


def test_the_bracket_description_read_aloud_names_no_seed_that_does_not_exist(client, alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="single_elimination")
    html = client.get(t.get_absolute_url()).content.decode()
    desc = html[html.index("<desc") : html.index("</desc>")]
    # Seeds 1 and 2 have byes: a screen reader hears that, not "seed 7" and "seed 8" (6 players).
    assert "seed 7" not in desc and "seed 8" not in desc
    assert desc.count("(Bye)") == 2
    assert "winner of R1-2" in desc  # a slot still to be played is still named by where it comes from


def test_a_round_robin_standings_csv_has_the_wins_column_its_page_shows_and_no_buchholz(client, alice, club, now):
    """A round robin breaks ties by Sonneborn-Berger, then the games between
    the tied players, then wins: the CSV gives the same columns as the page
    (Wins, no Buchholz), and the same numbers as the API."""
    t = started(alice, club, new_players(5), now=now, format="round_robin")
    play_out(t, now)
    client.force_login(alice)
    rows = csv_rows(client, t)
    assert rows[0][:7] == ["Rank", "Player", "Seed", "Points", "Sonneborn-Berger", "Wins", "Rating"]
    assert "Buchholz" not in rows[0] and len(rows[0]) == len(rows[1])
    api = client.get(reverse("api-tournament", args=[t.pk])).json()["standings"]
    assert [(r[1], int(r[5])) for r in rows[1:]] == [(s["display_name"], s["wins"]) for s in api]
    assert sum(int(r[5]) for r in rows[1:]) == 10  # the ten games, each won by the best seed
    html = client.get(t.get_absolute_url()).content.decode()
    assert ">Buchholz</abbr>" not in html and "Games won over the board" in html


def test_page_api_and_csv_leave_direct_encounter_out_of_a_tie_whose_players_have_not_all_met(
    client, alice, club, now, monkeypatch
):
    """The results of ``test_standings``'s midway round robin (seeds 1, 3
    and 4 level, 1 and 4 not met yet): the page, the API and the CSV list
    them in the same order, by rating (seed), not by direct encounter."""
    from tests.tournaments.simulate import game

    t = started(alice, club, new_players(5), now=now, format="round_robin")
    pk = {p.seed: p.pk for p in t.participants.all()}
    played = [((3, 5), 1), ((1, 2), 0), ((1, 3), 1), ((2, 5), 0), ((4, 5), 1), ((3, 4), 1)]
    results = [
        game(n, (pk[a], pk[b]), *[((pk[a],), (pk[b],)), ((pk[b],), (pk[a],))][o])
        for n, ((a, b), o) in enumerate(played, 1)
    ]
    for module in ("overview", "overview_standings", "overview_cross_table"):
        monkeypatch.setattr(f"tournaments.{module}.results_of", lambda tournament: results)
    names = {p.seed: str(p.user) for p in t.participants.select_related("user")}
    expected = [names[seed] for seed in (5, 2, 1, 3, 4)]
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    body = html[html.index('class="table standings') :]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    assert re.findall(r"<td>(?:<a [^>]*>)?([^<]+)", body)[:5] == expected  # a name may link to its page
    api = client.get(f"/api/tournaments/{t.pk}/").json()["standings"]
    assert [s["display_name"] for s in api] == expected
    rows = csv_rows(client, t)
    assert [r[1] for r in rows[1:]] == expected


def test_a_form_error_on_the_tournament_page_names_its_field(client, alice, club, now):
    """The tournament page has many small forms; an error sent back to it
    says which field it is about, not only 'This field is required.'."""
    from django.contrib.messages import get_messages

    from tests.conftest import living_in

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, round_days=3)
    client.force_login(alice)

    def told(url, data):
        return [str(m) for m in get_messages(client.post(url, data, follow=True).wsgi_request)]

    assert told(reverse("tournament-cancel", args=[t.pk]), {"reason": "   "}) == ["Reason: This field is required."]
    assert told(reverse("tournament-round-extend", args=[t.pk, 1]), {"days": "two"}) == ["Days: Enter a whole number."]
    living_in("nl", "Europe/Amsterdam", alice)
    assert told(reverse("tournament-message", args=[t.pk]), {"subject": "", "text": "Hallo"}) == [
        "Onderwerp: Dit veld is vereist."
    ]


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en", "Too few players registered to start (at least 2 are needed): the tournament is cancelled", "under way"),
        (
            "nl",
            "Te weinig spelers ingeschreven om te starten (minstens 2 nodig): het toernooi is geannuleerd",
            "begonnen",
        ),
    ],
)
@pytest.mark.parametrize("paused", [False, True])
def test_starting_with_too_few_players_says_the_tournament_is_cancelled(
    client, alice, club, now, language, said, not_said, paused
):
    # Seen: the organiser read "Registration is closed and round 1 is under way."
    # while the start had cancelled the tournament (one player registered).
    from tests.conftest import living_in
    from tournaments.models import Tournament

    from .conftest import make_tournament, register

    living_in(language, "Europe/Amsterdam", alice)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, new_players(1), now)
    client.force_login(alice)
    data = {"paused": "1"} if paused else {}
    page = client.post(reverse("tournament-start", args=[t.pk]), data, follow=True).content.decode()
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    messages = re.search(r'<ul class="messages".*?</ul>', page, re.S).group(0)
    assert said in " ".join(messages.split())
    assert not_said not in messages


@pytest.mark.parametrize(
    ("language", "zone", "said"),
    [("en", "America/New_York", "Its deadline is now"), ("nl", "Asia/Tokyo", "De termijn is nu")],
)
def test_extending_a_round_says_its_new_deadline_in_the_organisers_zone(client, alice, club, now, language, zone, said):
    # Seen: "Round 1 is extended." and no word of the deadline it now has.
    import zoneinfo

    from django.contrib.messages import get_messages
    from django.utils import translation

    from core.moments import written_moment
    from tests.conftest import living_in

    living_in(language, zone, alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, round_days=3)
    client.force_login(alice)
    response = client.post(reverse("tournament-round-extend", args=[t.pk, 1]), {"days": 2}, follow=True)
    (told,) = [str(m) for m in get_messages(response.wsgi_request)]
    with translation.override(language):
        deadline = written_moment(zoneinfo.ZoneInfo(zone), t.round_set.get(number=1).deadline_at)
    assert said in told and deadline in told, told
    assert zone.replace("_", " ") in told  # named as the page footer names it
