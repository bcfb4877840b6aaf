"""Chat lines in a game mail's HTML part stand where its plain part has
them: below the game page's link and above the footer (the site's name,
"Mute this game", "Stop all game emails"), not under the footer as if they
came after the mail's end."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import MoveRecord
from games.services import match_create_seated
from games.services.chat import chat_post
from mail.html_text import html_to_text

from .conftest import mails_to, mover_of
from .playing import html_of, play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alhambra", "atlantis", "alpaca"])
def test_chat_in_a_turn_mail_stands_above_its_footer_in_both_parts(
    game, alice, bob, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=game, now=now)
    writer = mover_of(match).user
    reader = alice if writer == bob else bob
    with django_capture_on_commit_callbacks(execute=True):
        chat_post(match_id=match.pk, user=writer, text="Good luck, have fun", source=MoveRecord.Source.WEB, now=now)
    mail.outbox.clear()
    while not (carrying := [m for m in mails_to(reader.email) if "Good luck" in m.body]):
        play(match, now, django_capture_on_commit_callbacks, moves=1)  # to the end of the writer's turn
    [carrying] = carrying
    for shown in (carrying.body.lower(), html_to_text(html_of(carrying)).lower()):
        chat = shown.index("good luck, have fun")
        assert shown.index("game page") < chat < shown.index("mute this game"), shown
