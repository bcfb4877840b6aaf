"""A player who is waiting chats by replying: to the receipt of their own
move or the game-over mail (mails that ask for no move and carry no reply
address: the reply names them by Message-ID), or to an earlier turn mail
of the same game.  A move sent so is never played, and nobody else can
use those mails."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import ChatMessage
from games.services import match_resign

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def latest_address(user) -> str:
    return [m for m in mails_to(user.email) if m.reply_to][-1].reply_to[0]


def whole_turn_by_mail(game, seat, capture) -> list[str]:
    """Play ``seat``'s turn by replying "1" until it is over; returns the
    reply addresses used, the first one first."""
    rules = get_rules(game.game)
    used = []
    while True:
        used.append(latest_address(seat.user))
        record = ingest(bytes(message(used[-1], "1", sender=seat.user.email)), capture)
        assert record.outcome == "accepted", record.detail
        game.refresh_from_db()
        if seat.index not in rules.to_move(rules.load(game.state)):
            return used


def last_receipt(user):
    """The receipt of the turn that ended (not a "rest of your turn" mail)."""
    receipt = mails_to(user.email)[-1]
    assert "was played" in receipt.subject and "rest of your turn" not in receipt.subject
    return receipt


def answer_to(game_mail, body: str, *, sender: str) -> bytes:
    """A reply as a mail client writes it: to the mail's From (it has no
    Reply-To), naming it in In-Reply-To and References."""
    reply = message(game_mail.extra_headers["From"], body, sender=sender, subject="Re: " + game_mail.subject)
    reply["In-Reply-To"] = game_mail.extra_headers["Message-ID"]
    reply["References"] = f"{game_mail.extra_headers['References']} {game_mail.extra_headers['Message-ID']}"
    return bytes(reply)


@pytest.fixture
def waiting(game, django_capture_on_commit_callbacks):
    """Whoever moved first, now waiting; the other seat; the mover's first
    (now earlier) reply address."""
    seat = mover_of(game)
    used = whole_turn_by_mail(game, seat, django_capture_on_commit_callbacks)
    other = game.seats.exclude(pk=seat.pk).get()
    return seat, other, used[0]


def test_a_reply_to_the_receipt_is_chat(game, waiting, django_capture_on_commit_callbacks):
    seat, other, _earlier = waiting
    receipt = last_receipt(seat.user)
    assert not receipt.reply_to  # it asks for no move
    mail.outbox.clear()
    record = ingest(answer_to(receipt, "Nice opening!", sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "said"
    [answer] = mails_to(seat.user.email)
    assert "Your message was sent to your opponent" in answer.body
    assert list(ChatMessage.objects.values_list("author", "text")) == [(seat.user.pk, "Nice opening!")]


def test_the_receipt_says_a_reply_to_it_is_a_message_to_the_other_players(game, waiting):
    seat, _other, _earlier = waiting
    receipt = last_receipt(seat.user)
    html = receipt.alternatives[0].content
    for part in (" ".join(receipt.body.split()), html):
        assert "Reply to this email to write to your opponent" in part
        assert "never as a move" in part


def test_a_command_in_reply_to_the_receipt_is_answered(game, waiting, django_capture_on_commit_callbacks):
    seat, _other, _earlier = waiting
    raw = answer_to(last_receipt(seat.user), "history", sender=seat.user.email)
    mail.outbox.clear()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "history"
    [answer] = mails_to(seat.user.email)
    assert "1. " in answer.body


def test_a_move_in_reply_to_the_receipt_is_never_played(game, waiting, django_capture_on_commit_callbacks):
    seat, other, _earlier = waiting
    receipt = last_receipt(seat.user)
    whole_turn_by_mail(game, other, django_capture_on_commit_callbacks)  # the mover is to move again
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(answer_to(receipt, "1", sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token" and game.moves.count() == moves
    [answer] = mails_to(seat.user.email)
    assert 'reply to the latest "your move" email' in " ".join(answer.body.split())


def test_nobody_else_can_use_the_receipt(game, waiting, django_capture_on_commit_callbacks):
    seat, other, _earlier = waiting
    raw = answer_to(last_receipt(seat.user), "Nice opening!", sender=other.user.email)
    mail.outbox.clear()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token" and not ChatMessage.objects.exists()


def test_a_reply_to_the_game_over_mail_is_chat(game, waiting, now, django_capture_on_commit_callbacks):
    seat, other, _earlier = waiting
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=seat.user, now=now)
    [over] = [m for m in mails_to(other.user.email) if "the game is over" in m.subject]
    record = ingest(answer_to(over, "Well played!", sender=other.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "said"
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Well played!"]


def test_a_chat_line_to_an_earlier_turn_mail_is_chat(game, waiting, django_capture_on_commit_callbacks):
    seat, other, earlier = waiting
    mail.outbox.clear()
    record = ingest(
        bytes(message(earlier, "Nice opening!", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "command" and record.detail == "said"
    [answer] = mails_to(seat.user.email)
    assert "Your message was sent to your opponent" in answer.body and "not accepted" not in answer.body
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Nice opening!"]


def test_a_move_to_an_earlier_turn_mail_is_still_refused(game, waiting, django_capture_on_commit_callbacks):
    seat, other, earlier = waiting
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(bytes(message(earlier, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and game.moves.count() == moves
    assert not ChatMessage.objects.exists()


def test_only_a_player_still_seated_is_told_a_reply_to_the_game_over_mail_is_chat(
    game, waiting, now, django_capture_on_commit_callbacks
):
    seat, other, _earlier = waiting
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=seat.user, now=now)
    seat.refresh_from_db()
    assert seat.departed  # resigned: a reply from them is answered, never posted
    for user, told in ((other.user, True), (seat.user, False)):
        [over] = [m for m in mails_to(user.email) if "the game is over" in m.subject]
        for part in (" ".join(over.body.split()), over.alternatives[0].content):
            assert ("Reply to this email to write to your opponent" in part) is told


@pytest.mark.parametrize("word", ["status", "stand", "opties", "options", "positie"])
def test_a_waiting_player_asking_for_the_position_gets_it_instead_of_chatting_it(
    word, game, waiting, django_capture_on_commit_callbacks
):
    seat, _other, earlier = waiting
    mail.outbox.clear()
    record = ingest(bytes(message(earlier, word, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "board")
    assert not ChatMessage.objects.exists()
    [answer] = mails_to(seat.user.email)
    assert "the current position" in answer.subject.lower()


@pytest.mark.parametrize("word", ["B", "C", "a", "option 2"])
def test_a_letter_or_number_to_an_earlier_turn_mail_is_refused_not_chatted(
    word, game, waiting, django_capture_on_commit_callbacks
):
    seat, _other, earlier = waiting
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(bytes(message(earlier, word, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and game.moves.count() == moves
    assert not ChatMessage.objects.exists()
    [answer] = mails_to(seat.user.email)
    # Told it is not their turn (not only that the mail answers an earlier position).
    text = " ".join(answer.body.split())
    assert "It is not your turn now" in text and "sent to your opponent" not in text


def test_a_move_to_the_receipt_from_a_player_to_move_gets_the_position_and_keeps_the_chat(
    game, waiting, django_capture_on_commit_callbacks
):
    seat, other, _earlier = waiting
    receipt = last_receipt(seat.user)
    whole_turn_by_mail(game, other, django_capture_on_commit_callbacks)  # seat is to move again
    assert mover_of(game).pk == seat.pk
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(
        answer_to(receipt, "B\nyour turn was great", sender=seat.user.email), django_capture_on_commit_callbacks
    )
    assert record.outcome == "unknown_token" and game.moves.count() == moves
    [answer] = mails_to(seat.user.email)
    text = " ".join(answer.body.split())
    assert 'latest "your move" email' in text and "could not match it" not in text
    assert answer.reply_to  # a fresh address to send the move to
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["your turn was great"]
    assert [m for m in mails_to(other.user.email) if "your turn was great" in m.body] == []  # with their next mail


@pytest.mark.parametrize("word", ["undo", "pass", "stats", "commands"])
def test_a_waiting_players_unknown_word_gets_the_command_list_not_the_table(
    word, game, waiting, django_capture_on_commit_callbacks
):
    seat, _other, earlier = waiting
    moves = game.moves.count()
    for address in (earlier, latest_address(seat.user)):
        mail.outbox.clear()
        record = ingest(bytes(message(address, word, sender=seat.user.email)), django_capture_on_commit_callbacks)
        assert record.outcome == "command" and game.moves.count() == moves
        [answer] = mails_to(seat.user.email)
        assert "neither a command nor a move" in answer.body and "vacation N" in answer.body
    assert not ChatMessage.objects.exists()


def test_punctuation_after_say_is_not_part_of_the_message(game, waiting, django_capture_on_commit_callbacks):
    seat, _other, earlier = waiting
    record = ingest(
        bytes(message(earlier, "Say, nice move!", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.detail == "said"
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["nice move!"]


def test_the_receipt_of_a_turn_sent_one_step_per_mail_names_the_whole_turn(game, django_capture_on_commit_callbacks):
    """A turn sent a step at a time (each reply "1") ends with one receipt:
    it names every step of the turn, not only the last mail's."""
    from games.models import MoveRecord
    from mail.since import words

    seat = mover_of(game)
    used = whole_turn_by_mail(game, seat, django_capture_on_commit_callbacks)
    steps = [words("alta", r.text) for r in MoveRecord.objects.filter(match=game).order_by("ply")]
    assert len(used) == len(steps) > 1, steps  # played in more than one mail
    receipt = last_receipt(seat.user)
    subject = " ".join(receipt.subject.split())
    assert "; ".join(steps) in subject, (steps, subject)


