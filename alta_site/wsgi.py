"""WSGI entry point (gunicorn alta_site.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")
application = get_wsgi_application()
