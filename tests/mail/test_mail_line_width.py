"""Every plain part stays within 72 columns (mail clients wrap longer
lines their own way), a link excepted: it is never broken."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage, Match
from games.services import match_create
from mail.chat_mail import chat_blocks
from mail.sections import sign_in_section
from tests.mail.conftest import digest_reader_to_move, next_digest

pytestmark = pytest.mark.django_db

WIDTH = 72


def _long_lines(text: str) -> list[str]:
    """The lines over the width that are not a bare link."""
    return [line for line in text.split("\n") if len(line) > WIDTH and not line.strip().startswith("http")]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_sign_in_paragraph_of_an_email_only_player_is_wrapped(language, alice):
    alice.language = language
    alice.save()
    text, _html = sign_in_section("Your move.\n", "<body></body>", user=alice)
    assert _long_lines(text) == []
    assert any(line.startswith("http") and "/" in line for line in text.split("\n"))  # the link whole


def test_chat_lines_and_their_footer_are_wrapped(alice):
    said = ChatMessage(author=alice, text="word " * 40 + "https://example.com/" + "x" * 80)
    text, _html = chat_blocks([said], match=Match(game="alta", players=2))
    assert _long_lines(text) == []
    assert "https://example.com/" + "x" * 80 in text  # a link is never broken
    assert text.count("word") == 40


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_invitation_is_wrapped(language, alice, now, django_capture_on_commit_callbacks):
    alice.language = language
    alice.save()
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, rated=True, now=now, invite=["newcomer@example.org"])
    [invitation] = [m for m in mail.outbox if m.to == ["newcomer@example.org"]]
    assert _long_lines(invitation.body) == []
    assert "accept" in invitation.body


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_daily_digest_is_wrapped(language, carol, alice, now, django_capture_on_commit_callbacks):
    """The greeting and each game's reply line fit in 72 columns; a line
    that goes on keeps its game's indent, and the reply address is whole."""

    from tests.conftest import living_in

    living_in(language, "Europe/Amsterdam", carol)
    digest_reader_to_move(carol, alice, now, django_capture_on_commit_callbacks)
    digest = next_digest(carol, now, django_capture_on_commit_callbacks)
    assert _long_lines(digest.body) == []
    [address] = [word for word in digest.body.split() if word.startswith("play+")]
    line = next(line for line in digest.body.split("\n") if address in line)
    assert line.startswith("   ")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_declined_invitation_notice_is_wrapped(language, alice, now, django_capture_on_commit_callbacks):
    """The creator told of a declined invitation reads it at 72 columns."""
    from tests.conftest import living_in

    from .intake import ingest, message

    living_in(language, "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=["newcomer@example.org"])
    [invitation] = [m for m in mail.outbox if m.to == ["newcomer@example.org"]]
    mail.outbox.clear()
    ingest(
        bytes(message(invitation.reply_to[0], "decline", sender="newcomer@example.org")),
        django_capture_on_commit_callbacks,
    )
    [told] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "newcomer@example.org" in told.body
    assert _long_lines(told.body) == []
