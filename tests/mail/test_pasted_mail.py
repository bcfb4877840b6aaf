"""A reply that pastes one of our mails as plain text (no ">" marks, no
"On … wrote:" header) posts only the player's own words as chat: the
pasted mail, the player's hand in it, never reaches the other players."""

from __future__ import annotations

import textwrap

import pytest
from django.core import mail

from games.models import ChatMessage
from games.services import match_create_seated
from mail.reply_cleaning import without_our_mails

from .conftest import mails_to, mover_of
from .intake import ingest
from .test_hostile_mail import raw_mail

pytestmark = pytest.mark.django_db


@pytest.fixture
def alhambra(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return match_create_seated(users=[alice, bob], game="alhambra", now=now)


def _last_turn_mail(user):
    return [m for m in mails_to(user.email) if m.reply_to][-1]


def test_a_pasted_turn_mail_below_the_move_is_not_chat(alhambra, client, django_capture_on_commit_callbacks):
    mover = mover_of(alhambra).user
    other = next(s.user for s in alhambra.seats.all() if s.user != mover)
    turn = _last_turn_mail(mover)
    [money] = [line for line in turn.body.splitlines() if line.startswith("Your money")]
    sent = len(mail.outbox)
    body = f"1\nGood luck!\n\n{turn.body}"
    record = ingest(raw_mail(turn.reply_to[0], body, sender=mover.email), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert [c.text for c in ChatMessage.objects.all()] == ["Good luck!"]
    assert money not in record.message_to_players
    hand = money.split(":", 1)[1].strip()
    for message in mail.outbox[sent:]:
        if message.to == [other.email]:
            assert hand not in message.body and hand not in message.alternatives[0][0]
    client.force_login(other)
    assert hand not in client.get(f"/games/{alhambra.pk}/").content.decode()


def test_a_waiting_player_pasting_a_mail_posts_only_their_words(alhambra, django_capture_on_commit_callbacks):
    """Once they have moved, a reply to their last turn mail is chat (the
    ``say`` command's path)."""
    mover = mover_of(alhambra).user
    turn = _last_turn_mail(mover)
    ingest(raw_mail(turn.reply_to[0], "1", sender=mover.email), django_capture_on_commit_callbacks)
    body = f"Take your time.\n{turn.body}"
    again = raw_mail(turn.reply_to[0], body, sender=mover.email, message_id="<h2@client.example>")
    record = ingest(again, django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    assert [c.text for c in ChatMessage.objects.all()] == ["Take your time."]


def test_our_lines_and_our_rule_end_the_players_words():
    ours = ["Alhambra #1: your move\n\nYour money: denar 1 (= 1) · florin 9 (= 9)\nok"]
    assert without_our_mails("nice\n  Your money:  denar 1 (= 1) · florin 9 (= 9)\nmore", ours) == "nice"
    assert without_our_mails("nice\n" + "-" * 70 + "\nYour money: denar 9", []) == "nice"
    # Short lines ("ok") and a writer's own short divider are theirs.
    assert without_our_mails("ok\n-----\nsee you", ours) == "ok\n-----\nsee you"


@pytest.mark.parametrize(
    "paste",
    [
        # Quoted with a mark other than ">" (some clients and forwarding tools).
        lambda body: "\n".join(f"| {line}" for line in body.split("\n")),
        lambda body: "\n".join(f"\uff1e {line}" for line in body.split("\n")),
        # Re-wrapped by the mail app below a header it writes in no known form.
        lambda body: "Alta schreef:\n" + " ".join(body.split("\n")),
        lambda body: "\n".join(textwrap.wrap(" ".join(body.split()), 100)),
    ],
    ids=["pipe", "fullwidth", "joined", "rewrapped"],
)
def test_a_turn_mail_quoted_with_other_marks_or_rewrapped_is_not_chat(
    paste, alhambra, django_capture_on_commit_callbacks
):
    mover = mover_of(alhambra).user
    turn = _last_turn_mail(mover)
    [money] = [line for line in turn.body.splitlines() if line.startswith("Your money")]
    hand = money.split(":", 1)[1].strip()
    body = f"1\nGood luck!\n\n{paste(turn.body)}"
    record = ingest(raw_mail(turn.reply_to[0], body, sender=mover.email), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    [chat] = [c.text for c in ChatMessage.objects.all()]
    assert chat.startswith("Good luck!") and hand.split()[0] not in chat.replace("Good luck!", "")
    assert "Your money" not in chat and "Your money" not in record.message_to_players


def test_a_short_line_of_the_players_own_is_kept_though_our_mail_has_its_words():
    ours = ["IT IS YOUR MOVE: buy a building or take money.\nYour money: denar 1"]
    assert without_our_mails("nice\nyour move\ngood luck to you both", ours) == "nice\nyour move\ngood luck to you both"
    assert without_our_mails("nice\n| IT IS YOUR MOVE: buy a building or take money.", ours) == "nice"
    assert without_our_mails("nice\nmoney. Your money: denar 1", ours) == "nice"


def test_a_quoted_chat_line_is_left_out_and_the_answer_below_it_kept():
    """Quoting the other player's chat line (which our mails carry too)
    cut the reply there: the answer below it was silently dropped."""
    ours = ["Chat from the other players:\n  Alice: This is going to be an exciting game\n\nIT IS YOUR MOVE"]
    chat = ["This is going to be an exciting game"]
    for quoted in ("This is going to be an exciting game", "Alice: This is going to be an exciting game"):
        text = f"{quoted}\nIt is! See you tomorrow."
        assert without_our_mails(text, ours, chat) == "It is! See you tomorrow."
        assert without_our_mails(text, ours) == ""  # what it did without the game's chat
    # The rest of our mail below a quoted chat line still ends the words.
    assert without_our_mails(f"Nice.\n{ours[0]}", ours, chat) == "Nice."
    # A line that only repeats another's chat line is the writer's own message.
    ours, chat = ["Chat from the other players:\n  Alice: good game so far"], ["good game so far"]
    assert without_our_mails("good game so far", ours, chat) == "good game so far"


def test_an_answer_below_the_other_players_quoted_chat_line_is_posted(alhambra, django_capture_on_commit_callbacks):
    mover = mover_of(alhambra).user
    other = next(s.user for s in alhambra.seats.all() if s.user != mover)
    said = "This is going to be an exciting game"
    record = ingest(
        raw_mail(_last_turn_mail(mover).reply_to[0], f"1\n{said}", sender=mover.email),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "accepted", record.detail
    turn = _last_turn_mail(other)
    assert said in " ".join(turn.body.split())
    body = f"1\n{said}\nIt is! See you tomorrow."
    record = ingest(raw_mail(turn.reply_to[0], body, sender=other.email), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert [c.text for c in ChatMessage.objects.order_by("pk")] == [said, "It is! See you tomorrow."]
