"""Property-based fuzzing of the whole API from its own OpenAPI schema
(schemathesis) with every check it has: no 5xx, answers (status, content
type, headers, body) as documented, invalid input refused, valid input
accepted, authentication never ignored."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.config import SchemathesisConfig

from alta_site.accounts.tokens import ApiToken
from alta_site.wsgi import application

from ..conftest import start_match

pytestmark = pytest.mark.django_db
# Schema-valid input that the game's rules refuse is answered with a
# documented error: 400 (a display name that reads like another's, an unknown
# invitee) or 422 (an illegal move).  Those bodies are still checked against
# the error schema.
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "3xx", "400", "401", "403", "404", "409", "422", "429"],
            }
        }
    }
)


def operations():
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)
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


def test_no_server_errors_and_answers_match_the_schema(alice, bob, carol, now, monkeypatch, keep_test_connection):
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
        @settings(max_examples=20, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        def fuzz(case):
            response = case.call(headers=headers)
            # All checks; ``headers`` tells the auth checks what was sent.
            case.validate_response(response, headers=headers)

        fuzz()
        tested.append(operation.label)
    assert len(tested) >= 12, tested
