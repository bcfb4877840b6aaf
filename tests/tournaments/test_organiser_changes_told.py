"""An organiser may give a registered player's place to someone else
before round 1, remove a registration, add a player to a running Swiss or
let one who withdrew back in: the players concerned are told by mail, in
their own language (before, only the log said so, and a player who never
opens the site learnt nothing)."""

from __future__ import annotations

import pytest

from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.services import participant_disqualify, participant_replace

from .conftest import make_tournament, new_players, register, started

pytestmark = pytest.mark.django_db


def _notice(user) -> OutgoingEmail:
    return OutgoingEmail.objects.get(to=user.email, kind="notice")


def test_the_replaced_player_and_their_replacement_are_told(alice, club, now):
    leaving, coming = new_players(2)
    living_in("nl", "Europe/Amsterdam", leaving, coming)
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, [leaving], now)
    place = t.participants.get(user=leaving)
    participant_replace(tournament_id=t.pk, participant_id=place.pk, display_name=str(coming), by=alice, now=now)

    told = _notice(leaving)
    assert told.subject == f"[Alta] Club Cup: je plaats is aan {coming} gegeven"
    assert f"Alice, organisator van Club Cup, heeft je plaats daarin aan {coming} gegeven" in " ".join(
        told.text.split()
    )
    welcomed = _notice(coming)
    assert welcomed.subject == f"[Alta] Club Cup: je bent ingeschreven op de plaats van {leaving}"
    text = " ".join(welcomed.text.split())
    assert "Het toernooi begint als de inschrijving sluit (" in text
    assert "trek je inschrijving dan in op de toernooipagina" in text


def test_a_player_whose_registration_is_removed_is_told_why(alice, club, now):
    [player] = new_players(1)
    living_in("nl", "Europe/Amsterdam", player)
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, [player], now)
    place = t.participants.get(user=player)
    participant_disqualify(tournament_id=t.pk, participant_id=place.pk, by=alice, reason="geen lid meer", now=now)

    told = _notice(player)
    assert told.subject == "[Alta] Club Cup: je inschrijving is geschrapt"
    assert "Alice, organisator van Club Cup, heeft je inschrijving geschrapt: geen lid meer" in " ".join(
        told.text.split()
    )


def test_a_player_an_organiser_adds_to_a_running_swiss_is_told_from_which_round(alice, club, now):
    from tournaments.services import participant_add_late

    players = new_players(4)
    [late] = new_players(1, prefix="Late")
    living_in("nl", "Europe/Amsterdam", late)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=3)
    participant_add_late(tournament_id=t.pk, display_name=str(late), by=alice, now=now)

    told = _notice(late)
    assert told.subject == "[Alta] Club Cup: je bent aan het toernooi toegevoegd"
    text = " ".join(told.text.split())
    assert "Alice, organisator van Club Cup, heeft je eraan toegevoegd: je speelt mee vanaf ronde 2." in text
    assert "Je partijen komen per mail" in text


def test_a_player_let_back_in_is_told(alice, club, now):
    from tournaments.services import participant_reinstate, participant_withdraw

    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", players[0])
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=3)
    participant_withdraw(tournament_id=t.pk, user=players[0], now=now)
    place = t.participants.get(user=players[0])
    participant_reinstate(tournament_id=t.pk, participant_id=place.pk, by=alice, now=now)

    [told] = OutgoingEmail.objects.filter(to=players[0].email, kind="notice", subject__contains="weer mee")
    assert told.subject == "[Alta] Club Cup: je doet weer mee"
    assert "heeft je weer toegelaten: je wordt vanaf de volgende indeling weer ingedeeld." in " ".join(
        told.text.split()
    )
