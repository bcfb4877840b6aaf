"""Issue 19's players who only use email: an invitation to an address
without an account is accepted by a reply (English or Dutch), which makes
a password-less account; that player plays a whole rated game by email;
every mail to them carries a one-time sign-in link; a declined invitation
is reported to the game's creator."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from games.models import Match
from games.services import match_create
from mail.models import InboundEmail
from ratings.models import RatingChange

from .intake import ingest, message
from .test_gateway import send as smtp_send

STRANGER = "newcomer@example.org"
_LINK = re.compile(r"https?://\S+/sign-in/\S+/\S+/")


def latest_with_reply(address: str):
    return [m for m in mail.outbox if m.to == [address] and m.reply_to][-1]


@pytest.mark.django_db(transaction=True)
def test_an_invitee_without_an_account_plays_a_whole_rated_game_by_email_without_a_password(gateway, alice, now):
    match = match_create(creator=alice, game="alta", players=2, rated=True, now=now, invite=[STRANGER])
    invitation = latest_with_reply(STRANGER)
    assert "No account needed" in invitation.body
    smtp_send(gateway, sender=STRANGER, to=invitation.reply_to[0], body="accept")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    newcomer = get_user_model().objects.get(email=STRANGER)
    assert not newcomer.has_usable_password()
    assert EmailAddress.objects.get(user=newcomer).verified
    assert match.seats.filter(user=newcomer).exists()
    players = {alice.email, STRANGER}
    asked = None
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        mover = match.seats.get(deadline_at__isnull=False).user
        turn = latest_with_reply(mover.email)
        if mover == newcomer and not asked and match.moves.filter(user=alice).exists():
            smtp_send(gateway, sender=STRANGER, to=turn.reply_to[0], body="history")
            assert InboundEmail.objects.order_by("-pk").first().outcome == "command"
            asked = mail.outbox[-1]
            assert asked.to == [STRANGER] and "Alice" in asked.body and _LINK.search(asked.body)
        smtp_send(gateway, sender=mover.email, to=turn.reply_to[0], body="1\ngood game so far")
        assert InboundEmail.objects.order_by("-pk").first().outcome == "accepted"
    assert match.status == Match.Status.FINISHED and asked is not None
    over = [m for m in mail.outbox if "the game is over" in m.subject]
    assert {m.to[0] for m in over} == players
    assert RatingChange.objects.filter(user=newcomer).exists()
    # Every mail to the email-only player offers the sign-in link; none to Alice.
    to_newcomer = [m for m in mail.outbox if m.to == [STRANGER]]
    assert to_newcomer and all(_LINK.search(m.body) for m in to_newcomer[1:])  # after the invitation
    assert not any(_LINK.search(m.body) for m in mail.outbox if m.to == [alice.email])
    # They chatted too: Alice's mails carry the newcomer's lines.
    assert any("good game so far" in m.body for m in mail.outbox if m.to == [alice.email])
    newcomer.refresh_from_db()
    assert not newcomer.has_usable_password()


@pytest.mark.django_db
@pytest.mark.parametrize("word", ["accepteer", "ja"])
def test_dutch_words_accept_an_invitation_by_mail(word, alice, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    record = ingest(bytes(message(address, word, sender=STRANGER)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and record.detail == "invitation accepted"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.filter(user__email=STRANGER).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("inviter_language", "word"), [("nl", "Ok"), ("nl", "Oké"), ("en", "Okay"), ("en", "ok")])
def test_ok_accepts_an_invitation_and_reads_on_in_the_invitations_language(
    inviter_language, word, alice, now, django_capture_on_commit_callbacks
):
    """A Dutch invitation answered "Ok" made an English account on UTC, and
    every game mail came in English; "Okay" and "Oké" were refused."""
    alice.language = inviter_language
    alice.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    record = ingest(bytes(message(address, word, sender=STRANGER)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    newcomer = get_user_model().objects.get(email=STRANGER)
    zone = {"nl": "Europe/Amsterdam", "en": "UTC"}[inviter_language]
    assert (newcomer.language, newcomer.time_zone) == (inviter_language, zone)
    started = [m for m in mail.outbox if m.to == [STRANGER]][-1]
    assert {"nl": "de partij is begonnen", "en": "the game has started"}[inviter_language] in started.subject


@pytest.mark.django_db
@pytest.mark.parametrize("word", ["decline", "weiger"])
def test_a_declined_invitation_is_reported_to_its_creator_and_makes_no_account(
    word, alice, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, word, sender=STRANGER)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and record.detail == "invitation declined"
    assert not get_user_model().objects.filter(email=STRANGER).exists()
    told = [m for m in mail.outbox if m.to == [alice.email]]
    assert len(told) == 1 and "declined" in told[0].subject
    assert STRANGER in told[0].body
    answered = [m for m in mail.outbox if m.to == [STRANGER]]
    assert len(answered) == 1 and "declined" in answered[0].body
    assert match.seats.filter(invited_email="").count() == 2


@pytest.mark.django_db
def test_another_address_cannot_accept_an_invitation_by_address(alice, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    record = ingest(
        bytes(message(address, "accept", sender="intruder@example.net")), django_capture_on_commit_callbacks
    )
    assert record.outcome == "unknown_token"
    assert not get_user_model().objects.filter(email="intruder@example.net").exists()


@pytest.mark.django_db
def test_the_sign_in_link_works_once_then_asks_for_a_password(alice, now, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    ingest(bytes(message(address, "accept", sender=STRANGER)), django_capture_on_commit_callbacks)
    link = _LINK.search([m for m in mail.outbox if m.to == [STRANGER]][-1].body).group(0)
    path = link.split("://", 1)[1].partition("/")[2]
    path = "/" + path
    page = client.get(path)
    assert page.status_code == 200 and b"<form" in page.content  # GET alone does not sign in
    assert "_auth_user_id" not in client.session
    response = client.post(path)
    assert response.status_code == 302 and response.url == reverse("account_set_password")
    assert int(client.session["_auth_user_id"]) == get_user_model().objects.get(email=STRANGER).pk
    client.logout()
    again = client.post(path)
    assert again.status_code == 400 and "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_reply_to_a_cancelled_game_makes_no_account(alice, now, django_capture_on_commit_callbacks):
    from games.services import match_cancel

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    match_cancel(match_id=match.pk, user=alice, now=now)
    mail.outbox.clear()
    record = ingest(bytes(message(address, "accept", sender=STRANGER)), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    assert not get_user_model().objects.filter(email=STRANGER).exists()
    assert len(mails_to_stranger := [m for m in mail.outbox if m.to == [STRANGER]]) == 1
    assert "not linked" in mails_to_stranger[0].body


@pytest.mark.django_db
def test_an_email_only_players_name_shows_nothing_of_their_address(alice, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = latest_with_reply(STRANGER).reply_to[0]
    ingest(bytes(message(address, "accept", sender=STRANGER)), django_capture_on_commit_callbacks)
    newcomer = match.seats.get(user__email=STRANGER).user
    assert newcomer.display_name.startswith("Guest-")
    assert "newcomer" not in newcomer.display_name.lower() and "newcomer" not in str(newcomer).lower()


@pytest.mark.django_db
def test_a_member_declining_by_reply_is_reported_to_the_creator(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    address = latest_with_reply(bob.email).reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "nee, dank je", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.detail == "invitation declined"
    told = [m for m in mail.outbox if m.to == [alice.email]]
    assert len(told) == 1 and "declined" in told[0].subject and "Bob" in told[0].body
    assert len([m for m in mail.outbox if m.to == [bob.email]]) == 1
    assert not match.seats.filter(user=bob).exists()


@pytest.mark.django_db
def test_an_invitation_to_an_address_is_written_in_the_inviters_language(
    alice, now, django_capture_on_commit_callbacks
):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    invitation = latest_with_reply(STRANGER)
    assert "nodigt je uit" in invitation.body and "invites you" not in invitation.body


@pytest.mark.django_db
def test_a_dutch_invitation_names_the_dutch_answer_words(alice, now, django_capture_on_commit_callbacks):
    """A Dutch reader is told to answer "accepteer" or "weiger", the words
    the rest of the Dutch mail uses, not the English "accept"/"decline"."""
    alice.language = "nl"
    alice.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    body = latest_with_reply(STRANGER).body
    assert "met het woord: accepteer\n" in body and "antwoord dan met: weiger\n" in body
    assert "accept\n" not in body and "decline" not in body


@pytest.mark.django_db
def test_a_dutch_invitations_html_part_names_the_dutch_answer_words(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """The HTML part a Dutch invitee reads says "accepteer" (or "weiger"),
    as its plain part does."""
    alice.language = bob.language = "nl"
    alice.save(update_fields=["language"])
    bob.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[bob.email])
    html = latest_with_reply(bob.email).alternatives[0][0]
    assert "<code>accepteer</code>" in html and "<code>weiger</code>" in html
    assert "<code>accept</code>" not in html and "decline" not in html


@pytest.mark.django_db
def test_the_invitation_quotes_the_word_a_stranger_replies_with(alice, now, django_capture_on_commit_callbacks):
    """ "a reply of "accept"": the word to type stands out as the one above
    it does, not as a bare "a reply of accept"."""
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    text = " ".join(latest_with_reply(STRANGER).body.split())
    assert '(No account needed: a reply of "accept" from this address' in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "subject"),
    [("en", "[Alta] Alice invites you to a game of Alta"), ("nl", "[Alta] Alice nodigt je uit voor een partij Alta")],
)
def test_the_invitations_subject_names_the_game_once_and_the_site_as_other_notices_do(
    language, subject, alice, now, django_capture_on_commit_callbacks
):
    """Not "to play Alta on Alta": the site's name stands in brackets, as
    in a challenge's subject, and the game is named once."""
    alice.language = language
    alice.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    assert latest_with_reply(STRANGER).subject == subject


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("inviter_language", "again", "said"),
    [
        ("en", "accept", "You have already taken your seat in Alta #"),
        ("en", "decline", '"resign" to one of them leaves it'),
        ("nl", "weiger", 'met "opgeven" op een ervan stap je eruit'),
    ],
)
def test_an_invitation_answered_again_after_its_seat_was_taken_says_so(
    inviter_language, again, said, alice, now, django_capture_on_commit_callbacks
):
    """A second "accept" (or a "decline" once the seat was taken) was told
    "we could not match it to a move you can make", as a stranger's mail."""
    alice.language = inviter_language
    alice.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    invitation = latest_with_reply(STRANGER)
    named = {"In_Reply_To": invitation.extra_headers["Message-ID"]}
    first = {"en": "accept", "nl": "accepteer"}[inviter_language]  # the account reads on in its language
    ingest(bytes(message(invitation.reply_to[0], first, sender=STRANGER, **named)), django_capture_on_commit_callbacks)
    mail.outbox.clear()
    record = ingest(
        bytes(message(invitation.reply_to[0], again, sender=STRANGER, message_id="<again@client.example>", **named)),
        django_capture_on_commit_callbacks,
    )
    assert get_user_model().objects.get(email=STRANGER).language == inviter_language
    assert record.detail == "invitation: seat already taken" and record.match == match
    [answer] = mail.outbox
    assert said in " ".join(answer.body.split()) and "could not match" not in answer.body
    match.refresh_from_db()
    assert match.is_active and match.seats.filter(user__email=STRANGER).exists()
