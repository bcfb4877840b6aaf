"""A Dutch reader of a tournament sees no English: bracket slots still
waiting for a player, and a withdrawal without a reason, on the page and
in the mail."""

import re

import pytest
from django.apps import apps
from django.utils import translation

from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.models import Tournament, TournamentEvent
from tournaments.overview_bracket import slot_label
from tournaments.pairing.bracket import Source
from tournaments.services import participant_withdraw
from tournaments.services.formats import bracket_of, bracket_sources
from tournaments.types import Player

from .conftest import new_players, started

pytestmark = pytest.mark.django_db


def dutch_page(client, user, tournament) -> str:
    client.force_login(user)
    response = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def test_bracket_slots_waiting_for_a_player_are_labelled_in_dutch(client, alice, club, now):
    players = new_players(5)
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, players, now=now, format="single_elimination")
    html = dutch_page(client, alice, t)
    # In the drawing's boxes and description, and in the list beside it.
    assert html.count("winnaar van R1-2") >= 3
    # Seed 8 of 5 is a bye: read aloud as one, in Dutch; a seed's label is Dutch too.
    assert "(Vrije ronde)" in html[html.index("<desc") : html.index("</desc>")]
    with translation.override("nl"):
        assert slot_label(Source("seed", 8)) == "plaatsing 8"
    assert "winner of" not in html and "seed 8" not in html


def test_a_double_elimination_names_the_losers_to_come_in_dutch(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="double_elimination")
    html = dutch_page(client, alice, t)
    assert "verliezer van W1-1" in html and "loser of" not in html


@pytest.mark.parametrize("format_", ["single_elimination", "double_elimination"])
def test_every_bracket_slot_has_a_label_saying_what_the_bracket_says(format_):
    for count in range(2, 34):
        tournament = Tournament(format=format_, third_place=True, players_per_table=2)
        players = [Player(id=seed, seed=seed) for seed in range(1, count + 1)]
        bracket = bracket_of(tournament, players, [])
        sources = bracket_sources(tournament, count)
        with translation.override("en"):
            labels = {key: tuple(slot_label(source) for source in pair) for key, pair in sources.items()}
        assert {g.key: g.sources for g in bracket.games} == labels, count


def test_withdrawing_without_a_reason_shows_no_english_reason(client, alice, club, now):
    players = new_players(4)
    leaver = players[2]
    living_in("nl", "Europe/Amsterdam", alice, leaver)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=leaver, now=now)

    html = dutch_page(client, alice, t)
    assert "Teruggetrokken</td>" in html
    assert f"</time> {leaver} heeft zich teruggetrokken.</li>" in html  # the log line: no reason, no "(door ...)"
    assert "withdrew" not in html
    assert "Je hebt je teruggetrokken. Je uitslagen" in dutch_page(client, leaver, t)
    mail = OutgoingEmail.objects.get(to=leaver.email, kind="notice")
    assert f"Je hebt je teruggetrokken uit {t.name}.\n" in mail.text
    assert "withdrew" not in mail.text + mail.html


def test_a_reason_given_on_withdrawal_is_shown_in_brackets(alice, club, now):
    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", players[0])
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[0], now=now, reason=" verhuisd ")
    mail = OutgoingEmail.objects.get(to=players[0].email, kind="notice")
    assert f"Je hebt je teruggetrokken uit {t.name} (verhuisd)." in mail.text


def test_the_migration_forgets_the_english_placeholder_reason_of_earlier_withdrawals(alice, club, now):
    from importlib import import_module

    migration = import_module("tournaments.migrations.0005_withdrawn_without_reason")
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[1], now=now)
    # As a withdrawal without a reason was stored before.
    leaver = t.participants.get(user=players[1])
    leaver.left_reason = "withdrew"
    leaver.save(update_fields=["left_reason"])
    event = TournamentEvent.objects.get(tournament=t, kind="withdrawn")
    event.data.update(message="%(player)s withdrew: %(reason)s", params={"player": str(leaver), "reason": "withdrew"})
    event.save(update_fields=["data"])

    migration.forget_placeholder_reasons(apps, None)
    leaver.refresh_from_db()
    event.refresh_from_db()
    assert leaver.left_reason == ""
    with translation.override("nl"):
        assert event.shown_text == f"{leaver} heeft zich teruggetrokken."


def test_a_tournament_cancelled_for_too_few_players_says_why_in_dutch(client, alice, bob, club, now):
    from tournaments.services import tournament_start

    from .conftest import make_tournament, register

    living_in("nl", "Europe/Amsterdam", alice, bob)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, [bob], now)
    tournament_start(tournament_id=t.pk, now=now, by=alice)
    html = dutch_page(client, alice, t)
    assert "geannuleerd: minder dan 2 spelers ingeschreven." in html
    mail = OutgoingEmail.objects.get(to=bob.email, kind="notice")
    assert (
        "minder dan 2 spelers ingeschreven" in " ".join(mail.text.split())
        and "minder dan 2 spelers ingeschreven" in mail.html
    )
    assert "fewer than" not in html + mail.text + mail.html
    # The English log line reads as before.
    assert t.events.get(kind="cancelled").text == "The tournament was cancelled: fewer than 2 players registered."


