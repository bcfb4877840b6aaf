"""The Celery application: configured from Django settings (``CELERY_*``).

Each task recycles the database connections as a request does
(``recycle_database_connections``).  Each worker also runs ``MailWakeup``: the listener that turns the moves'
NOTIFY into mail tasks (``mail.wakeup``) when ``MAIL_WAKE`` is "notify".
"""

import os

from celery import Celery, bootsteps, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")

app = Celery("alta_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class MailWakeup(bootsteps.StartStopStep):
    """Starts ``mail.wakeup.Listener`` with the worker and stops it with it
    (in the worker's main process: it only queues tasks, the pool runs
    them).  Nothing is started when workers are not woken by NOTIFY
    (``wakeup.notifying``: SQLite, ``MAIL_WAKE=publish``) or tasks run
    eagerly."""

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.listener = None

    def start(self, parent):
        from mail import wakeup  # Django is set up once the worker starts

        if wakeup.notifying() and not app.conf.task_always_eager:
            self.listener = wakeup.Listener().start()

    def stop(self, parent):
        if self.listener is not None:
            self.listener.stop()
            self.listener = None


app.steps["worker"].add(MailWakeup)


@signals.task_prerun.connect
@signals.task_postrun.connect
def recycle_database_connections(sender=None, **kwargs):
    """Around each task, close the database connections that are broken or
    older than DB_CONN_MAX_AGE, as Django does around each request (with
    the default of 0 that is every connection; the fixup's own closing is
    off, ``CELERY_DB_REUSE_MAX``).  Eager tasks run inside their caller's
    request or transaction and are left alone."""
    if sender is not None and not getattr(sender.request, "is_eager", False):
        from django.db import close_old_connections

        close_old_connections()
