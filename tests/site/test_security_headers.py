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


def _directives(response) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))


def test_the_email_page_allows_only_its_own_hidden_form_style(client, alice):
    """allauth's email page (with a change pending) hides a form with a
    style attribute: the policy allows that value by its hash, nothing
    else inline, and other pages allow no style attribute at all."""
    import base64
    import hashlib
    import re

    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=alice, email="alice.new@example.com", verified=False, primary=False)
    client.force_login(alice)
    response = client.get("/accounts/email/")
    assert response.status_code == 200
    styles = set(re.findall(r'\bstyle="([^"]*)"', response.content.decode()))
    assert styles, "the pending change's hidden form"
    allowed = _directives(response)["style-src-attr"].split()
    assert allowed[0] == "'unsafe-hashes'" and "'unsafe-inline'" not in allowed
    hashes = {f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in styles}
    assert hashes == set(allowed[1:])
    assert "style-src-attr" not in _directives(client.get("/profile/"))
