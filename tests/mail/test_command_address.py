"""Issue 19: commands to the single command address (``commands@MAIL_DOMAIN``),
in English and Dutch, through ``ingest_email``: one answer each, only to an
account's verified address, and nothing about a game to anyone else."""

import pytest
from django.core import mail

from games.models import Match, Vacation

from .conftest import mover_of
from .intake import answers_to, ingest, message

pytestmark = pytest.mark.django_db


def send(address, body, sender, capture):
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject="Re: Re: commands", quote=False)), capture)
    [answer] = answers_to(sender, mail.outbox)
    assert answer.to == [sender] and answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"] == record.message_id and answer.subject == "Re: commands"
    return record, answer


@pytest.mark.parametrize("word", ["games", "partijen"])
def test_games_lists_running_games_with_the_reply_address_of_my_move(
    word, game, address, django_capture_on_commit_callbacks
):
    seat = mover_of(game)
    seat.user.time_zone = "Asia/Kolkata"
    seat.user.save()
    record, answer = send(address, word, seat.user.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "games")
    assert f"#{game.pk}" in answer.body and "play+" in answer.body
    # The deadline in the reader's own zone.
    local = seat.deadline_at.astimezone(seat.user.zone)
    assert f"{local:%A} {local.day} {local:%B %Y, %H:%M} (Asia/Kolkata time)" in " ".join(answer.body.split())
    assert game.moves.count() == 0


def test_vacation_by_the_command_address_uses_the_sites_rules(game, alice, address, settings, capture_all):
    settings.VACATION_DAYS_PER_YEAR = 5
    record, answer = send(address, "vakantie 2", alice.email, capture_all)
    assert record.outcome == "command" and Vacation.objects.filter(user=alice).count() == 1
    assert "runs until" in answer.body
    Vacation.objects.all().delete()
    record, answer = send(address, "vacation 9", alice.email, capture_all)
    assert not Vacation.objects.exists() and "not started" in answer.body


@pytest.mark.parametrize("word", ["help", "hulp"])
def test_help_lists_the_commands_and_every_games_notation(word, alice, address, capture_all):
    record, answer = send(address, word, alice.email, capture_all)
    assert record.outcome == "command"
    assert "vacation N" in answer.body and "/rules/alta/" in answer.body and "/rules/alhambra/" in answer.body


def test_a_game_command_of_a_player_in_several_games_is_told_to_name_one(game, alice, bob, now, address, capture_all):
    from games.services import match_create_seated

    with capture_all(execute=True):
        other = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    record, answer = send(address, "resign", alice.email, capture_all)
    body = " ".join(answer.body.split())
    assert record.outcome == "rejected" and "reply to one of that game's emails" in body
    assert 'with the game\'s number: "board 12"' in body
    assert f"#{game.pk}" in answer.body and f"#{other.pk}" in answer.body
    assert Match.objects.filter(status=Match.Status.ACTIVE).count() == 2


def test_no_command_gets_the_list(alice, address, capture_all):
    record, answer = send(address, "Hello there, what can I do?", alice.email, capture_all)
    assert record.outcome == "rejected" and "holds no command" in answer.body and "vacation N" in answer.body


def test_an_address_of_no_account_learns_nothing_about_any_game(game, alice, address, capture_all):
    record, answer = send(address, "games", "stranger@nowhere.example", capture_all)
    assert record.outcome == "unknown_token" and "not linked" in answer.body
    assert f"#{game.pk}" not in answer.body and str(alice) not in answer.body and "play+" not in answer.body


def test_answers_read_in_the_players_language(alice, address, capture_all):
    alice.language = "nl"
    alice.save()
    _, answer = send(address, "partijen", alice.email, capture_all)
    assert "Je hebt geen lopende partijen." in answer.body


@pytest.fixture
def capture_all(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def test_games_gives_every_game_a_reply_address_for_commands(game, address, capture_all):
    waiting = game.seats.exclude(pk=mover_of(game).pk).get()
    _, answer = send(address, "games", waiting.user.email, capture_all)
    listed = " ".join(answer.body.split())
    assert "commands and chat: reply to play+" in listed
    reply_to = listed.split("reply to ")[1].split()[0]
    # That address takes commands for the game.
    record, told = send(reply_to, "say hello from the list", waiting.user.email, capture_all)
    assert record.detail == "said" and record.match == game


@pytest.mark.parametrize("subject", ["games", "Partijen", "Re: help"])
def test_a_command_in_the_subject_of_an_empty_mail_is_answered(
    subject, game, alice, address, django_capture_on_commit_callbacks
):
    """Many write a mail to the command address with the command as its
    subject and nothing below: that is the command, not an empty mail."""
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "", sender=alice.email, subject=subject, quote=False)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command", record.detail
    [answer] = answers_to(alice.email, mail.outbox)
    assert "holds no command" not in answer.body
    assert (f"#{game.pk}" in answer.body) if "help" not in subject else ("Commands" in answer.body)


