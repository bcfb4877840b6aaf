"""A mail labelled UTF-8 whose body is really Latin-1 or Windows-1252 (old
Dutch mail programs: "één", "café", "oké") is read as the writer wrote it:
its move is played and its chat reaches the others without "�"."""

import time

import pytest

from games.models import ChatMessage
from mail.inbound import parse_inbound

from .intake import ingest

pytestmark = pytest.mark.django_db


def _raw(sender: str, to: str, body: str, *, charset: str = "utf-8", encoding: str = "8bit", written: str) -> bytes:
    head = (
        f"From: {sender}\r\nTo: {to}\r\nSubject: Re: Alta: je zet\r\n"
        f"Message-ID: <{written}-{len(body)}@oud.example>\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset={charset}\r\n"
        f"Content-Transfer-Encoding: {encoding}\r\n\r\n"
    )
    return head.encode() + body.replace("\n", "\r\n").encode(written)


@pytest.mark.parametrize("written", ["latin-1", "cp1252"])
def test_a_latin_1_body_labelled_utf_8_plays_its_move_and_passes_its_words_on(
    written, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    words = "Mooie zet! Dit café is één grote chaos \u2013 oké?" if written == "cp1252" else "Dit café is één chaos."
    body = f"Oké, {len(options)}\n\n{words}\n"
    record = ingest(_raw(seat.user.email, address, body, written=written), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[-1]
    [chat] = ChatMessage.objects.filter(match=game)
    assert chat.text == words and "\ufffd" not in record.body


def test_utf_8_and_latin_1_mixed_keep_both(game, mover_turn, django_capture_on_commit_callbacks):
    """A reply whose quoted part is our UTF-8 and whose own words are Latin-1
    (a program that pastes the two together) keeps each character."""
    seat, address, options = mover_turn
    raw = _raw(seat.user.email, address, f"{options[0]}\n\nHé, ", written="latin-1") + "goed — één\r\n".encode()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert ChatMessage.objects.get(match=game).text == "Hé, goed — één"


def test_a_quoted_printable_latin_1_body_labelled_utf_8(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    body = f"{options[0]}\n\nCaf=E9 =E9=E9n\n"
    raw = _raw(seat.user.email, address, body, encoding="quoted-printable", written="ascii")
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "accepted"
    assert ChatMessage.objects.get(match=game).text == "Café één"


def test_a_latin_1_subject_and_a_large_latin_1_body_are_read_in_bounded_time():
    raw = b"From: a@example.org\r\nTo: b@example.org\r\nSubject: Re: caf\xe9\r\n\r\n" + b"\xe9a" * 1024 * 1024
    started = time.monotonic()
    message = parse_inbound(raw)
    assert time.monotonic() - started < 2
    assert message.subject == "Re: café" and message.body.startswith("éaéa")


@pytest.mark.parametrize("charset", ["iso-8859-1", "windows-1252", "iso-8859-15"])
def test_a_utf_8_body_labelled_latin_1_is_read_as_utf_8(charset, game, mover_turn, django_capture_on_commit_callbacks):
    """The other way round (a program that writes UTF-8 and names the
    charset it used to): read as UTF-8, not "cafÃ© Ã©Ã©n"."""
    seat, address, options = mover_turn
    raw = _raw(seat.user.email, address, f"{options[0]}\n\nCafé één — oké\n", charset=charset, written="utf-8")
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "accepted"
    assert ChatMessage.objects.get(match=game).text == "Café één — oké"


def test_a_latin_1_body_labelled_latin_1_stays_latin_1():
    raw = b"From: a@example.org\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nCaf\xe9 \xe9\xe9n \xc3\xa9\r\n"
    assert parse_inbound(raw).body == "Café één Ã©"
