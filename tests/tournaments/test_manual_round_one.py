"""Pairing round 1 by hand: the organiser starts the tournament paused,
round 1 waits with its automatic pairing proposed, and resuming creates
the games as paired (issue 21, organiser tools)."""

import pytest
from django.urls import reverse

from games.models import Match
from games.services import Conflict, GameActionError
from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.models import Tournament
from tournaments.services import (
    round_pairing_proposal,
    round_pairing_set,
    tournament_pause,
    tournament_resume,
    tournament_start,
)

from .conftest import make_tournament, new_players, register, started

pytestmark = pytest.mark.django_db


def registered(organiser, club, count, now, **settings):
    if settings.setdefault("format", "swiss") == "swiss":
        settings.setdefault("rounds", 3)
    tournament = make_tournament(organiser, club, now=now, **settings)
    players = new_players(count)
    register(tournament, players, now)
    return tournament, players


def start_paused(tournament, organiser, now):
    tournament_start(tournament_id=tournament.pk, by=organiser, now=now, paused=True)
    tournament.refresh_from_db()


def by_seed(tournament):
    return {p.seed: p.pk for p in tournament.participants.all()}


def round_one(tournament):
    return [tuple(g.players) for g in tournament.games.filter(round__number=1).order_by("key")]


def test_a_swiss_started_paused_plays_round_one_as_paired_by_hand(alice, club, now, django_capture_on_commit_callbacks):
    t, players = registered(alice, club, 6, now)
    start_paused(t, alice, now)
    assert (t.status, t.paused_at) == (Tournament.Status.RUNNING, now)
    assert not t.games.exists()
    proposal = round_pairing_proposal(t)
    assert (proposal.round, len(proposal.tables), proposal.by_hand) == (1, 3, False)

    seed = by_seed(t)
    tables = [(seed[2], seed[1]), (seed[3], seed[6]), (seed[4], seed[5])]
    assert round_pairing_set(tournament_id=t.pk, number=1, tables=tables, by=alice, now=now) == []
    assert not t.games.exists()  # still paused: the round waits
    assert round_pairing_proposal(t).by_hand

    with django_capture_on_commit_callbacks(execute=True):
        tournament_resume(tournament_id=t.pk, by=alice, now=now)
    assert round_one(t) == tables
    games = t.games.filter(round__number=1).select_related("match")
    assert all(g.match.status == Match.Status.ACTIVE for g in games)
    # Every player hears of their game, as in any other round.
    told = set(OutgoingEmail.objects.filter(match__in=[g.match for g in games]).values_list("to", flat=True))
    assert told >= {p.email for p in players}


def test_round_one_by_hand_is_checked_like_any_round(alice, club, now):
    t, _ = registered(alice, club, 5, now)
    start_paused(t, alice, now)
    seed = by_seed(t)
    assert len(round_pairing_proposal(t).byes) == 1
    tables = [(seed[1], seed[2]), (seed[3], seed[4])]
    with pytest.raises(GameActionError) as raised:
        round_pairing_set(tournament_id=t.pk, number=1, tables=tables, by=alice, now=now)
    assert raised.value.code == "invalid_pairing"  # seed 5 left out
    problems = round_pairing_set(tournament_id=t.pk, number=1, tables=tables, byes=[seed[5]], by=alice, now=now)
    assert problems == []
    assert t.manual_pairings.get(round=1).byes == [seed[5]]


def test_a_tournament_paused_before_its_start_is_started_paused_by_the_beat(alice, club, now):
    from tournaments.services import tournaments_start_due

    t, players = registered(alice, club, 6, now)
    Tournament.objects.filter(pk=t.pk).update(paused_at=now)  # as staff may in the admin
    start = t.registration_closes_at
    assert tournaments_start_due(now=start) == [t.pk]
    t.refresh_from_db()
    assert (t.status, t.paused_at) == (Tournament.Status.RUNNING, start) and not t.games.exists()
    assert t.events.get(kind="started").text == (
        "Registration closed with 6 players; round 1 waits for the organisers' pairing."
    )
    assert round_pairing_proposal(t).round == 1
    tournament_resume(tournament_id=t.pk, by=alice, now=start)
    assert len(round_one(t)) == 3


def test_a_tournament_started_unpaused_says_how_to_pair_round_one(alice, club, now):
    """Round 1's games are made: it may be paired again only until one of
    them has a move (``test_repair_started_round``), and then says why not."""
    from tests.deadlines.conftest import play_turn

    from .conftest import running_games

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    assert round_pairing_proposal(t).started
    play_turn(running_games(t)[0].match, now)
    assert round_pairing_proposal(t) is None
    with pytest.raises(Conflict, match="a game of round 1 has a move already") as raised:
        round_pairing_set(tournament_id=t.pk, number=1, tables=[], by=alice, now=now)
    assert raised.value.code == "no_round_waiting"


def test_the_organiser_pairs_round_one_from_the_page_in_dutch(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t, _ = registered(alice, club, 4, now)
    client.force_login(alice)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Inschrijving sluiten en ronde 1 met de hand indelen" in page

    response = client.post(reverse("tournament-start", args=[t.pk]), {"paused": "1"}, follow=True)
    html = response.content.decode()
    assert "ronde 1 wacht op jouw indeling" in html
    assert "Ronde 1 wacht op de start: bekijk of wijzig de indeling" in html
    assert "met 4 spelers; ronde 1 wacht op de indeling van de organisatoren." in html
    url = reverse("tournament-round-pairing", args=[t.pk, 1])
    assert 'name="seat-2-2"' in client.get(url).content.decode()

    seed = by_seed(t)
    data = {"seat-1-1": seed[3], "seat-1-2": seed[1], "seat-2-1": seed[2], "seat-2-2": seed[4]}
    assert client.post(url, data)["Location"] == t.get_absolute_url()
    client.post(reverse("tournament-resume", args=[t.pk]))
    assert round_one(t) == [(seed[3], seed[1]), (seed[2], seed[4])]


def test_a_bracket_offers_no_paused_start(client, alice, club, now):
    t, _ = registered(alice, club, 4, now, format="single_elimination", rounds=None)
    client.force_login(alice)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Close registration and start round 1 now" in page
    assert "pair round 1 by hand" not in page


def test_the_api_starts_paused_and_takes_round_ones_pairing(client, alice, club, now):
    t, _ = registered(alice, club, 4, now)
    client.force_login(alice)
    start = client.post(reverse("api-tournament-start", args=[t.pk]), {"paused": True}, content_type="application/json")
    assert start.status_code == 200 and start.json()["paused"] is True
    url = reverse("api-tournament-round-pairing", args=[t.pk, 1])
    proposal = client.get(url).json()
    assert (proposal["round"], len(proposal["tables"])) == (1, 2)
    tables = [list(reversed(table)) for table in proposal["tables"]]
    answer = client.post(url, {"tables": tables}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["warnings"] == []


@pytest.mark.parametrize(("posted", "waits"), [("0", False), ("false", False), ("on", True), ("1", True)])
def test_the_start_form_reads_its_paused_box_as_a_box(client, alice, club, now, posted, waits):
    """A box is ticked ("on") or not sent; a hand-made "0" or "false" is no
    tick (it paused the start: any text counted)."""
    t, _ = registered(alice, club, 4, now)
    client.force_login(alice)
    client.post(reverse("tournament-start", args=[t.pk]), {"paused": posted})
    t.refresh_from_db()
    assert t.status == t.Status.RUNNING and bool(t.paused_at) is waits
