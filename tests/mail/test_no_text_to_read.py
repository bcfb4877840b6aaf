"""A reply with no text part to read (a photo of the board alone, a mail
encrypted or signed as a whole with S/MIME) is told that no text could be
read, not that its first line is no move; nothing is played or posted.
A mail signed beside its text (multipart/signed) is read as any other."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage

import pytest
from django.core import mail

from games.models import ChatMessage
from tests.conftest import living_in

from .conftest import mails_to, mover_of
from .intake import ingest
from .test_waiting_chat import last_receipt, whole_turn_by_mail

pytestmark = pytest.mark.django_db

NO_TEXT = {
    "en": "We found no text to read in your email",
    "nl": "We vonden geen tekst om te lezen in je mail",
}


def _attachment_only(sender: str, to: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"], message["Message-ID"] = sender, to, "Re: Alta", "<photo@x>"
    message.add_attachment(b"\x89PNG\r\n\x1a\n....", maintype="image", subtype="png", filename="board.png")
    return bytes(message)


def _smime(sender: str, to: str, kind: str) -> bytes:
    head = f"From: {sender}\r\nTo: {to}\r\nSubject: Re: Alta\r\nMessage-ID: <{kind}@x>\r\nMIME-Version: 1.0\r\n"
    if kind == "opaque":
        return (
            head + 'Content-Type: application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"\r\n'
            "Content-Transfer-Encoding: base64\r\n\r\nMIAGCSqGSIb3DQEHAqCAMIACAQEx\r\n"
        ).encode()
    return (
        head + 'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; boundary="BB"\r\n\r\n'
        "--BB\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1\r\n\r\nSigned, sealed.\r\n--BB\r\n"
        'Content-Type: application/pkcs7-signature; name="smime.p7s"\r\nContent-Transfer-Encoding: base64\r\n'
        'Content-Disposition: attachment; filename="smime.p7s"\r\n\r\nMIAGCSqGSIb3DQEHAqCAMIACAQEx\r\n--BB--\r\n'
    ).encode()


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("kind", ["attachment only", "encrypted"])
def test_a_reply_without_text_is_told_no_text_was_read(
    kind, language, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, _options = mover_turn
    living_in(language, "Europe/Amsterdam", seat.user)
    mail.outbox.clear()
    sender = seat.user.email
    raw = _attachment_only(sender, address) if kind == "attachment only" else _smime(sender, address, "opaque")
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    game.refresh_from_db()
    assert game.ply == 0 and not ChatMessage.objects.filter(match=game).exists()
    [answer] = mails_to(sender)
    assert NO_TEXT[language] in " ".join(answer.body.split()) and answer.reply_to


def test_a_mail_signed_beside_its_text_is_played(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    record = ingest(_smime(seat.user.email, address, "signed"), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0]
    assert ChatMessage.objects.get(match=game).text == "Signed, sealed."


def test_a_photo_alone_from_a_waiting_player_to_a_receipt_is_told_no_text_was_read(
    game, django_capture_on_commit_callbacks
):
    """Answered by References (the receipt has no reply address): "It is
    not your turn now" said a move was read in it."""
    seat = mover_of(game)
    whole_turn_by_mail(game, seat, django_capture_on_commit_callbacks)  # now waiting
    receipt = last_receipt(seat.user)
    photo = message_from_bytes(_attachment_only(seat.user.email, receipt.extra_headers["From"]))
    photo["In-Reply-To"] = receipt.extra_headers["Message-ID"]
    photo["References"] = receipt.extra_headers["Message-ID"]
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(bytes(photo), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and game.moves.count() == moves
    [answer] = mails_to(seat.user.email)
    said = " ".join(answer.body.split())
    assert NO_TEXT["en"] in said and "not your turn" not in said
