"""Issue 19: commands by mail, in English and Dutch, through ``ingest_email``."""

import datetime as dt

import pytest
from django.conf import settings
from django.core import mail

from core.moments import moment_for
from games.engine import get_rules
from games.models import Match, Vacation
from mail.commands import resign_code
from mail.models import GameMute, ReplyToken
from mail.since import words
from tests.conftest import living_in

from .conftest import mover_of
from .intake import answers_to, ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(game):
    seat = mover_of(game)
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    return seat, address


def command(turn, body, capture):
    seat, address = turn
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=seat.user.email, subject="Re: Alta #1: your move")), capture)
    assert record.outcome == "command", record.detail
    [answer] = answers_to(seat.user.email, mail.outbox)
    assert answer.to == [seat.user.email] and answer.extra_headers["Auto-Submitted"] == "auto-replied"
    return record, answer


@pytest.mark.parametrize("word", ["help", "Hulp"])
def test_help_gives_the_notation_and_the_commands(word, turn, game, django_capture_on_commit_callbacks):
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    assert get_rules("alta").help_text().strip().splitlines()[0].lstrip("# ") in answer.body
    assert "vacation N" in answer.body and game.moves.count() == 0


@pytest.mark.parametrize(("language", "row"), [("en", ("farmer", "1, +1 per")), ("nl", ("boer", "1, +1 per"))])
def test_help_shows_the_scoring_table_as_columns_in_text_and_as_a_table_in_html(
    language, row, turn, django_capture_on_commit_callbacks
):
    """The mailed help showed markdown's pipes ("| farmer | 1, +1 per
    adjacent wheat field or market |") in both parts."""
    import re
    from html import unescape

    seat, _ = turn
    seat.user.language = language
    seat.user.save()
    _, answer = command(turn, "help", django_capture_on_commit_callbacks)
    assert "| " not in answer.body and not re.search(r"^\s*\|", answer.body, re.M)
    assert re.search(rf"^{row[0]} +{re.escape(row[1])}", answer.body, re.M), answer.body
    html = answer.alternatives[0].content
    assert "| " not in html
    cells = [unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]
    assert row[0] in cells and any(cell.startswith(row[1]) for cell in cells)
    assert re.search(r"<h\d[^>]*>[^<]*Alta", html)  # the help's title a heading, not "# Alta"


@pytest.mark.parametrize("language", ["en", "nl"])
def test_help_reads_as_plain_text_with_whole_paragraphs(language, turn, django_capture_on_commit_callbacks):
    seat, _ = turn
    seat.user.language = language
    seat.user.save()
    _, answer = command(turn, "help", django_capture_on_commit_callbacks)
    lines = answer.body.split("\n")
    assert "**" not in answer.body and "```" not in answer.body and "`" not in answer.body
    assert not [line for line in lines if line.startswith("#")]
    # A paragraph's last word never sits alone between two of its lines.
    orphans = [
        line
        for before, line, after in zip(lines, lines[1:], lines[2:], strict=False)
        if len(line.split()) == 1 and before.strip() and after.strip() and not line.startswith(" ")
    ]
    assert orphans == []
    assert max(len(line) for line in lines) <= 72
    assert "  market C3; merchant blind; take 2 at D3" in answer.body or language == "nl"  # code kept as a line


@pytest.mark.parametrize("language", ["en", "nl", "it"])
@pytest.mark.parametrize("game_name", ["alta", "alhambra", "alpaca", "atlantis"])
def test_every_games_mailed_help_fits_the_mail_width_as_written(
    game_name, language, alice, bob, now, django_capture_on_commit_callbacks
):
    """No line of a mailed help is wider than 72 columns, and none had to
    be broken to get there: a code line's note broken by the mail's last
    wrap would read as another move to type."""
    from games.services import match_create_seated
    from mail.help_text import plain_help

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=game_name, now=now)
    seat = mover_of(match)
    seat.user.language = language
    seat.user.save()
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    _, answer = command((seat, address), "help", django_capture_on_commit_callbacks)
    assert max(len(line) for line in answer.body.split("\n")) <= 72
    assert plain_help(get_rules(game_name).help_text(language)) in answer.body


@pytest.mark.parametrize("word", ["board", "bord"])
def test_board_sends_the_position_again_from_the_own_view(word, turn, game, django_capture_on_commit_callbacks):
    seat, _ = turn
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    assert "the current position" in answer.subject.lower() and "HOW TO REPLY" in answer.body
    assert answer.reply_to and game.moves.count() == 0


@pytest.mark.parametrize("word", ["games", "partijen"])
def test_games_lists_running_games_with_reply_addresses(word, turn, game, django_capture_on_commit_callbacks):
    seat, address = turn
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    assert f"#{game.pk}" in answer.body and address in answer.body


