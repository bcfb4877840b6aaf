"""Garbage in the site's HTML forms (the pages' POSTs): a field of the
wrong kind, a NUL or a control character, a number beyond what the database
holds, a negative or huge one, a very long text, an unknown id in the URL.
The answer is never a server error: a refusal is a 4xx, or the page again
with the error in the sender's language, and it changes nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from games import services as game_services
from games.models import Match
from tests.fuzzing import (
    FUZZ_SETTINGS,
    form_bodies,
    form_posted_checked,
    refuse_nul_as_postgresql_does,
    signed_in_client,
)

pytestmark = pytest.mark.django_db

#: ``next`` values a hand-made form may send: none is a page of the site's.
NOT_PAGES = ["profile-x", "a b", "a\x00b", "-1", "1e400", str(2**63), "lobby", "javascript:alert(1)", "//evil.example/"]


@pytest.mark.parametrize("back", NOT_PAGES)
def test_a_next_that_is_no_page_leads_to_the_profile_after_the_address_check(bob, back):
    response = signed_in_client(bob).post("/profile/email-bounces/clear/", {"next": back})
    assert response.status_code == 302
    assert response["Location"] == "/profile/"


@pytest.mark.parametrize("back", NOT_PAGES)
def test_a_next_that_is_no_page_leads_to_the_lobby_after_declining_an_invitation(alice, bob, now, back):
    match = game_services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    response = signed_in_client(bob).post(f"/invitations/{token}/", {"decline": "1", "next": back})
    assert response.status_code == 302
    assert response["Location"] == "/lobby/"


@pytest.mark.parametrize("once", ["a\x00b", "\x00", "mark with spaces", "é" * 64, "x" * 10_000])
def test_a_new_game_form_with_a_mark_the_page_never_makes_still_makes_one_game(alice, once):
    """The form's mark (``once``) is the page's own; one it never makes (a
    NUL, which PostgreSQL refuses, among them) is no mark, not a 500."""
    client = signed_in_client(alice)
    body = {"game": "alta", "players": "2", "days_per_move": "3", "timeout_policy": "auto", "once": once}
    with connection.execute_wrapper(refuse_nul_as_postgresql_does):
        response = client.post("/games/new/", body)
    assert response.status_code == 302, response.status_code
    assert Match.objects.filter(created_by=alice).count() == 1


# ------------------------------------------------------------------- fuzzed
@pytest.fixture
def pages(alice, bob, carol, now):
    """alice's forms, each ``(path, a body it takes)``: a game she is to move
    in, another she may join, one she created and invites to, an invitation
    to her, her token."""
    from alta_site.accounts.tokens import ApiToken
    from tests.games.conftest import first_legal_text, mover, start_match

    for _ in range(10):  # who moves first is dealt: until alice is to move
        match = start_match(alice, bob, now=now)
        if mover(match)[0] == alice:
            break
    seat = mover(match)[1]
    open_game = game_services.match_create(creator=bob, game="alta", players=3, now=now)
    own_game = game_services.match_create(creator=alice, game="alta", players=3, now=now, invite=["x@example.org"])
    invited_seat = own_game.seats.get(invited_email="x@example.org")
    invited = game_services.match_create(creator=carol, game="alta", players=2, now=now, invite=["Alice"])
    token = invited.seats.get(invited_user=alice).invitation_token
    api_token, _key = ApiToken.issue(user=alice, name="script")
    signed_in_client(alice).get("/profile/deadlines/")  # makes her settings and calendar link, as a first visit does
    m = match.pk
    return [
        (
            "/games/new/",
            {
                "game": "alta",
                "players": "2",
                "days_per_move": "3",
                "timeout_policy": "auto",
                "vacation_allowed": "on",
                "invite": "Bob",
                "once": "abc",
                "bank_increment_days": "1",
            },
        ),
        (f"/games/{m}/move/", {"ply": str(match.ply), "move": first_legal_text(match, seat)}),
        (f"/games/{m}/chat/", {"text": "Good luck!", "after": "0"}),
        (f"/games/{m}/chat/mute/", {"muted": "1"}),
        (f"/games/{m}/resign/", {}),
        (f"/games/{m}/rematch/", {}),
        (f"/games/{open_game.pk}/join/", {}),
        (f"/games/{open_game.pk}/leave/", {}),
        (f"/games/{open_game.pk}/cancel/", {}),
        (f"/games/{own_game.pk}/invite/", {"invitee": "Bob"}),
        (f"/games/{own_game.pk}/invitations/{invited_seat.pk}/take-back/", {}),
        (f"/invitations/{token}/", {"accept": "1", "next": "/lobby/"}),
        ("/profile/deadlines/", {"reminder_hours": "24, 2", "auto_vacation": "on"}),
        ("/profile/deadlines/vacation/", {"days": "7"}),
        ("/profile/deadlines/vacation/end/", {}),
        ("/profile/deadlines/calendar/reset/", {}),
        (
            "/profile/",
            {
                "display_name": "Alice B",
                "time_zone": "Europe/Amsterdam",
                "language": "nl",
                "notifications": "daily_digest",
                "chat_at_once": "on",
            },
        ),
        ("/profile/tokens/", {"name": "My script"}),
        (f"/profile/tokens/{api_token.pk}/revoke/", {}),
        ("/profile/email-bounces/clear/", {"next": "/games/"}),
        ("/profile/close/", {"confirm": "on", "password": "correct horse battery staple"}),
        ("/profile/close/link/", {}),
    ]


PATHS = 22


@pytest.mark.parametrize("which", range(PATHS))
@settings(FUZZ_SETTINGS, max_examples=12)
@given(data=st.data())
def test_any_form_of_the_game_and_profile_pages_is_done_or_refused_without_a_server_error(data, which, pages, alice):
    assert len(pages) == PATHS
    path, valid = pages[which]
    body = data.draw(form_bodies(valid, extra=("next", "text", "days", "name")), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = signed_in_client(alice)
    form_posted_checked(client, alice, path, body, language)
