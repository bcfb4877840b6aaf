"""Test overrides on top of ``settings`` (pytest points here)."""

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
DEV_MAILBOX = True
# Tasks queued by services run inline in tests (the worker test turns this off).
CELERY_TASK_ALWAYS_EAGER = True
LOGGING_CONFIG = None
