"""WSGI application for the move benchmark (``benchmarks.moves_settings``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.moves_settings")
application = get_wsgi_application()
