"""Seeded random scenarios: players of every game who only use mail, doing
awkward things in awkward orders, through the real intake
(``inbound_email_process``), as ``tests/tournaments/test_awkward_orders``
does for tournaments.

At each step one player: answers their latest turn mail with a whole
turn's letter or an option number (now and then with chat below), answers
an old mail of theirs or one without a reply address (a receipt, the end
mail), sends a mail again (the same Message-ID), replies with a move while
not to move, writes chat only, garbage (an unknown word, nothing, HTML
only) or a command in the body, the subject or to the command address
(``mail.command_words``, English and Dutch; resign asks for a code, then
is confirmed with it), switches to Dutch; or time passes beyond the
deadlines and they are swept.  After every step the invariants a player
would notice are checked: every mail they wrote got one answer, to them,
in their language, and no other mail but the end mail (a repeated
Message-ID: no mail at all); no mail carries what another player holds
(``check_mails``); the move log has each ply once and the ply only moves
forward; when the game ends every player gets one end mail revealing
every seat.  The game is then played out by mail, a few mails follow the
end, and every chat line must have reached each other player once.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import random
import re
import secrets
from collections import Counter
from email.message import EmailMessage
from itertools import count
from types import SimpleNamespace

import pytest
from django.core import mail
from django.utils import translation

from games.boards import playable_slugs
from games.deadlines.sweeps import deadlines_sweep
from games.engine import get_rules
from games.models import ChatMessage, Match, MoveRecord
from games.services import match_create_seated
from mail.addresses import command_address
from mail.ending import end_sections, end_text
from mail.models import InboundEmail, OutgoingEmail, ReplyToken
from mail.services import inbound_email_process
from tests.conftest import living_in

from .test_fuzzed_replies import NAMED_PIECES, _examples, _names, _strings, language_of

pytestmark = pytest.mark.django_db

#: A wider search is a local run with more seeds: AWKWARD_MAIL_SEEDS=200.
SEEDS = range(1, 1 + int(os.environ.get("AWKWARD_MAIL_SEEDS", "2")))
STEPS = 45
#: What players write that is no move: chat, and garbage (an unknown word,
#: nothing, invisible characters, a move the game does not know).
CHAT = ["Nice move!", "Good luck everyone", "Goed gespeeld, ik had dat niet verwacht", "gg"]
GARBAGE = ["xyzzy", "undo", "asdf qwer 77 !!", "", "\u200b", "99999", "take the moon"]
COMMANDS = [
    *["help", "hulp", "status", "stand", "board", "bord", "history", "geschiedenis", "games", "partijen"],
    *["mute chat", "dempen chat", "unmute", "ontdempen", "say hello all", "zeg hoi", "vacation 0"],
]
#: Games whose hands hold pieces a mail can be searched for by name
#: (``test_fuzzed_replies.NAMED_PIECES``); the others' mails are checked
#: against re-dealt positions where they are rendered (``test_outbox``).
HIDDEN_NAMES_CHECKED = NAMED_PIECES
ANSWER_KINDS = {OutgoingEmail.Kind.GAME_OVER, OutgoingEmail.Kind.YOUR_TURN, OutgoingEmail.Kind.RECEIPT}


def raw_mail(
    to: str, sender: str, body: str, message_id: str, *, html: bool = False, subject="Re: your move", answered=""
) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Message-ID"] = message_id
    if answered:  # a reply to a mail without a reply address goes to its From
        message["In-Reply-To"] = message["References"] = answered
    if html:
        message.set_content(f"<html><body><p>{body}</p><blockquote>Your move</blockquote></body></html>", "html")
    else:
        message.set_content(f"{body}\n\nOn Mon, Alta wrote:\n> Your move\n")
    return bytes(message)


@functools.cache
def examples(game: str) -> str:
    return _examples(game, get_rules(game))


def hidden_names(game: str, rules, states, seat: int, other: int) -> set[str]:
    """``test_fuzzed_replies.hidden_from``, the game's examples read once."""
    seen = {name for state in states for name in _strings(rules.view(state, seat))}
    hand = {name for state in states for name in _strings(rules.view(state, other).get("hand") or [])}
    return {name for name in hand - seen if not _names(name, examples(game))}


