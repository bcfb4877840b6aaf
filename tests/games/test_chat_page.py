"""Issue 19's chat on the game page: a panel for the seated players only,
plain forms with CSRF that work without JavaScript, no inline script;
muting it; on account closure the author's lines lose name and words;
staff read it in the admin."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from alta_site.accounts.closing import account_close
from games.models import ChatMessage, ChatReader
from games.services import match_create_seated
from games.services.chat import chat_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob, now):
    return match_create_seated(users=[alice, bob], game="alta", now=now)


def _csrf(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_a_player_chats_through_the_plain_form_and_the_other_reads_it(game, alice, bob):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert 'id="chat"' in page and "No messages yet." in page
    url = reverse("game-chat", args=[game.pk])
    assert client.post(url, {"text": "hello"}).status_code == 403  # no CSRF token
    response = client.post(url, {"text": "Hello <b>Bob</b>\nhave fun", "csrfmiddlewaretoken": _csrf(page)})
    assert response.status_code == 302 and response.url == reverse("game-detail", args=[game.pk])
    line = ChatMessage.objects.get()
    assert (line.author, line.source, line.text) == (alice, "web", "Hello <b>Bob</b>\nhave fun")
    client.force_login(bob)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "Hello &lt;b&gt;Bob&lt;/b&gt;<br>have fun" in page
    # CSP-safe: the chat panel adds no inline script or style.
    panel = page[page.index('id="chat"') : page.index("</section>", page.index('id="chat"'))]
    assert "<script" not in panel and "style=" not in panel and "onclick" not in panel


def test_too_long_or_empty_messages_are_refused_with_a_message(game, alice):
    client = Client()
    client.force_login(alice)
    url = reverse("game-chat", args=[game.pk])
    page = client.post(url, {"text": "x" * 1001}, follow=True).content.decode()
    assert "at most 1000 characters" in page
    page = client.post(url, {"text": "\u200b\u202e"}, follow=True).content.decode()
    assert "Write a message first." in page
    page = client.post(url, {"text": ""}, follow=True).content.decode()
    assert "Write a message first." in page and "at most" not in page
    assert not ChatMessage.objects.exists()


def test_a_spectator_can_neither_read_nor_post(game, alice, carol, now):
    chat_post(match_id=game.pk, user=alice, text="private words", source="web", now=now)
    client = Client()
    client.force_login(carol)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "private words" not in page and 'id="chat"' not in page
    page = client.post(reverse("game-chat", args=[game.pk]), {"text": "let me in"}, follow=True).content.decode()
    assert "Only the players of this game can chat in it." in page
    assert ChatMessage.objects.count() == 1


def test_muting_the_chat_on_the_page_hides_it_and_unmuting_brings_it_back(game, alice, bob, now):
    chat_post(match_id=game.pk, user=alice, text="psst", source="web", now=now)
    client = Client()
    client.force_login(bob)
    client.post(reverse("game-chat-mute", args=[game.pk]), {"muted": "1"})
    assert ChatReader.objects.get(user=bob, match=game).muted
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "psst" not in page and "Unmute the chat" in page
    client.post(reverse("game-chat-mute", args=[game.pk]), {"muted": "0"})
    assert "psst" in client.get(reverse("game-detail", args=[game.pk])).content.decode()


def test_the_page_reads_in_dutch(game, alice):
    alice.language = "nl"
    alice.save()
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Bericht aan je tegenstander" in page and "Nog geen berichten." in page


def test_closing_an_account_removes_the_authors_words_and_name(game, alice, bob, now):
    chat_post(match_id=game.pk, user=alice, text="my phone is 0612345678", source="web", now=now)
    chat_post(match_id=game.pk, user=bob, text="ok", source="web", now=now)
    account_close(user=alice, now=now)
    lines = list(ChatMessage.objects.order_by("pk").values_list("author", "text"))
    assert lines == [(None, ""), (bob.pk, "ok")]
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "0612345678" not in page and "(message removed)" in page


def test_staff_read_the_chat_in_the_admin(game, alice, now):
    from tests.conftest import make_user

    chat_post(match_id=game.pk, user=alice, text="admin can see <this>", source="web", now=now)
    staff = make_user("staff@example.com", "Staff", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(staff)
    page = client.get(reverse("admin:games_chatmessage_changelist")).content.decode()
    assert "admin can see &lt;this&gt;" in page


def test_the_chat_form_keeps_the_apis_write_limit(game, alice, monkeypatch):
    """A script posting the form cannot mail the other players a notice a
    message: the form counts against the API's per-user write limit."""
    from rest_framework.throttling import ScopedRateThrottle

    from tests.conftest import living_in

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "2/min"})
    living_in("nl", "Europe/Amsterdam", alice)
    client = Client()
    client.force_login(alice)
    url = reverse("game-chat", args=[game.pk])
    for n in range(4):
        response = client.post(url, {"text": f"spam {n}"}, follow=True)
    assert ChatMessage.objects.count() == 2
    assert "Je stuurt te snel berichten." in response.content.decode()


