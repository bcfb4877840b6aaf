"""Mail from a player who left a game that goes on between the others
(resigned, or dropped when their time ran out): what they read in the
answers to their commands and replies, and what the others read of them.

The game page lets such a player read and write the chat (its form is
shown to every seated player, ``games.services.chat.chat_post`` refuses
only non-players), so ``say`` by mail posts too, the line naming them as
having left; a plain reply, which for a seated player is chat, is not
posted for them (their game mails no longer say a reply reaches the
table) and they are told so."""

from __future__ import annotations

from html import unescape

import pytest
from django.core import mail

from games.engine import Termination
from games.models import ChatMessage, MoveRecord
from games.services import match_create_seated, match_resign
from mail.addresses import reply_address
from mail.outbox import reply_token_for
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message
from .test_waiting_chat import answer_to

pytestmark = pytest.mark.django_db


@pytest.fixture
def left(alice, bob, carol, now, django_capture_on_commit_callbacks):
    """A 3-player Alta that Carol resigned (on the page); Alice and Bob
    play on.  Returns the match."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
        match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    match.refresh_from_db()
    assert match.is_active
    return match


def _send(match, user, body, now, capture):
    """``user`` replies ``body`` to a mail of ``match``'s current position;
    returns the stored inbound row (the outbox cleared first)."""
    seat = match.seats.get(user=user)
    token = reply_token_for(match=match, seat_index=seat.index, user=user, ply=match.ply, now=now)
    mail.outbox.clear()
    return ingest(bytes(message(reply_address(token.token), body, sender=user.email)), capture)


def _both_parts(email) -> list[str]:
    """The plain part (its wrapping undone) and the HTML part as read (its
    entities unescaped)."""
    return [" ".join(email.body.split()), unescape(email.alternatives[0].content)]


@pytest.mark.parametrize(
    ("language", "body", "told"),
    [
        ("en", "say Good luck to you both", "You have left this game; the others see that next to your name."),
        ("nl", "zeg Succes allebei", "Je hebt deze partij verlaten; de anderen zien dat bij je naam."),
    ],
)
def test_say_from_a_player_who_resigned_is_posted_and_they_are_told_they_left(
    language, body, told, left, carol, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", carol)
    record = _send(left, carol, body, now, django_capture_on_commit_callbacks)
    assert record.detail == "said"
    assert ChatMessage.objects.filter(author=carol).count() == 1
    [answer] = mails_to(carol.email)
    for part in _both_parts(answer):
        assert told in part


@pytest.mark.parametrize(("language", "name"), [("en", "Carol (resigned)"), ("nl", "Carol (opgegeven)")])
def test_the_others_read_that_the_writer_of_a_chat_line_resigned(
    language, name, left, alice, bob, carol, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    for user in (alice, bob):
        user.chat_at_once = True
        user.save(update_fields=["chat_at_once"])
    _send(left, carol, "say Good luck to you both", now, django_capture_on_commit_callbacks)
    for user in (alice, bob):
        [line] = [m for m in mails_to(user.email) if "Good luck" in m.body]
        for part in _both_parts(line):
            assert name in part, part


@pytest.mark.parametrize(("language", "name"), [("en", "Carol (resigned)"), ("nl", "Carol (opgegeven)")])
def test_a_chat_mails_subject_says_its_writer_resigned_as_its_body_does(
    language, name, left, alice, carol, now, django_capture_on_commit_callbacks
):
    """The subject named "Carol" while the body said "Carol (resigned)"."""
    living_in(language, "Europe/Amsterdam", alice)
    alice.chat_at_once = True
    alice.save(update_fields=["chat_at_once"])
    _send(left, carol, "say Good luck to you both", now, django_capture_on_commit_callbacks)
    [line] = [m for m in mails_to(alice.email) if "Good luck" in m.body]
    assert line.subject.endswith(name), line.subject


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "You have left this game: your reply was not played and not posted to the other players."),
        ("nl", "Je hebt deze partij verlaten: je antwoord is niet gespeeld en niet naar de andere spelers gestuurd."),
    ],
)
@pytest.mark.parametrize("on_the_current_position", [True, False])
def test_a_plain_reply_from_a_player_who_resigned_is_not_posted_and_says_why(
    language, told, on_the_current_position, left, alice, carol, now, settings, django_capture_on_commit_callbacks
):
    """A seated player's plain reply is chat; one who left was told "Your
    message was sent" on the current position's address, and "moves from
    you are no longer played" on an earlier one, for the same text."""
    living_in(language, "Europe/Amsterdam", carol)
    if not on_the_current_position:
        left.ply -= 1  # the token of the position before the resignation
    record = _send(left, carol, "Well played, both of you", now, django_capture_on_commit_callbacks)
    left.refresh_from_db()
    assert not ChatMessage.objects.exists()
    [answer] = mails_to(carol.email)
    text, html = _both_parts(answer)
    assert told in text and told in html, text
    assert ("say" if language == "en" else "zeg") in text
    assert record.outcome in {"command", "rejected"}


