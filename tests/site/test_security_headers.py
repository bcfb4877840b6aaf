"""Every page carries a strict Content-Security-Policy and a Permissions-Policy."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/lobby/"])
def test_pages_carry_the_policies(client, path):
    response = client.get(path)
    assert response.status_code == 200
    directives = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src-elem"] == "'self'"
    assert directives["object-src"] == directives["base-uri"] == directives["frame-ancestors"] == "'none'"
    policy = response["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy
