from django.conf import settings

from alta_site.celery import app
from alta_site.tasks import ping


def test_ping_task_answers_pong():
    assert ping.apply().get() == "pong"


def test_celery_reads_django_settings_and_speaks_json_only():
    assert app.conf.task_serializer == "json"
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_soft_time_limit < app.conf.task_time_limit
    assert app.conf.broker_url == settings.CELERY_BROKER_URL


def test_every_beat_entry_names_a_registered_task():
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks, entry["task"]