def test_a_dutch_reader_sees_fractional_points_with_a_decimal_comma(client, alice, club, now):
    from .conftest import play_out

    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, game="atlantis", players_per_table=4)
    play_out(t, now)
    html = dutch_page(client, alice, t)
    start = html.index('id="standings-heading"')
    standings = html[start : html.index("</table>", start)]
    # At a table of 4 the second scores 2/3 and the third 1/3 of a point.
    assert '<td class="num">0,67</td>' in standings and '<td class="num">0,33</td>' in standings
    assert "0.67" not in standings and "0.33" not in standings
    # The API keeps one notation whatever the reader's language.
    data = client.get(f"/api/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="nl").json()
    assert sorted(s["points"] for s in data["standings"]) == ["0", "0.33", "0.67", "1"]


def test_a_dutch_reader_sees_the_game_kind_headed_spel_not_partij(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    html = dutch_page(client, alice, t)
    # The settings name the game played (Alta): "Spel"; a game in a round is a "Partij".
    assert "<dt>Spel</dt>" in html and "<dt>Partij</dt>" not in html
    assert '<th scope="col">Partij</th>' in html[html.index('id="rounds-heading"') :]
    listing = client.get("/tournaments/").content.decode()
    assert '<th scope="col">Spel</th>' in listing and '<th scope="col">Partij</th>' not in listing


def test_a_dutch_knockout_page_says_who_a_bye_sends_through(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(6), now=now, format="single_elimination")
    html = dutch_page(client, alice, t)
    # A bye is not itself what goes through: the player who gets it does.
    assert "<dt>Vrije ronden</dt><dd>wie een vrije ronde krijgt, gaat door naar de volgende ronde.</dd>" in html


@pytest.mark.django_db
def test_the_result_form_labels_the_reason_in_dutch(client, alice, club, now):
    from django.urls import reverse

    from .conftest import running_games

    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1)
    client.force_login(alice)
    html = client.get(reverse("tournament-game-result", args=[running_games(t)[0].pk])).content.decode()
    assert "Reden:</label>" in html and "Reason:" not in html


@pytest.mark.django_db
def test_a_swiss_is_named_with_its_capital_in_a_sentence_in_english_and_dutch(client, alice, club, bob, now):
    """'Alta, round robin' is lower case inside a sentence, but Swiss is a
    proper name: the club page and the invitation mail write 'Alta, Swiss'
    ('Alta, Zwitsers systeem'), not 'Alta, swiss'."""
    from tournaments.services import tournament_invite

    from .conftest import make_tournament

    swiss = make_tournament(alice, club, now=now, name="Herfst", format="swiss", rounds=3)
    make_tournament(alice, club, now=now, name="Voorjaar", format="round_robin")
    html = client.get(club.get_absolute_url()).content.decode()
    assert "Alta, Swiss ·" in html and "Alta, round robin ·" in html
    living_in("nl", "Europe/Amsterdam", bob)
    client.force_login(bob)
    html = client.get(club.get_absolute_url()).content.decode()
    assert "Alta, Zwitsers systeem ·" in html and "Alta, halve competitie ·" in html
    tournament_invite(tournament_id=swiss.pk, display_name="Bob", by=alice, now=now)
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert "Alta, Zwitsers systeem," in mail.text and "Alta, Zwitsers systeem, 2" in mail.html


@pytest.mark.parametrize(("language", "deadline"), [("en", "until "), ("nl", "tot ")])
def test_a_started_tournament_shows_no_registration_deadline(client, alice, club, now, language, deadline):
    living_in(language, "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    html = dutch_page(client, alice, t)
    registration = re.search(r"<dt>(Registration|Inschrijving)</dt><dd>(.*?)</dd>", html, re.S)
    assert registration is not None
    assert deadline not in registration.group(2)
    assert registration.group(2).startswith("closed" if language == "en" else "gesloten")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_log_does_not_name_the_actor_twice(client, alice, club, now, language):
    living_in(language, "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    html = dutch_page(client, alice, t)
    created = r"Alice (created the tournament|heeft het toernooi aangemaakt)\."
    line = re.search(created + r"[^<]*(<small[^>]*>[^<]*</small>)?", html)
    assert line is not None and line.group(2) is None
    # A line that does not name its actor still says who did it.
    closed = r"(Registration closed|De inschrijving is gesloten)"
    started_line = re.search(closed + r"[^<]*<small[^>]*>\((by|door) Alice\)", html)
    assert started_line is not None
