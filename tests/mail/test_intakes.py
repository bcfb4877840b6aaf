"""The other two intakes (MTA pipe, provider webhook) and the email links."""

import hashlib
import hmac
import io
import time

import pytest
from django.core.exceptions import SuspiciousOperation
from django.core.management import call_command
from django.db import OperationalError
from django.test import RequestFactory
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError

from mail.addresses import unsubscribe_url
from mail.models import GameMute, InboundEmail, OutgoingEmail
from mail.services import MAX_MESSAGE_BYTES
from mail.views import provider_inbound

from .conftest import mover_of
from .intake import message
from .test_inbound_service import latest_reply_to, reply

pytestmark = pytest.mark.django_db


def test_ingest_email_reads_stdin(game, monkeypatch, capsys, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    raw = reply(latest_reply_to(seat.user.email), "1", sender=seat.user.email)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("ingest_email")
    assert "accepted" in capsys.readouterr().out
    assert game.moves.count() == 1


def _away_notice(sender: str, message_id: str) -> bytes:
    return bytes(
        message("commands@localhost", "I am away until Monday.", sender=sender, subject="Re: x", message_id=message_id)
    )


@pytest.mark.parametrize("envelope", ["", "MAILER-DAEMON"])
def test_the_pipe_never_answers_a_bounce_of_a_null_envelope_sender(envelope, bob, monkeypatch, capsys):
    """Postfix's pipe writes an empty reverse-path as MAILER-DAEMON by default."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(_away_notice(bob.email, "<b1@x.example>"))))
    call_command("ingest_email", f"--sender={envelope}")
    record = InboundEmail.objects.get()
    assert record.outcome == "auto_reply" and record.detail == "null envelope sender"
    assert not OutgoingEmail.objects.exists()
    # The same words with Bob's own reverse-path are a person's: answered.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(_away_notice(bob.email, "<b2@x.example>"))))
    call_command("ingest_email", f"--sender={bob.email}")
    assert list(OutgoingEmail.objects.values_list("to", flat=True)) == [bob.email]


def mailgun_post(
    client,
    raw: bytes,
    key: str,
    recipient: str,
    *,
    envelope_sender: str = "x@example.com",
    timestamp: str | None = None,
    token: str = "a" * 50,
):
    timestamp = timestamp or str(int(time.time()))
    signature = hmac.new(key.encode(), (timestamp + token).encode(), hashlib.sha256).hexdigest()
    return client.post(
        "/mail/inbound/mailgun/inbound_mime/",
        {
            "timestamp": timestamp,
            "token": token,
            "signature": signature,
            "recipient": recipient,
            "sender": envelope_sender,
            "body-mime": raw.decode(),
        },
        HTTP_AUTHORIZATION="Basic " + __import__("base64").b64encode(b"hook:secret").decode(),
    )


@pytest.fixture
def mailgun(settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key", "WEBHOOK_SECRET": "hook:secret"}
    return "signing-key"


def test_provider_webhook_with_a_valid_signature_plays_the_move(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    with django_capture_on_commit_callbacks(execute=True):
        response = mailgun_post(client, reply(address, "1", sender=seat.user.email), mailgun, address)
    assert response.status_code == 200
    assert InboundEmail.objects.get().outcome == "accepted"
    assert InboundEmail.objects.get().source == "webhook:Mailgun"


def test_provider_webhook_never_answers_a_bounce_of_a_null_envelope_sender(client, bob, mailgun):
    response = mailgun_post(
        client, _away_notice(bob.email, "<b3@x.example>"), mailgun, "x@localhost", envelope_sender=""
    )
    assert response.status_code == 200
    record = InboundEmail.objects.get()
    assert record.outcome == "auto_reply" and record.detail == "null envelope sender"
    assert not OutgoingEmail.objects.exists()


def test_a_bounce_by_provider_webhook_marks_the_mail_and_its_player(client, game, bob, mailgun):
    from mail.addresses import bounce_address

    from .bounce_reports import dsn

    sent = OutgoingEmail.objects.filter(to=bob.email).order_by("pk").last()
    address = bounce_address(sent.pk)
    written = OutgoingEmail.objects.count()
    raw = dsn(to=address, final_recipient=bob.email)
    response = mailgun_post(client, raw, mailgun, address, envelope_sender="")
    assert response.status_code == 200
    assert InboundEmail.objects.get().outcome == "bounce"
    sent.refresh_from_db()
    bob.refresh_from_db()
    assert sent.status == "bounced" and bob.mail_bouncing
    assert OutgoingEmail.objects.count() == written  # not answered


def test_provider_webhook_with_a_bad_signature_changes_nothing(client, game, mailgun):
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    response = mailgun_post(client, reply(address, "1", sender=seat.user.email), "wrong-key", address)
    assert response.status_code == 400
    assert not InboundEmail.objects.exists() and not game.moves.exists()


def test_a_replayed_webhook_signature_with_a_new_body_plays_nothing(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    """The signature covers only timestamp and token: a captured request
    sent again with another reply (the next player's move) is refused."""
    statuses = []
    for _ in range(2):
        game.refresh_from_db()
        seat = mover_of(game)
        address = latest_reply_to(seat.user.email)
        with django_capture_on_commit_callbacks(execute=True):
            response = mailgun_post(client, reply(address, "1", sender=seat.user.email), mailgun, address)
        statuses.append(response.status_code)
    assert statuses == [200, 400]
    assert game.moves.count() == 1 and InboundEmail.objects.count() == 1


def test_the_providers_retry_of_a_request_that_failed_is_taken(
    client, game, mailgun, monkeypatch, django_capture_on_commit_callbacks
):
    """Mailgun retries a delivery we answered 503 (the database away) with
    the first try's signature, for hours: the same token with the same body
    is that retry, not a replay, and plays the move once."""
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1", sender=seat.user.email)
    signed = str(int(time.time()) - 3 * 3600)  # the first try, three hours ago
    statuses = []
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):  # the retry, then a late duplicate of it
            statuses.append(mailgun_post(client, raw, mailgun, address, timestamp=signed).status_code)
    assert statuses == [200, 200, 200]
    assert game.moves.count() == 1
    assert sorted(InboundEmail.objects.values_list("outcome", flat=True)) == ["accepted", "duplicate", "duplicate"]


def test_a_move_by_webhook_with_a_header_nested_beyond_reason_is_played(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    """A Cc the email package cannot read (it recurses without end) names
    nobody, as in the pipe intake: the player's move is still played and
    receipted, not refused as an unreadable payload no one hears of."""
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1", sender=seat.user.email).replace(b"To: ", b"Cc: " + b"(" * 500 + b"x@y\nTo: ", 1)
    with django_capture_on_commit_callbacks(execute=True):
        response = mailgun_post(client, raw, mailgun, address)
    assert response.status_code == 200
    assert InboundEmail.objects.get().outcome == "accepted" and game.moves.count() == 1


@pytest.mark.parametrize("age", [-13 * 3600, 13 * 3600, 3 * 365 * 86400])
def test_a_webhook_signed_long_ago_or_ahead_is_refused(client, game, mailgun, age):
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    stale = str(int(time.time()) - age)
    response = mailgun_post(client, reply(address, "1", sender=seat.user.email), mailgun, address, timestamp=stale)
    assert response.status_code == 400
    assert not InboundEmail.objects.exists() and not game.moves.exists()


@pytest.mark.parametrize("body", ["", "\x00\xff garbage", "not a mail at all", "From: x\n\n" + "A" * 100])
def test_a_signed_webhook_with_a_garbage_body_is_taken_and_changes_nothing(client, game, mailgun, body):
    """Taken (200: the provider must not retry it for hours) and logged,
    nothing played, nobody answered (there is no one to answer)."""
    mails = OutgoingEmail.objects.count()
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    response = mailgun_post(client, body.encode(), mailgun, address, token=hashlib.sha256(body.encode()).hexdigest())
    assert response.status_code == 200
    assert InboundEmail.objects.get().outcome in {"malformed", "auto_reply"}
    assert not game.moves.exists() and OutgoingEmail.objects.count() == mails


class _Unread:
    """A request body that must not be read (a refusal is cheap)."""

    def read(self, *args):
        raise AssertionError("the body of an unauthenticated post was read")

    readline = read


@pytest.mark.parametrize("auth", ["", "Basic " + __import__("base64").b64encode(b"hook:wrong").decode()])
def test_an_oversized_post_not_from_the_provider_is_refused_without_reading_it(auth, client, game, mailgun, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100_000
    client.raise_request_exception = False
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1\n\n" + "chat " * 30_000, sender=seat.user.email)
    response = client.post(
        "/mail/inbound/mailgun/inbound_mime/",
        {"recipient": address, "body-mime": raw.decode()},
        HTTP_AUTHORIZATION=auth,
    )
    assert 400 <= response.status_code < 500
    assert not InboundEmail.objects.exists() and not game.moves.exists()
    request = RequestFactory().post(
        "/mail/inbound/mailgun/inbound_mime/", b"", content_type="multipart/form-data; boundary=x"
    )
    request.META.update(CONTENT_LENGTH=str(50 * 1024 * 1024), HTTP_AUTHORIZATION=auth)
    request._stream = _Unread()
    with pytest.raises(SuspiciousOperation):
        provider_inbound(request, provider="mailgun")


def test_a_signed_webhook_mail_over_djangos_upload_limit_is_played(
    client, game, mailgun, settings, django_capture_on_commit_callbacks
):
    """Django refuses bodies over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) to
    anyone; a mail the provider posts, authenticated, is read up to the
    size the intakes take."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100_000
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1\n\n" + "chat " * 30_000, sender=seat.user.email)
    with django_capture_on_commit_callbacks(execute=True):
        response = mailgun_post(client, raw, mailgun, address)
    assert response.status_code == 200
    assert InboundEmail.objects.get().outcome == "accepted" and game.moves.count() == 1


def test_a_signed_webhook_mail_too_large_for_us_is_answered_in_the_senders_language_and_plays_nothing(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    """A mail bigger than the intakes read (a photo of the board): taken
    (200, or the provider retries and then drops it unannounced), nothing
    played, and its sender told, once, in their language."""
    seat = mover_of(game)
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    raw = reply(address, "1\n\n" + "foto " * 700_000, sender=seat.user.email)  # 3.5 MB
    assert len(raw) > MAX_MESSAGE_BYTES
    with django_capture_on_commit_callbacks(execute=True):
        response = mailgun_post(client, raw, mailgun, address)
    assert response.status_code == 200
    assert not game.moves.exists()
    assert InboundEmail.objects.get().outcome == "malformed"
    (answer,) = OutgoingEmail.objects.exclude(pk__in=before)
    assert answer.to == seat.user.email and answer.headers["Auto-Submitted"] == "auto-replied"
    assert "te groot" in answer.text and "niets" in answer.text and "too large" not in answer.text


def test_the_dutch_answer_to_a_mail_too_large_asks_for_the_move_in_reply_to_the_partij(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    """Dutch mails call a game being played a "partij" (a "spel" is Alta or
    Alhambra itself): the answer asked for "de laatste e-mail van je spel"."""
    seat = mover_of(game)
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        mailgun_post(client, reply(address, "1\n\n" + "foto " * 700_000, sender=seat.user.email), mailgun, address)
    (answer,) = OutgoingEmail.objects.exclude(pk__in=before)
    assert "laatste mail van je partij" in answer.text and "je spel" not in answer.text, answer.text


@pytest.mark.django_db(transaction=True)  # the move's transaction rolls back as in production
@pytest.mark.parametrize(
    "failure",
    [
        OperationalError("server closed the connection unexpectedly"),
        RedisError("Error 111 connecting to localhost:6379. Connection refused."),
        KombuOperationalError("[Errno 111] Connection refused"),
        ConnectionResetError(104, "Connection reset by peer"),
    ],
    ids=["database", "cache", "broker", "network"],
)
def test_a_webhook_move_a_service_drops_is_a_503_and_the_providers_retry_plays_it_once(
    failure, client, game, mailgun, monkeypatch, django_capture_on_commit_callbacks
):
    """The database, the cache, the broker or the network away is not the
    payload's fault: the provider is asked to retry (503), not told the mail
    is unreadable (a 400 it would drop); the retry plays the move once."""
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1", sender=seat.user.email)
    signed = str(int(time.time()))  # a provider's retry repeats the first try's signed fields
    mails = OutgoingEmail.objects.count()

    def away(*args, **kwargs):
        raise failure

    monkeypatch.setattr("games.services.moves.deadlines_update", away)
    client.raise_request_exception = False
    dropped = mailgun_post(client, raw, mailgun, address, timestamp=signed)
    assert dropped.status_code == 503 and int(dropped["Retry-After"]) > 0
    assert not game.moves.exists() and OutgoingEmail.objects.count() == mails

    monkeypatch.undo()  # the service is back; the provider posts the same request again
    with django_capture_on_commit_callbacks(execute=True):
        assert mailgun_post(client, raw, mailgun, address, timestamp=signed).status_code == 200
    assert game.moves.count() == 1
    receipts = OutgoingEmail.objects.filter(to=seat.user.email, subject__contains="was played")
    assert receipts.count() == 1


def test_one_click_unsubscribe_turns_game_mail_off(client, alice):
    url = unsubscribe_url(alice.pk)
    path = "/" + url.split("/", 3)[3]
    assert "Stop all game emails?" in client.get(path).content.decode()
    response = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.notifications == "none"


def test_mute_link_mutes_one_game(client, game, alice):
    path = "/" + unsubscribe_url(alice.pk, game.pk).split("/", 3)[3]
    assert "Mute Alta #" in client.get(path).content.decode()
    client.post(path)
    assert GameMute.objects.filter(user=alice, match=game).exists()
    alice.refresh_from_db()
    assert alice.notifications == "every_turn"


def test_tampered_unsubscribe_links_are_refused(client, alice):
    path = "/" + unsubscribe_url(alice.pk).split("/", 3)[3]
    assert client.post(path[:-3] + "xx/").status_code == 404


def test_staff_can_inspect_the_mail_log(client, game, alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert "the game has started" in client.get("/admin/mail/outgoingemail/").content.decode()
    assert client.get("/admin/mail/inboundemail/").status_code == 200


def test_the_providers_redelivery_of_a_mail_too_large_for_us_is_answered_once(client, game, mailgun):
    """A 200 the provider did not get (a dropped connection): it posts the
    same request again; the sender is not told twice."""
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    raw = reply(address, "1\n\n" + "foto " * 500_000, sender=seat.user.email)
    signed = str(int(time.time()))
    statuses = [mailgun_post(client, raw, mailgun, address, timestamp=signed).status_code for _ in range(2)]
    assert statuses == [200, 200] and not game.moves.exists()
    assert sorted(InboundEmail.objects.values_list("outcome", flat=True)) == ["duplicate", "malformed"]
    assert OutgoingEmail.objects.exclude(pk__in=before).count() == 1


def _mail_of(size: int, address: str, sender: str) -> bytes:
    """A reply playing "1" whose whole message is ``size`` bytes or a few
    more (short lines: no transfer encoding makes it larger)."""
    raw = reply(address, "1\n\n", sender=sender)
    made = reply(address, "1\n\n" + "foto\n" * ((size - len(raw)) // 5 + 1), sender=sender)
    assert size <= len(made) < size + 10
    return made


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Your email is too large for us: it is 2.3 MB, more than the 2 MB we read, "
            "so nothing in it was played or used.",
        ),
        (
            "nl",
            "Je mail is te groot voor ons: hij is 2,3 MB, meer dan de 2 MB die we lezen, "
            "dus er is niets van gespeeld of gebruikt.",
        ),
    ],
)
def test_a_webhook_mail_between_the_limit_and_djangos_says_its_size_and_the_limit_it_is_over(
    language, said, client, game, mailgun, django_capture_on_commit_callbacks
):
    """A 2.3 MB mail was answered "too large for us (more than 2 MB)" with
    nothing telling the reader how far over it was, nor which MB (2 MB
    here is 2 x 1024 x 1024 bytes)."""
    seat = mover_of(game)
    seat.user.language = language
    seat.user.save(update_fields=["language"])
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    raw = _mail_of(int(2.25 * 1024 * 1024), address, seat.user.email)
    with django_capture_on_commit_callbacks(execute=True):
        assert mailgun_post(client, raw, mailgun, address).status_code == 200
    (answer,) = OutgoingEmail.objects.exclude(pk__in=before)
    assert said in " ".join(answer.text.split()) and said in " ".join(answer.html.split())
    assert not game.moves.exists()


def test_a_mail_just_over_the_limit_never_reads_as_no_larger_than_it(
    client, game, mailgun, django_capture_on_commit_callbacks
):
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    raw = _mail_of(MAX_MESSAGE_BYTES + 1, address, seat.user.email)
    with django_capture_on_commit_callbacks(execute=True):
        mailgun_post(client, raw, mailgun, address)
    (answer,) = OutgoingEmail.objects.exclude(pk__in=before)
    assert "Your email is too large for us: it is 2.1 MB, more than the 2 MB we read" in " ".join(answer.text.split())


def test_the_pipe_answers_a_mail_over_the_limit_as_the_gateway_and_the_webhook_do(
    game, monkeypatch, django_capture_on_commit_callbacks
):
    """The pipe (``ingest_email``) played a 3 MB mail the SMTP gateway
    refuses and the webhook answers as too large."""
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    before = list(OutgoingEmail.objects.values_list("pk", flat=True))
    raw = _mail_of(3 * 1024 * 1024 - 1000, address, seat.user.email)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("ingest_email", stdout=io.StringIO())
    assert not game.moves.exists()
    (answer,) = OutgoingEmail.objects.exclude(pk__in=before)
    assert "Your email is too large for us: it is 3 MB, more than the 2 MB we read" in " ".join(answer.text.split())
