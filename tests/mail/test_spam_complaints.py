"""A player who marks one of our mails as spam gets no more game mail, as
if they had clicked "Stop all game emails", and every page tells them why
(in their language) and where to turn it back on.  The complaint comes as
Mailgun's "complained" event or as a feedback loop's report (RFC 5965) by
mail; it counts once, is never answered, and one about no mail of ours
(or a forged one) changes nothing."""

import pytest
from django.core import mail
from django.utils import timezone

from games.services import match_create_seated
from mail.addresses import bounce_address
from mail.models import InboundEmail, OutgoingEmail
from mail.outbox import wants_mail
from mail.services import inbound_email_process

from .bounce_reports import arf, mailgun_event
from .conftest import mails_to
from .test_bounce_banner import notice_to, page_text
from .test_bounce_events import mailgun, post  # noqa: F401  (mailgun: the configured webhook)

pytestmark = pytest.mark.django_db

BANNER = "You marked one of our emails as spam, so we stopped your game emails."
FBL_ADDRESS = "fbl@alta.test"


def complained(row: OutgoingEmail, *, message_id: str | None = None, token: str = "c" * 50) -> dict:
    """Mailgun's "complained" event about ``row``."""
    return mailgun_event(
        row, "complained", token=token, message_id=message_id, id="-Agny091SquKnsrW2NEKUA", **{"log-level": "warn"}
    )


def report_by_mail(raw: bytes, to: str = FBL_ADDRESS) -> InboundEmail:
    return inbound_email_process(
        raw=raw, source="smtp", now=timezone.now(), envelope_recipients=[to], envelope_sender="staff@hotmail.example"
    )


def stopped(user) -> bool:
    user.refresh_from_db()
    return user.notifications == user.Notifications.NONE and not wants_mail(
        user, None, kind=OutgoingEmail.Kind.YOUR_TURN
    )


def untouched(user) -> bool:
    user.refresh_from_db()
    return user.notifications == user.Notifications.EVERY_TURN and user.email_complained_at is None


def test_a_mailgun_complaint_stops_game_mail_and_the_banner_says_why(
    client, bob, alice, now, django_capture_on_commit_callbacks
):
    row = notice_to(bob, now, 1)
    mails = OutgoingEmail.objects.count()
    assert post(client, complained(row)).status_code == 200
    assert stopped(bob)
    assert OutgoingEmail.objects.count() == mails  # nobody is mailed about it
    text = page_text(client, bob)
    assert BANNER + " Turn them back on in your profile." in text
    assert 'href="/profile/"' in client.get("/").content.decode()
    assert BANNER not in page_text(client, alice)  # only the player sees it
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_create_seated(users=[alice, bob], game="alta", now=now)
    assert mails_to(alice.email) and not mails_to(bob.email)


def test_the_banner_speaks_the_players_language(client, bob, now):
    bob.language = "nl"
    bob.save(update_fields=["language"])
    assert post(client, complained(notice_to(bob, now, 1))).status_code == 200
    assert (
        "Je hebt een van onze mails als spam gemarkeerd, dus we hebben je spelmails gestopt. "
        "Zet ze weer aan in je profiel." in page_text(client, bob)
    )


def test_a_feedback_report_by_mail_stops_game_mail_unanswered(client, bob, now):
    row = notice_to(bob, now, 1)
    mails = OutgoingEmail.objects.count()
    record = report_by_mail(arf(to=FBL_ADDRESS, original_to="redacted@example.com", message_id=row.message_id))
    assert record.outcome == InboundEmail.Outcome.COMPLAINT and record.user == bob
    assert stopped(bob)
    assert OutgoingEmail.objects.count() == mails and not mail.outbox  # a complaint is never answered
    assert BANNER in page_text(client, bob)


def test_a_feedback_report_finds_the_mail_by_its_signed_envelope_sender(bob, now):
    """Sent to the mail's bounce address, or naming it as the original's
    envelope sender, without quoting its Message-ID."""
    first, second = notice_to(bob, now, 1), notice_to(bob, now, 2)
    report_by_mail(arf(to=bounce_address(first.pk), original_to=bob.email), to=bounce_address(first.pk))
    assert stopped(bob)
    bob.notifications = bob.Notifications.EVERY_TURN
    bob.email_complained_at = None
    bob.save()
    report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, original_mail_from=bounce_address(second.pk)))
    assert stopped(bob)


def test_a_complaint_counts_once(client, bob, now):
    """The relay's event and the feedback loop's report about one mail, the
    relay's retry: the player turned game mail on again in between, and
    the late repeats change nothing."""
    row = notice_to(bob, now, 1)
    event = complained(row)
    assert post(client, event).status_code == 200
    bob.refresh_from_db()
    first = bob.email_complained_at
    assert post(client, event).status_code == 200  # the relay's retry
    report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, message_id=row.message_id))
    bob.refresh_from_db()
    assert bob.email_complained_at == first
    client.force_login(bob)
    form = {"display_name": "Bob", "time_zone": "UTC", "language": "en", "notifications": "every_turn"}
    assert client.post("/profile/", form).status_code == 302
    assert post(client, complained(row, token="d" * 50)).status_code == 200
    report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, message_id=row.message_id))
    assert untouched(bob)
    assert BANNER not in page_text(client, bob)


def test_turning_game_mail_on_again_clears_the_banner_and_a_later_complaint_stops_it_again(client, bob, now):
    assert post(client, complained(notice_to(bob, now, 1))).status_code == 200
    client.force_login(bob)
    form = {"display_name": "Bob", "time_zone": "UTC", "language": "en", "notifications": "daily_digest"}
    response = client.post("/profile/", form, follow=True)
    assert BANNER not in response.content.decode()
    bob.refresh_from_db()
    assert bob.email_complained_at is None and wants_mail(bob, None, kind=OutgoingEmail.Kind.NOTICE)
    assert post(client, complained(notice_to(bob, now, 2), token="e" * 50)).status_code == 200
    assert stopped(bob) and BANNER in page_text(client, bob)


def test_a_complaint_about_no_mail_of_ours_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    assert post(client, complained(row, message_id="<someone-else@mg.example>")).status_code == 200
    record = report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, message_id="<someone-else@mg.example>"))
    assert record.outcome == InboundEmail.Outcome.AUTO_REPLY and record.user is None
    forged = bounce_address(row.pk).replace("bounce+", "bounce+x")
    report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, original_mail_from=forged))
    assert untouched(bob)
    assert not mail.outbox


def test_a_complaint_about_a_mail_to_an_address_no_longer_theirs_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    bob.email = "bob@new.example"
    bob.save(update_fields=["email"])
    assert post(client, complained(row)).status_code == 200
    assert untouched(bob)


def test_a_report_that_is_no_complaint_changes_nothing(bob, now):
    row = notice_to(bob, now, 1)
    report_by_mail(arf(to=FBL_ADDRESS, original_to=bob.email, message_id=row.message_id, feedback_type="not-spam"))
    assert untouched(bob)


def test_a_forged_signature_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    client.raise_request_exception = False
    assert post(client, complained(row), key="guessed-key").status_code == 400
    assert untouched(bob)
