"""A player who plays by mail alone chooses the name the others see by
mail: "name Jan de Vries" (naam, "my name is ...") at the command address,
with the profile page's checks; a refused name changes nothing and says
why, in the player's language."""

from __future__ import annotations

import pytest
from django.core import mail

from mail.invitees import email_only_account_create
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def send(address, body, sender, capture):
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject="name", quote=False)), capture)
    [answer] = mails_to(sender)
    return record, " ".join(answer.body.split())


@pytest.mark.parametrize("body", ["name Jan de Vries", "My name is 'Jan de Vries'", "naam: Jan de Vries"])
def test_an_email_only_player_chooses_their_name(body, address, now, django_capture_on_commit_callbacks):
    guest = email_only_account_create(address="jan@example.net", now=now)
    assert guest.display_name.startswith("Guest-")
    record, said = send(address, body, guest.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "name: changed")
    guest.refresh_from_db()
    assert guest.display_name == "Jan de Vries"
    assert "Your name is now Jan de Vries (it was Guest-" in said


def test_a_name_another_player_has_is_refused_and_changes_nothing(
    address, alice, bob, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    record, said = send(address, "naam ALICE", bob.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "name: refused")
    assert "Je naam is niet veranderd." in said
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


@pytest.mark.parametrize("name", ["x", "a" * 41, "<script>", "Ａlice"])
def test_a_malformed_name_is_refused_with_the_reason(name, address, alice, bob, django_capture_on_commit_callbacks):
    record, said = send(address, f"name {name}", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "Your name was not changed." in said
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_name_without_a_name_says_how(address, bob, django_capture_on_commit_callbacks):
    record, said = send(address, "name", bob.email, django_capture_on_commit_callbacks)
    assert record.detail == "name: none" and "name Jan de Vries" in said and "you are now Bob" in said


def test_the_new_name_is_what_the_other_players_see(address, alice, bob, now, django_capture_on_commit_callbacks):
    from games.services import match_create_seated

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    send(address, "name Roberto", bob.email, django_capture_on_commit_callbacks)
    assert "Roberto" in [str(seat.user) for seat in match.seats.all()]


def test_the_help_lists_the_name_command(address, bob, django_capture_on_commit_callbacks):
    _record, said = send(address, "help", bob.email, django_capture_on_commit_callbacks)
    assert "name (naam) <new name>: your name as others see it" in said


def test_a_new_email_only_player_is_told_they_can_choose_a_name_by_mail(
    address, alice, now, settings, django_capture_on_commit_callbacks
):
    from games.services import match_create

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(creator=alice, game="alta", players=3, now=now, invite=["guest@example.net"])
    [invitation] = [m for m in mails_to("guest@example.net") if m.reply_to]
    mail.outbox.clear()
    ingest(
        bytes(message(invitation.reply_to[0], "accept", sender="guest@example.net")), django_capture_on_commit_callbacks
    )
    [answer] = mails_to("guest@example.net")
    assert f'send "name" and the name you want to commands@{settings.MAIL_DOMAIN}' in " ".join(answer.body.split())
    assert match.seats.filter(user__email="guest@example.net").exists()


@pytest.mark.parametrize(
    ("body", "code"), [("language nl", "nl"), ("taal: Nederlands", "nl"), ("Language English", "en")]
)
def test_the_language_is_chosen_by_mail(body, code, address, bob, django_capture_on_commit_callbacks):
    living_in("it", "Europe/Rome", bob)
    record, said = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command"
    bob.refresh_from_db()
    assert bob.language == code
    assert {"nl": "Je mails en pagina's zijn nu in het Nederlands.", "en": "Your mails and pages are now in English."}[
        code
    ] in said


def test_an_unknown_language_changes_nothing(address, bob, django_capture_on_commit_callbacks):
    record, said = send(address, "language klingon", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "English, Nederlands" in said
    bob.refresh_from_db()
    assert bob.language != "klingon"


@pytest.mark.parametrize(
    ("body", "zone"),
    [
        ("time zone Europe/Amsterdam", "Europe/Amsterdam"),
        ("tijdzone amsterdam", "Europe/Amsterdam"),
        ("zone new york", "America/New_York"),
        ("timezone: asia/kolkata.", "Asia/Kolkata"),
    ],
)
def test_the_time_zone_is_chosen_by_mail(body, zone, address, bob, django_capture_on_commit_callbacks):
    record, said = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and f"now written in {zone} time" in said
    bob.refresh_from_db()
    assert bob.time_zone == zone


@pytest.mark.parametrize("body", ["time zone Atlantis/Capital", "zone", "tijdzone ../../etc/passwd"])
def test_an_unknown_time_zone_changes_nothing(body, address, bob, django_capture_on_commit_callbacks):
    before = bob.time_zone
    record, said = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "time zone Europe/Amsterdam" in said
    bob.refresh_from_db()
    assert bob.time_zone == before


@pytest.mark.parametrize(
    ("body", "setting"), [("digest", "daily_digest"), ("Dagelijkse samenvatting graag", "daily_digest")]
)
def test_a_player_asks_for_the_daily_digest_and_back(body, setting, address, bob, django_capture_on_commit_callbacks):
    record, said = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command"
    bob.refresh_from_db()
    assert bob.notifications == setting
    assert "each morning it lists the games where it is your move, each with its reply address" in said
    record, said = send(address, "elke beurt", bob.email, django_capture_on_commit_callbacks)
    bob.refresh_from_db()
    assert bob.notifications == "every_turn" and "You now get a mail for every turn." in said


def test_a_line_that_only_opens_with_digest_is_no_command(address, bob, django_capture_on_commit_callbacks):
    record, _said = send(address, "digest me the rules please", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    bob.refresh_from_db()
    assert bob.notifications == "every_turn"


@pytest.mark.parametrize(
    ("name", "language", "said"),
    [("Bob", "en", "Bob is already your name."), ("Bo\u200bb", "nl", "Bob is al je naam.")],
)
def test_the_name_one_already_has_is_not_reported_as_a_change(
    name, language, said, address, bob, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", bob)
    record, answer = send(address, f"name {name}", bob.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "name: unchanged")
    assert said in answer and "now" not in answer and "nu" not in answer.split()


@pytest.mark.parametrize(
    ("at_once", "back"), [("chat at once", "chat with my moves"), ("Chat meteen graag", "chat bij mijn zetten")]
)
def test_an_email_only_player_asks_for_chat_at_once_and_back(
    at_once, back, address, now, django_capture_on_commit_callbacks
):
    guest = email_only_account_create(address="jan@example.net", now=now)
    assert not guest.chat_at_once
    record, said = send(address, at_once, guest.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "chat: at once")
    guest.refresh_from_db()
    assert guest.chat_at_once and "You now get each chat message by mail as soon as it is written." in said
    record, said = send(address, back, guest.email, django_capture_on_commit_callbacks)
    guest.refresh_from_db()
    assert record.outcome == "command" and not guest.chat_at_once
    assert "You now read chat messages in your next mail of their game." in said


def test_the_command_address_help_lists_chat_at_once(address, bob, django_capture_on_commit_callbacks):
    _record, said = send(address, "help", bob.email, django_capture_on_commit_callbacks)
    assert "chat at once (chat meteen) / chat with my moves (chat bij mijn zetten)" in said
