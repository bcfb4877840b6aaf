"""API tokens are trusted from the cache for a short time, and the cached copy
is dropped when the token is revoked or its user deactivated, closed or given
a new password."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from alta_site.accounts import tokens
from alta_site.accounts.models import ApiToken, User

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return User.objects.create_user("tok@example.com", "pw-123456789", display_name="Tok")


def client_for(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def me(key: str) -> int:
    return client_for(key).get("/api/me/").status_code


def test_a_known_token_is_answered_without_reading_it_again(user):
    _, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    with CaptureQueriesContext(connection) as queries:
        assert me(key) == 200
    assert not [q for q in queries if "accounts_apitoken" in q["sql"]]


def test_a_revoked_token_is_refused_at_once(user):
    token, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    token.delete()
    assert me(key) == 401


def test_closing_every_token_of_a_user_refuses_them_at_once(user):
    _, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    user.api_tokens.all().delete()
    assert me(key) == 401


def test_a_deactivated_user_is_refused_at_once(user):
    _, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    user.is_active = False
    user.save()
    assert me(key) == 401


def test_a_password_change_rereads_the_token_and_its_user(user):
    _, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    user.set_password("another-pw-987654")
    user.save()
    with CaptureQueriesContext(connection) as queries:
        assert me(key) == 200
    assert [q for q in queries if "accounts_apitoken" in q["sql"]]


def test_a_login_keeps_the_cached_token(user):
    _, key = ApiToken.issue(user=user, name="bot")
    assert me(key) == 200
    user.save(update_fields=["last_login"])
    with CaptureQueriesContext(connection) as queries:
        assert me(key) == 200
    assert not [q for q in queries if "accounts_apitoken" in q["sql"]]


def test_a_failing_cache_falls_back_to_the_database(user, monkeypatch):
    _, key = ApiToken.issue(user=user, name="bot")

    class Down:
        def __getattr__(self, name):
            def fail(*args, **kwargs):
                raise ConnectionError("cache down")

            return fail

    monkeypatch.setattr(tokens, "cache", Down())
    assert me(key) == 200
    assert me("alta_not-a-token") == 401
