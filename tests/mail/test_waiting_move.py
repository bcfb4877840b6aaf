"""A player who is not to move (waiting for the others) and replies with a
move from one of their earlier mails, a bare option number or an option
line copied from the list ("2. wheat field D4"), is told plainly: it is not
their turn now, nothing was played, and their reply was not passed on to
the other players.  Not a chat line, not "Write a message first", not only
"this email answers an earlier position"."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import ChatMessage
from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message
from .test_waiting_chat import answer_to

pytestmark = pytest.mark.django_db

#: What the answer must say, by language: not your turn; nothing played;
#: not passed on.
TOLD = {
    "en": ("It is not your turn now", "nothing was played", "not passed on to your opponent"),
    "nl": ("Je bent nu niet aan zet", "er is niets gespeeld", "niet doorgegeven aan je tegenstander"),
}


def _waiting(game: str, language: str, now, capture):
    """A 2-player game whose first mover played their whole turn by
    replying "1" to each mail; that seat, the first mail they answered and
    its option lines (the numbered ones, then the lettered whole turns)."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game=game, now=now)
    rules = get_rules(game)
    seat = mover_of(match)
    first = [m for m in mails_to(seat.user.email) if m.reply_to][-1]
    listed = (
        first.body.split("HOW TO REPLY")[1] if "HOW TO REPLY" in first.body else first.body.split("ZO ANTWOORD JE")[1]
    )
    numbered = re.findall(r"^  (\d+\. .+)$", listed, re.MULTILINE)
    while True:
        address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
        record = ingest(bytes(message(address, "1", sender=seat.user.email)), capture)
        assert record.outcome == "accepted", record.detail
        match.refresh_from_db()
        if seat.index not in rules.to_move(rules.load(match.state)):
            return match, seat, first, numbered


def _assert_told(match, seat, language, moves: int, body_of_answer: str) -> None:
    assert match.moves.count() == moves
    assert not ChatMessage.objects.exists()
    text = " ".join(body_of_answer.split())
    for words in TOLD[language]:
        assert words.lower() in text.lower(), text


def _refused_as_waiting(match, seat, language, moves, first, reply, callbacks) -> None:
    """``reply`` to the mail ``first`` is refused with the one "not your turn" answer."""
    record = ingest(bytes(message(first.reply_to[0], reply, sender=seat.user.email)), callbacks)
    assert record.outcome == "rejected", (reply, record.outcome, record.detail)
    [answer] = mails_to(seat.user.email)
    _assert_told(match, seat, language, moves, answer.body)


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
@pytest.mark.parametrize("kind", ["copied", "number"])
def test_a_waiting_players_option_to_an_earlier_mail_is_answered_not_your_turn(
    game, language, kind, now, django_capture_on_commit_callbacks
):
    match, seat, first, numbered = _waiting(game, language, now, django_capture_on_commit_callbacks)
    moves = match.moves.count()
    reply = numbered[-1] if kind == "copied" else "2"
    mail.outbox.clear()
    _refused_as_waiting(match, seat, language, moves, first, reply, django_capture_on_commit_callbacks)


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("kind", ["copied", "number"])
def test_a_waiting_players_option_to_their_receipt_is_answered_not_your_turn(
    language, kind, now, django_capture_on_commit_callbacks
):
    match, seat, _first, numbered = _waiting("alhambra", language, now, django_capture_on_commit_callbacks)
    moves = match.moves.count()
    reply = numbered[-1] if kind == "copied" else "2"
    receipt = mails_to(seat.user.email)[-1]  # of the turn that ended: it asks for no move
    assert not receipt.reply_to
    raw = answer_to(receipt, reply, sender=seat.user.email)
    mail.outbox.clear()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected", (reply, record.outcome, record.detail)
    [answer] = mails_to(seat.user.email)
    _assert_told(match, seat, language, moves, answer.body)


