"""Account mails (allauth's: confirmations, password resets; the close
link) go through the outbox like every other mail: a request never waits
for the mail server, and a mail server that is away delays the mail (the
worker retries it) instead of failing the request after it committed."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from uuid import uuid4

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.utils import timezone
from django.utils.html import linebreaks, urlize

from mail.models import OutgoingEmail
from mail.outbox import email_queue
from mail.render import in_language
from mail.templatetags.mail_text import wrapped


def account_of_address(address: str):
    """The account ``address`` belongs to (any of its addresses), or ``None``."""
    found = EmailAddress.objects.filter(email__iexact=address).select_related("user").first()
    if found is not None:
        return found.user
    return get_user_model().objects.filter(email__iexact=address).first()


def in_recipients_language(address: str) -> AbstractContextManager:
    """Render in the language of the account ``address`` belongs to; for an
    address of no account, in the request's (the only guess there is)."""
    user = account_of_address(address)
    return in_language(user) if user is not None else nullcontext()


def _html_of(message: EmailMessage) -> str:
    alternatives = getattr(message, "alternatives", [])
    html = next((content for content, mimetype in alternatives if mimetype == "text/html"), None)
    return str(html) if html is not None else linebreaks(urlize(str(message.body), autoescape=True))


def queue_rendered(message: EmailMessage) -> None:
    """Queue a rendered message, one outbox row per recipient (sent after
    the request's transaction commits), each row the mail of the account
    its address belongs to: the player's export and the closing of their
    account find it by the account, also once that address is no longer
    theirs (changed, or taken by someone else later)."""
    now = timezone.now()
    for to in message.to:
        email_queue(
            kind=OutgoingEmail.Kind.ACCOUNT,
            to=to,
            user=account_of_address(to),
            subject=str(message.subject),
            text=wrapped(str(message.body), hanging=0),  # allauth's lines run long: as every mail, 72 columns
            html=_html_of(message),
            dedupe_key=f"account:{uuid4().hex}",
            now=now,
            headers={"Auto-Submitted": "auto-generated"},
        )
