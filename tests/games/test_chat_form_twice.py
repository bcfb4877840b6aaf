"""The game page's chat form sent twice (a double click on Send, or the
browser sending it again after a lost answer): the line is posted once;
a message written again after the page showed the first is a new line."""

import re

import pytest

from games.models import ChatMessage
from games.services import match_create_seated

pytestmark = pytest.mark.django_db


def _chat_form(page: str) -> dict[str, str]:
    """The hidden fields of the page's chat form, as a browser sends them."""
    form = re.search(r'<form method="post" action="/games/\d+/chat/">.*?</form>', page, re.S).group(0)
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


@pytest.fixture
def game(alice, bob, now):
    return match_create_seated(users=[alice, bob], game="alta", now=now)


def test_the_chat_form_sent_twice_posts_the_line_once(client, game, alice):
    client.force_login(alice)
    fields = {**_chat_form(client.get(f"/games/{game.pk}/").content.decode()), "text": "good luck"}

    client.post(f"/games/{game.pk}/chat/", fields)
    again = client.post(f"/games/{game.pk}/chat/", fields, follow=True).content.decode()

    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good luck"]
    assert "Your message was sent." in again


def test_the_same_words_sent_again_from_the_next_page_are_a_new_line(client, game, alice):
    client.force_login(alice)
    for _ in range(2):
        fields = {**_chat_form(client.get(f"/games/{game.pk}/").content.decode()), "text": "ok"}
        client.post(f"/games/{game.pk}/chat/", fields)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["ok", "ok"]


def test_other_words_sent_from_the_same_page_are_a_new_line(client, game, alice):
    client.force_login(alice)
    fields = _chat_form(client.get(f"/games/{game.pk}/").content.decode())
    client.post(f"/games/{game.pk}/chat/", {**fields, "text": "good luck"})
    client.post(f"/games/{game.pk}/chat/", {**fields, "text": "and have fun"})
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good luck", "and have fun"]