def test_a_waiting_players_chat_to_an_earlier_mail_is_still_chat(now, django_capture_on_commit_callbacks):
    """A numbered line of their own ("1. I think you should build") is no
    option of the mail: it is chat, as before."""
    match, seat, first, _numbered = _waiting("alhambra", "en", now, django_capture_on_commit_callbacks)
    record = ingest(
        bytes(message(first.reply_to[0], "1. I think you should build a tower", sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )
    assert (record.outcome, record.detail) == ("command", "said")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["1. I think you should build a tower"]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("kind", ["copied", "number"])
def test_a_waiting_players_option_to_an_address_of_the_position_now_is_answered_not_your_turn(
    language, kind, now, settings, django_capture_on_commit_callbacks
):
    """The address a waiting player is given for commands and chat (the
    "games" answer, a mail that shows them the position): an option there
    is no chat line and no "turn already complete" either."""
    from mail.outbox import reply_token_for

    match, seat, _first, numbered = _waiting("alhambra", language, now, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    token = reply_token_for(match=match, seat_index=seat.index, user=seat.user, ply=match.ply, now=now)
    moves = match.moves.count()
    reply = numbered[-1] if kind == "copied" else "2"
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", reply, sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "rejected", (reply, record.outcome, record.detail)
    [answer] = mails_to(seat.user.email)
    _assert_told(match, seat, language, moves, answer.body)


#: Replies with a greeting (and a closing) around a move of the mail's
#: lists: "{move}" is an option number, a whole turn's letter or a copied
#: option line.  The move is the same, the greeting no message of its own.
GREETED = {
    "en": ("Hi,\n\n{move}", "Hello Bob,\n{move}\nCheers, Alice"),
    "nl": ("Hallo,\n{move}\nGroet, Bob", "Hoi allemaal!\n\n{move}"),
}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alta", "alhambra"])
@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("kind", ["number", "letter", "copied"])
def test_a_waiting_players_move_below_a_greeting_is_answered_not_your_turn(
    game, language, which, kind, now, django_capture_on_commit_callbacks
):
    """Only the first line was checked for a move: "Hi,\\n\\nB" was posted
    to the game's chat.  It is answered as "B" alone is: not your turn."""
    match, seat, first, numbered = _waiting(game, language, now, django_capture_on_commit_callbacks)
    moves = match.moves.count()
    mail.outbox.clear()
    move = {"number": "2", "letter": "B", "copied": numbered[-1]}[kind]
    reply = GREETED[language][which].format(move=move)
    _refused_as_waiting(match, seat, language, moves, first, reply, django_capture_on_commit_callbacks)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_waiting_players_move_below_a_greeting_to_their_receipt_is_answered_not_your_turn(
    language, now, django_capture_on_commit_callbacks
):
    match, seat, _first, _numbered = _waiting("alhambra", language, now, django_capture_on_commit_callbacks)
    moves = match.moves.count()
    receipt = mails_to(seat.user.email)[-1]  # asks for no move: answered by Message-ID
    raw = answer_to(receipt, GREETED[language][0].format(move="B"), sender=seat.user.email)
    mail.outbox.clear()
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected", (record.outcome, record.detail)
    [answer] = mails_to(seat.user.email)
    _assert_told(match, seat, language, moves, answer.body)


@pytest.mark.parametrize(
    ("language", "reply"), [("en", "Hi,\n\nnice move, Bob!"), ("nl", "Hallo,\nmooie zet!\nGroet, Alice")]
)
def test_a_waiting_players_greeted_chat_is_still_chat(language, reply, now, django_capture_on_commit_callbacks):
    """A greeting above words, not a move, stays a chat message, whole."""
    _match, seat, first, _numbered = _waiting("alhambra", language, now, django_capture_on_commit_callbacks)
    record = ingest(
        bytes(message(first.reply_to[0], reply, sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert (record.outcome, record.detail) == ("command", "said")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [reply]
