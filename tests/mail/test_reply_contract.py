"""Issue 19's reply contract, through ``ingest_email``: moves at the top,
quotes anywhere removed, the rest is a message to the other players."""

import pytest
from django.core import mail

from games.engine import get_rules
from mail.models import InboundEmail
from mail.reply_cleaning import clean_reply

from .conftest import mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    rules = get_rules("alta")
    options = [t for t, _ in rules.move_options(rules.load(game.state), seat.index)]
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    return seat, address, options


def send(address, body, seat, capture, **kwargs) -> InboundEmail:
    return ingest(bytes(message(address, body, sender=seat.user.email, **kwargs)), capture)


def test_a_message_after_the_move_is_kept_not_a_reason_to_refuse(game, turn, django_capture_on_commit_callbacks):
    seat, address, options = turn
    record = send(address, f"{options[0]}\nGood luck!\nSee you", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    move = game.moves.get()
    assert move.text == options[0] and record.move == move
    assert record.message_to_players == "Good luck!\nSee you"


def test_the_message_kept_with_the_reply_has_no_control_characters(game, turn, django_capture_on_commit_callbacks):
    seat, address, options = turn
    record = send(address, f"{options[0]}\nGood\u202e luck\x07!", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert record.message_to_players == "Good luck!" == game.chat_messages.get().text


def test_every_move_line_at_the_top_is_played_none_silently_dropped(game, turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    rules = get_rules("alta")
    state = rules.load(game.state)
    first = rules.move_options(state, seat.index)[0]
    after = rules.apply(state, seat.index, first[1]).state
    assert seat.index in rules.to_move(after)  # Alta: the turn goes on
    second = rules.move_options(after, seat.index)[0][0]
    record = send(address, "1\n\n1\nthanks", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    # Logged as the engine writes a turn of several moves.
    assert game.moves.get().text == f"{first[0]}; {second}"
    assert record.message_to_players == "thanks"


def test_a_move_line_that_cannot_be_played_refuses_the_reply(game, turn, django_capture_on_commit_callbacks):
    seat, address, options = turn
    record = send(address, f"{options[0]}\n999", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "999" in record.detail
    assert game.moves.count() == 0


def test_a_reply_without_a_move_is_told_so_with_the_position(game, turn, django_capture_on_commit_callbacks):
    seat, address, _ = turn
    mail.outbox.clear()
    record = send(address, "Hello, how does this work?", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and game.moves.count() == 0
    [answer] = mail.outbox
    assert "had no move" in answer.body and "Hello, how does this work?" in answer.body
    assert "HOW TO REPLY" in answer.body and answer.reply_to  # the position, with a fresh address


@pytest.mark.parametrize("layout", ["bottom", "dutch bottom", "wrapped header", "outlook"])
def test_top_and_bottom_posting_both_work(layout, game, turn, django_capture_on_commit_callbacks):
    seat, address, options = turn
    body = {
        "bottom": f"On Mon, 5 Jan 2026 at 10:00, Alta <{address}> wrote:\n> Your move\n> 1. x\n\n{options[0]}\n",
        "dutch bottom": f"Op ma 5 jan 2026 om 10:00 schreef Alta <{address}>:\n> Jouw beurt\n\n{options[0]}\n"
        "-- \nBob\n",
        "wrapped header": f"{options[0]}\n\nOn Mon, 5 Jan 2026 at 10:00, Alta\n<{address}> wrote:\n> 1. x\n",
        "outlook": f"{options[0]}\n\nFrom: Alta <{address}>\nSent: Monday\nTo: Bob\nSubject: your move\n\n1. x\n",
    }[layout]
    record = send(address, body, seat, django_capture_on_commit_callbacks, quote=False)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0] and record.message_to_players == ""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("On Mon, Alta wrote:\n> a\n\nmill D4\n", "mill D4"),
        ("> a\n> b\nmill D4\n\nOp 5 jan. 2026 heeft Alta <x@y> het volgende geschreven:\n> c\n", "mill D4"),
        ("mill D4\n-----Original Message-----\nYour move\n", "mill D4"),
        ("On Mon, Alta wrote:\n> only a quote\n", ""),
    ],
)
def test_clean_reply_removes_quote_headers_anywhere(body, expected):
    assert clean_reply(body) == expected


APPLE_DUTCH_HEADER = "Op 5 jan. 2026 om 10:00 heeft Alta <play+d558a1@alta.example> het volgende geschreven:"


@pytest.mark.parametrize("at", range(1, len(APPLE_DUTCH_HEADER.split(" "))))
@pytest.mark.parametrize("quoted", [True, False])
def test_apple_mails_dutch_quote_header_goes_wherever_it_is_wrapped(at, quoted):
    """Apple Mail's Dutch header, wrapped by the client after any of its
    words (after "heeft" it was read as chat, posting the reply address
    to the other players); the quote below it with or without ">"."""
    words = APPLE_DUTCH_HEADER.split(" ")
    header = " ".join(words[:at]) + "\n" + " ".join(words[at:])
    quote = "> Your move\n> 1. x" if quoted else "Your move\n1. x"
    assert clean_reply(f"mill D4\n\n{header}\n\n{quote}\n") == "mill D4"


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "Your moves go at the top (quotes and signatures are ignored).",
                "The first line that is neither a move nor a command",
            ],
        ),
        (
            "nl",
            [
                "Je zetten staan bovenaan (citaten en handtekeningen worden genegeerd).",
                "De eerste regel die geen zet of opdracht is",
            ],
        ),
    ],
)
def test_the_mails_explain_the_contract_in_the_readers_language(
    language, lines, alice, bob, now, django_capture_on_commit_callbacks
):
    from games.services import match_create_seated

    for user in (alice, bob):
        user.language = language
        user.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    seat = mover_of(match)
    latest = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1]
    # The text part is wrapped at 72 columns: read it as running text.
    for part in (" ".join(latest.body.split()), latest.alternatives[0][0]):
        assert all(line in part for line in lines)


