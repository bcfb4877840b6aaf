"""Settings for ``benchmarks/moves.py``: the production-like site settings
with the benchmark's URLconf."""

from alta_site.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.moves_urls"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
LOGGING = {"version": 1, "disable_existing_loggers": True, "root": {"level": "ERROR"}}
