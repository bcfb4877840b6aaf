"""Site-wide Celery tasks."""

from celery import shared_task


@shared_task(ignore_result=False)  # its caller reads the answer
def ping() -> str:
    """Answer ``"pong"``: proves a worker is consuming the broker (the
    caller waits for the answer, so it is kept)."""
    return "pong"


@shared_task
def sessions_clear_expired() -> None:
    """Delete expired sessions (Django keeps them forever otherwise)."""
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    Session.objects.filter(expire_date__lt=timezone.now()).delete()


@shared_task
def sent_mail_bodies_prune() -> int:
    """Drop old sent mail bodies (``alta_site.privacy.sent_mail_bodies_prune``)."""
    from django.utils import timezone

    from alta_site.privacy import sent_mail_bodies_prune as prune

    return prune(now=timezone.now())


@shared_task
def inbound_mail_prune() -> int:
    """Prune old inbound mail text (``alta_site.privacy.inbound_mail_prune``)."""
    from django.utils import timezone

    from alta_site.privacy import inbound_mail_prune as prune

    return prune(now=timezone.now())