@pytest.mark.parametrize(
    ("below", "done"),
    [("mute chat", "chat muted"), ("Dempen", "muted"), ("vakantie 2", "vacation 2"), ("HELP", "help")],
)
def test_a_command_below_the_move_is_done_and_answered_not_sent_as_chat(
    below, done, game, turn, settings, django_capture_on_commit_callbacks
):
    """A command is no message: the line below the move that is one is
    done and answered, and only the lines after it go to the table."""
    from games.models import ChatMessage, ChatReader, Vacation
    from mail.models import GameMute

    settings.VACATION_DAYS_PER_YEAR = 10
    seat, address, options = turn
    mail.outbox.clear()
    record = send(address, f"{options[0]}\n{below}\nGood luck!", seat, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == options[0]
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Good luck!"]
    assert record.message_to_players == "Good luck!"
    assert ChatReader.objects.filter(user=seat.user, muted=True).exists() == (done == "chat muted")
    assert GameMute.objects.filter(user=seat.user, match=game).exists() == (done == "muted")
    assert Vacation.objects.filter(user=seat.user).exists() == (done == "vacation 2")
    answers = [m for m in mail.outbox if m.to == [seat.user.email] and m.extra_headers.get("In-Reply-To")]
    assert len([m for m in answers if "Alta — how to play by email" in m.body]) == (done == "help")
    assert done in record.detail


def test_the_command_list_of_a_refusal_keeps_its_lines_in_the_html_part(game, turn, django_capture_on_commit_callbacks):
    """The HTML part of "your reply had no move" ran the command list into
    one paragraph ("...is niet gelukt. Opdrachten (...): hulp: de
    notatiehulp ... bord: de huidige stelling ..."): its line breaks were
    plain newlines inside a <p>; each command now starts a line there too."""
    import re

    seat, address, _ = turn
    seat.user.language = "nl"
    seat.user.save()
    mail.outbox.clear()
    send(address, "xyzzy", seat, django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    html = answer.alternatives[0][0]
    for item in ("Opdrachten (antwoord", "hulp: de notatiehulp", "bord: de huidige stelling", "geschiedenis: de"):
        assert re.search(rf"<br>(\s|&nbsp;)*{re.escape(item)}", html), item


@pytest.mark.parametrize("body", ["xyzzy", "hulp"])
def test_the_html_command_list_is_not_broken_at_the_text_parts_72_columns(
    body, game, turn, django_capture_on_commit_callbacks
):
    """On a phone the HTML part wraps by itself: a command's description
    runs on ("termijnen en antwoordadressen"), it does not break where the
    text part had to ("termijnen en<br>antwoordadressen")."""
    seat, address, _ = turn
    seat.user.language = "nl"
    seat.user.save()
    mail.outbox.clear()
    send(address, body, seat, django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    html = answer.alternatives[0][0]
    assert "de Engelse\n" in answer.body  # the text part is wrapped at 72
    for run_on in ("de Engelse woorden werken ook", "termijnen en antwoordadressen", "stilzetten of weer aanzetten"):
        assert run_on in html, run_on
