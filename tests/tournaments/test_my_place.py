"""The "Your place" box after the end (issue 21: a player's final status
and place after the end): a player who withdrew still reads the place the
final standings give them, and a cancelled tournament never says "You
played" to someone who did not."""

import re

import pytest

from tests.conftest import living_in
from tournaments.services import participant_withdraw, tournament_cancel, tournament_start

from .conftest import make_tournament, new_players, play_out, register, started

pytestmark = pytest.mark.django_db


def your_place(client, user, tournament) -> str:
    client.force_login(user)
    html = client.get(tournament.get_absolute_url()).content.decode()
    box = html[html.index('id="place-heading"') :]
    box = box[: box.index("</section>")]
    return " ".join(re.sub(r"<[^>]+>", " ", box).split())


def test_a_player_who_withdrew_reads_their_final_place_after_the_end(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[3], now=now)
    play_out(t, now)
    place = t.participants.get(user=players[3]).final_place
    assert place is not None
    text = your_place(client, players[3], t)
    assert "You withdrew" in text and f"You finished in place {place} of 4." in text
    living_in("nl", "Europe/Amsterdam", players[3])
    assert f"Je bent als {place}e van de 4 geëindigd." in your_place(client, players[3], t)


def test_a_tournament_cancelled_before_it_started_does_not_say_you_played(client, alice, bob, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, [bob], now)
    tournament_start(tournament_id=t.pk, now=now, by=alice)  # too few players: cancelled
    text = your_place(client, bob, t)
    assert "You played" not in text and "The tournament was cancelled." in text
    living_in("nl", "Europe/Amsterdam", bob)
    assert "Het toernooi is geannuleerd." in your_place(client, bob, t)


def test_a_tournament_cancelled_while_it_ran_says_so_in_the_players_box(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    text = your_place(client, players[0], t)
    assert "The tournament was cancelled." in text and "You played" not in text


def _players_rows(client, user, tournament) -> list[str]:
    """The players list's rows as plain text, as ``user`` sees them."""
    client.force_login(user)
    html = client.get(tournament.get_absolute_url()).content.decode()
    players = html[html.index('id="players-heading"') :]
    rows = re.findall(r"<tr.*?</tr>", players[: players.index("</table>")], re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in rows[1:]]


def test_the_players_of_a_cancelled_tournament_are_not_listed_as_registered(client, alice, club, now):
    from django.urls import reverse

    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[3], now=now)
    tournament_cancel(tournament_id=t.pk, by=alice, reason="the club is closing", now=now)
    rows = _players_rows(client, alice, t)
    assert len(rows) == 4 and not any("Registered" in row for row in rows)
    assert sum("Tournament cancelled" in row for row in rows) == 3
    assert any(str(players[3]) in row and "Withdrew" in row for row in rows)
    csv_text = client.get(reverse("tournament-standings-csv", args=[t.pk])).content.decode("utf-8-sig")
    assert "Registered" not in csv_text and csv_text.count("Tournament cancelled") == 3
    living_in("nl", "Europe/Amsterdam", alice)
    rows = _players_rows(client, alice, t)
    assert sum("Toernooi geannuleerd" in row for row in rows) == 3
    assert not any("Ingeschreven" in row for row in rows)


def _knocked_out_in_round_one(tournament, now):
    """Finish the first running game with the better seed winning; the
    loser's user."""
    from tournaments.services import tournament_game_finished

    from .conftest import best_seed_wins, running_games

    game = running_games(tournament)[0]
    seeds = {p.pk: p for p in tournament.participants.filter(pk__in=game.players)}
    loser = max(seeds.values(), key=lambda p: p.seed).user
    winner = min(seeds.values(), key=lambda p: p.seed).user
    best_seed_wins(tournament, game, now)
    tournament_game_finished(match_id=game.match_id, now=now)
    return loser, winner


