"""Each mail is written in its recipient's language, whatever language the
player who moved uses, and a "your move" mail names the deadline in the
recipient's own time zone."""

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import translation

from games.models import Seat
from games.services import match_create_seated
from tests.conftest import living_in

from .playing import html_of, play

pytestmark = pytest.mark.django_db


def _turn_mails(language_of, now, capture, alice, bob):
    alice.language, bob.language = language_of["alice"], language_of["bob"]
    alice.time_zone, bob.time_zone = "Europe/Amsterdam", "America/New_York"
    alice.save()
    bob.save()
    with capture(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    mail.outbox.clear()
    # The mover's own page language must not leak into the others' mail.
    with translation.override("en" if language_of["bob"] == "nl" else "nl"):
        messages = play(match, now, capture, moves=8)
    return match, [m for m in messages if m.reply_to]


@pytest.mark.parametrize("languages", [{"alice": "en", "bob": "nl"}, {"alice": "nl", "bob": "en"}])
def test_a_turn_mail_is_in_its_recipients_language(languages, alice, bob, now, django_capture_on_commit_callbacks):
    _match, messages = _turn_mails(languages, now, django_capture_on_commit_callbacks, alice, bob)
    for user in (alice, bob):
        mine = [m for m in messages if m.to == [user.email]]
        assert mine, user
        for message in mine:
            html = html_of(message)
            if user.language == "nl":
                assert "je bent aan zet (" in message.subject and "has played" not in message.subject
                assert "JE BENT AAN ZET:" in message.body and "ZO ANTWOORD JE" in message.body
                assert "HOW TO REPLY" not in message.body and "Game page:" not in message.body
                assert "Zo antwoord je" in html and 'lang="nl"' in html and "How to reply" not in html
            else:
                assert "your move (" in message.subject and "aan zet" not in message.subject
                assert "IT IS YOUR MOVE:" in message.body and "ZO ANTWOORD JE" not in message.body
                assert "How to reply" in html and 'lang="en"' in html


def _check_deadline(match, user, zone):
    from django.utils.dateformat import format as date_format

    seat = Seat.objects.get(match=match, user=user)
    message = [m for m in mail.outbox if m.to == [user.email] and m.reply_to][-1]
    local = seat.deadline_at.astimezone(ZoneInfo(zone))
    assert local.utcoffset() != dt.timedelta(0)  # the zone really moves the clock
    with translation.override(user.language):
        when = date_format(local, "l j F Y, H:i")
    named = zone.replace("_", " ")  # as the page footer names it: "America/New York"
    for part in (" ".join(message.body.split()), html_of(message)):
        assert when in part and named in part, (user, part[:400])
    return message


def test_your_move_names_the_deadline_in_the_recipients_zone(alice, bob, now, django_capture_on_commit_callbacks):
    match, _messages = _turn_mails({"alice": "en", "bob": "nl"}, now, django_capture_on_commit_callbacks, alice, bob)
    zones = {alice.pk: "Europe/Amsterdam", bob.pk: "America/New_York"}
    seen = {}
    for _ in range(20):
        seat = match.seats.filter(deadline_at__isnull=False).select_related("user").get()
        seen[seat.user.pk] = _check_deadline(match, seat.user, zones[seat.user.pk])
        if len(seen) == 2:
            break
        play(match, now, django_capture_on_commit_callbacks, moves=1)
    assert "Je termijn:" in seen[bob.pk].body and "Your deadline:" in seen[alice.pk].body


@pytest.mark.parametrize(("game", "players"), [("alta", 2), ("alhambra", 3), ("atlantis", 2), ("alpaca", 3)])
def test_a_dutch_table_reads_no_english_in_a_whole_games_mail(
    game, players, alice, bob, carol, now, django_capture_on_commit_callbacks
):
    """Every mail of a game played to its end, final reveal included: no
    word an English msgid uses and no Dutch translation does (as the
    Dutch page walk counts them), outside links, notation codes (Alta's
    FAR, Alhambra's wall sides NESW) and hashes (the seed's commitment)."""
    from tests.i18n.test_dutch_pages import _words, english_words

    table = [alice, bob, carol][:players]
    living_in("nl", "Europe/Amsterdam", *table)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=table, game=game, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    assert any("afgelopen" in m.subject for m in messages)  # to the end
    english = english_words() - {user.display_name.lower() for user in table}
    found = {}
    for message in messages:
        prose = re.sub(r"https?://\S+|\b[A-Z0-9]{2,}\b|\b[0-9a-f]{16,}\b", " ", f"{message.subject}\n{message.body}")
        for word in _words(prose) & english:
            found.setdefault(word, message.subject)
    assert not found, found


def test_dutch_mails_name_the_turn_mail_and_the_merchant_cards_as_the_game_does(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """A Dutch player is told to answer the "je bent aan zet"-mail, the
    words of that mail's subject, and reads "koopmankaarten" (the Dutch
    rules' word) on the board as in the final breakdown."""
    alice.language = bob.language = "nl"
    alice.save()
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    over = [m for m in messages if "afgelopen" in m.subject]
    assert over
    for message in messages:
        text = " ".join(message.body.split())
        assert "jij bent aan zet" not in text and "koopmanskaart" not in text.lower(), message.subject
    # A board under way names them; the end's breakdown scores them (its
    # board is the islands alone).
    board = next(m.body for m in messages if "aan zet" in m.subject)
    assert "Je koopmankaarten:" in board and "Koopmankaarten in bezit:" in board
    assert "Koopmankaarten: " in over[0].body
    # The game's other mails point moves to the "je bent aan zet"-mail; the
    # end mail no longer does (no such mail is left to answer).
    pointing = [m for m in messages if '"je bent aan zet"-mail' in " ".join(m.body.split())]
    assert pointing and not any("afgelopen" in m.subject for m in pointing)
