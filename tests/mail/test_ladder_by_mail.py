"""Joining a ladder is confirmed by mail, and a reply to that mail leaves
the ladder: a player who plays by mail can stop the ladder's games from
their inbox, in English or Dutch, as they can answer a challenge."""

import pytest
from django.core import mail
from django.utils import timezone

from ratings.models import LadderMembership
from tests.conftest import living_in
from tests.ratings.conftest import make_ladder

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _joined_mail(user):
    [found] = [m for m in mails_to(user.email) if m.reply_to and m.reply_to[0].startswith("ladder+")]
    return found


def _join_on_the_site(client, user, ladder, capture):
    client.force_login(user)
    with capture(execute=True):
        client.post(f"/ladders/{ladder.pk}/join/", {"capacity": "2"})
    assert LadderMembership.objects.get(ladder=ladder, user=user).left_at is None


def test_joining_is_confirmed_by_mail_and_leave_by_reply_leaves(client, bob, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", bob)
    ladder = make_ladder(players=2, name="Alta tweetallen")
    _join_on_the_site(client, bob, ladder, django_capture_on_commit_callbacks)
    joined = _joined_mail(bob)
    assert joined.subject == "[Alta] Je doet mee aan de ladder Alta tweetallen"
    body = " ".join(joined.body.split())
    assert "Je doet mee aan de ladder Alta tweetallen: tot 2 partijen tegelijk, elke partij telt voor je rating." in (
        body
    )
    assert 'Wil je de ladder verlaten, beantwoord deze mail dan met "verlaat" op de eerste regel' in body
    assert f"/ladders/{ladder.pk}/" in body

    mail.outbox.clear()
    record = ingest(bytes(message(joined.reply_to[0], "verlaat", sender=bob.email)), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("accepted", "left the ladder")
    assert LadderMembership.objects.get(ladder=ladder, user=bob).left_at is not None
    [answer] = mails_to(bob.email)
    assert "Je hebt de ladder Alta tweetallen verlaten. Je lopende partijen gaan door." in " ".join(answer.body.split())


def test_an_english_member_leaves_with_leave_and_an_unclear_reply_is_told_how(
    client, alice, django_capture_on_commit_callbacks
):
    ladder = make_ladder(players=2)
    _join_on_the_site(client, alice, ladder, django_capture_on_commit_callbacks)
    address = _joined_mail(alice).reply_to[0]
    record = ingest(bytes(message(address, "thanks!", sender=alice.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    told = " ".join(mails_to(alice.email)[-1].body.split())
    assert 'To leave the ladder, reply with "leave" on the first line.' in told
    record = ingest(bytes(message(address, "Leave", sender=alice.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert LadderMembership.objects.get(ladder=ladder, user=alice).left_at is not None
    # Once left, the same reply is told so, and changes nothing.
    record = ingest(bytes(message(address, "leave", sender=alice.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert "not a member of this ladder" in " ".join(mails_to(alice.email)[-1].body.split())


def test_only_the_member_can_leave_by_the_address(client, alice, bob, django_capture_on_commit_callbacks):
    ladder = make_ladder(players=2)
    _join_on_the_site(client, alice, ladder, django_capture_on_commit_callbacks)
    address = _joined_mail(alice).reply_to[0]
    record = ingest(bytes(message(address, "leave", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    assert LadderMembership.objects.get(ladder=ladder, user=alice).left_at is None


def test_rejoining_is_confirmed_again(client, alice, django_capture_on_commit_callbacks):
    from ratings.services import ladder_leave

    ladder = make_ladder(players=2)
    _join_on_the_site(client, alice, ladder, django_capture_on_commit_callbacks)
    ladder_leave(ladder_id=ladder.pk, user=alice, now=timezone.now())
    mail.outbox.clear()
    _join_on_the_site(client, alice, ladder, django_capture_on_commit_callbacks)
    assert _joined_mail(alice)