@pytest.mark.parametrize("subject", ["Partijen", "vakantie 3", "play alta"])
def test_a_command_in_the_subject_above_only_a_signature_is_answered(
    subject, game, alice, address, django_capture_on_commit_callbacks
):
    """A mail app adds the writer's signature to every mail: the body is not
    empty, but holds no command, and the subject's command was refused as
    "your email holds no command"."""
    mail.outbox.clear()
    body = "\n\nMet vriendelijke groet,\n\nJan de Vries\nTel. 06-12345678\n"
    record = ingest(
        bytes(message(address, body, sender=alice.email, subject=subject, quote=False)),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "command", record.detail
    [answer] = answers_to(alice.email, mail.outbox)
    assert "holds no command" not in answer.body and "bevat geen opdracht" not in answer.body


def test_play_by_mail_opens_a_game_and_the_next_player_takes_its_seat(
    alice, bob, carol, address, django_capture_on_commit_callbacks
):
    """A player who only uses mail finds a game: "play alta" opens one when
    none waits, and the next "spelen alta" takes its seat and starts it."""
    record, answer = send(address, "play alta", alice.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "play: opened")
    opened = Match.objects.get(created_by=alice)
    assert opened.is_open and opened.game == "alta" and opened.players == 2
    assert f"you opened {opened} for 2 players" in " ".join(answer.body.split())
    assert "Time control: 3 days per move." in answer.body

    bob.language = "nl"
    bob.save()
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "Spelen alta", sender=bob.email, subject="spel", quote=False)),
        django_capture_on_commit_callbacks,
    )
    assert (record.outcome, record.detail) == ("command", "play: joined, started")
    opened.refresh_from_db()
    assert opened.is_active
    told = [m for m in mail.outbox if m.to == [bob.email]]
    assert any("Je doet mee aan" in m.body and "Bedenktijd: 3 dagen per zet." in m.body for m in told)  # in Dutch
    assert {m.to[0] for m in mail.outbox if m.reply_to} & {alice.email, bob.email}  # the first "your move"

    # A third player finds no seat left there: a new game waits for them.
    record, _ = send(address, "play alta", carol.email, django_capture_on_commit_callbacks)
    assert record.detail == "play: opened" and Match.objects.filter(status="open", created_by=carol).count() == 1


def test_play_takes_the_size_asked_for_and_explains_a_wrong_one(alice, bob, address, capture_all):
    from games.services import match_create

    two = match_create(creator=bob, game="alhambra", players=2, now=bob.date_joined)
    record, _ = send(address, "play alhambra with 3 players", alice.email, capture_all)
    assert record.detail == "play: opened" and Match.objects.get(created_by=alice).players == 3
    two.refresh_from_db()
    assert two.is_open and not two.seats.filter(user=alice).exists()
    record, answer = send(address, "play alta 9", alice.email, capture_all)
    assert record.outcome == "rejected" and "Alta is played by 2 to 4 players." in answer.body
    record, answer = send(address, "play chess", alice.email, capture_all)
    assert record.outcome == "rejected" and '"play alta"' in answer.body and "Alpaca" in answer.body


def test_the_help_of_the_command_address_says_how_to_start_playing(alice, address, capture_all):
    _, answer = send(address, "help", alice.email, capture_all)
    assert '"play alta"' in " ".join(answer.body.split())


def test_games_names_the_games_waiting_for_players_too(alice, address, capture_all):
    """After "play alta" opened a game, "games" says it waits (a player
    who only uses mail sees it nowhere else)."""
    send(address, "play alta 3", alice.email, capture_all)
    opened = Match.objects.get(created_by=alice)
    _, answer = send(address, "games", alice.email, capture_all)
    assert f"Alta #{opened.pk}: waiting for players (1 of 3 seats taken)" in " ".join(answer.body.split())


def test_cancel_by_mail_gives_the_seat_back_or_cancels_the_opened_game(alice, bob, carol, address, capture_all):
    """The player who opened a game by "play" (or took a seat in one) can
    undo it by mail before it starts: "cancel N" (annuleren N)."""
    send(address, "play alta 3", alice.email, capture_all)
    opened = Match.objects.get(created_by=alice)
    record, answer = send(address, "play alta", bob.email, capture_all)
    assert record.detail == "play: joined" and f'"cancel {opened.pk}"' in " ".join(answer.body.split())

    record, answer = send(address, f"cancel {opened.pk}", bob.email, capture_all)
    assert record.detail == "cancel: left" and "your seat is free again" in answer.body
    assert not opened.seats.filter(user=bob).exists()
    record, answer = send(address, f"cancel #{opened.pk}", carol.email, capture_all)
    assert record.outcome == "rejected" and f"You have no seat in a game #{opened.pk}." in answer.body
    record, answer = send(address, f"annuleren {opened.pk}", alice.email, capture_all)
    assert record.detail == "cancel: cancelled"
    opened.refresh_from_db()
    assert opened.status == Match.Status.CANCELLED


