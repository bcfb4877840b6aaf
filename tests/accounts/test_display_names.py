"""Display names that read like another player's, or like the site's own
words for seats and roles, are refused, in the forms and in the API."""

import pytest
from rest_framework.test import APIClient

from alta_site.accounts.names import skeleton

from ..conftest import PASSWORD

pytestmark = pytest.mark.django_db
LOOKS_TAKEN = "That display name is already taken."
MIXED = "This name mixes letters of different alphabets that look alike; use letters of one alphabet."
RESERVED = "This name is reserved: the site uses it for seats and players."


def sign_up(client, name):
    return client.post(
        "/accounts/signup/",
        {"email": "erin@example.com", "display_name": name, "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u0410lice", MIXED),  # Cyrillic capital A
        ("\u0412\u041e\u0412", LOOKS_TAKEN),  # all Cyrillic capitals, reads "BOB"
        ("A1ice", LOOKS_TAKEN),
        ("ＡＬＩＣＥ", LOOKS_TAKEN),  # full width, folded by NFKC
        ("Seat 1", RESERVED),
        ("seat l", RESERVED),
        ("Player 12", RESERVED),
        ("Spectator", RESERVED),
        ("Plaats 2", RESERVED),  # a Dutch page's name for an empty seat
        ("speler 1", RESERVED),
        ("Toeschouwer", RESERVED),
    ],
)
def test_sign_up_refuses_look_alikes_and_reserved_names(client, alice, bob, name, message):
    response = sign_up(client, name)
    assert response.status_code == 200
    assert message in response.content.decode()


def test_sign_up_stores_the_nfkc_form(client):
    sign_up(client, "Ｅｒｉｎ")
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.get(email="erin@example.com").display_name == "Erin"


def test_other_scripts_and_near_names_are_fine(client, alice):
    assert skeleton("Дмитрий") != skeleton("Alice")
    for name in ("Alicia", "José", "Дмитрий", "Seated Bull"):
        assert skeleton(name) != skeleton("Alice")
        response = client.post(
            "/accounts/signup/",
            {"email": f"{len(name)}x@example.com", "display_name": name, "password1": PASSWORD, "password2": PASSWORD},
        )
        assert response.status_code == 302, name


def test_profile_refuses_a_look_alike_of_another_player(client, alice, bob):
    client.force_login(bob)
    response = client.post(
        "/profile/", {"display_name": "A1ICE", "time_zone": "UTC", "language": "en", "notifications": "none"}
    )
    assert LOOKS_TAKEN in response.content.decode()
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u0410lice", MIXED),
        ("ALlCE", LOOKS_TAKEN),
        ("Seat 2", RESERVED),
    ],
)
def test_api_refuses_with_the_reason(alice, bob, name, message):
    client = APIClient()
    client.force_authenticate(bob)
    response = client.patch("/api/me/", {"display_name": name}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["detail"] == f"display_name: {message}"
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_api_renames_and_keeps_the_key(bob):
    client = APIClient()
    client.force_authenticate(bob)
    response = client.patch("/api/me/", {"display_name": "  Bobby   Tables "}, format="json")
    assert response.status_code == 200
    assert response.json()["display_name"] == "Bobby Tables"
    bob.refresh_from_db()
    assert bob.display_name_key == skeleton("Bobby Tables")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("ВОВ", "BOB"),
        ("BOB", "ВОВ"),
        ("НЕС", "HEC"),
        ("HEC", "НЕС"),
        ("ТОР", "TOP"),
        ("TOP", "ТОР"),
        ("ΑΒΕ", "ABE"),
        # Two letters that read as one: "rn" beside "m".
        ("Kim", "Kirn"),
        ("Kirn", "Kim"),
        ("Emma", "Ernrna"),
        ("Ernma", "Emrna"),
    ],
)
def test_look_alike_names_are_refused_whichever_came_first(first, second):
    from django import forms
    from django.contrib.auth import get_user_model

    from alta_site.accounts.forms import clean_display_name

    get_user_model().objects.create_user(
        email="first@example.com", password=None, display_name=clean_display_name(first)
    )
    with pytest.raises(forms.ValidationError, match="already taken"):
        clean_display_name(second)