@pytest.mark.parametrize("word", ["history", "geschiedenis"])
def test_history_shows_what_the_player_may_see(word, turn, game, settings, django_capture_on_commit_callbacks):
    seat, address = turn
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    played = game.moves.get()
    # Alta: the mover's turn goes on, so the mover holds the next reply address.
    token = ReplyToken.objects.filter(match=game, user=seat.user).order_by("-ply").first()
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", word, sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command"
    assert f"1. {seat.user}: {words('alta', played.text)}" in mail.outbox[-1].body  # as the mails write it


@pytest.mark.parametrize("game_name", ["alhambra"])
def test_history_hides_another_players_hidden_move_text(
    game_name, alice, bob, now, settings, django_capture_on_commit_callbacks
):
    from games.services import match_create_seated
    from mail.outbox import reply_token_for

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=game_name, now=now)
    assert not get_rules(game_name).public_move_text
    mover = mover_of(match)
    address = [m for m in mail.outbox if m.to == [mover.user.email] and m.reply_to][-1].reply_to[0]
    ingest(bytes(message(address, "1", sender=mover.user.email)), django_capture_on_commit_callbacks)
    played = match.moves.get()
    match.refresh_from_db()
    other = match.seats.exclude(index=mover.index).get()
    token = reply_token_for(match=match, seat_index=other.index, user=other.user, ply=match.ply, now=now)
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "history", sender=other.user.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command"
    body = mail.outbox[-1].body
    assert f"1. {mover.user}: " in body and played.text not in body.split(f"1. {mover.user}: ")[1].split("(")[0]
    # Without the move's text the line is its events, not ":  (events)".
    assert f"1. {mover.user}: {mover.user} " in " ".join(body.split()) and ":  (" not in body


