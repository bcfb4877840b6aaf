"""Issue 19: every human mail gets exactly one answer (through ``ingest_email``)."""

import datetime as dt
import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from games.engine import get_rules
from mail.models import InboundEmail
from tests.conftest import living_in

from .conftest import mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def latest_reply_to(address: str) -> str:
    return [m for m in mail.outbox if m.to == [address] and m.reply_to][-1].reply_to[0]


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    rules = get_rules("alta")
    options = [t for t, _ in rules.move_options(rules.load(game.state), seat.index)]
    return seat, latest_reply_to(seat.user.email), options


def test_a_refused_move_is_answered_once_as_a_threaded_auto_reply(turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    raw = bytes(
        message(
            address,
            "castle E9",
            sender=seat.user.email,
            message_id="<m1@client>",
            subject="Re: RE: Re: Alta: your move",
        )
    )
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "rejected"
    [answer] = mail.outbox
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"] == "<m1@client>" == answer.extra_headers["References"]
    # A repeated delivery of the same message gets no second answer.
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "duplicate"
    assert len(mail.outbox) == 1
    # A different body under the same Message-ID is a new mail, answered.
    other = bytes(message(address, "castle E8", sender=seat.user.email, message_id="<m1@client>"))
    assert ingest(other, django_capture_on_commit_callbacks).outcome == "rejected"
    assert len(mail.outbox) == 2 and "castle E8" in mail.outbox[-1].body


def test_an_own_answer_has_a_clean_re_subject(turn, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    raw = bytes(
        message(
            "play+" + "0" * 32 + "@" + "x.invalid",
            "hello",
            sender="nobody@else.example",
            subject="Re: Re: AW: Alta: your move",
        )
    )
    ingest(raw, django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    assert answer.subject == "Re: Alta: your move"
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"


def test_over_the_limit_one_slow_down_notice_an_hour(
    turn, settings, now, monkeypatch, django_capture_on_commit_callbacks
):
    seat, address, options = turn
    settings.INBOUND_MAIL_PER_HOUR = 3
    mail.outbox.clear()
    # The limit counts mails of any kind (after ``INBOUND_MAIL_PER_HOUR``
    # earlier ones within the hour, the next is refused).
    for text in ["nonsense", "hello", "what"]:
        ingest(bytes(message(address, text, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 3  # each answered
    first = InboundEmail.objects.order_by("received_at").first().received_at.astimezone(dt.UTC)
    outcomes = [
        ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks).outcome
        for _ in range(3)
    ]
    assert outcomes == ["rate_limited"] * 3
    [notice] = mail.outbox[3:]
    assert "slow down" in notice.body.lower()
    again = (first + dt.timedelta(hours=1)).astimezone(seat.user.zone)
    assert f"{again:%H:%M} ({seat.user.zone.key} time)." in " ".join(notice.body.split())
    assert seat.match.moves.count() == 0  # the move is still refused


def test_unknown_charsets_and_broken_bytes_are_read_with_replacement(turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    cases = [
        ("x-klingon", "8bit", "Re: Alta", b"castle E9 \xe9\r\n"),
        ("utf-8", "8bit", "Re: Alta", b"castle \xff\xfe E9\r\n"),
        ("utf-8", "base64", "Re: Alta", b"Y2FzdGxl!!!IEU5\r\n"),  # broken base64
        ("utf-8", "quoted-printable", "=?x-unknown?Q?caf=E9?= =?utf-8?B?!!!?=", b"castle =ZZ E9=\r\n"),
    ]
    for number, (charset, encoding, subject, body) in enumerate(cases):
        raw = (
            f"From: {seat.user.email}\r\nTo: {address}\r\nSubject: {subject}\r\n"
            f"Message-ID: <{number}@client>\r\nContent-Type: text/plain; charset={charset}\r\n"
            f"Content-Transfer-Encoding: {encoding}\r\n\r\n"
        ).encode() + body
        record = ingest(raw, django_capture_on_commit_callbacks)
        assert record.outcome == "rejected" and "castle" in record.body
        assert len(mail.outbox) == number + 1 and mail.outbox[-1].to == [seat.user.email]


def test_html_only_mail_is_read(turn, django_capture_on_commit_callbacks):
    seat, address, options = turn
    html = message(address, "", sender=seat.user.email, quote=False)
    html.clear_content()
    html.set_content(f"<html><body><p>{options[0]}</p><blockquote>old</blockquote></body></html>", subtype="html")
    assert ingest(bytes(html), django_capture_on_commit_callbacks).outcome == "accepted"


@pytest.mark.parametrize("kind", ["second address", "no account"])
def test_an_unlinked_address_learns_how_to_link_it_and_nothing_else(
    kind, turn, game, django_capture_on_commit_callbacks
):
    seat, address, options = turn
    sender = "alt@mine.example" if kind == "second address" else "who@nowhere.example"
    if kind == "second address":
        EmailAddress.objects.create(user=seat.user, email=sender, verified=False)
    mail.outbox.clear()
    record = ingest(bytes(message(address, options[0], sender=sender)), django_capture_on_commit_callbacks)
    assert record.outcome == "wrong_sender" and game.moves.count() == 0
    [answer] = mail.outbox
    assert answer.to == [sender] and "not linked" in answer.body and "/accounts/email/" in answer.body
    for secret in [seat.user.email, str(seat.user), options[0], *(str(s.user) for s in game.seats.all())]:
        assert secret not in answer.body and secret not in answer.subject


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Precedence": "list"},
        {"X_Autoreply": "yes"},
        {"List_Id": "<games.lists.example>", "Precedence": "bulk"},
    ],
)
def test_automatic_and_list_mail_stays_unanswered(headers, turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "I am away", sender=seat.user.email, **headers)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "auto_reply" and mail.outbox == []


def test_a_bounce_stays_unanswered(turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    raw = (
        f"From: MAILER-DAEMON@mx.example\r\nTo: {address}\r\nSubject: Undelivered Mail\r\n"
        "Message-ID: <dsn@mx>\r\nContent-Type: multipart/report; report-type=delivery-status; "
        'boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b--\r\n'
    ).encode()
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "auto_reply" and mail.outbox == []


def test_a_reply_for_a_seat_no_longer_the_senders_is_still_answered(
    turn, game, carol, django_capture_on_commit_callbacks
):
    seat, address, options = turn
    EmailAddress.objects.get_or_create(user=seat.user, email=seat.user.email, defaults={"verified": True})
    game.seats.filter(pk=seat.pk).update(user=carol)  # the seat changed hands since the mail
    mail.outbox.clear()
    record = ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and game.moves.count() == 0
    [answer] = mail.outbox
    assert answer.to == [seat.user.email] and "could not be used" in answer.body


def test_the_slow_down_notice_is_in_the_senders_zone_and_language_once_an_hour(
    turn, settings, django_capture_on_commit_callbacks
):
    from mail.models import OutgoingEmail

    seat, address, options = turn
    seat.user.time_zone, seat.user.language = "Asia/Kolkata", "nl"
    seat.user.save()
    settings.INBOUND_MAIL_PER_HOUR = 2
    for text in ["hello", "anyone"]:
        ingest(bytes(message(address, text, sender=seat.user.email)), django_capture_on_commit_callbacks)
    mail.outbox.clear()
    limited = ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert limited.outcome == "rate_limited"
    [notice] = mail.outbox
    first = InboundEmail.objects.order_by("received_at").first().received_at
    again = (first + dt.timedelta(hours=1)).astimezone(seat.user.zone)
    assert again.strftime("%H:%M") in notice.body and "probeer het opnieuw na" in notice.body.lower()
    assert again.astimezone(dt.UTC).strftime("%H:%M") not in notice.body  # not UTC (Kolkata is 5:30 ahead)
    assert notice.extra_headers["Auto-Submitted"] == "auto-replied"
    # Quiet for the rest of the hour; the next hour brings one new notice.
    ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 1
    notice_row = OutgoingEmail.objects.get(dedupe_key__startswith="slowdown:")
    OutgoingEmail.objects.filter(pk=notice_row.pk).update(created_at=notice_row.created_at - dt.timedelta(minutes=61))
    ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 2 and seat.match.moves.count() == 0


def test_a_quote_only_reply_at_the_bottom_is_answered_with_the_position(turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    body = f"On Mon, 5 Jan 2026 at 10:00, Alta <{address}> wrote:\n> Your move\n> 1. ...\n\n\n"
    record = ingest(
        bytes(message(address, body, sender=seat.user.email, quote=False)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "rejected" and seat.match.moves.count() == 0
    [answer] = mail.outbox
    assert "had no move" in answer.body and "HOW TO REPLY" in answer.body and answer.reply_to


def test_a_reply_without_a_move_is_refused_in_the_players_language(turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    mail.outbox.clear()
    record = ingest(bytes(message(address, "onzin xyz", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    [answer] = [m for m in mail.outbox if m.to == [seat.user.email]]
    body = " ".join(answer.body.split())
    assert 'Je antwoord bevatte geen zet: de eerste regel, "onzin xyz", is geen zet' in body
    assert "Your reply had no move" not in body and "the current position again" not in body


def test_the_unlinked_answer_names_the_site_in_good_english(turn, django_capture_on_commit_callbacks):
    """The site's name starts with a vowel: "not linked to any Alta
    account", never the "a Alta account" a reader trips over."""
    _seat, address, options = turn
    mail.outbox.clear()
    ingest(bytes(message(address, options[0], sender="who@nowhere.example")), django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    text = " ".join(answer.body.split())
    assert "this address is not linked to any Alta account" in text and "a Alta" not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "is not a move. Unknown card 'frobnicate'."), ("nl", "is geen zet. Onbekende kaart 'frobnicate'.")],
)
def test_the_reason_a_first_line_is_no_move_reads_as_a_sentence_of_its_own(
    language, said, turn, django_capture_on_commit_callbacks
):
    """The engine's reason stood in brackets inside a sentence, opening with
    a capital ("is not a move (Unknown card ...)"), and runs to several
    sentences: it follows the sentence it explains, as a sentence of its
    own, ending once (never ".).")."""
    seat, address, _options = turn
    seat.user.language = language
    seat.user.save(update_fields=["language"])
    mail.outbox.clear()
    ingest(bytes(message(address, "frobnicate", sender=seat.user.email)), django_capture_on_commit_callbacks)
    text = " ".join(mail.outbox[-1].body.split())
    assert said in text, text
    capital = re.search(r"\([A-Z][a-z]", text)  # not "(UTC time)"
    assert not capital, text[capital.start() - 80 : capital.end() + 40]
    assert ".)." not in text and ".." not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Your reply could not be used. You are not playing in this game."),
        ("nl", "Je antwoord kon niet worden gebruikt. "),
    ],
)
def test_a_reply_that_cannot_be_used_gives_its_reason_as_a_sentence_of_its_own(
    language, said, turn, game, carol, django_capture_on_commit_callbacks
):
    """The reason starts with a capital: it follows a full stop, never a
    colon."""
    seat, address, options = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    game.seats.filter(pk=seat.pk).update(user=carol)  # the seat changed hands since the mail
    mail.outbox.clear()
    ingest(bytes(message(address, options[0], sender=seat.user.email)), django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    assert said in " ".join(answer.body.split()) and "gebruikt:" not in answer.body
