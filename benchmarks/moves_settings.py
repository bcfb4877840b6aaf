"""Settings for ``benchmarks/moves.py``: the production-like site settings
with the benchmark's URLconf."""

import os

from alta_site.settings import *  # noqa: F403
from alta_site.settings import CELERY_BROKER_URL

if CELERY_BROKER_URL.startswith("filesystem://") and os.environ.get("BENCH_BROKER_DIR"):
    # Queued tasks go to the benchmark's own folder, not to ``make run``'s.
    _folder = os.environ["BENCH_BROKER_DIR"]
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": _folder,
        "data_folder_out": _folder,
        "store_processed": False,
        "control_folder": os.path.join(_folder, "control"),
    }

ROOT_URLCONF = "benchmarks.moves_urls"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
LOGGING = {"version": 1, "disable_existing_loggers": True, "root": {"level": "ERROR"}}