def test_a_move_below_a_command_to_the_receipt_is_not_played_and_the_player_is_told(
    game, waiting, django_capture_on_commit_callbacks
):
    """As a move alone: never played from the receipt, and said so, instead
    of the command's answer while the move silently goes nowhere."""
    seat, other, _earlier = waiting
    receipt = last_receipt(seat.user)
    whole_turn_by_mail(game, other, django_capture_on_commit_callbacks)  # seat is to move again
    moves = game.moves.count()
    mail.outbox.clear()
    record = ingest(answer_to(receipt, "board\nB\nthanks", sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token" and game.moves.count() == moves
    [answer] = mails_to(seat.user.email)
    assert 'latest "your move" email' in " ".join(answer.body.split()) and answer.reply_to
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["thanks"]


def test_the_mail_a_reply_goes_to_does_not_come_from_a_no_reply_address(game, waiting):
    """The receipt asks for a reply to itself (to its From): an address
    named "noreply" would tell the player the opposite."""
    from email.utils import parseaddr

    seat, _other, _earlier = waiting
    sender = parseaddr(last_receipt(seat.user).extra_headers["From"])[1]
    local = sender.partition("@")[0].lower().replace("-", "").replace("_", "")
    assert sender and not local.startswith(("noreply", "donotreply")), sender


@pytest.mark.parametrize(
    ("language", "later"),
    [
        ("en", "{} gets chat with the game's mails, so will read it in the next one."),
        ("nl", "{} krijgt chat mee met de mails van de partij en leest het dus in de volgende."),
    ],
)
def test_the_answer_to_a_chat_says_who_reads_it_only_with_their_next_mail(
    language, later, game, waiting, django_capture_on_commit_callbacks
):
    """ "Sent" is not "in their inbox": a player who gets chat with the
    game's mails (not at once) is named, so the writer knows why no answer
    comes yet; one who gets chat at once is not."""
    from tests.conftest import living_in

    seat, other, _earlier = waiting
    living_in(language, "Europe/Amsterdam", seat.user)
    receipt = last_receipt(seat.user)
    for at_once, named in ((False, True), (True, False)):
        type(other.user).objects.filter(pk=other.user.pk).update(chat_at_once=at_once)
        mail.outbox.clear()
        ingest(
            answer_to(receipt, f"Nice opening! {at_once}", sender=seat.user.email), django_capture_on_commit_callbacks
        )
        [answer] = mails_to(seat.user.email)
        assert (later.format(other.user) in " ".join(answer.body.split())) is named, answer.body
