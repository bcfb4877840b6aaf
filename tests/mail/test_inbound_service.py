"""Moves by reply: what is accepted, what is refused, and what changes."""

from email.message import EmailMessage

import pytest
from django.core import mail
from django.db import DataError, connection

from games.engine import get_rules
from games.services import match_create_seated
from mail.models import InboundEmail, ReplyToken
from mail.services import inbound_email_process

from .conftest import mover_of

pytestmark = pytest.mark.django_db
_counter = iter(range(10_000))


def reply(to: str, body: str, *, sender: str, message_id: str | None = None, **headers) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: Alta: your move"
    message["Message-ID"] = message_id or f"<r{next(_counter)}@client.example>"
    for key, value in headers.items():
        message[key.replace("_", "-")] = value
    message.set_content(body + "\n\nOn Mon, Alta wrote:\n> Your move\n")
    return bytes(message)


def latest_reply_to(address: str) -> str:
    return [m for m in mail.outbox if m.to == [address] and m.reply_to][-1].reply_to[0]


def process(raw, now, capture):
    with capture(execute=True):
        return inbound_email_process(raw=raw, source="test", now=now)


def _options(game) -> list[str]:
    rules = get_rules("alta")
    return [t for t, _ in rules.move_options(rules.load(game.state), mover_of(game).index)]


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    return seat, latest_reply_to(seat.user.email), _options(game)


@pytest.fixture
def choice(alice, bob, now, django_capture_on_commit_callbacks):
    """A new game whose mover has two options at least, with ``turn``'s
    three: for the tests that send another move to the same mail (an Alta
    opening offers a single option in about one deal of ten)."""
    for _ in range(50):
        with django_capture_on_commit_callbacks(execute=True):
            game = match_create_seated(users=[alice, bob], game="alta", now=now)
        if len(_options(game)) > 1:
            seat = mover_of(game)
            return game, (seat, latest_reply_to(seat.user.email), _options(game))
    pytest.fail("no deal of 50 offered the mover two options")


