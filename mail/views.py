"""Unsubscribe and mute links from emails (RFC 8058 one-click included),
and the providers' inbound and delivery-event webhooks."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.webhooks.mailgun import MailgunInboundWebhookView, MailgunTrackingWebhookView
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import SuspiciousOperation
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from games.models import Match

from .addresses import unsubscribe_target
from .models import WebhookToken
from .services import SERVICE_FAILURES
from .stopping import game_mail_stop
from .webhook_body import from_provider, read_provider_body

logger = logging.getLogger(__name__)

#: A signed webhook request whose timestamp is further than this from our
#: clock is refused.  Mailgun retries a delivery that failed (our 503 while
#: the database is away) for 8 hours, with the signature of the first try.
WEBHOOK_MAX_SKEW = dt.timedelta(hours=12)


def _signature_fields(request) -> tuple[str, str]:
    """The (timestamp, token) a Mailgun signature covers (the signature has
    been checked, so they are there)."""
    if request.content_type == "application/json":
        block = json.loads(request.body.decode("utf-8"))["signature"]
        return str(block["timestamp"]), str(block["token"])
    return request.POST["timestamp"], request.POST["token"]


def _payload_digest(request) -> str:
    """A digest of what the request carries (its JSON, or its form fields
    and files): the same for a provider's retry of one delivery."""
    digest = hashlib.sha256()
    if request.content_type == "application/json":
        digest.update(request.body)
        return digest.hexdigest()
    for key, values in sorted(request.POST.lists()):
        digest.update(json.dumps([key, values]).encode())
    for key, files in sorted(request.FILES.lists()):
        for upload in files:
            digest.update(key.encode() + b"\0")
            for chunk in upload.chunks():
                digest.update(chunk)
            upload.seek(0)
    return digest.hexdigest()


def refuse_replay(timestamp: str, token: str, digest: str) -> None:
    """Raise ``AnymailWebhookValidationFailure`` (a 400) unless the request
    was signed within ``WEBHOOK_MAX_SKEW`` of now and its token came with no
    other body before.  The signature covers only timestamp and token, not
    the body: without this one captured request could carry any mail.  The
    same body again is the provider's retry (the intake answers a mail it
    already has as a duplicate)."""
    now = timezone.now()
    try:
        signed_at = dt.datetime.fromtimestamp(float(timestamp), tz=dt.UTC)
    except (ValueError, OverflowError, OSError) as error:
        raise AnymailWebhookValidationFailure("Mailgun webhook with an unreadable timestamp") from error
    if abs(now - signed_at) > WEBHOOK_MAX_SKEW:
        raise AnymailWebhookValidationFailure("Mailgun webhook signed too long ago (or ahead of our clock)")
    if not token or len(token) > WebhookToken.TOKEN_MAX:
        raise AnymailWebhookValidationFailure("Mailgun webhook with an unusable token")
    WebhookToken.objects.filter(seen_at__lt=now - 2 * WEBHOOK_MAX_SKEW).delete()
    seen, _ = WebhookToken.objects.get_or_create(token=token, defaults={"seen_at": now, "body_digest": digest})
    if seen.body_digest != digest:
        raise AnymailWebhookValidationFailure("Mailgun webhook token used before with another body (a replay)")


class MailgunReplayRefusing:
    """For anymail's Mailgun views: refuse stale and replayed requests."""

    def run_validators(self, request):
        super().run_validators(request)  # basic auth, then the signature
        refuse_replay(*_signature_fields(request), _payload_digest(request))


class MailgunInboundView(MailgunReplayRefusing, MailgunInboundWebhookView):
    """anymail's Mailgun inbound view, refusing stale and replayed requests."""


class MailgunTrackingView(MailgunReplayRefusing, MailgunTrackingWebhookView):
    """anymail's Mailgun tracking view (delivery events: ``receivers.on_provider_event``),
    refusing stale and replayed requests."""


#: provider → (the ``ANYMAIL`` setting holding its signing key, its view).
#: A provider is served only when that key and ``WEBHOOK_SECRET`` (HTTP
#: basic auth) are both set: an unconfigured anymail view accepts anyone.
INBOUND_PROVIDERS = {
    "mailgun": ("MAILGUN_WEBHOOK_SIGNING_KEY", MailgunInboundView.as_view()),
}
#: The same for the providers' delivery events.  Only Mailgun's: the
#: event names the mail by the Message-ID we gave it and is signed.  Amazon
#: SES's and Postmark's events name the provider's own message id, and
#: anymail checks only their basic auth (not SES's SNS signature).
TRACKING_PROVIDERS = {
    "mailgun": ("MAILGUN_WEBHOOK_SIGNING_KEY", MailgunTrackingView.as_view()),
}


def _apply(user_id: int, match_id: int | None) -> tuple[object, Match | None]:
    """The link's change (``stopping.game_mail_stop``): 404 for an account
    or a game that is gone."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise Http404("Unknown link.")
    match = None
    if match_id is not None and (match := Match.objects.filter(pk=match_id).first()) is None:
        raise Http404("Unknown game.")
    game_mail_stop(user, match)
    return user, match


@csrf_exempt  # one-click unsubscribe is a POST from the mail client, carrying the signed token
def unsubscribe(request, token: str):
    target = unsubscribe_target(token)
    if target is None:
        raise Http404("This link is not valid.")
    user_id, match_id = target
    if request.method == "POST":
        user, match = _apply(user_id, match_id)
        if request.POST.get("List-Unsubscribe") == "One-Click":
            return HttpResponse("Unsubscribed.", content_type="text/plain")
        return render(request, "mail/unsubscribed.html", {"match": match, "user_": user})
    match = Match.objects.filter(pk=match_id).first() if match_id else None
    return render(request, "mail/unsubscribe.html", {"match": match})


@csrf_exempt  # providers post without a CSRF token; anymail checks their signature and basic auth
def provider_inbound(request, provider: str):
    """One provider's inbound webhook (``_provider_webhook``)."""
    return _provider_webhook(request, provider, INBOUND_PROVIDERS)


@csrf_exempt  # as provider_inbound
def provider_tracking(request, provider: str):
    """One provider's delivery events webhook (``_provider_webhook``): a
    bounce the provider got for us is recorded as one that came back to
    us, a spam complaint stops the player's game mail (``complaints``);
    any other event, or one about no mail of ours, is taken (200) and
    changes nothing."""
    return _provider_webhook(request, provider, TRACKING_PROVIDERS)


def _provider_webhook(request, provider: str, providers: dict):
    """A provider's webhook among ``providers``: 404 unless configured; a
    payload it cannot read is a 400; a service that is away (the database,
    the cache, the broker, the network: ``SERVICE_FAILURES``) a 503, so the
    provider retries; never a 500."""
    key, view = providers.get(provider, ("", None))
    config = getattr(settings, "ANYMAIL", None) or {}
    if view is None or not config.get(key) or not config.get("WEBHOOK_SECRET"):
        raise Http404("No such webhook.")
    try:
        if from_provider(request, config["WEBHOOK_SECRET"]):
            read_provider_body(request)  # a mail past Django's 2.5 MB; anyone else meets that limit
        return view(request)
    except (SuspiciousOperation, Http404):
        raise
    except SERVICE_FAILURES:
        logger.exception("webhook of %s: a service is unavailable", provider)
        return HttpResponse(
            "Temporarily unavailable.", status=503, headers={"Retry-After": "60"}, content_type="text/plain"
        )
    except Exception:
        logger.exception("webhook of %s: unreadable payload", provider)
        return HttpResponse("Unreadable payload.", status=400, content_type="text/plain")
