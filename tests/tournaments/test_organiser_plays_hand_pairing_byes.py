"""A round paired by hand by an organiser who plays in it is announced to
the players without a game in it too: the mail of a Swiss bye and of a
round robin's rest says who paired the round, as the round's game mails
do (``test_organiser_plays_hand_pairing``)."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.conftest import living_in
from tournaments.services import round_pairing_proposal, round_pairing_set, tournament_resume

from .conftest import make_tournament, new_players, register
from .test_manual_round_one import start_paused

pytestmark = pytest.mark.django_db

TOLD = {
    "en": "Round 1 was paired by hand by Alice, an organiser who plays in it.",
    "nl": "Ronde 1 is met de hand ingedeeld door Alice, een organisator die er zelf in speelt.",
}
OWN = {
    "en": "You paired round 1 by hand and play in it: its players are told so.",
    "nl": "Je hebt ronde 1 met de hand ingedeeld en speelt er zelf in: de spelers krijgen dat te horen.",
}


def _text(body: str) -> str:
    return " ".join(body.split())


def _paired_by_alice(alice, club, players, now, capture, *, bye_to=None, **settings):
    """Alice's tournament of Alice and ``players``, started paused, round 1
    paired by Alice as proposed (in a Swiss, with the bye to ``bye_to``),
    then resumed; its mails in ``mail.outbox``."""
    t = make_tournament(alice, club, now=now, name="Club Cup", **settings)
    register(t, [*players, alice], now)
    start_paused(t, alice, now)
    proposal = round_pairing_proposal(t)
    tables, byes = [list(table) for table in proposal.tables], list(proposal.byes)
    if bye_to is not None:
        wanted = t.participants.get(user=bye_to).pk
        # Swap the wanted player with the proposed bye.
        tables = [[byes[0] if p == wanted else p for p in table] for table in tables]
        byes = [wanted]
    round_pairing_set(tournament_id=t.pk, number=1, tables=tables, byes=byes, by=alice, now=now)
    mail.outbox.clear()
    with capture(execute=True):
        tournament_resume(tournament_id=t.pk, by=alice, now=now)
    return t


def _mail_to(user, subject_part: str):
    [found] = [m for m in mail.outbox if m.to == [user.email] and subject_part in m.subject]
    return found


@pytest.mark.parametrize(("language", "bye"), [("en", "bye in round 1"), ("nl", "vrije ronde in ronde 1")])
def test_the_player_given_the_bye_reads_that_a_playing_organiser_paired_the_round(
    language, bye, alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)
    living_in(language, "Europe/Amsterdam", alice, *players)
    _paired_by_alice(
        alice, club, players, now, django_capture_on_commit_callbacks, bye_to=players[0], format="swiss", rounds=2
    )
    sent = _mail_to(players[0], bye)
    assert TOLD[language] in _text(sent.body)
    assert TOLD[language] in _text(sent.alternatives[0][0])  # the HTML part too


def test_the_organiser_who_gave_themselves_the_bye_reads_that_its_players_are_told(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)
    _paired_by_alice(
        alice, club, players, now, django_capture_on_commit_callbacks, bye_to=alice, format="swiss", rounds=2
    )
    sent = _mail_to(alice, "bye in round 1")
    assert OWN["en"] in _text(sent.body) and TOLD["en"] not in _text(sent.body)


@pytest.mark.parametrize(("language", "rest"), [("en", "rest in round 1"), ("nl", "rust in ronde 1")])
def test_the_resting_player_of_a_round_robin_reads_that_a_playing_organiser_paired_the_round(
    language, rest, alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)  # five with Alice: one rests each round
    living_in(language, "Europe/Amsterdam", alice, *players)
    _paired_by_alice(alice, club, players, now, django_capture_on_commit_callbacks, format="round_robin")
    [resting] = [m for m in mail.outbox if rest in m.subject]
    assert alice.email not in resting.to  # Alice plays
    assert TOLD[language] in _text(resting.body)
    assert TOLD[language] in _text(resting.alternatives[0][0])


def test_a_bye_in_a_round_paired_by_an_organiser_who_does_not_play_says_nothing_of_it(
    alice, bob, club, now, django_capture_on_commit_callbacks
):
    from tournaments.services import club_join, club_member_promote

    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    players = new_players(5)
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=2)
    register(t, players, now)
    start_paused(t, alice, now)
    proposal = round_pairing_proposal(t)
    round_pairing_set(tournament_id=t.pk, number=1, tables=proposal.tables, byes=proposal.byes, by=bob, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_resume(tournament_id=t.pk, by=bob, now=now)
    [sent] = [m for m in mail.outbox if "bye in round 1" in m.subject]
    assert "paired by hand" not in _text(sent.body)
