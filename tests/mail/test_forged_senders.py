"""A mail we cannot use is answered, unless the server that took it in
judged its sender forged (DMARC failed, or SPF failed with no DKIM
signature passing): the answer would go to someone who never wrote."""

import pytest
from django.core import mail

from mail.models import InboundEmail

from .conftest import mover_of
from .intake import ingest, message

FORGED = [
    {"Authentication_Results": "mx.alta.example; spf=fail smtp.mailfrom=evil.example; dkim=none; dmarc=fail"},
    {"Authentication_Results": "mx.alta.example; spf=fail (sender not permitted) smtp.mailfrom=x; dkim=none"},
    {"Authentication_Results": "mx.alta.example; dkim=pass header.d=x; dmarc=fail (p=reject) header.from=x"},
    {"Received_SPF": "Fail (mailfrom) identity=mailfrom; client-ip=192.0.2.1"},
]
NOT_FORGED = [
    {},
    {"Authentication_Results": "mx.alta.example; spf=softfail smtp.mailfrom=x; dkim=none"},
    {"Authentication_Results": "mx.alta.example; spf=fail smtp.mailfrom=x; dkim=pass header.d=x"},
    {"Authentication_Results": "mx.alta.example; spf=fail smtp.mailfrom=x; dkim=fail; dkim=pass; dmarc=pass"},
    {"Authentication_Results": "mx.alta.example; spf=pass (dmarc=fail is only a comment) smtp.mailfrom=x"},
    {"Authentication_Results": "mx.alta.example; none"},
]


@pytest.fixture
def reply_address(game):
    seat = mover_of(game)
    return [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]


def answered(raw: bytes, capture) -> tuple[InboundEmail, list]:
    mail.outbox.clear()
    record = ingest(raw, capture)
    return record, list(mail.outbox)


@pytest.mark.parametrize("headers", FORGED)
def test_a_stranger_whose_sender_looks_forged_is_not_answered(
    headers, game, reply_address, django_capture_on_commit_callbacks
):
    for to in (reply_address, "play+nosuchtoken@alta.example"):
        raw = bytes(message(to, "take 1", sender="mallory@evil.example", **headers))
        record, answers = answered(raw, django_capture_on_commit_callbacks)
        assert record.outcome in ("wrong_sender", "unknown_token") and answers == []
        assert "not answered: the sender looks forged" in record.detail
    assert game.moves.count() == 0


@pytest.mark.parametrize("headers", NOT_FORGED)
def test_a_stranger_is_answered_when_no_check_failed(headers, game, reply_address, django_capture_on_commit_callbacks):
    raw = bytes(message(reply_address, "take 1", sender="mallory@evil.example", **headers))
    record, answers = answered(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "wrong_sender" and [a.to for a in answers] == [["mallory@evil.example"]]


def test_only_the_topmost_verdict_counts(game, reply_address, django_capture_on_commit_callbacks):
    """A lower header was written before the mail reached our server,
    maybe by the sender: ours, at the top, says the sender passed."""
    lower = {"Authentication_Results": "elsewhere.example; dmarc=fail"}
    raw = bytes(message(reply_address, "take 1", sender="mallory@evil.example", **lower))
    ours = b"Authentication-Results: mx.alta.example; spf=pass smtp.mailfrom=evil.example\r\n"
    record, answers = answered(ours + raw, django_capture_on_commit_callbacks)
    assert [a.to for a in answers] == [["mallory@evil.example"]]
    alone = bytes(message(reply_address, "take 1", sender="mallory@evil.example", **lower))
    record, answers = answered(alone, django_capture_on_commit_callbacks)
    assert answers == [] and "looks forged" in record.detail  # that verdict alone, on top
