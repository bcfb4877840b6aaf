"""Staff see on a player's admin page that their address bounces, and why."""

import html

import pytest

pytestmark = pytest.mark.django_db


def test_staff_see_why_a_players_address_bounces(client, alice, bob, now):
    bob.email_bounced_address = bob.email
    bob.email_bounce_reason = "5.2.2 552 5.2.2 Mailbox full"
    bob.email_bounced_at = now
    bob.email_bounces = 2
    bob.save()
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    page = html.unescape(client.get(f"/admin/accounts/user/{bob.pk}/change/").content.decode())
    assert "Mail delivery" in page
    assert 'value="5.2.2 552 5.2.2 Mailbox full"' in page
    assert 'name="email_bounces" value="2"' in page
