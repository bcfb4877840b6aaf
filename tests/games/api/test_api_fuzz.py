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


def test_no_server_errors_and_answers_match_the_schema(alice, bob, carol, now, monkeypatch):
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