def test_a_timed_out_player_s_chat_line_says_they_timed_out(alice, bob, carol, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
        seat = match.seats.get(user=carol)
        match_resign(match_id=match.pk, user=None, seat_index=seat.index, reason=Termination.TIMEOUT, now=now)
    match.refresh_from_db()
    alice.chat_at_once = True
    alice.save(update_fields=["chat_at_once"])
    _send(match, carol, "say Sorry, I was away", now, django_capture_on_commit_callbacks)
    [line] = [m for m in mails_to(alice.email) if "Sorry" in m.body]
    assert "Carol (timed out): Sorry, I was away" in line.body


@pytest.mark.parametrize(
    ("language", "word", "told"),
    [
        ("en", "board", ["You resigned this game.", "your former seat's view, its own cards included"]),
        ("nl", "bord", ["Je hebt deze partij opgegeven.", "wat je vroegere plaats ziet, met zijn eigen kaarten"]),
    ],
)
def test_board_after_resigning_says_so_above_the_position(
    language, word, told, left, carol, now, django_capture_on_commit_callbacks
):
    """The position came as if Carol still played ("Your hand: ..."),
    nothing saying she had resigned or whose turns those cards are now."""
    living_in(language, "Europe/Amsterdam", carol)
    record = _send(left, carol, word, now, django_capture_on_commit_callbacks)
    assert record.detail == "board"
    [answer] = mails_to(carol.email)
    for part in _both_parts(answer):
        for said in told:
            assert said in part, part
        assert part.index(told[0]) < part.index("Alice")  # above the position


def test_board_after_a_timeout_says_the_player_was_dropped(alice, bob, carol, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
        seat = match.seats.get(user=carol)
        match_resign(match_id=match.pk, user=None, seat_index=seat.index, reason=Termination.TIMEOUT, now=now)
    match.refresh_from_db()
    _send(match, carol, "board", now, django_capture_on_commit_callbacks)
    [answer] = mails_to(carol.email)
    for part in _both_parts(answer):
        assert "You were dropped from this game when your time ran out." in part


@pytest.mark.parametrize(
    ("players", "told"),
    [
        (
            3,
            "Je bent in deze partij afgevallen toen je tijd op was: je antwoord is niet gespeeld en niet naar "
            "de andere spelers gestuurd.",
        ),
        (
            2,
            "Je had geen tijd meer en hebt deze partij verloren: je antwoord is niet gespeeld en niet naar "
            "je tegenstander gestuurd.",
        ),
    ],
)
def test_a_late_reply_from_a_player_whose_time_ran_out_says_so_not_that_they_left(
    players, told, alice, bob, carol, now, django_capture_on_commit_callbacks
):
    """A player who lost on time and mailed their move late read "Je hebt
    deze partij verlaten" ("you have left this game"), which they never did."""
    living_in("nl", "Europe/Amsterdam", carol)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol][-players:], game="alta", now=now)
        seat = match.seats.get(user=carol)
        match_resign(match_id=match.pk, user=None, seat_index=seat.index, reason=Termination.TIMEOUT, now=now)
    match.refresh_from_db()
    assert match.is_active == (players == 3)
    _send(match, carol, "Sorry, ik was weg", now, django_capture_on_commit_callbacks)
    [answer] = mails_to(carol.email)
    for part in _both_parts(answer):
        assert told in part and "verlaten" not in part, part


