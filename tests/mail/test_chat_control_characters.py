"""Chat by mail with control characters (an escape, DEL, a bell, a C1
control such as CSI, which a terminal reads as an escape): the words are
kept and the control characters dropped, not the mail refused (a mail app
writes what it writes)."""

from __future__ import annotations

import pytest

from core.text import LAYOUT_CHARACTERS, has_control_characters
from games.models import ChatMessage

from .conftest import resigned_game
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("control", ["\x1b", "\x7f", "\x07", "\x9b", "\x85", "\x80"])
def test_a_chat_by_mail_is_kept_without_its_control_characters(
    control, alice, bob, now, django_capture_on_commit_callbacks
):
    match, winner, address = resigned_game(alice, bob, now, django_capture_on_commit_callbacks)
    words = f"gg{control}31m, well played!\n\tsee you"
    record = ingest(bytes(message(address, words, sender=winner.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    [text] = ChatMessage.objects.filter(match=match).values_list("text", flat=True)
    assert not has_control_characters(text, keeping=LAYOUT_CHARACTERS), repr(text)
    assert "31m, well played!" in text and "see you" in text, repr(text)
