"""A command about one game (board, history, resign, mute, say) sent to the
command address is carried out in the game its number names ("board 12"),
or without a number in the sender's only running game, answered once with
that game's reply address; a number that is not the sender's game changes
nothing and tells nothing about it."""

import pytest
from django.core import mail

from games.models import ChatMessage, Match, MoveRecord
from games.selectors_chat import chat_muted
from games.services import match_create_seated, match_resign
from mail.commands import resign_code
from mail.models import GameMute, ReplyToken

from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def capture_all(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def send(address, body, sender, capture, subject="commands"):
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject=subject, quote=False)), capture)
    answers = [m for m in mail.outbox if m.to == [sender]]
    assert len(answers) == 1, [m.subject for m in answers]
    assert answers[0].extra_headers["In-Reply-To"] == record.message_id
    return record, answers[0]


def play_address(answer) -> str:
    [reply_to] = answer.reply_to
    assert reply_to.startswith("play+")
    return reply_to


@pytest.mark.parametrize("body", ["board", "bord", "Board please"])
def test_board_without_a_number_is_about_the_only_running_game(body, game, alice, address, capture_all):
    record, answer = send(address, body, alice.email, capture_all)
    assert (record.outcome, record.detail, record.match_id) == ("command", "board", game.pk)
    assert f"#{game.pk}" in answer.subject and "the current position" in answer.subject.lower()


@pytest.mark.parametrize(
    "body", ["history {id}", "geschiedenis #{id}", "history game {id}", "Geschiedenis partij {id}."]
)
def test_a_number_names_the_game_among_several(body, game, alice, bob, now, address, capture_all):
    with capture_all(execute=True):
        other = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    record, answer = send(address, body.format(id=other.pk), alice.email, capture_all)
    assert (record.outcome, record.detail, record.match_id) == ("command", "history", other.pk)
    assert f"Alpaca #{other.pk}" in answer.body and f"#{game.pk}" not in answer.body


def test_resign_by_the_command_address_is_confirmed_by_a_reply_to_its_answer(game, alice, address, capture_all):
    record, answer = send(address, f"resign {game.pk}", alice.email, capture_all)
    assert record.outcome == "command" and "Do you really want to resign" in answer.body
    game.refresh_from_db()
    assert game.status == Match.Status.ACTIVE
    reply_to = play_address(answer)
    code = resign_code(ReplyToken.objects.get(token=reply_to.split("+")[1].split("@")[0]))
    assert f"resign {code}" in answer.body
    mail.outbox.clear()
    record = ingest(bytes(message(reply_to, f"resign {code}", sender=alice.email)), capture_all)
    assert (record.outcome, record.detail) == ("command", "resigned")
    game.refresh_from_db()
    assert game.status == Match.Status.FINISHED


def test_a_number_that_is_not_the_senders_game_changes_nothing(alice, bob, carol, now, address, capture_all):
    with capture_all(execute=True):
        theirs = match_create_seated(users=[bob, carol], game="alta", now=now)
    for body in (f"resign {theirs.pk}", f"board {theirs.pk}", "history 999999999"):
        record, answer = send(address, body, alice.email, capture_all)
        assert record.outcome == "rejected" and record.match_id is None
        number = body.split()[1]
        assert f"You have no seat in game {number}." in answer.body
        assert str(bob) not in answer.body and str(carol) not in answer.body and "play+" not in answer.body
    theirs.refresh_from_db()
    assert theirs.status == Match.Status.ACTIVE


def test_mute_and_say_act_on_the_only_running_game(game, alice, bob, address, capture_all):
    record, _answer = send(address, "dempen", alice.email, capture_all)
    assert record.outcome == "command" and GameMute.objects.filter(user=alice, match=game).exists()
    record, answer = send(address, "zeg Good luck, Bob!", alice.email, capture_all)
    assert (record.outcome, record.detail) == ("command", "said")
    assert ChatMessage.objects.get(match=game, author=alice).text == "Good luck, Bob!"
    assert "Your message was sent to your opponent." in answer.body


def test_a_dutch_player_is_answered_in_dutch(game, alice, bob, carol, now, address, capture_all):
    alice.language = "nl"
    alice.save()
    _, answer = send(address, f"bord {game.pk}", alice.email, capture_all)
    assert "de huidige stelling" in answer.subject.lower()
    with capture_all(execute=True):
        theirs = match_create_seated(users=[bob, carol], game="alta", now=now)
    _, refused = send(address, f"opgeven {theirs.pk}", alice.email, capture_all)
    assert f"Je hebt geen plaats in partij {theirs.pk}." in refused.body


def test_a_game_command_in_the_subject_of_an_empty_mail_is_carried_out(game, alice, address, capture_all):
    record, answer = send(address, "", alice.email, capture_all, subject=f"board {game.pk}")
    assert (record.outcome, record.detail, record.match_id) == ("command", "board", game.pk)


@pytest.mark.parametrize("body", ["rematch {id}", "revanche {id}", "rematch game {id}", "Revanche partij #{id}."])
def test_a_rematch_of_a_finished_game_is_offered_at_the_command_address(
    body, game, alice, bob, now, address, capture_all
):
    with capture_all(execute=True):
        match_resign(match_id=game.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    record, answer = send(address, body.format(id=game.pk), alice.email, capture_all)
    assert (record.outcome, record.detail, record.match_id) == ("command", "rematch offered", game.pk)
    rematch = Match.objects.get(rematch_of=game)
    assert f"You offered a rematch: {rematch}." in answer.body


def test_a_rematch_without_a_number_asks_for_the_finished_games_number(game, alice, bob, now, address, capture_all):
    with capture_all(execute=True):
        match_resign(match_id=game.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    record, answer = send(address, "rematch", alice.email, capture_all)
    assert record.outcome == "rejected" and not Match.objects.filter(rematch_of=game).exists()
    assert "rematch 12" in " ".join(answer.body.split())


@pytest.mark.parametrize(
    "body",
    ["mute chat {id}", "dempen chat {id}", "chat dempen {id}", "mute chat #{id}", "Dempen de chat van partij {id}."],
)
def test_the_chat_of_a_numbered_game_is_muted_and_unmuted_alone(body, game, alice, bob, now, address, capture_all):
    with capture_all(execute=True):
        other = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    record, answer = send(address, body.format(id=other.pk), alice.email, capture_all)
    assert (record.outcome, record.detail, record.match_id) == ("command", "chat muted", other.pk)
    assert "This game's chat is muted" in answer.body
    assert chat_muted(other, alice) and not chat_muted(game, alice)
    assert not GameMute.objects.filter(user=alice).exists()  # its moves still come by mail
    unmute = body.replace("mute", "unmute").replace("dempen", "ontdempen").replace("Dempen", "Ontdempen")
    record, _answer = send(address, unmute.format(id=other.pk), alice.email, capture_all)
    assert (record.outcome, record.detail) == ("command", "chat unmuted") and not chat_muted(other, alice)
