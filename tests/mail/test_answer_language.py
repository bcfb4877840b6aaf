"""Dutch and English are both first-class in answers to mail: a refused
empty reply quotes "(niets)" to a Dutch player, and a stranger who takes
a seat by replying "accepteer" or "ja" reads the game's mails in Dutch
from then on (the language they answered in; else the invitation's)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from games.services import match_create
from tests.conftest import living_in

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db
STRANGER = "nieuw@example.nl"


def test_a_refused_empty_reply_is_quoted_in_the_players_language(game, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    living_in("nl", "Europe/Amsterdam", seat.user)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    [answer] = mails_to(seat.user.email)
    assert "Je schreef: (niets)" in answer.body and "(nothing)" not in answer.body


@pytest.mark.parametrize(
    ("word", "language"),
    # "ok" is in no language: the stranger read the invitation, in its inviter's (Dutch).
    [("accepteer", "nl"), ("ja", "nl"), ("Ja graag!", "nl"), ("accept", "en"), ("ok", "nl")],
)
def test_a_stranger_who_accepts_by_mail_reads_on_in_the_language_of_their_answer(
    word, language, alice, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, rated=False, now=now, invite=[STRANGER])
    [invitation] = mails_to(STRANGER)
    mail.outbox.clear()
    raw = message(invitation.reply_to[0], word, sender=STRANGER, subject="Re: " + invitation.subject)
    assert ingest(bytes(raw), django_capture_on_commit_callbacks).outcome == "accepted"
    assert get_user_model().objects.get(email=STRANGER).language == language
    # Deadlines in their mails are written in the zone their language suggests.
    assert get_user_model().objects.get(email=STRANGER).time_zone == {"nl": "Europe/Amsterdam", "en": "UTC"}[language]
    said = {
        "nl": ("Je hebt je plaats ingenomen", "de partij is begonnen"),
        "en": ("You took your seat", "the game has started"),
    }[language]
    answer, started = mails_to(STRANGER)
    assert said[0] in answer.body and said[1] in started.subject


ENGLISH_CARDS = "farmer, settlement, tavern, farmer's hut, mill, wheat field, fishing harbour, tower, market"
DUTCH_CARDS = "boer, dorp, herberg, huisje, molen, akker, vissteiger, toren, markt"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", f"Unknown card 'castle'. Cards: {ENGLISH_CARDS};"),
        ("nl", f"Onbekende kaart 'castle'. Kaarten: {DUTCH_CARDS};"),
    ],
)
def test_an_unknown_alta_card_is_answered_with_the_card_names_by_mail_and_api(
    language, said, game, django_capture_on_commit_callbacks
):
    """The names the player reads on their board, never the engine's slugs
    ("farmers_hut")."""
    from tests.games.api.test_games_api import client_for

    seat = mover_of(game)
    living_in(language, "Europe/Amsterdam", seat.user)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "castle D3", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    [answer] = mails_to(seat.user.email)
    assert said in " ".join(answer.body.split()), answer.body
    refused = client_for(seat.user).post(
        f"/api/games/{game.pk}/moves/", {"ply": game.ply, "move": "castle D3"}, format="json"
    )
    assert refused.status_code == 422 and said in refused.json()["detail"], refused.json()


def _answer_to_an_old_mail(game, capture, first: str = "A"):
    """A Dutch mover plays ``first`` (a whole turn, "A", or its first step,
    "1"), then answers the same mail again with another move ("2": the
    same words again would be a copy of the first); returns the answer to
    that second reply."""
    seat = mover_of(game)
    living_in("nl", "Europe/Amsterdam", seat.user)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    assert ingest(bytes(message(address, first, sender=seat.user.email)), capture).outcome == "accepted"
    mail.outbox.clear()
    ingest(bytes(message(address, "2", sender=seat.user.email)), capture)
    [answer] = mails_to(seat.user.email)
    return " ".join(answer.body.split())


def test_a_dutch_answer_calls_the_commands_opdrachten_as_the_command_list_does(
    game, django_capture_on_commit_callbacks
):
    text = _answer_to_an_old_mail(game, django_capture_on_commit_callbacks)
    assert 'Antwoord "hulp" voor de opdrachten.' in text and "commando" not in text


def test_a_dutch_answer_to_an_old_mail_calls_the_position_stelling_as_the_board_does(
    game, django_capture_on_commit_callbacks
):
    """The "bord" answer says "de huidige stelling"; the refusal of a reply to
    an old mail names the position with the same word.  (The mover is still
    to move: a player who waits is told it is not their turn.)"""
    text = _answer_to_an_old_mail(game, django_capture_on_commit_callbacks, first="1")
    assert "op een eerdere stelling" in text and "Hier is de huidige stelling." in text
    assert " stand" not in text


@pytest.mark.parametrize("word", ["weiger", "misschien later"])
def test_a_stranger_answering_a_dutch_invitation_is_answered_in_dutch(
    word, alice, now, django_capture_on_commit_callbacks
):
    """An address without an account read its invitation in the inviter's
    Dutch: declining it, or an answer that is neither yes nor no, is
    answered in Dutch too."""
    living_in("nl", "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = [m for m in mails_to(STRANGER) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    ingest(bytes(message(address, word, sender=STRANGER)), django_capture_on_commit_callbacks)
    [answer] = mails_to(STRANGER)
    assert "uitnodiging" in answer.body and "invitation" not in answer.body, answer.body


def test_an_unclear_answer_to_a_dutch_invitation_names_the_dutch_words(alice, now, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        match_create(creator=alice, game="alta", players=2, now=now, invite=[STRANGER])
    address = [m for m in mails_to(STRANGER) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    ingest(bytes(message(address, "misschien later", sender=STRANGER)), django_capture_on_commit_callbacks)
    [answer] = mails_to(STRANGER)
    text = " ".join(answer.body.split())
    assert '"accepteer" of "weiger"' in text and 'accept"' not in text and "decline" not in text


ENGLISH_UNLINKED = "this address is not linked to any Alta account"
DUTCH_UNLINKED = "dit adres is niet gekoppeld aan een Alta-account"


@pytest.mark.parametrize(
    ("headers", "english", "dutch"),
    [
        ({}, True, True),
        ({"Content-Language": "nl-NL"}, False, True),
        ({"Accept-Language": "en-GB, nl;q=0.8"}, True, False),
        ({"Content-Language": "de", "Accept-Language": "nl-BE, en"}, False, True),
        ({"Content-Language": "fr"}, True, True),
    ],
)
def test_an_address_without_an_account_is_answered_in_the_language_its_mail_names_else_in_both(
    headers, english, dutch, mover_turn, django_capture_on_commit_callbacks
):
    """We know no language of an address without an account: its mail may
    name one (Content-Language, Accept-Language); else the answer is
    written in English and then in Dutch, so that a Dutch club member who
    writes from a new address understands it too."""
    _seat, address, options = mover_turn
    mail.outbox.clear()
    raw = message(address, options[0], sender="nieuw@example.nl", subject="", **headers)
    assert ingest(bytes(raw), django_capture_on_commit_callbacks).outcome == "wrong_sender"
    [answer] = mail.outbox
    body = " ".join(answer.body.split())
    assert (ENGLISH_UNLINKED in body) is english and (DUTCH_UNLINKED in body) is dutch
    assert ("Your email could not be used" in answer.subject) is english
    assert ("kon niet worden gebruikt" in answer.subject) is dutch
    assert body.count("/accounts/email/") == 2 if english and dutch else 1
    # An account has one address (ACCOUNT_CHANGE_EMAIL): the page there changes it, it adds none.
    assert ("make it your account's address" in body) is english
    assert ("maak het het adres van je account" in body) is dutch
    # A newcomer has no account to log in to: they are told where to make one.
    assert ("No account yet? Sign up at http" in body) is english and ("Nog geen account? Meld je aan" in body) is dutch
    assert body.count("/accounts/signup/") == (2 if english and dutch else 1)


@pytest.mark.parametrize(("headers", "dutch"), [({}, True), ({"Content-Language": "en"}, False)])
def test_an_unreadable_mail_from_an_address_without_an_account_is_answered_as_any_other(
    headers, dutch, mover_turn, monkeypatch, django_capture_on_commit_callbacks
):
    from mail import services

    def unreadable(*args, **kwargs):
        raise IndexError("list index out of range")

    _seat, address, options = mover_turn
    monkeypatch.setattr(services, "parse_inbound", unreadable)
    mail.outbox.clear()
    raw = message(address, options[0], sender="nieuw@example.nl", **headers)
    assert ingest(bytes(raw), django_capture_on_commit_callbacks).outcome == "malformed"
    [answer] = mail.outbox
    body = " ".join(answer.body.split())
    assert "could not read it" in body and ("konden hem niet lezen" in body) is dutch
    assert body.count("Alta: http") == 1
