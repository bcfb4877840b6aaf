"""Signing up by mail alone: a command from an address of no account is
answered with an offer; "yes" in reply, from that address, makes an
email-only account and carries the command out.  A reply from anyone
else, to a made-up address, or saying anything but yes makes nothing."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail

from games import services
from games.models import Match
from mail.mail_signup import signup_token

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db

NEWCOMER = "newcomer@example.net"


def said(mail_message) -> str:
    return " ".join(mail_message.body.split())


def offered(address, body, capture, *, sender=NEWCOMER, **headers):
    """Mail ``body`` to the command address from ``sender``; the offer it gets."""
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject="hello", quote=False, **headers)), capture)
    assert (record.outcome, record.detail) == ("unknown_token", "command address: sender has no account")
    [offer] = mails_to(sender)
    assert offer.reply_to[0].startswith("signup+")
    return offer


def reply(offer, body, capture, *, sender=NEWCOMER, to=None):
    mail.outbox.clear()
    raw = message(
        to or offer.reply_to[0],
        body,
        sender=sender,
        subject=f"Re: {offer.subject}",
        In_Reply_To=offer.extra_headers["Message-ID"],
        References=offer.extra_headers["Message-ID"],
    )
    return ingest(bytes(raw), capture)


def test_yes_makes_the_account_and_carries_out_the_command(address, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    # What any address of no account is told, and the offer.
    assert "this address is not linked to any Alta account" in said(offer) and "Sign up at" in said(offer)
    assert 'reply to this email with "yes"' in said(offer) and 'your command "play alta" is carried out' in said(offer)
    assert offer.reply_to[0].startswith("signup+")
    assert not get_user_model().objects.filter(email=NEWCOMER).exists()

    record = reply(offer, "Yes", django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "signup: account made; play: opened"
    user = get_user_model().objects.get(email=NEWCOMER)
    assert not user.has_usable_password()
    assert EmailAddress.objects.get(user=user).verified
    opened = Match.objects.get(created_by=user)
    [answer] = mails_to(NEWCOMER)
    text = said(answer)
    assert "An account was made for this address, without a password" in text and user.display_name in text
    assert f"so you opened Alta #{opened.pk}" in text
    assert "sign in once with this link" in text  # its one-time sign-in link


def test_dutch_ja_makes_a_dutch_account(address, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        waiting = services.match_create(creator=bob, game="alta", players=2, now=now)
    offer = offered(address, f"meedoen {waiting.pk}", django_capture_on_commit_callbacks, Content_Language="nl")
    assert 'antwoord op deze mail met "ja"' in said(offer) and 'je opdracht "meedoen' in said(offer)
    record = reply(offer, "Ja graag", django_capture_on_commit_callbacks)
    assert record.outcome == "command"
    user = get_user_model().objects.get(email=NEWCOMER)
    assert (user.language, user.time_zone) == ("nl", "Europe/Amsterdam") and user.display_name.startswith("Gast-")
    waiting.refresh_from_db()
    assert waiting.status == Match.Status.ACTIVE and waiting.seats.filter(user=user).exists()
    [answer] = [m for m in mails_to(NEWCOMER) if m.extra_headers.get("In-Reply-To") == record.message_id]
    assert f"Je doet mee aan Alta #{waiting.pk}. De partij is begonnen" in said(answer)
    assert "Voor dit adres is een account gemaakt, zonder wachtwoord" in said(answer)


def test_a_reply_from_another_address_makes_nothing(address, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    record = reply(offer, "yes", django_capture_on_commit_callbacks, sender="intruder@example.net")
    assert record.outcome == "rejected" and record.detail == "signup: not this address's offer"
    assert not get_user_model().objects.filter(email__in=[NEWCOMER, "intruder@example.net"]).exists()
    assert not Match.objects.exists()


def test_a_made_up_signup_address_makes_nothing(address, settings, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    made_up = f"signup+{'0' * 32}@{settings.MAIL_DOMAIN}"
    record = reply(offer, "yes", django_capture_on_commit_callbacks, to=made_up)
    assert record.outcome == "rejected" and not get_user_model().objects.filter(email=NEWCOMER).exists()


def test_a_reply_naming_no_offer_makes_nothing(address, settings, django_capture_on_commit_callbacks):
    """The genuine address of that sender, but no offer named: nothing to carry out."""
    mail.outbox.clear()
    raw = message(f"signup+{signup_token(NEWCOMER)}@{settings.MAIL_DOMAIN}", "yes", sender=NEWCOMER)
    record = ingest(bytes(raw), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and not get_user_model().objects.filter(email=NEWCOMER).exists()
    assert len(mails_to(NEWCOMER)) == 1


def test_anything_but_yes_asks_again_and_makes_nothing(address, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    record = reply(offer, "Who are you?", django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and record.detail == "signup: no yes"
    [answer] = mails_to(NEWCOMER)
    assert 'reply to our email with "yes"' in said(answer) and answer.reply_to == offer.reply_to
    assert not get_user_model().objects.filter(email=NEWCOMER).exists()


def test_a_second_yes_carries_out_nothing_twice(address, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    reply(offer, "yes", django_capture_on_commit_callbacks)
    record = reply(offer, "yes!", django_capture_on_commit_callbacks)
    assert record.detail == "signup: address has an account"
    assert "already has an account" in said(mails_to(NEWCOMER)[0])
    assert Match.objects.count() == 1 and get_user_model().objects.filter(email=NEWCOMER).count() == 1


def test_a_mail_without_a_command_gets_the_usual_answer(address, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "Hello, what is this?", sender=NEWCOMER, quote=False)),
        django_capture_on_commit_callbacks,
    )
    assert record.detail == "command address: sender has no account"
    [answer] = mails_to(NEWCOMER)
    assert not answer.reply_to and "Sign up at" in said(answer)


def test_a_command_written_as_the_subject_is_carried_out_too(address, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    raw = message(address, "", sender=NEWCOMER, subject="play alhambra", quote=False)
    ingest(bytes(raw), django_capture_on_commit_callbacks)
    [offer] = mails_to(NEWCOMER)
    assert 'your command "play alhambra" is carried out' in said(offer)
    record = reply(offer, "yes", django_capture_on_commit_callbacks)
    assert record.detail == "signup: account made; play: opened"
    assert Match.objects.get().game == "alhambra"


def test_yes_after_being_asked_again_still_carries_out_the_first_command(address, django_capture_on_commit_callbacks):
    offer = offered(address, "play alta", django_capture_on_commit_callbacks)
    reply(offer, "What is this?", django_capture_on_commit_callbacks)
    [asked] = mails_to(NEWCOMER)
    mail.outbox.clear()
    # A mail program names the whole thread: the offer, then the answer that asked again.
    thread = f"{offer.extra_headers['Message-ID']} {asked.extra_headers['Message-ID']}"
    raw = message(asked.reply_to[0], "yes", sender=NEWCOMER, subject=f"Re: {asked.subject}", References=thread)
    record = ingest(bytes(raw), django_capture_on_commit_callbacks)
    assert record.detail == "signup: account made; play: opened"
    assert Match.objects.filter(created_by__email=NEWCOMER, game="alta").count() == 1
