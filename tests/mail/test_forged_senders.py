"""A mail whose sender the server that took it in judged forged (DMARC
failed, or SPF failed with no DKIM signature passing) is neither used nor
answered: no move, chat line or command in a player's name, and no answer
to someone who never wrote.  Any other mail we cannot use is answered."""

import pytest
from django.core import mail

from games.models import ChatMessage, Vacation
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
        assert record.outcome == "forged" and answers == []
        assert "not answered: the sender looks forged" in record.detail
    assert game.moves.count() == 0


@pytest.mark.parametrize("headers", FORGED)
def test_a_move_in_a_players_name_from_a_forged_sender_is_not_played(
    headers, game, reply_address, django_capture_on_commit_callbacks
):
    """The reply address leaked (a forwarded mail): its player's address
    as From is not enough when the receiving server saw it forged."""
    player = mover_of(game).user.email
    raw = bytes(message(reply_address, "1\n\ngood luck", sender=player, **headers))
    record, answers = answered(raw, django_capture_on_commit_callbacks)
    assert (record.outcome, answers) == ("forged", [])
    assert game.moves.count() == 0 and not ChatMessage.objects.exists()
    # The same reply, its sender passing the check, plays.
    record, answers = answered(bytes(message(reply_address, "1", sender=player)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and game.moves.count() == 1


@pytest.mark.parametrize("body", ["vacation 3", "say 1 hello", "play alta"])
def test_a_command_in_a_players_name_from_a_forged_sender_is_not_carried_out(
    body, game, alice, address, django_capture_on_commit_callbacks
):
    """The command address knows a player by their address alone."""
    raw = bytes(message(address, body, sender=alice.email, quote=False, **FORGED[0]))
    record, answers = answered(raw, django_capture_on_commit_callbacks)
    assert (record.outcome, answers) == ("forged", [])
    assert not Vacation.objects.exists() and not ChatMessage.objects.exists()
    assert alice.seats.count() == 1  # no new game opened or joined


@pytest.mark.django_db
def test_a_newcomer_whose_sender_looks_forged_gets_no_sign_up_offer(address, django_capture_on_commit_callbacks):
    raw = bytes(message(address, "play alta", sender="new@elsewhere.example", quote=False, **FORGED[0]))
    record, answers = answered(raw, django_capture_on_commit_callbacks)
    assert (record.outcome, answers) == ("forged", [])
    raw = bytes(message(address, "play alta", sender="new@elsewhere.example", quote=False))
    record, answers = answered(raw, django_capture_on_commit_callbacks)
    assert [a.to for a in answers] == [["new@elsewhere.example"]]  # the offer, when nothing failed


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