def test_a_mute_request_naming_neither_choice_changes_nothing_and_says_so(game, alice, bob):
    client = Client()
    client.force_login(bob)
    url = reverse("game-chat-mute", args=[game.pk])
    client.post(url, {"muted": "1"})
    for garbage in ({}, {"muted": "yes"}, {"muted": ""}):
        page = client.post(url, garbage, follow=True).content.decode()
        assert "Choose whether to mute the chat or not." in page
        assert ChatReader.objects.get(user=bob, match=game).muted


def test_a_player_who_resigned_still_chats_and_the_page_says_they_resigned(alice, bob, carol, now):
    """As by mail (``say``): the game page lets a player who left post, and
    the others read next to the name that they left."""
    from games.models import MoveRecord
    from games.services import match_resign

    match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    client = Client()
    client.force_login(carol)
    client.post(reverse("game-chat", args=[match.pk]), {"text": "Good luck to you both"})
    assert ChatMessage.objects.filter(author=carol).exists()
    client.force_login(alice)
    page = client.get(reverse("game-detail", args=[match.pk])).content.decode()
    panel = page[page.index('id="chat"') : page.index("</section>", page.index('id="chat"'))]
    assert re.search(r"<strong>Carol \(resigned\)</strong>", panel), panel


def test_the_poll_tells_a_player_of_a_new_chat_line_and_nobody_else(game, alice, bob, carol, now):
    """The waiting page polls; a line from another player changes what a
    seated player's poll answers (so the page updates), and nothing in what
    a spectator or a visitor gets, who may not read the chat."""
    url = reverse("game-poll", args=[game.pk])
    seated, spectator, visitor = Client(), Client(), Client()
    seated.force_login(bob)
    spectator.force_login(carol)
    before = {who: c.get(url).json() for who, c in (("bob", seated), ("carol", spectator), ("anon", visitor))}
    assert before["bob"]["chat"] == 0
    line = chat_post(match_id=game.pk, user=alice, text="your move, Bob", source="web", now=now)
    assert seated.get(url).json() == {**before["bob"], "chat": line.pk}
    assert "chat" not in before["carol"] and spectator.get(url).json() == before["carol"]
    assert "chat" not in before["anon"] and visitor.get(url).json() == before["anon"]
    page = seated.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert f'data-chat="{line.pk}"' in page  # what the page compares the poll with
    assert "data-chat" not in spectator.get(reverse("game-detail", args=[game.pk])).content.decode()


def test_a_player_who_muted_the_chat_is_not_told_of_new_lines(game, alice, bob, now):
    ChatReader.objects.create(match=game, user=bob, muted=True)
    client = Client()
    client.force_login(bob)
    chat_post(match_id=game.pk, user=alice, text="hello", source="web", now=now)
    assert "chat" not in client.get(reverse("game-poll", args=[game.pk])).json()


@pytest.mark.parametrize(("players", "label"), [(2, "Message to your opponent"), (3, "Message to the other players")])
def test_the_message_box_names_your_opponent_in_a_game_of_two(players, label, alice, bob, carol, now):
    game = match_create_seated(users=[alice, bob, carol][:players], game="alta", now=now)
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f">{label}" in page
