"""Issue 24: provider webhooks are closed unless configured; nothing under
``/mail/`` answers 500."""

import base64

import pytest
from anymail import urls as anymail_urls

from mail.models import InboundEmail

from .conftest import mover_of
from .test_inbound_service import latest_reply_to, reply

pytestmark = pytest.mark.django_db

#: Every webhook path django-anymail offers (the old ``include`` served them all).
ANYMAIL_PATHS = sorted(
    {str(pattern.pattern).lstrip("^").rstrip("$").replace("(_mime)?", "") for pattern in anymail_urls.urlpatterns}
    | {"mailgun/inbound_mime/"}
)
MAILGUN = {"MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key", "WEBHOOK_SECRET": "hook:secret"}
AUTH = "Basic " + base64.b64encode(b"hook:secret").decode()


@pytest.fixture
def forged(game):
    seat = mover_of(game)
    address = latest_reply_to(seat.user.email)
    raw = reply(address, "1", sender=seat.user.email).decode()
    return {
        "recipient": address,
        "sender": seat.user.email,
        "body-mime": raw,
        "RawEmail": raw,
        "email": raw,
        "mailinMsg": raw,
    }


@pytest.mark.parametrize("path", ANYMAIL_PATHS)
def test_every_provider_url_is_404_when_no_provider_is_configured(path, client, settings, forged, game):
    settings.ANYMAIL = {}
    response = client.post(f"/mail/inbound/{path}", forged)
    assert response.status_code == 404
    assert not InboundEmail.objects.exists() and not game.moves.exists()


@pytest.mark.parametrize("path", [p for p in ANYMAIL_PATHS if not p.startswith("mailgun/inbound")])
def test_other_providers_stay_404_when_mailgun_is_configured(path, client, settings, forged, game):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key", "WEBHOOK_SECRET": "hook:secret"}
    response = client.post(f"/mail/inbound/{path}", forged, HTTP_AUTHORIZATION=AUTH)
    assert response.status_code == 404 and not game.moves.exists()


def test_mailgun_without_its_secret_is_404(client, settings, forged, game):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key"}
    assert client.post("/mail/inbound/mailgun/inbound_mime/", forged).status_code == 404
    assert not game.moves.exists()


@pytest.mark.parametrize(
    ("payload", "auth"),
    [
        ({}, ""),
        ({}, AUTH),
        ({"timestamp": "x", "token": "y", "signature": "z"}, AUTH),
        ({"timestamp": "1", "token": "y", "signature": "z", "body-mime": "\x00\xff"}, AUTH),
    ],
)
def test_a_configured_mailgun_refuses_bad_posts_without_a_500(payload, auth, client, settings, game):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key", "WEBHOOK_SECRET": "hook:secret"}
    client.raise_request_exception = False
    extra = {"HTTP_AUTHORIZATION": auth} if auth else {}
    response = client.post("/mail/inbound/mailgun/inbound_mime/", payload, **extra)
    assert 400 <= response.status_code < 500 and not game.moves.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/mail/",
        "/mail/inbound/",
        "/mail/unsubscribe/garbage/",
        "/mail/unsubscribe/eyJ1IjoxfQ:1abc:def/",
        "/mail/inbound/mailgun/",
        *(f"/mail/inbound/{path}" for path in ANYMAIL_PATHS),
        "/mail/events/",
        "/mail/events/mailgun/tracking/",
        "/mail/events/amazon_ses/tracking/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "put", "delete"])
@pytest.mark.parametrize("configured", [False, True], ids=["no provider", "mailgun"])
def test_no_mail_url_answers_500(path, method, configured, client, settings):
    settings.ANYMAIL = MAILGUN if configured else {}
    client.raise_request_exception = False
    extra = {"HTTP_AUTHORIZATION": AUTH} if configured else {}
    assert getattr(client, method)(path, **extra).status_code in {200, 400, 403, 404, 405}