def kind_of(sent) -> str:
    return OutgoingEmail.objects.get(message_id=sent.extra_headers["Message-ID"]).kind


class Scenario:
    def __init__(self, slug, users, now, rng: random.Random, capture):
        self.rng, self.now, self.capture = rng, now, capture
        self.rules = get_rules(slug)
        low, high = max(2, self.rules.min_players), min(self.rules.max_players, 4)
        self.users = users[: rng.randint(low, high)]
        for user in self.users:
            living_in(rng.choice(["en", "en", "nl"]), "Europe/Amsterdam", user)
        with capture(execute=True):
            self.match = match_create_seated(users=self.users, game=slug, now=now)
        self.ply = 0
        self.ids = count()  # Message-IDs and chat lines' numbers
        self.trace: list[str] = []
        self.sent: list[tuple[str, bytes, str]] = []  # (sender, raw, body) of each mail written
        self.outcomes: Counter[str] = Counter()
        self.ended_seen = False
        self.muters: set[str] = set()  # players who sent a mute command
        self.check_mails(list(mail.outbox), states=[self.state()])

    # ------------------------------------------------------------ helpers
    def state(self):
        self.match.refresh_from_db()
        return self.rules.load(self.match.state)

    def user(self, email):
        return next(u for u in self.users if u.email == email)

    def mails_to(self, user, *, addressed=True):
        return [m for m in mail.outbox if m.to == [user.email] and (m.reply_to or not addressed)]

    def movers(self):
        return [s.user for s in self.match.seats.filter(deadline_at__isnull=False).order_by("index")]

    def waiting(self):
        movers = set(self.movers())
        return [u for u in self.users if u not in movers]

    def send(self, user, to, body, *, again: bytes | None = None, label="", **how):
        """``user`` writes ``body`` to ``to`` (or sends ``again`` a mail of
        theirs); the answers are checked."""
        raw = again or raw_mail(to, user.email, body, f"<awk{next(self.ids)}@client.example>", **how)
        message_id = re.search(rb"Message-ID: (\S+)", raw).group(1).decode()
        self.trace.append(f"{user.display_name}: {label or body!r}")
        before, states = len(mail.outbox), [self.state()]
        self.now += dt.timedelta(minutes=1)
        with self.capture(execute=True):
            record = inbound_email_process(raw=raw, source="test", now=self.now)
        states.append(self.state())
        self.outcomes[record.outcome] += 1
        new = mail.outbox[before:]
        duplicate = again is not None
        answers = [m for m in new if m.extra_headers.get("In-Reply-To") == message_id]
        assert all(m.to == [user.email] for m in answers), self.fail(
            f"an answer went to someone else: {[(m.to, m.subject) for m in answers]}"
        )
        if duplicate:
            assert record.outcome == InboundEmail.Outcome.DUPLICATE, self.fail(f"again: {record.outcome}")
            assert not new, self.fail(f"a mail sent again was answered: {[(m.to, m.subject) for m in new]}")
        else:
            self.sent.append((user.email, raw, body))
            unthreaded = [m for m in new if m.to == [user.email] and m not in answers]
            if not answers and record.outcome == InboundEmail.Outcome.ACCEPTED:
                # The move's answer may be the game's next mail to its writer.
                answers = [m for m in unthreaded if kind_of(m) in ANSWER_KINDS][:1]
            assert len(answers) == 1, self.fail(
                f"{record.outcome} ({record.detail}) answered {len(answers)} times: "
                f"{[m.subject for m in answers]}; also got {[m.subject for m in unthreaded]}"
            )
            extra = [m.subject for m in unthreaded if m not in answers and not self.expected(m)]
            assert not extra, self.fail(f"{record.outcome} ({record.detail}) also got {extra}")
        for sent in new:  # the answer, and what the others got of it (a turn mail, chat)
            reader = next((u for u in self.users if sent.to == [u.email]), None)
            language = language_of(sent.body, body)
            assert reader is None or language in {reader.language, ""}, self.fail(
                f"{reader} reads {reader.language}, got a mail in {language}: {sent.subject}\n{sent.body}"
            )
        self.check_mails(new, states)
        self.check_log()
        return record, answers

    def expected(self, sent) -> bool:
        """A mail besides the answer that a reply may bring its writer: the
        end mail, or the start of a rematch the reply joined."""
        row = OutgoingEmail.objects.get(message_id=sent.extra_headers["Message-ID"])
        return row.kind == OutgoingEmail.Kind.GAME_OVER or (
            row.kind == OutgoingEmail.Kind.STARTED and row.match_id != self.match.pk
        )

    def fail(self, why: str) -> str:
        return f"{why}\n{self.match.game} trace: {self.trace}"

    # ------------------------------------------------------------ invariants
    def check_mails(self, new, states):
        """No mail to a player carries another player's reply address (in
        its Reply-To or its text: whoever holds it may answer for them), the
        seed before the end, or (for games whose pieces are named once each)
        a piece of another seat's hand the engine hides from them."""
        match = self.match
        seats = {s.user_id: s.index for s in match.seats.all()}
        secrets = {str(match.seed), match.seed_salt or "x" * 40}
        for sent in new:
            if sent.to[0] not in {u.email for u in self.users}:
                continue
            user = self.user(sent.to[0])
            ending = kind_of(sent) == OutgoingEmail.Kind.GAME_OVER
            text = sent.subject + "\n" + sent.body
            for address in sent.reply_to:
                token = ReplyToken.objects.filter(token=address.split("+")[-1].split("@")[0]).first()
                assert token is None or token.user == user, self.fail(f"{user} got {token.user}'s reply address")
            for token in re.findall(r"\b(?:play|join)\+(\w+)@", text):
                owner = ReplyToken.objects.filter(token=token).values_list("user__email", flat=True).first()
                assert owner in {None, user.email}, self.fail(f"{user} was shown {owner}'s reply address")
            if not ending and match.is_active:
                for secret in secrets:
                    assert secret not in text, self.fail(f"the seed reached {sent.to} mid-game: {sent.subject}")
            if ending or self.match.game not in HIDDEN_NAMES_CHECKED:
                continue
            seat = seats[user.pk]
            for other in set(seats.values()) - {seat}:
                for name in hidden_names(match.game, self.rules, states, seat, other):
                    assert not _names(name, text), self.fail(f"{sent.to} was shown {name!r} of seat {other}")

    def check_log(self):
        match = self.match
        plies = list(MoveRecord.objects.filter(match=match).order_by("ply").values_list("ply", flat=True))
        assert plies == list(range(1, match.ply + 1)), self.fail(f"move log plies {plies}, match ply {match.ply}")
        assert match.ply >= self.ply, self.fail(f"ply went back from {self.ply} to {match.ply}")
        self.ply = match.ply
        if match.status == Match.Status.FINISHED and not self.ended_seen:
            self.ended_seen = True
            self.check_end()

    def check_chat(self):
        """Each chat line (told apart by its number) reaches every other
        player once, in a game mail of theirs or a mail of its own; one who
        muted the chat or left the game may get none of it."""
        for line in ChatMessage.objects.filter(match=self.match, text__contains="(line ").order_by("pk"):
            said = " ".join(line.text.split())
            for user in self.users:
                if user == line.author:
                    continue
                # A long line is wrapped in the mail (under "Carol (resigned):").
                got = [m.subject for m in self.mails_to(user, addressed=False) if said in " ".join(m.body.split())]
                seat = self.match.seats.get(user=user)
                quiet = user.email in self.muters or seat.departed
                assert len(got) == 1 or (quiet and not got), self.fail(
                    f"{user} got {line.author}'s chat {line.text!r} {len(got)} times: {got}"
                )

    def check_end(self):
        """Every player gets one game-over mail, revealing every seat."""
        match = self.match
        seats = list(match.seats.select_related("user").order_by("index"))
        for user in self.users:
            ends = [m for m in self.mails_to(user, addressed=False) if kind_of(m) == OutgoingEmail.Kind.GAME_OVER]
            assert len(ends) == 1, self.fail(f"{user} got {len(ends)} game-over mails")
            with translation.override(user.language):
                revealed = end_text(end_sections(match, seats, match.ply))
            body = " ".join(ends[0].body.split())
            for line in revealed:
                for word in line.split():
                    assert word in body, self.fail(f"{user}'s end mail lacks {word!r} of {line!r}:\n{ends[0].body}")

    # ------------------------------------------------------------ steps
    def step(self):
        rng = self.rng
        action = rng.choice(
            ["move"] * 8
            + ["old", "again", "not mover", "chat", "garbage", "command", "deadline", "dutch"] * 2
            + ["resign", "without address", "command address", "subject only", "move and chat"]
        )
        getattr(self, action.replace(" ", "_"))()

    def move(self, *, number=None):
        movers = self.movers()
        if not movers:
            return self.chat()
        user = self.rng.choice(movers)
        latest = self.mails_to(user)[-1]
        letters = re.findall(r"^ {2}([A-Z])\. ", latest.body, re.MULTILINE)
        body = number or self.rng.choice([*letters[:3], "1", "1", "2", "1 1"])
        if number == "whole turn":  # playing out: a whole turn per mail where the mail offers one
            body = letters[0] if letters else "1"
        record, _answers = self.send(user, latest.reply_to[0], body)
        return record

    def old(self):
        user = self.rng.choice(self.users)
        mails = self.mails_to(user)[:-1]
        if mails:
            self.send(user, self.rng.choice(mails).reply_to[0], self.rng.choice(["1", "A", "Nice one", "help"]))

    def again(self):
        if self.sent:
            email, raw, body = self.rng.choice(self.sent)
            self.send(self.user(email), "", body, again=raw, label=f"again {body!r}")

    def not_mover(self):
        waiting = [u for u in self.waiting() if self.mails_to(u)]
        if waiting:
            user = self.rng.choice(waiting)
            self.send(user, self.mails_to(user)[-1].reply_to[0], self.rng.choice(["1", "A", "2"]))

    def _anyone(self):
        user = self.rng.choice(self.users)
        mails = self.mails_to(user)
        return (user, mails[-1].reply_to[0]) if mails else (None, "")

    def chat(self):
        user, to = self._anyone()
        if user is not None:
            self.send(user, to, self.said(), html=self.rng.random() < 0.3)

    def said(self) -> str:
        """A chat line, told from every other by its number."""
        return f"{self.rng.choice(CHAT)} (line {next(self.ids)})"

    def garbage(self):
        user, to = self._anyone()
        if user is not None:
            self.send(user, to, self.rng.choice(GARBAGE), html=self.rng.random() < 0.3)

    def command(self):
        user, to = self._anyone()
        if user is not None:
            said = self.rng.choice(COMMANDS)
            if said in {"mute chat", "dempen chat"}:
                self.muters.add(user.email)
            self.send(user, to, said)

    def resign(self):
        user, to = self._anyone()
        if user is None:
            return
        _record, answers = self.send(user, to, self.rng.choice(["resign", "opgeven"]))
        code = re.search(r"^(?:resign|opgeven) ([0-9A-Z]{6})$", answers[0].body if answers else "", re.MULTILINE)
        if code and self.rng.random() < 0.5:
            self.send(user, answers[0].reply_to[0], code.group(0))

    def deadline(self):
        self.trace.append("time passes")
        seats = self.match.seats.filter(deadline_at__isnull=False)
        latest = max((s.deadline_at for s in seats), default=self.now)
        self.now = max(self.now, latest) + dt.timedelta(minutes=1)
        before, states = len(mail.outbox), [self.state()]
        with self.capture(execute=True):
            deadlines_sweep(now=self.now)
        states.append(self.state())
        self.check_mails(mail.outbox[before:], states)
        self.check_log()

    def without_address(self):
        """A reply to a mail that has no reply address (a receipt, the
        game-over mail), sent to its From."""
        user = self.rng.choice(self.users)
        mails = [m for m in self.mails_to(user, addressed=False) if not m.reply_to]
        if mails:
            answered = self.rng.choice(mails[-3:])
            body = self.rng.choice(["1", "A", "gg", "help", "rematch", "status", "Thanks!"])
            self.send(user, answered.extra_headers["From"], body, answered=answered.extra_headers["Message-ID"])

    def command_address(self):
        user = self.rng.choice(self.users)
        self.send(user, command_address(), self.rng.choice(["games", "help", "partijen", "status", "vacation 0"]))

    def subject_only(self):
        user, to = self._anyone()
        if user is not None:
            self.send(user, to, "", subject=self.rng.choice(["Re: help", "status", "zeg hallo", "Re: history"]))

    def move_and_chat(self):
        movers = self.movers()
        if movers:
            user = self.rng.choice(movers)
            self.send(user, self.mails_to(user)[-1].reply_to[0], "1\n\n" + self.said())

    def rematch(self):
        user, to = self._anyone()
        if user is not None:
            self.send(user, to, self.rng.choice(["rematch", "revanche"]))

    def dutch(self):
        user = self.rng.choice(self.users)
        self.trace.append(f"{user.display_name} reads Dutch")
        living_in("nl", "Europe/Amsterdam", user)

    def play_out(self):
        for _ in range(3000):
            if not self.state() or self.match.status == Match.Status.FINISHED:
                break
            if not self.movers():  # nobody's clock runs: let the deadlines play
                self.deadline()
                continue
            # A lettered turn is never refused: its first step is a real
            # option, and once a step turns up cards the steps before a
            # refused one stand (``games.engine.blind``); the player goes on
            # from the next mail.
            record = self.move(number="whole turn")
            accepted = record.outcome == InboundEmail.Outcome.ACCEPTED
            assert accepted, self.fail(f"a whole turn of the mover's latest mail was refused: {record.detail}")
        assert self.match.status == Match.Status.FINISHED, self.fail("the game did not end")
        assert self.ended_seen


