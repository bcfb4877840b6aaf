"""The local mailbox pages (only when ``DEV_MAILBOX`` is on)."""

from email.message import EmailMessage
from email.utils import make_msgid

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from .models import CapturedEmail


def _require_mailbox() -> None:
    if not settings.DEV_MAILBOX:
        raise Http404("The local mailbox is only available in development.")


def mailbox(request):
    _require_mailbox()
    to = request.GET.get("to", "").strip()
    captured = CapturedEmail.objects.all()
    if to:
        captured = captured.filter(to__icontains=to)
    return render(request, "devmail/mailbox.html", {"captured": captured[:200], "to": to})


def _reply_to(message: CapturedEmail) -> str:
    return message.headers.get("Reply-To", "")


def message_detail(request, pk: int):
    """A captured message; one with a reply address gets a reply form that
    goes through the real inbound mail service, as a reply by email would."""
    _require_mailbox()
    message = get_object_or_404(CapturedEmail, pk=pk)
    if request.method == "POST" and _reply_to(message):
        from django.utils import timezone

        from mail.services import inbound_email_process

        raw = build_reply(message, request.POST.get("body", ""))
        record = inbound_email_process(raw=raw, source="mailbox", now=timezone.now())
        level = messages.SUCCESS if record.outcome == "accepted" else messages.WARNING
        text = gettext("Reply processed: %(outcome)s. %(detail)s") % {
            "outcome": record.get_outcome_display(),
            "detail": record.detail,
        }
        messages.add_message(request, level, text)
        return redirect("devmail-mailbox")
    return render(request, "devmail/message.html", {"message": message, "reply_to": _reply_to(message)})


def build_reply(message: CapturedEmail, body: str) -> bytes:
    """The reply a mail client would send: from the recipient, quoting nothing."""
    reply = EmailMessage()
    reply["From"] = message.to_list[0]
    reply["To"] = _reply_to(message)
    reply["Subject"] = "Re: " + message.subject
    reply["Message-ID"] = make_msgid(domain="mailbox.localhost")
    if message.message_id:
        reply["In-Reply-To"] = message.message_id
    reply.set_content(body)
    return bytes(reply)


def message_html(request, pk: int):
    """The HTML part on its own, sandboxed: it is shown in an iframe."""
    _require_mailbox()
    message = get_object_or_404(CapturedEmail, pk=pk)
    if not message.html_body:
        raise Http404("This message has no HTML part.")
    response = HttpResponse(message.html_body, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    response["X-Frame-Options"] = "SAMEORIGIN"
    return response
