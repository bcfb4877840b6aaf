"""Shared fixtures: personas, a fixed clock, mail helpers.

Personas: alice organises, bob is her usual opponent,
carol is an outsider, dave watches.  All have verified email addresses.
"""

from __future__ import annotations

import datetime as dt
import os

import pytest

#: Modules whose tests start a real ``celery worker``: under pytest-xdist they
#: run in one worker, one at a time, so no two of them consume one queue
#: (RabbitMQ has no per-worker database to keep them apart; see tests/parallel.py).
REAL_WORKER_MODULES = ("tests/site/test_worker.py", "tests/deadlines/test_worker_beat.py", "tests/services/")

EPOCH = dt.datetime(2026, 1, 5, 9, 0, tzinfo=dt.UTC)
PASSWORD = "correct horse battery staple"


def make_user(email: str, display_name: str, **extra):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(email=email, password=PASSWORD, display_name=display_name, **extra)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def living_in(language: str, time_zone: str, *users) -> None:
    """Give ``users`` a language and a time zone (saved), as their profile would."""
    for user in users:
        user.language, user.time_zone = language, time_zone
        user.save(update_fields=["language", "time_zone"])


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = str(item.fspath).replace(os.sep, "/")
        if any(f"/{module}" in path for module in REAL_WORKER_MODULES):
            item.add_marker(pytest.mark.xdist_group("celery_worker"))


@pytest.fixture
def now():
    return EPOCH


@pytest.fixture
def alice(db):
    return make_user("alice@example.com", "Alice")


@pytest.fixture
def bob(db):
    return make_user("bob@example.com", "Bob")


@pytest.fixture
def carol(db):
    return make_user("carol@example.com", "Carol")


@pytest.fixture
def dave(db):
    return make_user("dave@example.com", "Dave")


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Rate-limit counters live in the cache; no test inherits another's.
    (Skipped where Django is not set up, e.g. engine tests with -p no:django.)"""
    from django.conf import settings

    if settings.configured:
        from django.core.cache import cache

        cache.clear()
    return


@pytest.fixture(autouse=True)
def _default_language():
    """A page request by a Dutch player leaves Dutch active in the thread
    (LocaleMiddleware activates, nothing deactivates); each test starts in
    the site's default language, as a fresh worker process does."""
    yield
    from django.conf import settings

    if settings.configured:
        from django.utils import translation

        translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _celery_may_wait_for_results():
    """Tests that start or imitate a worker turn on Celery's guard against
    waiting for a result inside a task; it is process-wide, so each test
    starts with it off again."""
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)
    return
