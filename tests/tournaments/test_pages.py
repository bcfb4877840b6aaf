"""Tournament and club pages: they render, show the settings, bracket and
standings, and only organisers see and use the organiser controls."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from tournaments.models import Club, ClubMembership, Tournament
from tournaments.services import club_join

from .conftest import (
    DAY,
    finish,
    make_tournament,
    new_players,
    play_out,
    running_games,
    started,
    user_of,
)

pytestmark = pytest.mark.django_db


def page(client, url, user=None):
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_tournament_list_has_the_url_name_tournaments(client, alice, club, now):
    make_tournament(alice, club, now=now, format="swiss", rounds=4, name="Spring Swiss")
    html = page(client, reverse("tournaments"))
    assert reverse("tournaments") == "/tournaments/"
    assert "Spring Swiss" in html and "Open for registration" in html
    assert 'href="/tournaments/"' in html  # in the site navigation


def test_every_setting_is_visible_before_registering(client, alice, club, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        format="swiss",
        rounds=4,
        days_per_move=6,
        timeout_policy="forfeit",
        vacation_allowed=False,
        rated=True,
        capacity=12,
        registration="members",
        seeding="random",
        round_days=9,
        registration_closes_at=dt.datetime.now(dt.UTC) + 7 * DAY,
    )
    html = page(client, t.get_absolute_url())
    for text in (
        "Swiss, 4 rounds",
        "6 days per move",
        "on timeout: lose the game",
        "does not pause the clock",
        "9 days per round",
        "12 places",
        "club members of Harbour club",
        "Random draw",
        ", rated",
        "Tie-breaks: Buchholz, then Sonneborn-Berger",
        "Log in</a> to register",
    ):
        assert text in html, text
    assert "Organiser controls" not in html


def test_a_player_registers_from_the_page(client, alice, club, bob, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        format="swiss",
        rounds=2,
        registration_closes_at=dt.datetime.now(dt.UTC) + 7 * DAY,
    )
    client.force_login(bob)
    response = client.post(reverse("tournament-register", args=[t.pk]), follow=True)
    assert "You are registered." in response.content.decode()
    assert t.participants.filter(user=bob).exists()


def test_the_elimination_page_draws_the_bracket_and_the_tie_rule(client, alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="single_elimination")
    html = page(client, t.get_absolute_url())
    assert 'class="bracket"' in html
    assert html.count('class="bracket-game ') == 4 + 2 + 1
    assert "winner of R1-2" in html
    assert "the higher seed goes" in html
    t = play_out(t, now)
    html = page(client, t.get_absolute_url())
    assert "Winner: <strong>" in html and '<h2 id="placings-heading">Final standings</h2>' in html
    assert 'class="bracket-slot won"' in html


def test_the_double_elimination_page_has_both_brackets_and_the_final(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="double_elimination")
    html = page(client, t.get_absolute_url())
    for title in ("Winners bracket", "Losers bracket", "Grand final"):
        assert title in html


def test_the_swiss_page_shows_standings_with_tie_breaks_and_live_games(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    html = page(client, t.get_absolute_url())
    assert "Buchholz" in html and "S-B" in html and "Unplayed" in html
    assert "Playing, move 1" in html and "to move:" in html
    game = running_games(t)[0]
    finish(game, user_of(t, game.players[0]), now)
    from tournaments.services import tournament_game_finished

    tournament_game_finished(match_id=game.match_id, now=now)
    html = page(client, t.get_absolute_url())
    assert "Finished" in html and "›" in html


def test_organisers_see_their_controls_and_players_do_not(client, alice, club, bob, now):
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, round_days=3)
    assert "Organiser controls" not in page(client, t.get_absolute_url(), players[0])
    html = page(client, t.get_absolute_url(), alice)
    assert "Organiser controls" in html and "Disqualify" in html and "Extend" in html
    assert "set result" in html


def test_players_cannot_use_the_organiser_actions(client, alice, club, now):
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, round_days=3)
    client.force_login(players[0])
    victim = t.participants.get(user=players[1])
    response = client.post(
        reverse("tournament-disqualify", args=[t.pk, victim.pk]),
        {"reason": "I said so"},
    )
    assert response.status_code == 403
    victim.refresh_from_db()
    assert not victim.withdrawn
    client.post(reverse("tournament-cancel", args=[t.pk]), {"reason": "x", "confirm": "1"})
    client.post(reverse("tournament-round-extend", args=[t.pk, 1]), {"days": 5})
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    assert t.round_set.get().deadline_at == now + 3 * DAY
    game = running_games(t)[0]
    assert client.get(reverse("tournament-game-result", args=[game.pk])).status_code == 403


def test_an_organiser_sets_a_result_from_the_form(client, alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    game = running_games(t)[0]
    client.force_login(alice)
    url = reverse("tournament-game-result", args=[game.pk])
    assert "Place of" in page(client, url)
    a, b = game.players
    fields = {f"place_{a}": 2, f"place_{b}": 1, "reason": "timeout dispute"}
    # The first post shows the result to confirm; only the confirmation sets it.
    assert "Set the result of" in client.post(url, fields).content.decode()
    assert not game.__class__.objects.get(pk=game.pk).decided
    response = client.post(url, {**fields, "confirm": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.ranking == [[b], [a]] and game.reason == "timeout dispute"


def test_an_organiser_creates_a_tournament_from_the_form(client, alice, club, bob):
    client.force_login(alice)
    assert "Create the tournament" in page(client, reverse("tournament-new"))
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).strftime("%Y-%m-%dT%H:%M")
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Club knockout",
            "club": club.pk,
            "game": "alta",
            "players_per_table": 2,
            "format": "single_elimination",
            "advance": 1,
            "days_per_move": 2,
            "timeout_policy": "auto",
            "vacation_allowed": "on",
            "registration_closes_at": closes,
            "capacity": 8,
            "registration": "anyone",
            "seeding": "rating",
        },
    )
    t = Tournament.objects.get(name="Club knockout")
    assert response.status_code == 302 and response["Location"] == t.get_absolute_url()
    assert (t.club, t.capacity, t.days_per_move) == (club, 8, 2)
    client.force_login(bob)
    response = client.get(reverse("tournament-new"), follow=True)
    assert "start a club first" in response.content.decode()


def test_the_club_page_lists_members_tournaments_and_recent_results(client, alice, club, bob, now):
    club_join(club_id=club.pk, user=bob, now=now)
    t = started(
        alice,
        club,
        new_players(2),
        now=now,
        format="single_elimination",
        name="Harbour knockout",
    )
    play_out(t, now)
    html = page(client, club.get_absolute_url())
    assert "Members (2)" in html and "Bob" in html and "Alice" in html
    assert "Harbour knockout" in html and "R1-1:" in html
    assert "Organiser controls" not in html
    assert "Clubs" in page(client, reverse("clubs"))


def test_organisers_manage_membership_from_the_club_page(client, alice, club, bob, carol, now):
    club.join_policy = Club.JoinPolicy.REQUEST
    club.save()
    client.force_login(bob)
    client.post(reverse("club-join", args=[club.pk]))
    assert ClubMembership.objects.get(user=bob).status == "requested"
    client.force_login(alice)
    html = page(client, club.get_absolute_url())
    assert "Requests to join" in html
    client.post(reverse("club-approve", args=[club.pk, bob.pk]))
    assert ClubMembership.objects.get(user=bob).status == "active"
    client.post(reverse("club-invite", args=[club.pk]), {"display_name": "Carol"})
    assert ClubMembership.objects.get(user=carol).status == "invited"
    client.post(reverse("club-remove", args=[club.pk, bob.pk]))
    assert not ClubMembership.objects.filter(user=bob).exists()


def test_members_cannot_manage_the_club(client, alice, club, bob, carol, now):
    club_join(club_id=club.pk, user=bob, now=now)
    club_join(club_id=club.pk, user=carol, now=now)
    client.force_login(bob)
    response = client.post(reverse("club-remove", args=[club.pk, carol.pk]), follow=True)
    assert "Only the club&#x27;s organisers can do that." in response.content.decode()
    assert ClubMembership.objects.filter(user=carol).exists()


def test_founding_a_club_from_the_page(client, bob):
    client.force_login(bob)
    response = client.post(
        reverse("club-new"),
        {"name": "Night owls", "description": "", "join_policy": "request"},
    )
    club = Club.objects.get(name="Night owls")
    assert response["Location"] == club.get_absolute_url()
    assert club.memberships.get(user=bob).is_organiser


def test_english_pages_call_a_tie_a_shared_result_and_the_end_table_final_standings(client, alice, club, now):
    """The settings said "shared result ½" and the cross-table's note "½ a
    draw"; a finished Swiss headed its table "Final standings", a finished
    knockout "Final placings": one word for each, the one most pages use."""
    t = play_out(started(alice, club, new_players(4), now=now, format="round_robin"), now)
    html = page(client, t.get_absolute_url())
    assert "win 1, shared result ½, loss 0" in html and "1 a win, ½ a shared result, 0 a loss" in html, html
    assert "a draw" not in html and "Final standings" in html
    knockout = play_out(started(alice, club, new_players(4), now=now, format="single_elimination"), now)
    html = page(client, knockout.get_absolute_url())
    assert '<h2 id="placings-heading">Final standings</h2>' in html and "placings" not in html.replace(
        "placings-", ""
    ), html


def test_the_round_robin_page_says_who_rests_and_that_a_rest_scores_nothing(client, alice, club, now):
    players = new_players(5)
    t = started(alice, club, players, now=now, format="round_robin")
    html = page(client, t.get_absolute_url())
    assert "a bye scores a win" not in html
    assert "one rests each round: no game and no points" in html
    # Berger round 1 of 5: seed 1 meets the padding number, so rests.
    seed_one = t.participants.get(seed=1).user
    rounds = html[html.index('id="rounds-heading"') :]
    rest_row = rounds[rounds.index('class="rest"') :]
    assert "Rests this round: no game, no points" in rest_row
    assert str(seed_one) in rest_row[: rest_row.index("</tr>")]


def test_the_swiss_page_says_what_a_bye_scores(client, alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=2)
    html = page(client, t.get_absolute_url())
    assert "a bye scores a win." in html
    assert "Bye: scores a win (1 point)" in html


def test_after_the_end_players_show_their_place_not_registered(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    play_out(t, now)
    assert t.status == Tournament.Status.FINISHED
    html = page(client, t.get_absolute_url())
    players = html[html.index('id="players-heading"') :]
    players = players[: players.index("</section>")]
    assert "Registered" not in players
    assert "Winner" in players and "Finished in place 2" in players


def test_the_api_lists_who_rests_in_a_round_robin_round(client, alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="round_robin")
    client.force_login(alice)
    data = client.get(f"/api/tournaments/{t.pk}/").json()
    seed_one = t.participants.get(seed=1).user
    assert data["rounds"][0]["rests"] == [str(seed_one)]


@pytest.mark.parametrize(
    "settings",
    [
        {"format": "single_elimination"},
        {"format": "double_elimination"},
        {"format": "single_elimination", "game": "atlantis", "players_per_table": 3, "advance": 1},
        {"format": "round_robin", "game": "atlantis", "players_per_table": 3, "advance": 1},
    ],
)
def test_a_knockout_page_does_not_claim_points_and_buchholz_decide(client, alice, club, now, settings):
    t = started(alice, club, new_players(9 if settings.get("players_per_table") else 6), now=now, **settings)
    html = page(client, t.get_absolute_url())
    shown = html[html.index('id="settings-heading"') : html.index("</section>", html.index('id="settings-heading"'))]
    # Nobody goes through on points or on Buchholz: the tie rule says how a game's tie is decided.
    assert "Buchholz" not in shown and "win 1, shared result" not in shown and "pairwise results" not in shown
    assert "a bye goes through to the next round." in shown
    assert "the higher seed goes through" in shown


def test_a_swiss_and_a_round_robin_still_say_how_points_and_ties_count(client, alice, club, now):
    ties = {
        "swiss": "Tie-breaks: Buchholz, then Sonneborn-Berger, then rating at the start.",
        # Everyone meets everyone: Buchholz parts nobody, the games between the tied players do.
        "round_robin": "Tie-breaks: Sonneborn-Berger, then the games between the tied players, then the number of "
        "wins, then rating at the start.",
    }
    for settings in ({"format": "swiss", "rounds": 3}, {"format": "round_robin"}):
        html = page(client, started(alice, club, new_players(5), now=now, **settings).get_absolute_url())
        assert "win 1, shared result ½, loss 0" in html
        assert ties[settings["format"]] in html


def test_a_round_robin_page_lists_the_tie_breaks_it_applies_in_english_and_dutch(client, alice, club, now):
    from tests.conftest import living_in

    t = started(alice, club, new_players(4), now=now, format="round_robin")
    html = page(client, t.get_absolute_url())
    names = ["Sonneborn-Berger", "Direct encounter", "Wins", "Rating"]
    for number, name in enumerate(names, 1):
        assert f"<dt>{number}. {name}</dt>" in html
    assert "<dt>1. Buchholz</dt>" not in html and ">Buchholz</abbr>" not in html
    # Direct encounter is applied again to those it leaves level (FIDE), and the page says so.
    assert "those still level are compared again on the games among themselves alone" in " ".join(html.split())
    # ... and only once all the tied players have met (FIDE).
    assert "counted only once all of them have played each other" in " ".join(html.split())
    living_in("nl", "Europe/Amsterdam", alice)
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "<dt>2. Onderling resultaat</dt>" in html and "<dt>3. Winstpartijen</dt>" in html
    assert "de spelers die nog gelijk staan opnieuw vergeleken, alleen op de partijen onderling" in html
    assert "alleen geteld als ze allemaal al tegen elkaar hebben gespeeld" in html
    assert "Tiebreaks: Sonneborn-Berger, dan de partijen tussen de gelijk geëindigde spelers" in html


def test_a_rounds_byes_are_listed_after_its_games(client, alice, club, now):
    from tournaments.overview import tournament_overview
    from tournaments.services import bye_request

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    bye_request(tournament_id=t.pk, user=t.participants.get(seed=6).user, round_number=2, now=now)
    for game in running_games(t):
        finish(game, user_of(t, min(game.players)), now)
    from tournaments.services import tournament_game_finished

    for game in t.games.filter(round__number=1):
        tournament_game_finished(match_id=game.match_id, now=now)
    (_, second) = tournament_overview(t).rounds
    # The half-point bye and the pairing-allocated bye of the five others come after the board games.
    assert [len(row.game.players) for row in second.games] == [2, 2, 1, 1]
    html = page(client, t.get_absolute_url())
    rounds = html[html.index('id="rounds-heading"') :]
    assert rounds.index("R2-T2") < rounds.index("R2-B1")


def test_an_organiser_is_offered_to_set_a_result_only_for_games_without_one(client, alice, club, now):
    from tournaments.services import bye_request, tournament_game_finished

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = t.participants.get(seed=6)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    for game in running_games(t):
        finish(game, user_of(t, min(game.players)), now)
        tournament_game_finished(match_id=game.match_id, now=now)
    html = page(client, t.get_absolute_url(), alice)
    rows = re.findall(r"<tr>.*?</tr>", html[html.index('id="rounds-heading"') :], re.S)
    half_bye = next(row for row in rows if f"R2-H{asker.pk}" in row)
    assert "set result" not in half_bye
    playing = [row for row in rows if "Playing, move" in row]
    assert len(playing) == 2 and all("set result" in row for row in playing)


def test_an_organiser_records_a_no_show_as_a_forfeit_not_a_played_game(client, alice, club, now):
    from tests.conftest import living_in
    from tournaments.overview import tournament_overview

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    game = running_games(t)[0]
    a, b = game.players
    url = reverse("tournament-game-result", args=[game.pk])
    living_in("nl", "Europe/Amsterdam", alice)
    name_b = str(user_of(t, b))
    form = " ".join(page(client, url, alice).split())
    assert f"{name_b} speelde niet (verloren zonder spel)" in form and "vink aan wie niet gespeeld heeft" in form
    fields = {f"place_{a}": 1, f"absent_{b}": "on", "reason": "did not come to the club"}
    shown = " ".join(client.post(url, fields).content.decode().split())
    assert f"Speelde niet (verloren zonder spel): {name_b}." in shown
    response = client.post(url, {**fields, "confirm": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.ranking, game.forfeited) == ([[a]], [b])
    rows = {row.participant.pk: row for row in tournament_overview(t).standings}
    assert (rows[a].points, rows[a].played, rows[a].unplayed) == ("1", 0, 1)
    assert (rows[b].points, rows[b].played) == ("0", 0)
    # A place is still asked of every player who played.
    other = running_games(t)[0]
    c, d = other.players
    response = client.post(reverse("tournament-game-result", args=[other.pk]), {f"place_{c}": 1, "reason": "x"})
    assert response.status_code == 200 and not other.__class__.objects.get(pk=other.pk).decided


def test_a_rounds_games_are_listed_by_board_even_when_a_forfeit_was_recorded_first(client, alice, club, now):
    """A withdrawn player's game of a round robin is decided as the round
    starts, before the others: the page still lists the round's games by
    board number (T2 before T3), as the pairing numbered them."""
    from tournaments.overview import tournament_overview
    from tournaments.services import participant_withdraw, tournament_game_finished

    players = new_players(5)
    t = started(alice, club, players, now=now, format="round_robin")
    participant_withdraw(tournament_id=t.pk, user=players[1], now=now)
    for _ in range(4):
        for game in running_games(t):
            finish(game, user_of(t, min(game.players)), now)
            tournament_game_finished(match_id=game.match_id, now=now)
    for view in tournament_overview(t).rounds:
        keys = [row.game.key for row in view.games]
        assert keys == sorted(keys, key=lambda k: int(k.rsplit("T", 1)[1])), keys


def test_a_place_out_of_range_is_told_once_not_as_a_missing_place(client, alice, club, now):
    # Seen: place 3 in a game of two read "Ensure this value is less than or equal
    # to 2." and also "Give a place to every player who played." (one was given).
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    game = running_games(t)[0]
    a, b = game.players
    client.force_login(alice)
    url = reverse("tournament-game-result", args=[game.pk])
    response = client.post(url, {f"place_{a}": 3, f"place_{b}": 1, "reason": "x"})
    html = response.content.decode()
    assert response.status_code == 200 and "less than or equal to 2" in html
    assert "Give a place to every player who played." not in html
    response = client.post(url, {f"place_{b}": 1, "reason": "x"})
    assert "Give a place to every player who played." in response.content.decode()


def test_a_bracket_rounds_games_are_listed_winners_first_then_losers_by_number(client, alice, club, now):
    # Seen: a double elimination's schedule round 3 listed L2-2, W3-1, L2-1 (the
    # walkover L2-2 was made first); now W3-1, L2-1, L2-2.
    from tournaments.overview import tournament_overview
    from tournaments.services import participant_withdraw

    players = new_players(6)
    t = started(alice, club, players, now=now, format="double_elimination")
    first = t.participants.order_by("seed").first()
    participant_withdraw(tournament_id=t.pk, user=first.user, now=now)
    play_out(t, now)
    rounds = {view.number: [row.game.key for row in view.games] for view in tournament_overview(t).rounds}
    assert rounds[3] == ["W3-1", "L2-1", "L2-2"], rounds


def test_who_may_create_a_tournament_is_offered_the_link_on_the_list_and_the_club_page(
    client, alice, club, bob, carol, now
):
    """Tournaments are created by a club's organisers (any club for staff):
    they see "New tournament" on the tournament list and on the club's page
    (that club chosen); a member, another player or a visitor does not."""
    club_join(club_id=club.pk, user=bob, now=now)
    carol.is_staff = True
    carol.save(update_fields=["is_staff"])
    new = reverse("tournament-new")
    for user, offered in ((alice, True), (carol, True), (bob, False), (None, False)):
        client.logout()
        listed, club_page = page(client, reverse("tournaments"), user), page(client, club.get_absolute_url(), user)
        assert (f'href="{new}"' in listed) is offered, user
        assert (f'href="{new}?club={club.pk}"' in club_page) is offered, user
    assert "Create the tournament" in page(client, f"{new}?club={club.pk}", carol)


def test_the_club_members_table_links_each_member_to_their_page(client, alice, club, bob, now):
    """Like the standings and the lobby, the club's members table names each
    member by a link to their public page."""
    club_join(club_id=club.pk, user=bob, now=now)
    html = page(client, club.get_absolute_url(), bob)
    table = html[html.index('class="table members"') : html.index("</table>", html.index('class="table members"'))]
    for name in ("Alice", "Bob"):
        assert f'<a href="{reverse("player", args=[name])}">{name}</a>' in table, name


def test_the_cross_table_links_each_player_to_their_page(client, alice, club, now):
    """A round robin's cross-table names each row's player by a link to
    their page, as its standings do."""
    players = new_players(3)
    t = started(alice, club, players, now=now, format="round_robin")
    html = page(client, t.get_absolute_url())
    table = html[html.index('class="table cross-table"') : html.index("</table>", html.index("cross-table"))]
    for player in players:
        name = str(player)
        assert f'<a href="{reverse("player", args=[name])}">{name}</a>' in table, name


def test_the_log_shows_its_newest_entries_and_links_to_the_whole_log(client, alice, club, now):
    """The page shows the 30 newest lines; a link shows them all."""
    from tournaments.services.common import log
    from tournaments.views import LOG_SHOWN

    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    for minute in range(LOG_SHOWN + 5):
        log(t, "note", f"Line {minute}.", now=now + dt.timedelta(minutes=minute + 1))
    count = t.events.count()
    page = client.get(f"/tournaments/{t.pk}/").content.decode().split('id="log-heading"')[1]
    assert f"Line {LOG_SHOWN + 4}." in page and "Line 4." not in page
    assert f'href="?log=all#log-heading">Show the whole log ({count} entries)</a>' in page
    whole = client.get(f"/tournaments/{t.pk}/?log=all").content.decode().split('id="log-heading"')[1]
    assert "Line 0." in whole and f"Line {LOG_SHOWN + 4}." in whole and "Show the whole log" not in whole