def test_resign_asks_for_a_code_and_resigns_with_it(turn, game, django_capture_on_commit_callbacks):
    seat, address = turn
    _, answer = command(turn, "resign", django_capture_on_commit_callbacks)
    token = ReplyToken.objects.get(token=address.split("+")[1].split("@")[0])
    code = resign_code(token)
    assert f"resign {code}" in answer.body and answer.reply_to == [address]
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE  # nothing yet
    command(turn, "opgeven WRONG1", django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, f"opgeven {code.lower()}", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "command" and record.detail == "resigned"
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED
    assert any("You resigned this game." in m.body for m in mail.outbox if m.to == [seat.user.email])


@pytest.mark.parametrize("text", ["vacation 3", "vakantie 3"])
def test_vacation_uses_the_sites_rules(text, turn, settings, django_capture_on_commit_callbacks):
    seat, _ = turn
    settings.VACATION_DAYS_PER_YEAR = 5
    _, answer = command(turn, text, django_capture_on_commit_callbacks)
    assert Vacation.objects.filter(user=seat.user).count() == 1 and "runs until" in answer.body
    Vacation.objects.all().delete()
    _, refused = command(turn, text.replace("3", "30"), django_capture_on_commit_callbacks)
    assert not Vacation.objects.exists() and "not started" in refused.body


@pytest.mark.parametrize(("mute", "unmute"), [("dempen", "unmute"), ("mute", "ontdempen")])
def test_mute_and_unmute_in_both_languages(mute, unmute, turn, game, django_capture_on_commit_callbacks):
    seat, _ = turn
    _, answer = command(turn, mute, django_capture_on_commit_callbacks)
    assert GameMute.objects.filter(user=seat.user, match=game).exists() and "is muted" in answer.body
    command(turn, unmute, django_capture_on_commit_callbacks)
    assert not GameMute.objects.filter(user=seat.user, match=game).exists()


def test_an_unknown_command_gets_the_list(turn, game, django_capture_on_commit_callbacks):
    seat, address = turn
    mail.outbox.clear()
    record = ingest(bytes(message(address, "frobnicate", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert "had no move" in mail.outbox[-1].body and "vacation N" in mail.outbox[-1].body


@pytest.mark.parametrize("body", ["say hello twice?", "vacation 2", "help"])
def test_a_command_delivered_twice_is_answered_and_done_once(body, turn, game, django_capture_on_commit_callbacks):
    from games.models import ChatMessage

    seat, address = turn
    raw = bytes(message(address, body, sender=seat.user.email, message_id="<again@client>"))
    mail.outbox.clear()
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "command"
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "duplicate"
    assert len(answers_to(seat.user.email, mail.outbox)) == 1
    assert len(mail.outbox) == (2 if body.startswith("vacation") else 1)  # the other player is told once
    assert ChatMessage.objects.count() == (1 if body.startswith("say") else 0)
    assert Vacation.objects.count() == (1 if body.startswith("vacation") else 0)


def test_vacation_by_mail_stops_the_clock_and_refuses_what_the_site_refuses(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    from django.utils import timezone

    from games.services import match_create_seated

    settings.VACATION_DAYS_PER_YEAR = 10
    with django_capture_on_commit_callbacks(execute=True):
        game = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())  # the intake's clock
    seat = mover_of(game)
    turn = (seat, [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0])
    for refused in ("vacation 0", "vakantie elf"):
        _, answer = command(turn, refused, django_capture_on_commit_callbacks)
        assert not Vacation.objects.exists() and ("not started" in answer.body or "number of days" in answer.body)
    before = game.seats.get(pk=seat.pk).deadline_at
    _, answer = command(turn, "vacation 2", django_capture_on_commit_callbacks)
    vacation = Vacation.objects.get(user=seat.user)
    after = game.seats.get(pk=seat.pk).deadline_at
    assert after >= before + dt.timedelta(days=2)  # the clock stopped, as on the site
    _, again = command(turn, "vakantie 1", django_capture_on_commit_callbacks)
    assert Vacation.objects.filter(user=seat.user).count() == 1 and "not started" in again.body
    assert moment_for(seat.user, vacation.ends_at)["when"] in " ".join(answer.body.split())


def test_a_dutch_player_is_asked_to_confirm_with_the_dutch_command_word(turn, django_capture_on_commit_callbacks):
    seat, address = turn
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    _, answer = command(turn, "opgeven", django_capture_on_commit_callbacks)
    code = resign_code(ReplyToken.objects.get(token=address.split("+")[1].split("@")[0]))
    assert f"opgeven {code}" in answer.body and "resign" not in answer.body


@pytest.mark.parametrize("body", ["help", "hulp", "opgeven", "vacation 2", "history", "mill Z9", "frobnicate"])
def test_every_answer_reads_at_72_columns(body, turn, django_capture_on_commit_callbacks):
    """Issue 18: "text stays readable at 72 columns"; a link keeps its
    line, as in the game mails."""
    seat, address = turn
    mail.outbox.clear()
    ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    [answer] = answers_to(seat.user.email, mail.outbox)
    too_long = [line for line in answer.body.splitlines() if len(line) > 72 and "://" not in line]
    assert not too_long, too_long


@pytest.mark.parametrize("language", ["en", "nl"])
def test_history_names_cards_as_the_mails_do_and_punctuates_once(
    language, game, now, settings, django_capture_on_commit_callbacks
):
    from mail.outbox import reply_token_for

    from .playing import play

    play(game, now, django_capture_on_commit_callbacks, moves=20)
    seat = mover_of(game)
    seat.user.language = language
    seat.user.save()
    token = reply_token_for(match=game, seat_index=seat.index, user=seat.user, ply=game.ply, now=now)
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "history", sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command"
    body = mail.outbox[-1].body
    assert "20. " in body
    for slug in ("_", ".;", ". ;", "..", ";;"):
        assert slug not in body


@pytest.mark.parametrize("body", ["hulp", "frobniceer"])
def test_the_dutch_command_list_names_every_command_by_its_dutch_word(body, turn, django_capture_on_commit_callbacks):
    """Like every other line of the Dutch list (which says the English
    words work too), chat and muting the chat are named in Dutch only."""
    seat, address = turn
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    mail.outbox.clear()
    ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    text = " ".join(mail.outbox[-1].body.split())
    assert "zeg <bericht>: een chatbericht" in text and "dempen chat / ontdempen chat: de chat" in text
    assert "say (zeg)" not in text and "mute chat" not in text and "unmute" not in text


_COMMAND_WORDS = {
    "en": ("help", "board", "games", "history", "resign", "vacation", "mute", "say", "rematch"),
    "nl": ("hulp", "bord", "partijen", "geschiedenis", "opgeven", "vakantie", "dempen", "ontdempen", "zeg", "revanche"),
}


def _command_lines(body: str) -> list[str]:
    """The indented lines of the command list in ``body``."""
    lines = body.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("Commands (", "Opdrachten (")))
    start += next(i for i, line in enumerate(lines[start:]) if line.startswith("  "))
    end = start + next(i for i, line in enumerate(lines[start:]) if not line.startswith("  "))
    return lines[start:end]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("body", ["help", "frobnicate"])
def test_a_wrapped_command_description_never_reads_as_another_command(
    body, language, turn, django_capture_on_commit_callbacks
):
    """In the help answer and in a refusal alike, a description too long
    for one line goes on indented under its command, never at the margin
    or where the next command starts."""
    seat, address = turn
    seat.user.language = language
    seat.user.save(update_fields=["language"])
    mail.outbox.clear()
    ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    lines = _command_lines(mail.outbox[-1].body)
    assert len(lines) > 10  # some descriptions did need a second line
    starts = [line for line in lines if not line.startswith("    ")]
    assert len(starts) == 10 and all(line.split()[0].rstrip(":") in _COMMAND_WORDS[language] for line in starts), lines
    assert max(len(line) for line in lines) <= 72


@pytest.mark.parametrize(("word", "said"), [("vakantie 3", "Je vakantie loopt tot "), ("partijen", "termijn ")])
def test_dutch_answers_write_a_time_as_the_game_mails_do(word, said, turn, django_capture_on_commit_callbacks):
    """A vacation's end and a deadline read "donderdag 8 januari 2026,
    10:00 (tijdzone Europe/Amsterdam)", as in the turn mails, not as
    "2026-01-08 10:00 (Europe/Amsterdam)"."""
    import re

    seat, _address = turn
    living_in("nl", "Europe/Amsterdam", seat.user)
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    text = " ".join(answer.body.split())
    assert re.search(said + r"\w+dag \d+ \w+ 20\d\d, \d\d:\d\d \(tijdzone Europe/Amsterdam\)", text), text
    assert not re.search(r"20\d\d-\d\d-\d\d", text)


@pytest.mark.parametrize(
    ("language", "body", "said"),
    [
        (
            "en",
            "vacation 0",
            "Your vacation was not started. You have 14 vacation days left this year. "
            "Write a number of days from 1 to 14, for example: vacation 14",
        ),
        (
            "nl",
            "vakantie 400",
            "Je vakantie is niet begonnen. Je hebt dit jaar nog 14 vakantiedagen. "
            "Schrijf een aantal dagen van 1 tot en met 14, bijvoorbeeld: vakantie 14",
        ),
    ],
)
def test_a_vacation_out_of_range_says_which_numbers_would_do(
    language, body, said, turn, settings, django_capture_on_commit_callbacks
):
    """ "vacation 0" or more days than are left: the answer says what
    would work, in sentences of their own (no capital after a colon)."""
    settings.VACATION_DAYS_PER_YEAR = 14
    seat, _address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _, answer = command(turn, body, django_capture_on_commit_callbacks)
    assert said in " ".join(answer.body.split())


@pytest.mark.parametrize(
    ("language", "body", "said"),
    [
        ("en", "resign ABC123", "That code does not belong to this email: confirm with the one below."),
        ("nl", "opgeven ABC123", "Die code hoort niet bij deze mail: bevestig met de code hieronder."),
    ],
)
def test_a_wrong_resign_code_is_said_to_be_wrong_before_the_question_comes_again(
    language, body, said, turn, game, django_capture_on_commit_callbacks
):
    seat, address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _, answer = command(turn, body, django_capture_on_commit_callbacks)
    text = " ".join(answer.body.split())
    assert said in text and resign_code(ReplyToken.objects.get(token=address.split("+")[1].split("@")[0])) in text
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE
    # Asked without a code, the question comes alone.
    _, asked = command(turn, body.split()[0], django_capture_on_commit_callbacks)
    assert said not in " ".join(asked.body.split())


@pytest.mark.parametrize(
    ("language", "body", "said"),
    [
        ("en", "say", "Your message was not sent. Write a message first."),
        ("nl", "zeg", "Je bericht is niet verstuurd. Schrijf eerst een bericht."),
    ],
)
def test_a_refused_chat_line_gives_its_reason_as_a_sentence_of_its_own(
    language, body, said, turn, django_capture_on_commit_callbacks
):
    """The service's reason starts with a capital: it follows a full stop,
    not a colon."""
    seat, _address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _, answer = command(turn, body, django_capture_on_commit_callbacks)
    assert said in " ".join(answer.body.split())


@pytest.mark.parametrize(
    ("language", "word", "said"), [("en", "games", "to move: you"), ("nl", "partijen", "aan zet: jij")]
)
def test_the_games_list_calls_the_reader_you_when_they_are_to_move(
    language, word, said, turn, game, django_capture_on_commit_callbacks
):
    seat, _address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    assert f"Alta #{game.pk}: {said}\n" in answer.body and str(seat.user) not in answer.body


def test_every_command_line_at_the_top_is_answered_not_only_the_first(turn, game, django_capture_on_commit_callbacks):
    seat, address = turn
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "Bord\nhistory\nmute chat", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "command" and record.detail == "board; history; chat muted"
    answers = [m for m in mail.outbox if m.to == [seat.user.email]]
    assert len(answers) == 3
    assert any("IT IS YOUR MOVE" in m.body for m in answers)
    assert any(f"No moves have been played yet in Alta #{game.pk}." in m.body for m in answers)
    assert any("chat is muted" in m.body for m in answers)


def test_a_move_below_a_command_is_played_too(turn, game, settings, django_capture_on_commit_callbacks):
    """A command does not end the moves (issue 19's contract): a player who
    starts a vacation and then writes their move has it played."""
    settings.VACATION_DAYS_PER_YEAR = 10
    seat, address = turn
    rules = get_rules("alta")
    option = rules.move_options(rules.load(game.state), seat.index)[0][0]
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "vakantie 2\n\n1\nSee you", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "accepted", record.detail
    assert game.moves.get().text == option and record.message_to_players == "See you"
    assert Vacation.objects.filter(user=seat.user).exists()
    assert any("runs until" in m.body for m in mail.outbox if m.to == [seat.user.email])


@pytest.mark.parametrize("written", ["resign {code}.", 'Resign: "{code}"', "opgeven {code}!"])
def test_the_resign_code_is_read_whatever_punctuation_is_around_it(
    written, turn, game, django_capture_on_commit_callbacks
):
    """A phone adds a full stop; a player copies the code with its quotes:
    the code is still the code, not one "that does not belong"."""
    seat, address = turn
    code = resign_code(ReplyToken.objects.get(token=address.split("+")[1].split("@")[0]))
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, written.format(code=code), sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "command" and record.detail == "resigned"
    assert not [m for m in mail.outbox if "does not belong" in m.body]
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED


@pytest.mark.parametrize("written", ["vacation 3 days", "Vakantie 3 dagen.", "vacation 3."])
def test_vacation_reads_the_days_as_a_player_writes_them(written, turn, settings, django_capture_on_commit_callbacks):
    seat, _ = turn
    settings.VACATION_DAYS_PER_YEAR = 10
    record, answer = command(turn, written, django_capture_on_commit_callbacks)
    assert record.detail == "vacation 3" and "runs until" in answer.body
    assert Vacation.objects.filter(user=seat.user).count() == 1


def test_a_move_below_a_command_on_an_earlier_positions_mail_is_refused_not_dropped(
    turn, game, settings, django_capture_on_commit_callbacks
):
    """The game moved on since the mail answered: the move below the command
    cannot be played, and the player is told so (nothing is done: a reply
    is used whole or not at all) instead of getting only the command's
    answer while the move silently goes nowhere."""
    settings.VACATION_DAYS_PER_YEAR = 10
    seat, address = turn
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert game.moves.count() == 1
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "vakantie 2\n1", sender=seat.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "rejected", record.detail
    assert game.moves.count() == 1 and not Vacation.objects.exists()
    [answer] = mail.outbox
    assert "earlier position" in answer.body and answer.reply_to


@pytest.mark.parametrize(("language", "said"), [("nl", "Alice heeft opgegeven."), ("en", "Alice resigned.")])
def test_history_writes_a_resignation_in_the_readers_words_once(
    language, said, alice, bob, now, settings, django_capture_on_commit_callbacks
):
    """A resignation in the history reads as the game mails say it, in the
    reader's language: not the stored English word "resignation" (a Dutch
    reader got "1. Alice: resignation (Alice heeft opgegeven.)")."""
    from games.models import MoveRecord
    from games.services import match_create_seated, match_resign
    from mail.outbox import reply_token_for

    bob.language = language
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
        match_resign(match_id=match.pk, user=alice, now=now, source=MoveRecord.Source.WEB)
    seat = match.seats.get(user=bob)
    token = reply_token_for(match=match, seat_index=seat.index, user=bob, ply=match.ply, now=now)
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "geschiedenis", sender=bob.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command"
    [answer] = mail.outbox
    heading, entry = [line for line in answer.body.strip().split("\n") if line.strip()][:2]
    assert heading == {"nl": f"De zetten van Alta #{match.pk}:", "en": f"The moves of Alta #{match.pk}:"}[language]
    assert entry.startswith(f"1. Alice: {said}")
    assert "resignation" not in answer.body.lower() and "(" not in answer.body


@pytest.mark.parametrize(
    ("word", "heading"),
    [("history", "The moves of Alta #{} so far:"), ("geschiedenis", "De zetten van Alta #{} tot nu toe:")],
)
def test_history_names_its_game_first(word, heading, turn, game, settings, django_capture_on_commit_callbacks):
    """A player in several games asks "history" from any of their mails:
    the answer says which game's moves it lists before the list."""
    seat, address = turn
    if word == "geschiedenis":
        seat.user.language = "nl"
        seat.user.save()
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    token = ReplyToken.objects.filter(match=game, user=seat.user).order_by("-ply").first()
    mail.outbox.clear()
    ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", word, sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )
    lines = [line for line in mail.outbox[-1].body.split("\n") if line.strip()]
    assert lines[0] == heading.format(game.pk) and lines[1].startswith(f"1. {seat.user}: ")
    assert f"<p>{heading.format(game.pk)}</p>" in mail.outbox[-1].alternatives[0][0]


@pytest.mark.parametrize(("word", "said"), [("resign", "This game is over"), ("opgeven", "Deze partij is voorbij")])
def test_resign_on_a_finished_game_says_it_is_over_and_asks_no_code(
    word, said, turn, game, now, django_capture_on_commit_callbacks
):
    """Replying "resign" to a game that has ended asked "Do you really want
    to resign this game?" with a code that could only be refused; it says
    the game is over instead."""
    from games.models import MoveRecord
    from games.services import match_resign

    seat, _ = turn
    seat.user.language = "nl" if word == "opgeven" else "en"
    seat.user.save()
    other = game.seats.exclude(pk=seat.pk).get()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=other.user, now=now, source=MoveRecord.Source.WEB)
    _, answer = command(turn, word, django_capture_on_commit_callbacks)
    assert said in answer.body
    assert (
        "?" not in answer.body
        and resign_code(ReplyToken.objects.get(token=turn[1].split("+")[1].split("@")[0])) not in answer.body
    )


def test_resign_after_leaving_a_running_game_says_so_and_asks_no_code(
    alice, bob, carol, now, settings, django_capture_on_commit_callbacks
):
    from games.models import MoveRecord
    from games.services import match_create_seated, match_resign
    from mail.outbox import reply_token_for

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    seat = match.seats.get(user=carol)
    token = reply_token_for(match=match, seat_index=seat.index, user=carol, ply=match.ply, now=now)
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    match.refresh_from_db()
    assert match.is_active
    mail.outbox.clear()
    ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "resign", sender=carol.email)),
        django_capture_on_commit_callbacks,
    )
    [answer] = mail.outbox
    assert "You have already left this game." in answer.body and resign_code(token) not in answer.body


