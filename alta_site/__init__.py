"""The Alta site: Django project package (settings, URLs, Celery app)."""

from .celery import app as celery_app

__all__ = ["celery_app"]
