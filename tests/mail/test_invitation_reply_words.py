"""Replies to a game invitation by mail: a greeting above the answer is
passed over ("Hoi Alice,\\n\\nJa, ik doe mee!"), as above a move; a member
who answers an invitation sent to someone else (a forwarded invitation)
is told the address belongs to another player's mail, and no seat changes."""

from __future__ import annotations

import pytest
from django.core import mail

from games import services
from games.models import Match
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(alice, bob, now, django_capture_on_commit_callbacks):
    """A game of Alice's with a seat for Bob; the reply address of his invitation."""
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
    return match, invitation.reply_to[0]


@pytest.mark.parametrize("body", ["Hoi Alice,\n\nJa, ik doe mee!", "Hi,\nyes please", "Dear Alta,\n\naccept"])
def test_a_greeting_above_the_answer_is_passed_over(body, invited, bob, django_capture_on_commit_callbacks):
    match, address = invited
    record = ingest(
        bytes(message(address, body, sender=bob.email, subject="Re: invitation")), django_capture_on_commit_callbacks
    )
    assert record.outcome == "accepted", record.detail
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.filter(user=bob).exists()


def test_someone_elses_invitation_is_told_whose_it_is(invited, carol, django_capture_on_commit_callbacks):
    match, address = invited
    living_in("nl", "Europe/Amsterdam", carol)
    mail.outbox.clear()
    record = ingest(bytes(message(address, "ja", sender=carol.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    [answer] = mail.outbox
    assert answer.to == [carol.email]
    assert "hoort bij een mail die we aan een andere speler stuurden" in " ".join(answer.body.split())
    match.refresh_from_db()
    assert match.is_open and not match.seats.filter(user=carol).exists()


@pytest.mark.parametrize("answer_word", ["ja", "nee"])
def test_a_reply_to_an_invitation_taken_back_says_so_and_changes_nothing(
    answer_word, invited, alice, bob, carol, now, django_capture_on_commit_callbacks
):
    match, address = invited
    living_in("nl", "Europe/Amsterdam", bob)
    [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
    services.seat_invitation_take_back(
        match_id=match.pk, seat_id=match.seats.get(invited_user=bob).pk, user=alice, now=now
    )
    services.match_join(match_id=match.pk, user=carol, now=now)  # the freed seat is taken: the game starts
    mail.outbox.clear()
    reply = message(address, answer_word, sender=bob.email, References=invitation.extra_headers["Message-ID"])
    record = ingest(bytes(reply), django_capture_on_commit_callbacks)

    assert record.outcome == "rejected" and record.match_id == match.pk
    [answer] = mail.outbox
    assert answer.to == [bob.email]
    body = " ".join(answer.body.split())
    assert f"De uitnodiging voor {match} die je beantwoordde is niet meer geldig" in body
    match.refresh_from_db()
    assert not match.seats.filter(user=bob).exists()


def test_without_the_invitation_s_message_id_it_is_the_answer_to_an_unknown_address(
    invited, alice, bob, now, django_capture_on_commit_callbacks
):
    match, address = invited
    services.seat_invitation_take_back(
        match_id=match.pk, seat_id=match.seats.get(invited_user=bob).pk, user=alice, now=now
    )
    mail.outbox.clear()
    record = ingest(bytes(message(address, "yes", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    assert "no longer valid" not in " ".join(mail.outbox[0].body.split())


@pytest.mark.parametrize(("word", "joined"), [("Accepteren", True), ("Weigeren", False), ("Aanvaarden.", True)])
def test_the_dutch_infinitive_answers_an_invitation(word, joined, invited, bob, django_capture_on_commit_callbacks):
    """As at the command address ("weigeren 12"), not "reply 'accept' or 'decline'"."""
    match, address = invited
    record = ingest(
        bytes(message(address, word, sender=bob.email, subject="Re: invitation")), django_capture_on_commit_callbacks
    )
    assert (record.outcome, record.detail) == ("accepted", "invitation accepted" if joined else "invitation declined")
    match.refresh_from_db()
    assert match.seats.filter(user=bob).exists() is joined
