import datetime as dt
import re

import pytest
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_profile_saves_preferences(client, alice):
    client.force_login(alice)
    response = client.post(
        "/profile/",
        {"display_name": "Alice B", "time_zone": "Europe/Amsterdam", "language": "nl", "notifications": "daily_digest"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone, alice.language, alice.notifications) == (
        "Alice B",
        "Europe/Amsterdam",
        "nl",
        "daily_digest",
    )


def test_profile_rejects_an_unknown_time_zone(client, alice):
    client.force_login(alice)
    response = client.post(
        "/profile/",
        {"display_name": "Alice", "time_zone": "Mars/Olympus", "language": "en", "notifications": "none"},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_profile_refuses_a_name_taken_by_someone_else(client, alice, bob):
    client.force_login(alice)
    response = client.post(
        "/profile/", {"display_name": "bob", "time_zone": "UTC", "language": "en", "notifications": "none"}
    )
    assert "already taken" in response.content.decode()


def test_pages_use_the_users_time_zone_and_language(client, alice):
    alice.time_zone = "Asia/Tokyo"
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    seen = {}

    def spy(request):
        from django.http import HttpResponse
        from django.utils import translation

        seen["tz"] = timezone.get_current_timezone_name()
        seen["lang"] = translation.get_language()
        return HttpResponse("ok")

    from alta_site.accounts.middleware import UserPreferencesMiddleware

    request = client.get("/profile/").wsgi_request
    UserPreferencesMiddleware(spy)(request)
    assert seen == {"tz": "Asia/Tokyo", "lang": "nl"}
    assert timezone.localtime(dt.datetime(2026, 1, 1, tzinfo=dt.UTC), alice.zone).hour == 9


def test_profile_needs_login(client):
    assert client.get("/profile/")["Location"].startswith("/accounts/login/")


def test_staff_can_use_the_admin(client, alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert client.get("/admin/accounts/user/").status_code == 200


def test_profile_links_to_deadline_and_vacation_settings(client, alice):
    client.force_login(alice)
    page = client.get("/profile/").content.decode()
    assert 'href="/profile/deadlines/"' in page
    assert client.get("/profile/deadlines/").status_code == 200


def test_profile_turns_on_chat_messages_at_once(client, alice):
    client.force_login(alice)
    page = client.get("/profile/").content.decode()
    assert 'name="chat_at_once"' in page and "chat messages at once" in page.lower()
    data = {"display_name": "Alice", "time_zone": "UTC", "language": "en", "notifications": "every_turn"}
    assert client.post("/profile/", {**data, "chat_at_once": "on"}).status_code == 302
    alice.refresh_from_db()
    assert alice.chat_at_once
    client.post("/profile/", data)
    alice.refresh_from_db()
    assert not alice.chat_at_once


def test_the_time_zone_list_offers_the_usual_zones_first_then_zones_by_region(client, alice):
    """Six hundred names in one alphabetical list put Amsterdam between
    "America/..." and "Asia/...": the usual zones come first, the rest are
    grouped by region (named in the player's language), each zone named
    without its region."""
    alice.language, alice.time_zone = "nl", "America/Argentina/Buenos_Aires"
    alice.save()
    client.force_login(alice)
    page = client.get("/profile/").content.decode()
    select = re.search(r'<select name="time_zone".*?</select>', page, re.DOTALL).group(0)
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', select, re.DOTALL)
    option = re.compile(r'<option value="([^"]*)"( selected)?>([^<]*)</option>')
    options = {label: option.findall(body) for label, body in groups}
    usual = [value for value, _, _ in options[groups[0][0]]]
    assert usual[:3] == ["Europe/Amsterdam", "Europe/Brussels", "Europe/London"]
    assert "Europa" in options and "Amerika" in options
    assert ("America/Argentina/Buenos_Aires", " selected", "Argentina/Buenos Aires") in options["Amerika"]
    assert ("Europe/Madrid", "", "Madrid") in options["Europa"]
    everywhere = [value for listed in options.values() for value, _, _ in listed]
    assert everywhere.count("Europe/Paris") == 1 and "Pacific/Auckland" in everywhere


def _zone_options(client) -> dict[str, str]:
    """The profile's time zone list: value -> the option's attributes."""
    page = client.get("/profile/").content.decode()
    select = re.search(r'<select name="time_zone".*?</select>', page, re.DOTALL).group(0)
    return dict(re.findall(r'<option value="([^"]*)"([^>]*)>', select))


def test_the_time_zone_list_names_each_place_once_by_its_current_name(client, alice):
    """The list held 557 names: "Istanbul" under Europe and under Asia,
    "Kiev" beside "Kyiv", "Godthab" beside "Nuuk", "US/Eastern" and the
    like; each place is now listed once, by its current name."""
    client.force_login(alice)
    options = _zone_options(client)
    for listed in ("Europe/Amsterdam", "Europe/Kyiv", "Europe/Istanbul", "America/Nuuk", "Asia/Kolkata", "UTC"):
        assert listed in options
    for left_out in ("Europe/Kiev", "Asia/Istanbul", "America/Godthab", "Asia/Calcutta", "US/Eastern"):
        assert left_out not in options


def test_a_players_zone_under_an_old_name_stays_chosen_and_saves(client, alice):
    """A browser named "Asia/Calcutta" at sign-up: the profile shows it chosen
    and saves as it is, rather than refusing the player's own zone."""
    alice.time_zone = "Asia/Calcutta"
    alice.save()
    client.force_login(alice)
    assert "selected" in _zone_options(client)["Asia/Calcutta"]
    form = {"display_name": alice.display_name, "time_zone": "Asia/Calcutta", "language": alice.language}
    form |= {"notifications": alice.notifications}
    assert client.post("/profile/", form).status_code == 302  # saved, not refused
    alice.refresh_from_db()
    assert alice.time_zone == "Asia/Calcutta"
    client.post("/profile/", form | {"time_zone": "Asia/Kolkata"})
    alice.refresh_from_db()
    assert alice.time_zone == "Asia/Kolkata"


def test_a_token_name_too_long_is_refused_by_its_length_and_an_empty_one_asked_for(client, alice):
    client.force_login(alice)
    page = client.post("/profile/tokens/", {"name": "my script " * 10}, follow=True).content.decode()
    assert "Give the token a name of at most 60 characters." in page
    page = client.post("/profile/tokens/", {"name": "  "}, follow=True).content.decode()
    assert "Give the token a name." in page
    assert not alice.api_tokens.exists()


@pytest.mark.parametrize(
    ("before", "after", "said"), [("nl", "en", "Your profile was saved."), ("en", "nl", "Je profiel is opgeslagen.")]
)
def test_a_new_language_is_confirmed_in_that_language(before, after, said, client, alice):
    """Switching from Dutch to English said "Je profiel is opgeslagen." on
    the now English page (the old language made the message)."""
    alice.language = before
    alice.save(update_fields=["language"])
    client.force_login(alice)
    data = {"display_name": "Alice", "time_zone": "UTC", "language": after, "notifications": "every_turn"}
    page = client.post("/profile/", data, follow=True).content.decode()
    assert f'<html lang="{after}"' in page and said in page


def test_a_refused_token_name_stays_in_its_box(client, alice):
    """The refusal came back with the box emptied: the player typed the
    name again, not knowing how much to cut."""
    client.force_login(alice)
    name = "nightly export of the harbour club ladder results to our website"
    page = client.post("/profile/tokens/", {"name": name}, follow=True).content.decode()
    assert "Give the token a name of at most 60 characters." in page
    assert f'value="{name}"' in page
    assert 'id="api-tokens"' in page and not alice.api_tokens.exists()
    # The page came from the token's address: its profile form still saves the profile.
    assert '<form method="post" action="/profile/"' in page


@pytest.mark.parametrize(("language", "written"), [("en", "6 Dec 2026 05:30"), ("nl", "6 dec 2026 05:30")])
def test_a_token_s_last_use_is_written_in_the_reader_s_zone_as_every_date_of_the_site(client, alice, language, written):
    """The token list wrote its last use in Django's short format,
    '12/06/2026 5:30 a.m.' for an English reader (month first: 12 June to
    the site's European players); it now writes it as every other page
    does ('6 Dec 2026 05:30'), in the reader's zone (Tokyo's 6th, UTC's 5th)."""
    from alta_site.accounts.tokens import ApiToken
    from tests.conftest import living_in

    living_in(language, "Asia/Tokyo", alice)
    token, _key = ApiToken.issue(user=alice, name="script")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=dt.datetime(2026, 12, 5, 20, 30, tzinfo=dt.UTC))
    client.force_login(alice)
    page = re.sub(r"\s+", " ", client.get("/profile/").content.decode())
    assert f"<td>{written}</td>" in page
    assert "12/06/2026" not in page