#: Scenarios that found a defect, run always: (game, seed).
FOUND = [
    # A letter-only player's whole turn "sell N; pass" was refused whenever
    # the card the sale drew allowed a move (which told them that card),
    # and the refusal offered the same letter again.
    ("atlantis", 19),
]


@pytest.mark.parametrize(
    ("slug", "seed"),
    [(slug, seed) for slug in playable_slugs() for seed in SEEDS] + [f for f in FOUND if f[1] not in SEEDS],
)
def test_awkward_mail_orders_keep_the_game_sound(
    slug, seed, alice, bob, carol, dave, now, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_PER_HOUR = 100_000
    rng = random.Random(f"{slug}:{seed}")
    # The game's seed (its deal and seat order) from the scenario's, so that a failing seed fails again.
    drawn = SimpleNamespace(randbits=rng.getrandbits, token_hex=secrets.token_hex)
    monkeypatch.setattr("games.services.lifecycle.secrets", drawn)
    scenario = Scenario(slug, [alice, bob, carol, dave], now, rng, django_capture_on_commit_callbacks)
    for _ in range(STEPS):
        if scenario.match.status == Match.Status.FINISHED:
            break
        scenario.step()
    scenario.play_out()
    for _ in range(6):  # after the end: chat, old mails, commands, a rematch
        rng.choice(
            [scenario.old, scenario.again, scenario.chat, scenario.command, scenario.rematch, scenario.without_address]
        )()
    scenario.check_chat()
