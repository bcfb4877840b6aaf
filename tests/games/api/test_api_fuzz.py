"""Property-based fuzzing of the whole API from its own OpenAPI schema
(schemathesis): no input may cause a 5xx or an answer that breaks the schema."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from alta_site.accounts.tokens import ApiToken
from alta_site.wsgi import application

from ..conftest import start_match

pytestmark = pytest.mark.django_db
CHECKS = [not_a_server_error, response_schema_conformance]


def operations():
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    return [result.ok() for result in schema.get_all_operations()]


@pytest.fixture
def keep_test_connection():
    """Calling the WSGI app directly would close the test's database
    connection at the end of each request (Django's test client avoids that
    the same way)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_no_server_errors_and_answers_match_the_schema(alice, bob, carol, now, monkeypatch,
                                                        keep_test_connection):
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})
    # Real games exist so that ids hit real rows as well as missing ones.
    start_match(alice, bob, now=now)
    start_match(alice, bob, carol, now=now)
    _, key = ApiToken.issue(user=alice, name="fuzz")
    headers = {"Authorization": f"Token {key}"}
    tested = []
    for operation in operations():

        @given(case=operation.as_strategy())
        @settings(max_examples=20, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def fuzz(case):
            response = case.call(headers=headers)
            case.validate_response(response, checks=CHECKS)

        fuzz()
        tested.append(operation.label)
    assert len(tested) >= 12, tested
