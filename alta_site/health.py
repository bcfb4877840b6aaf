"""``/healthz``: does the service reach its database and its broker?"""

from __future__ import annotations

import logging

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

logger = logging.getLogger(__name__)


def check_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure is a health answer, not a 500
        logger.warning("health: database check failed: %s", error)
        return f"error: {type(error).__name__}"
    return "ok"


def check_broker() -> str:
    from django.conf import settings

    from .celery import app

    try:
        with app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=2)
    except Exception as error:
        logger.warning("health: broker check failed: %s", error)
        return f"error: {type(error).__name__}"
    return "ok"


@never_cache
def healthz(request):
    """200 ``{"database": "ok", "broker": "ok"}``, or 503 naming what failed."""
    checks = {"database": check_database(), "broker": check_broker()}
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(checks, status=200 if healthy else 503)