def test_a_reply_with_a_move_plays_it_and_sends_a_receipt(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, options = turn
    mail.outbox.clear()
    record = process(reply(address, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    game.refresh_from_db()
    assert game.ply == 1 and game.moves.get().source == "email"
    receipt = [m for m in mail.outbox if "was played" in m.subject]
    assert receipt and receipt[0].to == [seat.user.email]
    assert receipt[0].reply_to and receipt[0].reply_to[0] != address  # next part of the turn: new token


def test_a_reply_with_an_option_number(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, options = turn
    record = process(reply(address, str(len(options)), sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert game.moves.get().text == options[-1]


def test_a_bad_move_is_explained_and_changes_nothing(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    record = process(reply(address, "castle E9", sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    game.refresh_from_db()
    assert game.ply == 0
    answer = mail.outbox[-1]
    assert answer.to == [seat.user.email] and "was not accepted" in answer.subject
    assert "What went wrong:" in answer.body and "You wrote: castle E9" in answer.body
    assert "HOW TO REPLY" in answer.body and answer.reply_to


def test_an_old_position_is_refused_with_the_current_one(choice, now, django_capture_on_commit_callbacks):
    game, (seat, address, options) = choice
    process(reply(address, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    # Another move to the same mail (the same one again is a copy: test_reply_sent_twice).
    record = process(reply(address, options[1], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "earlier position" in record.detail
    assert game.moves.count() == 1
    assert "earlier position" in mail.outbox[-1].body


def test_the_same_message_delivered_twice_is_applied_once(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, options = turn
    raw = reply(address, options[0], sender=seat.user.email, message_id="<same@client>")
    first = process(raw, now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    again = process(raw, now, django_capture_on_commit_callbacks)
    assert (first.outcome, again.outcome) == ("accepted", "duplicate")
    assert game.moves.count() == 1 and mail.outbox == []


def test_forged_and_foreign_tokens_change_nothing(game, turn, carol, now, django_capture_on_commit_callbacks):
    seat, address, options = turn
    forged = address.replace(address[5:9], "ffff")
    assert (
        process(reply(forged, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks).outcome
        == "unknown_token"
    )
    other_domain = address.replace("@localhost", "@evil.example")
    assert (
        process(
            reply(other_domain, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks
        ).outcome
        == "unknown_token"
    )
    assert (
        process(reply(address, options[0], sender=carol.email), now, django_capture_on_commit_callbacks).outcome
        == "wrong_sender"
    )
    game.refresh_from_db()
    assert game.ply == 0 and not game.moves.exists()


def test_a_token_for_another_seat_cannot_move_for_it(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, options = turn
    other = game.seats.exclude(pk=seat.pk).get()
    # The waiting player has no reply address for this position at all.
    assert not ReplyToken.objects.filter(match=game, user=other.user).exists()
    assert (
        process(reply(address, options[0], sender=other.user.email), now, django_capture_on_commit_callbacks).outcome
        == "wrong_sender"
    )


def test_an_unlinked_sender_learns_only_how_to_link_a_member_gets_a_generic_answer(
    game, turn, carol, now, django_capture_on_commit_callbacks
):
    # Issue 19: every human mail is answered; an address without an account
    # learns it is not linked, and nothing about the game or its players.
    seat, address, options = turn
    mail.outbox.clear()
    process(reply(address, options[0], sender="stranger@nowhere.example"), now, django_capture_on_commit_callbacks)
    [unlinked] = mail.outbox
    assert unlinked.to == ["stranger@nowhere.example"] and "not linked" in unlinked.body
    assert options[0] not in unlinked.body and seat.user.email not in unlinked.body
    assert str(seat.user) not in unlinked.body and str(game.pk) not in unlinked.subject
    mail.outbox.clear()
    process(reply(address, options[0], sender=carol.email), now, django_capture_on_commit_callbacks)
    assert [m.to for m in mail.outbox] == [[carol.email]]
    assert "could not match it" in mail.outbox[0].body
    assert options[0] not in mail.outbox[0].body


def test_automatic_replies_are_ignored(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    record = process(
        reply(address, "I am on holiday", sender=seat.user.email, Auto_Submitted="auto-replied"),
        now,
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "auto_reply" and mail.outbox == []


def test_senders_are_rate_limited(game, turn, now, settings, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    settings.INBOUND_MAIL_PER_HOUR = 3
    outcomes = [
        process(reply(address, "nonsense", sender=seat.user.email), now, django_capture_on_commit_callbacks).outcome
        for _ in range(5)
    ]
    # Three an hour: the fourth is refused.
    assert outcomes[:3] == ["rejected"] * 3 and outcomes[3:] == ["rate_limited"] * 2


def test_nul_bytes_anywhere_change_nothing_and_are_stored_safely(game, turn, now, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    raw = reply(address, "mill\x00 D4", sender=seat.user.email).replace(b"Re: Alta", b"Re:\x00 Alta")
    record = process(raw, now, django_capture_on_commit_callbacks)
    assert record.outcome in {"rejected", "malformed"}
    assert "\x00" not in record.raw and game.moves.count() == 0


def _refuse_nul_as_postgresql_does(execute, sql, params, many, context):
    """An execute wrapper: a NUL in any text parameter fails the query with
    a DataError, as on PostgreSQL (SQLite would store it)."""
    rows = params if many else [params]
    if any(isinstance(value, str) and "\x00" in value for row in rows or [] for value in row or []):
        raise DataError("A string literal cannot contain NUL (0x00) characters.")
    return execute(sql, params, many, context)


@pytest.mark.parametrize("sender", ["bob\x00@example.com", "Bob <b\x00ob@example.com>"])
def test_a_nul_in_the_from_header_is_answered_not_retried(game, turn, now, sender, django_capture_on_commit_callbacks):
    """The sender's address reaches no query with its NUL: the mail gets an
    outcome (stored without the NUL) instead of "try again later" for ever."""
    _seat, address, options = turn
    raw = reply(address, options[0], sender="bob@example.com").replace(b"bob@example.com", sender.encode(), 1)
    with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
        record = process(raw, now, django_capture_on_commit_callbacks)
    assert record.pk and "\x00" not in record.sender
    assert InboundEmail.objects.get(pk=record.pk).outcome != "received"


@pytest.mark.parametrize("subject", [b"Re:\x00 Alta", b"=?utf-8?q?Re:_Alta=00?=", b"=?utf-8?b?UmU6IEFsdGEA?="])
@pytest.mark.parametrize("to", ["turn mail", "command address"])
def test_a_command_under_a_subject_holding_a_nul_is_answered_not_retried(
    game, turn, now, settings, subject, to, django_capture_on_commit_callbacks
):
    """A NUL in the subject (raw, or in an encoded word) never reaches the
    answer's subject, which "Re: <subject>" copies: PostgreSQL refused it,
    twice (the answer, then the could-not-read answer), so the intake said
    "try again later" for ever and the player was never answered."""
    seat, address, _ = turn
    address = address if to == "turn mail" else f"commands@{settings.MAIL_DOMAIN}"
    raw = reply(address, "help", sender=seat.user.email).replace(b"Re: Alta: your move", subject, 1)
    mail.outbox.clear()
    with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
        record = process(raw, now, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "help")
    [answer] = mail.outbox
    assert answer.to == [seat.user.email] and answer.subject == "Re: Alta" and "\x00" not in answer.subject


def test_a_value_the_database_refuses_makes_the_mail_unusable_not_an_outage(
    monkeypatch, game, turn, now, django_capture_on_commit_callbacks
):
    seat, address, options = turn

    def refused(*args, **kwargs):
        raise DataError("value too long for type character varying(320)")

    monkeypatch.setattr("mail.services._process", refused)
    record = process(reply(address, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "malformed" and game.moves.count() == 0


def test_malformed_mail_is_stored_and_refused(now):
    record = inbound_email_process(raw=b"\x00\xff garbage", source="test", now=now)
    assert record.outcome == "malformed"
    assert InboundEmail.objects.get().raw


def test_an_old_position_is_refused_in_the_players_language(choice, now, django_capture_on_commit_callbacks):
    game, (seat, address, options) = choice
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    process(reply(address, options[0], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    record = process(reply(address, options[1], sender=seat.user.email), now, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    body = " ".join(mail.outbox[-1].body.split())
    assert "Deze mail antwoordt op een eerdere stelling" in body and "earlier position" not in body
