"""A player whose address bounces is told so on every page, in their
language, until they check it; game mail stops after a few bounces."""

import datetime as dt
import html

import pytest
from allauth.account.models import EmailAddress
from django.utils.html import strip_tags

from mail.addresses import bounce_address
from mail.bounce_policy import HARD_BOUNCES_BEFORE_PAUSE
from mail.models import OutgoingEmail
from mail.outbox import email_queue, wants_mail
from mail.services import inbound_email_process

from .bounce_reports import dsn

pytestmark = pytest.mark.django_db


def notice_to(user, now, n: int) -> OutgoingEmail:
    row = email_queue(
        kind="notice", to=user.email, subject="Alta", text="t", html="h", dedupe_key=f"b:{n}", now=now, user=user
    )
    OutgoingEmail.objects.filter(pk=row.pk).update(status=OutgoingEmail.Status.SENT, sent_at=now)
    return row


def bounce(row, now, status="5.1.1") -> None:
    address = bounce_address(row.pk)
    raw = dsn(to=address, final_recipient=row.to, status=status)
    inbound_email_process(raw=raw, source="smtp", now=now, envelope_recipients=[address], envelope_sender="")


def page_text(client, user) -> str:
    client.force_login(user)
    return " ".join(html.unescape(strip_tags(client.get("/").content.decode())).split())


def test_the_banner_tells_the_player_in_english(client, bob, alice, now):
    bounce(notice_to(bob, now, 1), now)
    text = page_text(client, bob)
    assert (
        "Our emails to bob@example.com are bouncing (the address does not exist, 5.1.1). "
        "Check your address in your profile." in text
    )
    assert 'href="/profile/"' in client.get("/").content.decode()
    assert "bouncing" not in page_text(client, alice)  # only the player sees it


def test_the_banner_tells_the_player_in_dutch(client, bob, now):
    bob.language = "nl"
    bob.save(update_fields=["language"])
    bounce(notice_to(bob, now, 1), now, status="5.2.2")
    assert (
        "Onze mails aan bob@example.com komen terug (de mailbox is vol, 5.2.2). Controleer je adres in je profiel."
        in page_text(client, bob)
    )


def test_try_again_clears_the_banner_and_an_older_mail_bouncing_late_does_not_bring_it_back(client, bob, now):
    earlier = notice_to(bob, now, 1)
    bounce(notice_to(bob, now, 2), now)
    client.force_login(bob)
    response = client.post("/profile/email-bounces/clear/", {"next": "/games/"}, follow=True)
    assert response.redirect_chain[-1][0] == "/games/"
    text = " ".join(html.unescape(strip_tags(response.content.decode())).split())
    assert "are bouncing" not in text
    assert "We will send your emails to bob@example.com again." in text
    bob.refresh_from_db()
    assert not bob.mail_bouncing and bob.email_bounces == 0
    bounce(earlier, now + dt.timedelta(hours=1))  # sent before the check
    assert "are bouncing" not in page_text(client, bob)


def test_a_new_address_clears_the_banner(client, bob, now):
    bounce(notice_to(bob, now, 1), now)
    EmailAddress.objects.create(user=bob, email="bob@new.example", verified=True)
    client.force_login(bob)
    client.post("/accounts/email/", {"action_primary": "", "email": "bob@new.example"})
    bob.refresh_from_db()
    assert bob.email == "bob@new.example"
    assert "are bouncing" not in page_text(client, bob)
    assert bob.email_bounces == 0


def test_game_mail_stops_after_repeated_hard_bounces_and_resumes_after_a_check(client, bob, now):
    for n in range(HARD_BOUNCES_BEFORE_PAUSE - 1):
        bounce(notice_to(bob, now, n), now)
    bob.refresh_from_db()
    assert bob.mail_bouncing and wants_mail(bob, None, kind=OutgoingEmail.Kind.YOUR_TURN)
    bounce(notice_to(bob, now, 99), now)
    bob.refresh_from_db()
    assert not wants_mail(bob, None, kind=OutgoingEmail.Kind.YOUR_TURN)
    assert not wants_mail(bob, None, kind=OutgoingEmail.Kind.NOTICE)
    assert wants_mail(bob, None, kind=OutgoingEmail.Kind.RECEIPT)  # the answer to a mail of theirs
    assert "Check your address in your profile. Until you do, we send you no game emails." in page_text(client, bob)
    client.post("/profile/email-bounces/clear/")
    bob.refresh_from_db()
    assert wants_mail(bob, None, kind=OutgoingEmail.Kind.YOUR_TURN)


def test_no_digest_goes_to_an_address_whose_game_mail_stopped(bob, alice, now, django_capture_on_commit_callbacks):
    from games.services import match_create_seated
    from mail.bounces import address_bounce_clear
    from mail.digest import digests_send

    bob.notifications = bob.Notifications.DAILY_DIGEST
    bob.save(update_fields=["notifications"])
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(20):  # who moves first is dealt: until bob is to move
            match = match_create_seated(users=[bob, alice], game="alta", now=now)
            if match.seats.get(user=bob).deadline_at:
                break
    for n in range(HARD_BOUNCES_BEFORE_PAUSE):
        bounce(notice_to(bob, now, n), now)
    morning = now.replace(hour=8) + dt.timedelta(days=1)  # 09:00 in Amsterdam
    with django_capture_on_commit_callbacks(execute=True):
        assert digests_send(now=morning) == 0
    address_bounce_clear(user_id=bob.pk, now=morning)
    with django_capture_on_commit_callbacks(execute=True):
        assert digests_send(now=morning) == 1


def test_the_other_players_read_on_the_game_page_that_mail_to_a_player_bounces(client, game, alice, bob, now):
    client.force_login(alice)
    page = game.get_absolute_url()
    assert "this player bounce" not in client.get(page).content.decode()
    bounce(notice_to(bob, now, 1), now)
    text = " ".join(html.unescape(strip_tags(client.get(page).content.decode())).split())
    assert text.count("(our emails to this player bounce)") == 1  # Bob's seat, not Alice's
    assert bob.email not in text  # the address stays private
    bob.language = "nl"
    bob.save(update_fields=["language"])
    alice.language = "nl"
    alice.save(update_fields=["language"])
    text = " ".join(html.unescape(strip_tags(client.get(page).content.decode())).split())
    assert text.count("(onze mails aan deze speler komen terug)") == 1


def test_confirming_the_address_that_bounced_clears_the_banner(client, bob, now):
    from allauth.account.models import EmailConfirmationHMAC

    bounce(notice_to(bob, now, 1), now)
    address = EmailAddress.objects.get(user=bob, email=bob.email)
    address.verified = False  # re-added after the player removed it, say
    address.save(update_fields=["verified"])
    client.force_login(bob)
    client.post(f"/accounts/confirm-email/{EmailConfirmationHMAC(address).key}/")
    address.refresh_from_db()
    assert address.verified
    assert "are bouncing" not in page_text(client, bob)
