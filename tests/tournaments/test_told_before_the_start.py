"""Before round 1 an organiser may give a registered player's place to
someone else, or remove a registration: the players concerned are told by
mail, in their own language (before, only the log said so, and a player
who never opens the site learnt nothing)."""

from __future__ import annotations

import pytest

from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.services import participant_disqualify, participant_replace

from .conftest import make_tournament, new_players, register

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