@pytest.fixture
def over(alice, bob, now, django_capture_on_commit_callbacks):
    """A 2-player Alta that Alice resigned: over, Bob won."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
        match_resign(match_id=match.pk, user=alice, now=now, source=MoveRecord.Source.WEB)
    match.refresh_from_db()
    assert match.is_finished
    return match


@pytest.mark.parametrize(
    ("language", "word", "subject", "told"),
    [
        ("en", "board", "the final position", ["Final result:", "Alice: 0 points (resigned)"]),
        ("nl", "bord", "de eindstelling", ["Eindstand:", "Alice: 0 punten (opgegeven)"]),
    ],
)
@pytest.mark.parametrize("reader", ["alice", "bob"])
def test_board_of_a_finished_game_says_it_is_over_and_how_it_ended(
    reader, language, word, subject, told, over, now, request, django_capture_on_commit_callbacks
):
    """It came as "the current position" of a game seemingly still going
    (for the winner, with nothing about the end at all)."""
    user = request.getfixturevalue(reader)
    living_in(language, "Europe/Amsterdam", user)
    _send(over, user, word, now, django_capture_on_commit_callbacks)
    [answer] = mails_to(user.email)
    assert answer.subject.endswith(subject)
    for part in _both_parts(answer):
        for said in told:
            assert said in part, part


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The game is over; no more moves can be made."),
        ("nl", "De partij is afgelopen; er kunnen geen zetten meer worden gedaan."),
    ],
)
def test_a_move_sent_to_a_finished_game_says_the_game_is_over(
    language, said, over, bob, now, django_capture_on_commit_callbacks
):
    """It said "This game is not in play.", which a player reads as a game
    not yet started or paused."""
    living_in(language, "Europe/Amsterdam", bob)
    over.ply -= 1  # the "your move" mail Bob got before Alice resigned
    record = _send(over, bob, "1", now, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    [answer] = mails_to(bob.email)
    for part in _both_parts(answer):
        assert said in part


@pytest.mark.parametrize(
    ("language", "word", "said"),
    [
        ("en", "draw", '"draw" is neither a command nor a move, so nothing was done.'),
        ("nl", "remise", '"remise" is geen opdracht en geen zet, dus er is niets gedaan.'),
    ],
)
def test_a_lone_word_from_a_player_who_resigned_is_answered_as_no_command_with_the_list(
    language, word, said, left, carol, now, django_capture_on_commit_callbacks
):
    """A word tried as a command ("draw", "pause") is answered with the
    command list, as for a player still seated, not only with "your reply
    was not posted"."""
    living_in(language, "Europe/Amsterdam", carol)
    _send(left, carol, word, now, django_capture_on_commit_callbacks)
    [answer] = mails_to(carol.email)
    text = " ".join(answer.body.split())
    assert said in text and ("history" if language == "en" else "geschiedenis") in text
    assert not ChatMessage.objects.exists()


def _started_mail(match, user):
    """``user``'s mail saying ``match`` has started, answered to its From
    (as a reply to a mail without a reply address is): by References."""
    [started] = [m for m in mails_to(user.email) if f"#{match.pk}" in m.subject]
    return started


@pytest.fixture
def carol_left(alice, bob, carol, now, django_capture_on_commit_callbacks):
    """A 3-player Alta game Carol resigned while it goes on, and the mail
    that told her it started (it has no reply address)."""
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    started = _started_mail(match, carol)
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    match.refresh_from_db()
    mail.outbox.clear()
    return match, started


@pytest.mark.parametrize(("body", "detail"), [("say bye all", "said"), ("board", "board"), ("mute chat", "chat muted")])
def test_a_command_in_reply_to_a_mail_without_reply_address_after_resigning_is_carried_out(
    body, detail, carol, carol_left, django_capture_on_commit_callbacks
):
    """Answered by References as at the player's reply address, not with
    the generic "could not match" answer."""
    match, started = carol_left
    record = ingest(answer_to(started, body, sender=carol.email), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail, record.match_id) == ("command", detail, match.pk)
    [answer] = mails_to(carol.email)
    assert "could not match" not in answer.body


def test_a_move_in_reply_to_a_mail_without_reply_address_after_resigning_is_refused_as_left(
    carol, carol_left, django_capture_on_commit_callbacks
):
    match, started = carol_left
    ply = match.ply
    ingest(answer_to(started, "1", sender=carol.email), django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.ply == ply
    [answer] = mails_to(carol.email)
    assert "You have left this game: your reply was not played" in " ".join(answer.body.split())