@pytest.mark.parametrize(
    ("language", "said"), [("en", "You have left this game"), ("nl", "Je hebt deze partij verlaten")]
)
def test_a_move_from_a_player_who_left_the_game_says_they_left(
    language, said, alice, bob, carol, now, settings, django_capture_on_commit_callbacks
):
    """A player who resigned a running 3-player game and then replied "1"
    to an older mail was told the game "has moved on since" (as if a newer
    mail could take the move); it says they left the game."""
    from games.models import MoveRecord
    from games.services import match_create_seated, match_resign
    from mail.outbox import reply_token_for

    carol.language = language
    carol.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    seat = match.seats.get(user=carol)
    token = reply_token_for(match=match, seat_index=seat.index, user=carol, ply=match.ply, now=now)
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    mail.outbox.clear()
    record = ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "1", sender=carol.email)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "rejected"
    [answer] = mail.outbox
    assert said in answer.body and "earlier position" not in answer.body and "eerdere stelling" not in answer.body


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_players_mail_to_an_address_we_cannot_use_gives_their_games_reply_addresses(
    language, turn, game, settings, django_capture_on_commit_callbacks
):
    """A player's move sent to a reply address that matches no move (mistyped,
    or the address of an old receipt) was answered only with a link to the
    site's game list, useless to a player who plays by mail alone; the
    answer now lists their running games with the address to reply to,
    and a move sent there is played."""
    import re

    seat, address = turn
    seat.user.language = language
    seat.user.save()
    mail.outbox.clear()
    forged = address.replace("play+", "play+0")
    record = ingest(bytes(message(forged, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    [answer] = mail.outbox
    assert f"Alta #{game.pk}" in answer.body
    [again] = re.findall(r"play\+[0-9a-f]+@\S+", answer.body)
    ingest(bytes(message(again, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert game.moves.count() == 1


@pytest.mark.parametrize(
    ("language", "said"), [("en", "you have left this game"), ("nl", "je hebt deze partij verlaten")]
)
def test_games_says_which_running_games_the_reader_has_left(
    language, said, alice, bob, carol, now, settings, django_capture_on_commit_callbacks
):
    """ "games" listed a running game the reader had resigned just like one
    they play in ("Alta #1: to move: Bob"), with nothing saying they left."""
    from games.models import MoveRecord
    from games.services import match_create_seated, match_resign

    carol.language = language
    carol.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
        match_resign(match_id=match.pk, user=carol, now=now, source=MoveRecord.Source.WEB)
    mail.outbox.clear()
    ingest(
        bytes(message(f"commands@{settings.MAIL_DOMAIN}", "games", sender=carol.email, quote=False)),
        django_capture_on_commit_callbacks,
    )
    [answer] = mail.outbox
    assert f"Alta #{match.pk}" in answer.body and said in " ".join(answer.body.split())


def test_history_says_a_hidden_move_through_its_events_without_brackets(
    alice, bob, now, settings, django_capture_on_commit_callbacks
):
    """Where the move text is hidden from the reader, the line read
    "1. Cor:  (Cor builds a bridge over 27. …)": an empty move, then the
    whole turn in brackets.  It now reads "1. Cor: Cor builds a bridge …"."""
    from games.services import match_create_seated
    from mail.outbox import reply_token_for

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="atlantis", now=now)
    assert not get_rules("atlantis").public_move_text
    mover = mover_of(match)
    address = [m for m in mail.outbox if m.to == [mover.user.email] and m.reply_to][-1].reply_to[0]
    ingest(bytes(message(address, "A", sender=mover.user.email)), django_capture_on_commit_callbacks)
    match.refresh_from_db()
    other = match.seats.exclude(index=mover.index).get()
    token = reply_token_for(match=match, seat_index=other.index, user=other.user, ply=match.ply, now=now)
    mail.outbox.clear()
    ingest(
        bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", "history", sender=other.user.email)),
        django_capture_on_commit_callbacks,
    )
    line = " ".join(mail.outbox[-1].body.split(f"1. {mover.user}: ")[1].split())
    assert line.startswith(f"{mover.user} ") and not line.startswith("("), line


def test_a_long_history_entry_goes_on_indented_so_each_move_stands_out(
    turn, game, settings, django_capture_on_commit_callbacks
):
    """An Alta turn's events take two or three lines: those lines are
    indented under their "1. Ann: …", not flush with the next entry."""
    seat, address = turn
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    for body in ("1", "history"):  # the rest of the turn, then the history
        token = ReplyToken.objects.filter(match=game, user=seat.user).order_by("-ply").first()
        mail.outbox.clear()
        ingest(
            bytes(message(f"play+{token.token}@{settings.MAIL_DOMAIN}", body, sender=seat.user.email)),
            django_capture_on_commit_callbacks,
        )
    lines = mail.outbox[-1].body.split("\n\n")[1].splitlines()  # after the heading naming the game
    assert len(lines) > 2 and lines[0].startswith("1. ")
    assert all(line.startswith(("1. ", "2. ", "   ")) for line in lines), lines


def _reply_to(sent, body: str, *, sender: str) -> bytes:
    """A reply as a mail client writes it: to the mail's Reply-To, naming
    it in In-Reply-To and References."""
    # A mail that asks for no move is answered at its From (its envelope
    # sender is the bounce address).
    to = sent.reply_to[0] if sent.reply_to else sent.extra_headers.get("From", settings.DEFAULT_FROM_EMAIL)
    reply = message(to, body, sender=sender, subject="Re: " + sent.subject)
    reply["In-Reply-To"] = reply["References"] = sent.extra_headers["Message-ID"]
    return bytes(reply)


@pytest.mark.parametrize(
    ("language", "yes"), [("en", "yes"), ("en", "Yes."), ("nl", "ja"), ("nl", "Ja!"), ("nl", "yes")]
)
def test_yes_to_the_question_whether_to_resign_resigns(language, yes, turn, game, django_capture_on_commit_callbacks):
    """The confirmation asks "do you really want to resign?": "yes" ("ja")
    in reply to it is the natural answer, and it resigns, as the code does."""
    seat, _address = turn
    living_in(language, "Europe/Amsterdam", seat.user)
    _, asked = command(turn, {"en": "resign", "nl": "opgeven"}[language], django_capture_on_commit_callbacks)
    said = {"en": 'reply "yes" to this email', "nl": 'Antwoord dan "ja" op deze mail'}[language]
    assert said in " ".join(asked.body.split())
    mail.outbox.clear()
    record = ingest(_reply_to(asked, yes, sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "resigned"
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED
    resigned = {"en": "You resigned this game.", "nl": "Je hebt deze partij opgegeven."}[language]
    assert any(resigned in m.body for m in mail.outbox if m.to == [seat.user.email])


@pytest.mark.parametrize("body", ["yes", "ja"])
def test_yes_to_any_other_mail_resigns_nothing(body, turn, game, django_capture_on_commit_callbacks):
    """Only the question whether to resign is answered by "yes": to the
    turn mail (or to another command's answer) it is no move, and refused."""
    seat, _address = turn
    turn_mail = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1]
    _, history = command(turn, "history", django_capture_on_commit_callbacks)
    for answered in (turn_mail, history):
        record = ingest(_reply_to(answered, body, sender=seat.user.email), django_capture_on_commit_callbacks)
        assert record.outcome == "rejected", record.detail
        game.refresh_from_db()
        assert game.status == Match.Status.ACTIVE


def test_a_yes_taken_back_below_is_not_read_as_a_confirmation(turn, game, django_capture_on_commit_callbacks):
    seat, _address = turn
    _, asked = command(turn, "resign", django_capture_on_commit_callbacks)
    record = ingest(
        _reply_to(asked, "yes\nor maybe not, let me think", sender=seat.user.email), django_capture_on_commit_callbacks
    )
    assert record.detail != "resigned"
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE


def _waiting(game):
    """The seat not to move and the last mail it got."""
    mover = mover_of(game)
    seat = next(s for s in game.seats.all() if s.pk != mover.pk)
    return seat, [m for m in mail.outbox if m.to == [seat.user.email]][-1]


def _asked_to_confirm(game, language, capture):
    """The waiting seat, once it replied "resign" (in ``language``), and the
    question whether it really wants to."""
    seat, last = _waiting(game)
    living_in(language, "Europe/Amsterdam", seat.user)
    mail.outbox.clear()
    ingest(_reply_to(last, {"en": "resign", "nl": "opgeven"}[language], sender=seat.user.email), capture)
    [asked] = mail.outbox
    return seat, asked


@pytest.mark.parametrize(
    "said", ["mute the chat", "Mute chat please", "Mute chat messages", "dempen chat aub", "chat dempen"]
)
def test_muting_the_chat_in_a_players_own_words_mutes_the_chat_only(
    said, turn, game, django_capture_on_commit_callbacks
):
    """Any argument but "chat" muted the whole game: a player who asked to
    hear no more chat got no more "your move" mails either."""
    seat, _address = turn
    record, answer = command(turn, said, django_capture_on_commit_callbacks)
    assert record.detail == "chat muted" and "chat is muted" in " ".join(answer.body.split())
    assert not GameMute.objects.filter(user=seat.user).exists()


@pytest.mark.parametrize("said", ["mute game", "Mute all mails please", "dempen alles", "dempen deze partij"])
def test_muting_the_game_in_a_players_own_words_mutes_the_game(said, turn, django_capture_on_commit_callbacks):
    seat, _address = turn
    record, _answer = command(turn, said, django_capture_on_commit_callbacks)
    assert record.detail == "muted" and GameMute.objects.filter(user=seat.user).exists()


@pytest.mark.parametrize(
    "said",
    [
        "Board looks great, well played so far!",
        "Stand van zaken: ik ben morgen weg",
        "Games like this make my week",
        "Resign? Never! Watch this.",
        "Vakantie! Volgende week zit ik in Spanje, dus ik speel wat trager.",
    ],
)
def test_chat_that_opens_with_a_command_word_is_chat(said, game, django_capture_on_commit_callbacks):
    """A waiting player's message that merely opens with a command word was
    answered as that command (the board, the games list, the question
    whether to resign) and never reached the table."""
    from games.models import ChatMessage

    seat, last = _waiting(game)
    record = ingest(_reply_to(last, said, sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.detail == "said", record.detail  # posted, as "say" would
    assert ChatMessage.objects.get(match=game).text == said
    game.refresh_from_db()
    assert game.is_active


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "I resign"),
        ("en", "resign please"),
        ("en", "Resign the game"),
        ("nl", "Ik geef het op"),
        ("nl", "opgeven aub"),
        ("en", "resign now"),
        ("nl", "opgeven nu"),
    ],
)
def test_resigning_in_a_players_own_words_asks_to_confirm_without_a_word_about_a_code(
    language, said, game, django_capture_on_commit_callbacks
):
    """ "I resign" was posted to the other player as chat (the game went on);
    "resign please" was told "That code does not belong to this email"."""
    from games.models import ChatMessage

    seat, last = _waiting(game)
    living_in(language, "Europe/Amsterdam", seat.user)
    mail.outbox.clear()
    record = ingest(_reply_to(last, said, sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and "confirmation asked" in record.detail, record.detail
    [answer] = mail.outbox
    body = " ".join(answer.body.split())
    asked = {"en": "Do you really want to resign this game?", "nl": "Wil je deze partij echt opgeven?"}[language]
    assert asked in body and "code" not in body.split(asked)[0]
    assert not ChatMessage.objects.filter(match=game).exists()


@pytest.mark.parametrize(
    ("language", "yes"),
    [
        ("nl", "Ja, ik geef op"),
        ("nl", "Ja\n\nMet vriendelijke groet,\nJan"),
        ("en", "Yes, I resign"),
        ("en", "Yes please"),
    ],
)
def test_yes_in_a_players_own_words_to_the_question_whether_to_resign_resigns(
    language, yes, game, django_capture_on_commit_callbacks
):
    """The answer to "Do you really want to resign?" was posted to the other
    player as chat when it said more than "yes", and the game went on."""
    from games.models import ChatMessage

    seat, asked = _asked_to_confirm(game, language, django_capture_on_commit_callbacks)
    record = ingest(_reply_to(asked, yes, sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.detail == "resigned"
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED and not ChatMessage.objects.filter(match=game).exists()


@pytest.mark.parametrize(
    ("language", "no", "said"),
    [("en", "No, not yet", "the game goes on"), ("nl", "Nee, toch maar niet", "de partij gaat door")],
)
def test_no_to_the_question_whether_to_resign_is_answered_and_not_passed_on(
    language, no, said, game, django_capture_on_commit_callbacks
):
    from games.models import ChatMessage

    seat, asked = _asked_to_confirm(game, language, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    record = ingest(_reply_to(asked, no, sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "stay"
    [answer] = mail.outbox
    assert said in answer.body and answer.to == [seat.user.email]
    game.refresh_from_db()
    assert game.is_active and not ChatMessage.objects.filter(match=game).exists()


@pytest.mark.parametrize(("language", "headline"), [("en", "it is not your move"), ("nl", "je bent niet aan zet")])
def test_a_waiting_players_empty_reply_is_not_told_its_move_was_refused(
    language, headline, game, django_capture_on_commit_callbacks
):
    """Its answer's subject said "your move was not accepted" to a player who
    sent no move and was not to move."""
    seat, last = _waiting(game)
    living_in(language, "Europe/Amsterdam", seat.user)
    mail.outbox.clear()
    record = ingest(_reply_to(last, "", sender=seat.user.email), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected", record.detail
    [answer] = mail.outbox
    assert headline in answer.subject and "not accepted" not in answer.subject
    assert "geaccepteerd" not in answer.subject


def test_a_vacation_line_without_days_below_a_move_is_chat(game, turn, django_capture_on_commit_callbacks):
    """Below a move only "vakantie N" is the command: "vakantie volgende week"
    is news for the other players, as it was before commands took words."""
    from games.models import ChatMessage

    seat, address = turn
    body = "1\nvakantie volgende week"
    record = ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert ChatMessage.objects.get(match=game).text == "vakantie volgende week"
