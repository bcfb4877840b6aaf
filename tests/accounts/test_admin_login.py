"""The admin's login is the site's login, with its rate limits."""

import pytest
from django.test import override_settings

from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db


@override_settings(ACCOUNT_RATE_LIMITS={"login_failed": "10/m/ip,3/300s/key"})
def test_admin_login_refuses_repeated_failures(client):
    make_user("root@example.com", "Root", is_staff=True, is_superuser=True)
    for _ in range(5):
        response = client.post("/admin/login/", {"username": "root@example.com", "password": "wrong"})
        assert response.status_code == 302
        client.post(response["Location"], {"login": "root@example.com", "password": "wrong"})
    # The right password no longer opens the admin, by either form.
    client.post("/admin/login/", {"username": "root@example.com", "password": PASSWORD})
    response = client.post("/accounts/login/?next=/admin/", {"login": "root@example.com", "password": PASSWORD})
    assert "Too many failed login attempts" in response.content.decode()
    assert client.get("/admin/").status_code == 302
