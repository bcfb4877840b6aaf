"""The Celery application: configured from Django settings (``CELERY_*``)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")

app = Celery("alta_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
