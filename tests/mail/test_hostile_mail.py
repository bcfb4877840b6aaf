"""Hostile or broken mail never stops the intake ("Hardening under faults
and abuse"): a header the email package chokes on, HTML it cannot parse,
a body made to be slow, even a bug a mail sets off.  The player's move is
still read, or the sender gets one answer; nothing is left ``received``
for the sending server to retry for ever."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from aiosmtpd.smtp import Envelope
from django.core import mail

from mail import services
from mail.gateway import GatewayHandler
from mail.html_text import html_to_text
from mail.models import InboundEmail, OutgoingEmail

from .intake import ingest

pytestmark = pytest.mark.django_db


def raw_mail(to: str, body: str, *, sender: str, message_id: str = "<h1@client.example>", html: bool = False) -> bytes:
    kind = "text/html" if html else "text/plain"
    return (
        f"From: {sender}\r\nTo: {to}\r\nSubject: Re: Alta #1: your move\r\nMessage-ID: {message_id}\r\n"
        f"Content-Type: {kind}; charset=utf-8\r\n\r\n{body}\r\n"
    ).encode()


@pytest.mark.parametrize("message_id", ["<>", "<[>", "<<a@b>", "<a@[>"])
def test_a_move_under_a_message_id_the_email_package_chokes_on_is_played(
    message_id, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    raw = raw_mail(address, options[0], sender=seat.user.email, message_id=message_id)
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0]
    # Kept under a stand-in id, so a redelivery is still recognised.
    assert record.message_id.startswith("sha256:")
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "duplicate"


def test_a_move_under_the_longest_message_id_is_played_within_what_the_database_holds(
    game, mover_turn, django_capture_on_commit_callbacks
):
    """A Message-ID as long as the intake keeps (255 characters) still
    fits the move's idempotency key: PostgreSQL refuses a longer value,
    and the player would be told their mail could not be read."""
    from games.models import MoveRecord

    seat, address, options = mover_turn
    message_id = f"<{'a' * 200}@{'b' * 50}>"
    raw = raw_mail(address, options[0], sender=seat.user.email, message_id=message_id)
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and record.message_id == message_id
    key = game.moves.get().idempotency_key
    assert len(key) <= MoveRecord._meta.get_field("idempotency_key").max_length
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "duplicate"
    assert game.moves.count() == 1


def test_html_with_an_unknown_marked_section_is_read(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    body = f"<p>{options[0]}</p><![foo]><p>Good luck!</p>"
    record = ingest(raw_mail(address, body, sender=seat.user.email, html=True), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0] and record.message_to_players == "Good luck!"


def test_an_html_reply_written_below_a_thunderbird_quote_is_read(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    body = (
        '<html><body><div class="moz-cite-prefix">On 05-01-2026 10:00, Alta wrote:<br></div>'
        '<blockquote type="cite"><p>IT IS YOUR MOVE</p><blockquote><p>older</p></blockquote></blockquote>'
        f"<p>{options[0]}</p><p>Good luck!</p></body></html>"
    )
    record = ingest(raw_mail(address, body, sender=seat.user.email, html=True), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0] and record.message_to_players == "Good luck!"


def test_a_gmail_quote_ends_where_its_block_ends():
    html = (
        '<div dir="ltr"><div class="gmail_quote"><div class="gmail_attr">On Mon, Alta wrote:</div>'
        "<blockquote><div>IT IS YOUR MOVE</div></blockquote></div>"
        "<div>tavern D4</div><div>See you</div></div>"
    )
    assert [line for line in html_to_text(html).split("\n") if line] == ["tavern D4", "See you"]


def test_text_a_mail_program_does_not_show_is_not_read():
    """What the player never saw in their own mail is never read as their
    move or message: hidden elements, text styled away, a template, the
    no-script fallback and the title (a "1" there would play option 1)."""
    html = (
        "<html><head><title>1</title></head><body>"
        '<p hidden>1</p><div style="color: red; display : none">2</div><span style="DISPLAY:NONE">3</span>'
        "<template><p>4</p></template><noscript>5</noscript><div hidden=''><p>6</p></div>"
        "<div>tavern D4</div><div>See you</div></body></html>"
    )
    assert [line for line in html_to_text(html).split("\n") if line] == ["tavern D4", "See you"]


SLOW_TAILS = {
    "8,000 blank lines": ("\r\n" * 8000, False),
    "20 KB of newlines": ("\n" * 20_000, False),
    "40 KB of 'On a '": ("\r\n" + "On a " * 8000, False),
    "40 KB of 'On a ' lines": ("\r\n" + ("On a " * 99 + "\r\n") * 80, False),
    "8,000 HTML line breaks": ("<br>" * 8000, True),
    "20 KB of unterminated tags": ("<a " * 7000, True),
    "one 40 KB tag": ("<" + "a" * 40_000, True),
    "unterminated comments": ("<!--" * 10_000, True),
}


@pytest.mark.parametrize("name", list(SLOW_TAILS))
def test_a_move_with_a_tail_made_to_be_slow_is_handled_at_once(
    name, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    tail, html = SLOW_TAILS[name]
    body = f"<p>{options[0]}</p>{tail}" if html else f"{options[0]}{tail}"
    started = time.monotonic()
    record = ingest(raw_mail(address, body, sender=seat.user.email, html=html), django_capture_on_commit_callbacks)
    # Seconds at most, even on a loaded machine (it took 18 s to minutes).
    assert time.monotonic() - started < 5
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0]


def test_hostile_headers_do_not_hold_up_a_move(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    raw = raw_mail(address, options[0], sender=seat.user.email).replace(
        b"Content-Type: text/plain; charset=utf-8", b"Content-Type: text/plain; charset=utf-8; x=" + b'"' * 20_000
    )
    raw = b"Cc: " + b"(" * 20_000 + b"\r\nX-Note: " + b'"a",' * 5_000 + b"\r\n" + raw
    started = time.monotonic()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert time.monotonic() - started < 5  # it took 15 s and more
    assert record.outcome == "accepted", record.detail


def test_a_move_followed_by_many_parts_with_hostile_headers_is_played_at_once(
    game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    hostile = "".join(f"--B\r\nContent-Type: text/x; a={chr(34) * 2000}\r\n\r\nx\r\n" for _ in range(100))
    raw = (
        f"From: {seat.user.email}\r\nTo: {address}\r\nSubject: Re: Alta\r\nMessage-ID: <parts@client.example>\r\n"
        f"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\n{options[0]}\r\n"
        f"{hostile}--B--\r\n"
    ).encode()
    started = time.monotonic()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert time.monotonic() - started < 5  # 200 KB took 20 s
    assert record.outcome == "accepted" and game.moves.get().text == options[0]


def test_a_long_chat_line_below_a_move_is_kept_whole(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    chat = "This is a long line. " * 60  # 1,260 characters, no line break
    record = ingest(
        raw_mail(address, f"{options[0]}\r\n{chat}", sender=seat.user.email), django_capture_on_commit_callbacks
    )
    assert record.outcome == "accepted" and record.message_to_players == chat.strip()


def _bug(*args, **kwargs):
    raise IndexError("list index out of range")


def test_a_mail_that_sets_off_a_bug_is_answered_once_and_not_retried(
    game, mover_turn, monkeypatch, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    monkeypatch.setattr(services, "parse_inbound", _bug)
    mail.outbox.clear()
    record = ingest(raw_mail(address, options[0], sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "malformed" and "IndexError" in record.detail
    [answer] = mail.outbox
    assert answer.to == [seat.user.email] and "could not read it" in answer.body
    assert answer.extra_headers["In-Reply-To"] == "<h1@client.example>"
    assert game.moves.count() == 0


def test_a_bug_set_off_by_an_automatic_mail_is_not_answered(
    game, mover_turn, monkeypatch, django_capture_on_commit_callbacks
):
    seat, address, _options = mover_turn
    monkeypatch.setattr(services, "parse_inbound", _bug)
    mail.outbox.clear()
    raw = b"Auto-Submitted: auto-replied\r\n" + raw_mail(address, "I am away", sender=seat.user.email)
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "malformed" and mail.outbox == []


def test_an_unreadable_body_from_a_player_is_answered(
    game, mover_turn, monkeypatch, django_capture_on_commit_callbacks
):
    from mail import inbound

    def unreadable(message):
        raise LookupError("unknown encoding: x-hostile")

    seat, address, _options = mover_turn
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    monkeypatch.setattr(inbound, "_body", unreadable)
    mail.outbox.clear()
    record = ingest(raw_mail(address, "1", sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "malformed"
    [answer] = mail.outbox
    assert "konden hem niet lezen" in answer.body and "could not read" not in answer.body


@pytest.mark.django_db(transaction=True)
def test_the_gateway_accepts_a_mail_that_sets_off_a_bug_instead_of_asking_for_it_again(alice, monkeypatch):
    monkeypatch.setattr(services, "parse_inbound", _bug)
    envelope = Envelope()
    envelope.mail_from = alice.email
    envelope.rcpt_tos = ["commands@localhost"]
    envelope.original_content = raw_mail("commands@localhost", "help", sender=alice.email)
    # In a thread of its own: an earlier test (Playwright's sync API) may
    # have left an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        handled = GatewayHandler().handle_DATA(None, None, envelope)  # type: ignore[arg-type]
        reply = thread.submit(asyncio.run, handled).result()
    assert reply.startswith("250")
    assert list(InboundEmail.objects.values_list("outcome", flat=True)) == ["malformed"]
    assert list(OutgoingEmail.objects.values_list("to", flat=True)) == [alice.email]


def test_an_element_only_saying_hidden_is_still_read():
    """A class or a title with the word "hidden" in it hides nothing."""
    html = (
        '<div class="hidden-gem note" title="not hidden at all">tavern D4</div><div data-style="display:none">Hi</div>'
    )
    assert [line for line in html_to_text(html).split("\n") if line] == ["tavern D4", "Hi"]


@pytest.mark.parametrize("sender", ["@example.com", "a@x..com", "Eve <@example.com>"])
def test_a_mail_from_an_address_no_server_takes_is_recorded_and_not_answered(
    sender, game, mover_turn, address, django_capture_on_commit_callbacks
):
    """No answer can reach such an address: one queued would fail at the
    relay, so none is written (as for a mail without a sender)."""
    _seat, reply_address, options = mover_turn
    for number, to in enumerate((reply_address, address)):
        mail.outbox.clear()
        before = OutgoingEmail.objects.count()
        raw = raw_mail(to, options[0], sender=sender, message_id=f"<bad{number}@client.example>")
        record = ingest(raw, django_capture_on_commit_callbacks)
        assert record.outcome == "auto_reply" and record.sender == ""
        assert OutgoingEmail.objects.count() == before and mail.outbox == []
    assert game.moves.count() == 0
