"""A bot that reads only the text part of its mails plays whole games of
every game by replying one line per turn through the real inbound path."""

from __future__ import annotations

import random
import re
from email.message import EmailMessage

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import Match
from games.services import match_create_seated
from mail.models import InboundEmail
from mail.services import inbound_email_process
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

#: Display names a mail must carry as they are: quotes, markup, RTL text.
NAMES = ["O'Neil & Co", "<Bea>", "\u200fשרה", "Dirk", "Eve", "Fay"]
_LETTER = re.compile(r"^  ([A-H])\. ", re.MULTILINE)
_NUMBER = re.compile(r"^  (\d+)\. ", re.MULTILINE)
_REVEALED = "A move before it turned up cards you had not seen, so the moves up to there stand"


def _reply(to: str, body: str, sender: str, number: int) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your move"
    message["Message-ID"] = f"<bot-{number}@client.example>"
    message.set_content(f"{body}\n\nOn Monday the server wrote:\n> the whole mail, quoted\n")
    return bytes(message)


def _choice(text: str, rng: random.Random) -> str:
    """One line for a whole turn, from the mail's text alone: a whole
    turn's letter when the mail offers some, else an option number (the
    mail then says the options are whole turns).  Only the reply section
    is read: the position above it numbers other lists (the players)."""
    text = text.split("HOW TO REPLY", 1)[1]
    letters = _LETTER.findall(text)
    if letters:
        return rng.choice(letters)
    assert "Reply with just the number of one of these options" in " ".join(text.split())
    return rng.choice(_NUMBER.findall(text))


def _play_by_mail(slug: str, players: int, now, capture, seed: int) -> dict:
    users = [make_user(f"p{i}@example.com", NAMES[i]) for i in range(players)]
    with capture(execute=True):
        match = match_create_seated(users=users, game=slug, now=now, options=None)
    rng = random.Random(seed)
    by_address = {u.email: u for u in users}
    stats = {"turns": 0, "since_checked": 0, "continued": 0}
    seen = 0
    pending: dict[str, object] = {}  # address -> the latest mail asking it to move
    for number in range(2000):
        new, seen = mail.outbox[seen:], len(mail.outbox)
        for message in new:
            if message.reply_to and "HOW TO REPLY" in message.body:
                pending.pop(message.to[0], None)
                pending[message.to[0]] = message  # the newest last
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        # The newest request to move is the seat to move (an older one's
        # player may have been passed over since, as Alpaca passes).
        address = list(pending)[-1]
        message = pending.pop(address)
        text = message.body  # the bot reads nothing else
        assert all(len(line) <= 72 for line in text.splitlines() if "://" not in line), text  # links cannot wrap
        line = _choice(text, rng)
        mover_before = match.ply
        with capture(execute=True):
            record = inbound_email_process(
                raw=_reply(message.reply_to[0], line, address, number), source="test", now=now
            )
        assert record.outcome == InboundEmail.Outcome.ACCEPTED, (line, record.detail)
        answers = mail.outbox[seen:]
        # One mail per player about a reply, at most; a reply that left part
        # of the turn open gets the rest asked for (counted: see below).
        recipients = [m.to[0] for m in answers]
        assert len(recipients) == len(set(recipients)), [m.subject for m in answers]
        continued = [m for m in answers if "the rest of your turn" in m.subject]
        # A listed turn is checked in re-deals of the hidden cards, never in
        # the real ones (mail/turns.py): when a step draws a card that all
        # re-deals lacked (an Atlantis sale drawing the one colour that makes
        # a pass illegal), the reply plays up to there and says why.
        if any(_REVEALED not in " ".join(m.body.split()) for m in continued):
            stats["continued"] += 1
        stats["turns"] += 1
        match.refresh_from_db()
        assert match.ply == mover_before + 1
        mover = by_address[address]
        for other in answers:
            if "your move (" in other.subject and match.status != Match.Status.FINISHED:
                assert "Since your last move:" in other.body
                assert str(mover) in other.body.split("Since your last move:")[1].split("-----")[0]
                stats["since_checked"] += 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    ends = [m for m in mail.outbox if "the game is over" in m.subject]
    assert {m.to[0] for m in ends} == set(by_address)
    for end in ends:
        assert str(match.seed) in end.body
        for name in NAMES[:players]:
            assert name in end.body and name in end.alternatives[0][0].replace("&#x27;", "'").replace(
                "&amp;", "&"
            ).replace("&lt;", "<").replace("&gt;", ">")
    return stats


@pytest.mark.parametrize("slug", ["alta", "alhambra", "atlantis", "alpaca"])
@pytest.mark.parametrize("size", ["two", "most"])
def test_a_bot_reading_only_its_mails_plays_one_reply_per_turn(
    slug, size, now, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_PER_HOUR = 100_000  # a whole game arrives within one test "hour"
    players = 2 if size == "two" else get_rules(slug).max_players
    stats = _play_by_mail(slug, players, now, django_capture_on_commit_callbacks, seed=players)
    assert stats["turns"] > players
    # Every turn the mail offered was finished by its one reply: a listed
    # whole turn ends the turn in the real position (mail/turns.py), unless
    # a step of it turned up cards the player had not seen (told as such).
    assert stats["continued"] == 0, stats
    assert stats["since_checked"] > 0
