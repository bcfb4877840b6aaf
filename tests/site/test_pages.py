import re

import pytest

pytestmark = pytest.mark.django_db


def test_home_says_what_the_service_is(client):
    page = client.get("/").content.decode()
    assert "your reply is your move" in page.lower()
    assert 'href="/accounts/signup/"' in page
    assert "/static/alta/site.css" in page


def test_home_links_every_game_to_its_rules(client):
    from games.boards import playable_slugs

    page = client.get("/").content.decode()
    for slug in playable_slugs():
        assert f'href="/rules/{slug}/"' in page
    assert "/games/new/" not in page  # starting a game needs an account


def waiting_on_home(client) -> int:
    """How many games the home page says wait for the logged-in player."""
    page = client.get("/").content.decode()
    if "No game is waiting for your move." in page:
        return 0
    found = re.search(r"<strong>(\d+)\s+games?</strong> waits? for your move", page)
    assert found and 'href="/games/"' in page, page
    return int(found.group(1))


def test_home_tells_a_player_how_many_games_wait_for_their_move(client, alice, bob, now):
    from games.engine import get_rules
    from games.services import match_create_seated

    client.force_login(alice)
    assert waiting_on_home(client) == 0
    matches = [match_create_seated(users=[alice, bob], game="alta", now=now) for _ in range(4)]
    rules = get_rules("alta")
    to_move = [
        seat.user
        for match in matches
        for seat in match.seats.all()
        if seat.index in rules.to_move(rules.load(match.state))
    ]
    assert len(to_move) == 4  # one player moves first in each game
    assert waiting_on_home(client) == to_move.count(alice)
    client.force_login(bob)
    assert waiting_on_home(client) == to_move.count(bob)


def test_start_a_game_from_home_preselects_the_game(client, alice):
    client.force_login(alice)
    assert 'href="/games/new/?game=atlantis"' in client.get("/").content.decode()
    form = client.get("/games/new/?game=atlantis").content.decode()
    assert '<option value="atlantis" selected>' in form
    assert "selected" not in client.get("/games/new/").content.decode().split('name="game"')[1].split("</select>")[0]


def title(client, path: str) -> str:
    """The page's title as a browser shows it (whitespace collapsed)."""
    found = re.search(r"<title>(.*?)</title>", client.get(path).content.decode(), re.S)
    return " ".join(found.group(1).split())


def test_page_titles_name_the_page_then_the_site(client, alice):
    assert title(client, "/") == "Play slow board games by email · Alta"
    assert title(client, "/lobby/") == "Lobby · Alta"
    assert title(client, "/accounts/login/") == "Sign In · Alta"
    client.force_login(alice)
    assert title(client, "/games/") == "My games · Alta"


