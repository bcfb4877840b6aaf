import pytest
from django.db import OperationalError, connection


@pytest.mark.django_db
def test_healthz_reports_database_and_broker_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_healthz_names_the_broker_when_it_is_down(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == "ok"
    assert body["broker"].startswith("error")


@pytest.mark.django_db
def test_healthz_names_the_database_when_it_fails(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise OperationalError("database is down")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "error: OperationalError"
