"""A player who joined by answering an invitation to their address gets a
drawn name in their language ("Guest-12345", "Gast-12345"): the answer that made their account says what
the other players see, so they can tell themselves apart from another
guest in the seat order and the islands."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from games.services import match_create
from tests.conftest import living_in

from .intake import ingest, message

pytestmark = pytest.mark.django_db

DRAWN = {"en": r"Guest-\d{5}", "nl": r"Gast-\d{5}"}
SAID = {
    "en": "The other players see you as %s. To choose another name, sign in with the link below",
    "nl": "De andere spelers zien je als %s. Wil je een andere naam, log dan in met de link hieronder",
}


@pytest.mark.parametrize(("language", "yes"), [("nl", "ja"), ("en", "accept")])
def test_the_answer_that_makes_the_account_names_the_drawn_name(
    language, yes, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice)
    strangers = ["s1@example.org", "s2@example.org"]
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=4, now=now, invite=[*strangers, bob.email])
    addresses = {m.to[0]: m.reply_to[0] for m in mail.outbox if m.reply_to}
    for stranger in strangers:
        mail.outbox.clear()
        ingest(bytes(message(addresses[stranger], yes, sender=stranger)), django_capture_on_commit_callbacks)
        name = get_user_model().objects.get(email=stranger).display_name
        assert re.fullmatch(DRAWN[language], name)
        answer = next(m for m in mail.outbox if m.to == [stranger])
        assert SAID[language] % name in " ".join(answer.body.split()), answer.body