@pytest.mark.parametrize(
    "settings",
    [
        {"format": "single_elimination"},
        {"format": "single_elimination", "game": "atlantis", "players_per_table": 3, "advance": 1},
        {"format": "round_robin", "game": "atlantis", "players_per_table": 3, "advance": 1},
    ],
)
def test_a_player_knocked_out_is_told_so_and_offered_no_withdrawal(client, alice, club, now, settings):
    t = started(alice, club, new_players(9 if settings.get("players_per_table") else 8), now=now, **settings)
    loser, winner = _knocked_out_in_round_one(t, now)
    text = your_place(client, loser, t)
    assert "You are playing as seed" not in text and "Withdraw" not in text
    assert "You have no more games in this tournament: your place is published when it ends." in text
    # The winner of that game plays on.
    assert "You are playing as seed" in your_place(client, winner, t)
    living_in("nl", "Europe/Amsterdam", loser)
    assert "Je hebt geen partijen meer in dit toernooi" in your_place(client, loser, t)


def test_a_double_elimination_player_plays_on_after_a_first_loss(client, alice, club, now):
    t = started(alice, club, new_players(8), now=now, format="double_elimination")
    loser, _winner = _knocked_out_in_round_one(t, now)
    assert "You are playing as seed" in your_place(client, loser, t)


def test_a_player_who_asked_for_half_point_byes_sees_them_in_their_box(client, alice, club, now):
    from tournaments.services import bye_request

    players = new_players(5)
    t = started(alice, club, players, now=now, format="swiss", rounds=4)
    assert "half-point bye in round" not in your_place(client, players[0], t)
    bye_request(tournament_id=t.pk, user=players[0], round_number=3, now=now)
    assert "You asked for a half-point bye in round 3." in your_place(client, players[0], t)
    bye_request(tournament_id=t.pk, user=players[0], round_number=2, now=now)
    assert "You asked for half-point byes in rounds 2, 3." in your_place(client, players[0], t)
    assert "half-point bye" not in your_place(client, players[1], t).replace("Ask for a half-point bye", "")
    living_in("nl", "Europe/Amsterdam", players[0])
    dutch = "Je hebt gevraagd om een vrije ronde voor een half punt in de ronden 2, 3."
    assert dutch in your_place(client, players[0], t)


def test_the_players_list_of_a_running_knockout_says_who_has_no_more_games(client, alice, club, now):
    t = started(alice, club, new_players(8), now=now, format="single_elimination")
    loser, winner = _knocked_out_in_round_one(t, now)
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    players = html[html.index('id="players-heading"') :]
    rows = {
        name: " ".join(re.sub(r"<[^>]+>", " ", row).split())
        for row in re.findall(r"<tr.*?</tr>", players[: players.index("</table>")], re.S)
        for name in (str(loser), str(winner))
        if f">{name}<" in row
    }
    assert "No more games" in rows[str(loser)]
    assert "No more games" not in rows[str(winner)] and "Registered" in rows[str(winner)]


def test_a_player_replaced_during_the_tournament_reads_who_took_over(client, alice, club, now):
    from tournaments.services import participant_replace

    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    (substitute,) = new_players(1, prefix="Sub")
    place = t.participants.get(user=players[1])
    participant_replace(tournament_id=t.pk, participant_id=place.pk, display_name=str(substitute), by=alice, now=now)
    text = your_place(client, players[1], t)
    assert f"{substitute} took over your place in round 1; the results so far stay with the place." in text
    assert "You are not playing in this tournament." not in text
    living_in("nl", "Europe/Amsterdam", players[1])
    assert f"{substitute} heeft in ronde 1 je plaats overgenomen" in your_place(client, players[1], t)


def test_a_registration_that_opened_and_closed_is_not_said_to_open(client, alice, bob, club):
    # Seen: past its closing time (the start not run yet), the box read
    # "Registration opens 26 Nov 2026 10:00." of a moment long gone.
    import datetime as dt

    from .conftest import DAY

    then = dt.datetime.now(dt.UTC) - 10 * DAY
    t = make_tournament(
        alice,
        club,
        now=then,
        format="swiss",
        rounds=3,
        registration_opens_at=then + DAY,
        registration_closes_at=then + 7 * DAY,
    )
    text = your_place(client, bob, t)
    assert "Registration is closed." in text and "Registration opens" not in text
    later = make_tournament(
        alice,
        club,
        now=then + 10 * DAY,
        format="swiss",
        rounds=3,
        name="Later cup",
        registration_opens_at=then + 12 * DAY,
        registration_closes_at=then + 15 * DAY,
    )
    assert "Registration opens" in your_place(client, bob, later)