def test_a_started_game_is_not_cancelled_by_mail(game, alice, address, capture_all):
    record, answer = send(address, f"cancel {game.pk}", alice.email, capture_all)
    assert record.outcome == "rejected" and "Nothing was changed." in answer.body
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE


@pytest.mark.parametrize("body", ["cancel 99999999999", "cancel 2147483648", "play alta 99999999999999"])
def test_a_number_beyond_any_game_is_answered_and_changes_nothing(alice, address, capture_all, body):
    record, answer = send(address, body, alice.email, capture_all)
    assert record.outcome == "rejected" and answer.body
    assert not Match.objects.exists()


def test_a_player_count_of_thousands_of_digits_is_answered_with_the_game_s_range(alice, address, capture_all):
    record, answer = send(address, "play alta " + "9" * 5000, alice.email, capture_all)
    assert record.outcome == "rejected" and "Alta is played by 2 to 4 players." in answer.body
    assert not Match.objects.exists()


@pytest.mark.parametrize("body", ["speel alta", "Speel Alhambra met 3 spelers"])
def test_the_dutch_imperative_speel_starts_playing_too(body, alice, address, capture_all):
    """A Dutch player writes "speel alta" as naturally as "spelen alta" (and
    an invitation already takes "speel"); it was answered "Je e-mail bevat
    geen opdracht"."""
    alice.language = "nl"
    alice.save()
    record, answer = send(address, body, alice.email, capture_all)
    assert record.detail == "play: opened" and Match.objects.filter(status="open", created_by=alice).count() == 1
    assert "geen opdracht" not in answer.body


@pytest.mark.parametrize(
    ("language", "word", "header", "none"),
    [
        ("en", "resign", "Your running games:", "You have no running games."),
        ("nl", "opgeven", "Je lopende partijen:", "Je hebt geen lopende partijen."),
    ],
)
def test_a_game_command_from_a_player_without_games_says_only_that_there_are_none(
    language, word, header, none, alice, address, capture_all
):
    """A game's command sent to the command address by a player with no
    running games read "... Je lopende partijen:" right above "Je hebt geen
    lopende partijen.": a heading over a list that has nothing in it."""
    alice.language = language
    alice.save()
    record, answer = send(address, word, alice.email, capture_all)
    body = " ".join(answer.body.split())
    assert record.outcome == "rejected" and none in body and header not in body, body


@pytest.mark.parametrize(
    ("language", "header", "none"),
    [
        ("en", "Your running games:", "You have no running games."),
        ("nl", "Je lopende partijen:", "Je hebt geen lopende partijen."),
    ],
)
def test_a_mail_we_cannot_use_from_a_player_without_games_says_only_that_there_are_none(
    language, header, none, alice, settings, capture_all
):
    """A player with no running games who replied to an address that matches
    no move was told "Your running games:" above "You have no running games."."""
    alice.language = language
    alice.save()
    mail.outbox.clear()
    record = ingest(bytes(message(f"play+0123abcd@{settings.MAIL_DOMAIN}", "1", sender=alice.email)), capture_all)
    assert record.outcome == "unknown_token"
    [answer] = mail.outbox
    body = " ".join(answer.body.split())
    assert none in body and header not in body, body


@pytest.mark.parametrize("body", ["join {id}", "meedoen #{id}", "play game {id} please"])
def test_join_by_number_takes_a_seat_in_that_game(body, alice, bob, now, address, capture_all):
    """A friend's game named by its number ("Alta #12, join it!") is joined
    by mail: "join 12" takes one of its free seats, not a seat in the
    longest-waiting game."""
    from games.services import match_create

    with capture_all(execute=True):
        older = match_create(creator=bob, game="alta", players=3, now=now)
        friends = match_create(creator=bob, game="alta", players=3, now=now)
    record, answer = send(address, body.format(id=friends.pk), alice.email, capture_all)
    assert record.detail == "play: joined"
    assert f"You joined Alta #{friends.pk} (2 of 3 seats taken)" in " ".join(answer.body.split())
    assert friends.seats.filter(user=alice).exists() and not older.seats.filter(user=alice).exists()


def test_the_help_says_a_game_is_joined_by_its_number(alice, address, capture_all):
    _record, answer = send(address, "help", alice.email, capture_all)
    assert '"join 12" (meedoen 12)' in " ".join(answer.body.split())


def test_join_by_number_of_a_full_or_unknown_game_changes_nothing(game, carol, address, capture_all):
    for body, why in ((f"join {game.pk}", "This game is no longer open."), ("join 999999", "There is no such game.")):
        record, answer = send(address, body, carol.email, capture_all)
        assert record.outcome == "rejected" and f"Nothing was changed. {why}" in answer.body
    assert not Match.objects.filter(seats__user=carol).exists()
