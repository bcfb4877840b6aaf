"""Site-wide Celery tasks."""

from celery import shared_task


@shared_task
def ping() -> str:
    """Answer ``"pong"``: proves a worker is consuming the broker."""
    return "pong"


@shared_task
def sessions_clear_expired() -> None:
    """Delete expired sessions (Django keeps them forever otherwise)."""
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    Session.objects.filter(expire_date__lt=timezone.now()).delete()