def test_navigation_shows_the_profile_when_logged_in(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'href="/profile/"' in page
    assert "Log out" in page


def test_api_docs_work_offline(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger" in page.lower()
    assert "cdn" not in page.lower()
    assert client.get("/api/schema/").status_code == 200


def test_in_dutch_the_sign_up_link_and_page_use_one_word_that_is_not_the_log_in_pages(client, db):
    """The menu said "Aanmelden" for signing up, while the log-in page is
    headed "Aanmelden" and the sign-up page "Registreren"."""
    import re

    def text(html: str) -> str:
        return " ".join(re.sub(r"<[^>]+>", " ", html).split())

    home = client.get("/", headers={"accept-language": "nl"}).content.decode()
    menu = home.split('<nav class="nav"')[1].split("</nav>")[0]
    [signup_link] = re.findall(r'<a[^>]*href="/accounts/signup/"[^>]*>([^<]+)</a>', menu)
    signup = client.get("/accounts/signup/", headers={"accept-language": "nl"}).content.decode()
    login = client.get("/accounts/login/", headers={"accept-language": "nl"}).content.decode()
    signup_heading = text(re.search(r"<h1[^>]*>(.*?)</h1>", signup, re.S).group(1))
    login_heading = text(re.search(r"<h1[^>]*>(.*?)</h1>", login, re.S).group(1))
    assert signup_link.strip() == signup_heading == "Registreren"
    assert login_heading != signup_heading and "Aanmelden" not in text(signup)


@pytest.mark.parametrize(("language", "hint"), [("en", "Look in your spam folder"), ("nl", "Kijk in je spammap")])
def test_the_password_reset_page_gives_a_hint_not_a_contact_it_does_not_have(language, hint, client, db):
    """allauth's page ends "Please contact us if you have any trouble", and
    the site names no way to contact anyone."""
    page = " ".join(
        client.get("/accounts/password/reset/", headers={"accept-language": language}).content.decode().split()
    )
    assert hint in page and "contact" not in page.lower()


def test_the_dutch_display_name_hint_says_who_sees_the_name(client, db):
    """ "Zien andere spelers" read as "see other players"."""
    page = " ".join(client.get("/accounts/signup/", headers={"accept-language": "nl"}).content.decode().split())
    assert "Andere spelers zien deze naam." in page and "Zien andere spelers" not in page


def _text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.mark.parametrize(
    ("language", "said", "hint"),
    [
        ("en", "open its link to choose a new password", "Look in your spam folder"),
        ("nl", "open de link erin om een nieuw wachtwoord te kiezen", "Kijk in je spammap"),
    ],
)
def test_after_asking_for_a_new_password_the_page_says_what_the_mail_is_for_and_what_helps(
    language, said, hint, client, alice
):
    """allauth's page ended "Otherwise contact us", and the site names no
    way to contact anyone; its Dutch spoke of a "verificatie e-mail" to
    "complete the check" instead of a new password."""
    page = _text(
        client.post(
            "/accounts/password/reset/",
            {"email": "alice@example.com"},
            headers={"accept-language": language},
            follow=True,
        )
    )
    assert said in page and hint in page, page
    assert "contact" not in page.lower() and "verificatie" not in page
    assert (
        'href="/accounts/login/"'
        in client.post("/accounts/password/reset/", {"email": "alice@example.com"}, follow=True).content.decode()
    )


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en", "sign in with your address and password: that sends the mail again."),
        ("nl", "log in met je adres en wachtwoord: dan wordt de mail opnieuw gestuurd."),
    ],
)
def test_after_signing_up_the_page_says_how_to_get_the_mail_again_not_to_contact_us(
    language, hint, client, django_capture_on_commit_callbacks
):
    """allauth's page said "Please contact us if you do not receive the
    verification email", with no way to; signing in again sends it again."""
    from django.core import mail
    from django.core.cache import cache

    password = "correct horse battery staple"
    details = {"email": "erin@example.com", "display_name": "Erin", "password1": password, "password2": password}
    with django_capture_on_commit_callbacks(execute=True):
        page = _text(client.post("/accounts/signup/", details, headers={"accept-language": language}, follow=True))
    assert hint in page and "contact" not in page.lower(), page
    assert len(mail.outbox) == 1
    cache.clear()  # a few minutes later (allauth sends at most one a few minutes)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/login/", {"login": "erin@example.com", "password": password})
    assert len(mail.outbox) == 2 and "/accounts/confirm-email/" in mail.outbox[1].body


def test_in_dutch_signing_in_and_out_is_called_as_the_menu_calls_it(client, alice):
    """The menu says "Inloggen" and "Uitloggen", the pages behind them said
    "Aanmelden" (heading and button) and "Afmelden", and "Meld je dan aan"
    on the sign-up page: two words for one thing, "aanmelden" also read as
    signing up."""
    dutch = {"accept-language": "nl"}
    login = _text(client.get("/accounts/login/", headers=dutch))
    signup = _text(client.get("/accounts/signup/", headers=dutch))
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    logout = _text(client.get("/accounts/logout/"))
    out = _text(client.post("/accounts/logout/", follow=True))
    for page in (login, signup, logout, out):
        assert "anmeld" not in page.lower() and "fmeld" not in page.lower() and "Meld je" not in page, page
    assert login.count("Inloggen") >= 3  # the menu, the heading, the button
    assert "Weet je zeker dat je wilt uitloggen?" in logout and "Je bent uitgelogd." in out
    assert "Heb je al een account? Log dan in" in signup
    assert "Heb je nog geen account? Registreer je dan eerst" in login


def test_the_dutch_privacy_page_calls_signed_in_players_ingelogd(client, db):
    """It said "Aangemelde spelers", where the menu and the pages say "Inloggen"."""
    page = _text(client.get("/privacy/", headers={"accept-language": "nl"}))
    assert "Ingelogde spelers kunnen alles over zichzelf" in page and "angemeld" not in page


def test_the_footer_writes_the_time_zone_as_the_profile_lists_it(client, alice):
    """ "Times are shown in America/New York", as the profile's time zone
    list writes it, not the raw "America/New_York"."""
    alice.time_zone = "America/New_York"
    alice.save(update_fields=["time_zone"])
    client.force_login(alice)
    page = client.get("/").content.decode()

    assert "Times are shown in America/New York." in page
    assert "New_York" not in page
