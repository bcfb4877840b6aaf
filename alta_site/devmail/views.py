"""The local mailbox pages (only when ``DEV_MAILBOX`` is on)."""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from .models import CapturedEmail


def _require_mailbox() -> None:
    if not settings.DEV_MAILBOX:
        raise Http404("The local mailbox is only available in development.")


def mailbox(request):
    _require_mailbox()
    to = request.GET.get("to", "").strip()
    messages = CapturedEmail.objects.all()
    if to:
        messages = messages.filter(to__icontains=to)
    return render(request, "devmail/mailbox.html", {"messages": messages[:200], "to": to})


def message_detail(request, pk: int):
    _require_mailbox()
    message = get_object_or_404(CapturedEmail, pk=pk)
    return render(request, "devmail/message.html", {"message": message})


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
