"""The privacy page, and the inbound-mail retention it promises."""

import datetime as dt

import pytest
from django.conf import settings
from django.test import override_settings

from alta_site.privacy import inbound_mail_prune
from alta_site.tasks import inbound_mail_prune as inbound_mail_prune_task
from mail.models import InboundEmail
from tests.conftest import EPOCH

pytestmark = pytest.mark.django_db


def inbound(days_old: float, **fields):
    return InboundEmail.objects.create(
        received_at=EPOCH - dt.timedelta(days=days_old),
        source="smtp",
        sender="alice@example.com",
        message_id=f"<{days_old}@mail.test>",
        subject="Re: your move",
        body="take 3",
        raw="From: alice",
        detail="not your turn",
        **fields,
    )


def test_privacy_page_is_linked_from_every_page_and_names_the_retention(client):
    home = client.get("/").content.decode()
    assert 'href="/privacy/"' in home
    with override_settings(INBOUND_MAIL_RETENTION_DAYS=45):
        page = client.get("/privacy/").content.decode()
    assert "45 days" in page and "deleted player" in page


@override_settings(SENT_MAIL_BODY_RETENTION_DAYS=9, INBOUND_MAIL_RETENTION_DAYS=45)
def test_privacy_page_names_how_long_sent_mail_text_is_kept_in_english_and_dutch(client):
    page = client.get("/privacy/").content.decode()
    assert "The text of a mail the site sends you is kept for 9 days after it was sent, then blanked" in page
    dutch = client.get("/privacy/", headers={"accept-language": "nl"}).content.decode()
    assert "9 dagen" in dutch and "The text of a mail the site sends you" not in dutch


@override_settings(INBOUND_MAIL_RETENTION_DAYS=30)
def test_old_inbound_mail_loses_its_text_but_keeps_its_envelope():
    old, recent = inbound(31), inbound(29)
    assert inbound_mail_prune(now=EPOCH) == 1
    old.refresh_from_db()
    recent.refresh_from_db()
    assert (old.subject, old.body, old.raw, old.detail) == ("", "", "", "")
    assert old.sender == "alice@example.com" and old.message_id == "<31@mail.test>"
    assert recent.body == "take 3" and recent.raw == "From: alice"
    assert inbound_mail_prune(now=EPOCH) == 0  # nothing left to prune


def test_prune_runs_periodically():
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "alta_site.tasks.inbound_mail_prune" in schedule
    inbound(10_000)
    assert inbound_mail_prune_task.apply().get() == 1


@override_settings(INBOUND_MAIL_RETENTION_DAYS=30)
def test_old_inbound_mail_loses_the_players_message_to_the_others():
    words = "See you Tuesday, my phone is 0612345678"
    old = inbound(31, message_to_players=words)
    InboundEmail.objects.filter(pk=old.pk).update(body="", raw="", subject="", detail="")
    assert inbound_mail_prune(now=EPOCH) == 1
    old.refresh_from_db()
    assert old.message_to_players == ""


def test_privacy_and_closing_pages_say_what_happens_to_chat_lines_in_english_and_dutch(client, alice):
    """Chat lines are stored (and exported), and closing empties them: both
    pages say so, in the reader's language."""
    page = client.get("/privacy/").content.decode()
    assert "Chat: what you wrote in your games' chat" in page
    assert "the chat lines you wrote lose their words" in page
    dutch = client.get("/privacy/", headers={"accept-language": "nl"}).content.decode()
    assert "Chat: wat je in de chat van je partijen schreef" in dutch
    assert "verliezen de chatregels die jij schreef hun tekst" in dutch
    client.force_login(alice)
    assert "empties the chat lines you wrote in your games;" in client.get("/profile/close/").content.decode()
    alice.language = "nl"
    alice.save(update_fields=["language"])
    closing = client.get("/profile/close/").content.decode()
    assert "maakt de chatregels leeg die je in je partijen schreef;" in closing


def test_privacy_page_says_what_is_kept_and_shown_when_mail_bounces_in_english_and_dutch(client):
    page = " ".join(client.get("/privacy/").content.decode().split())
    assert (
        "Bounces: when a mail to you bounces, which address, when, and the reason your mail server gave, "
        "until you check your address." in page
    )
    assert "While mail to you bounces, the other players of your running games see that it does" in page
    dutch = " ".join(client.get("/privacy/", headers={"accept-language": "nl"}).content.decode().split())
    assert "Bounces: als een mail aan jou terugkomt, welk adres, wanneer en de reden" in dutch
    assert "Zolang mail aan jou terugkomt, zien de andere spelers van je lopende partijen dat" in dutch
