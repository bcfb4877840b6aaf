"""Property-based replies to a "your move" mail, through the real intake
(``ingest_email``): whatever the body (option numbers, letters, copied
option lines, notation words, commands, quotes, signatures, invisible or
right-to-left characters, emoji, very long lines, nothing, HTML only) and
however it is wrapped (charsets, base64, multipart), the mail is read
without an error; either one move is played or nothing in the game
changes; its sender is answered, in their language, and never shown what
the other player holds.  Queries refuse a NUL, as PostgreSQL does."""

from __future__ import annotations

import base64
import re
from itertools import count
from pathlib import Path

import pytest
from django.core import mail
from django.db import connection, transaction
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import games.rules
from games.engine import get_rules
from games.models import ChatMessage, MoveRecord
from games.selectors_chat import chat_unmailed
from games.services import match_create, match_create_seated, match_resign
from mail.models import InboundEmail
from mail.notation_help import notation_help
from tests.conftest import living_in
from tests.fuzzing import FUZZ_SETTINGS as SETTINGS

from .conftest import mails_to, mover_of
from .intake import answers_to, ingest
from .playing import play
from .test_inbound_service import _refuse_nul_as_postgresql_does

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]
NOTATION = {
    "alta": ["take", "refresh", "merchant", "blind", "pass", "D4", "C3", "at", "neem"],
    "alhambra": ["take", "buy", "redesign", "reserve", "place", "slot", "with", "+", "N", "E"],
    "atlantis": ["pass", "sell", "bridge", "pay", "->", "cards", "blue", "#1", "#99"],
    "alpaca": ["at", "rot", "bonus", "lock", "rotate", "none", "0,0", "1,-1", "#3"],
}
COMMANDS = [
    *["help", "hulp", "HELP", "resign", "opgeven", "board", "bord", "history", "games", "chat", "say", "zeg"],
    *["mute", "unmute", "mute chat", "dempen chat", "rematch", "revanche", "vacation", "vakantie 3", "vacation 0"],
    *["vacation -1", "vacation 99999999999999999999", "vacation 1e9", "vacation ٣", "resign 1234", "opgeven abc"],
    *["invite 1 Carol", "nodig Carol uit", "invite 1 a@b.nl, Carol.", "take back 1 Carol", "intrekken #1 x@y.nl"],
    *["accept", "accepteer 1", "decline 1", "weiger", "join 1", "meedoen #99999999999", "invite 99999999999 x, y"],
]
ODD = ["\u200f", "\u200e", "\u200b", "\u202e", "\ufeff", "\u00a0", "\U0001f600", "\u05e9\u05dc\u05d5\u05dd", "\t", "\r"]
#: Words that read as one language and not the other, to tell an answer's language.
DUTCH = {
    "je",
    "jouw",
    "jij",
    "de",
    "het",
    "een",
    "niet",
    "van",
    "voor",
    "op",
    "naar",
    "zet",
    "zetten",
    "partij",
    "antwoord",
    "er",
    "zijn",
    "nog",
    "geen",
    "gespeeld",
    "werd",
    "wat",
}
ENGLISH = {
    "you",
    "your",
    "the",
    "a",
    "not",
    "of",
    "for",
    "to",
    "move",
    "moves",
    "game",
    "reply",
    "and",
    "no",
    "yet",
    "played",
    "was",
    "were",
    "what",
}
OUTCOMES = {"accepted", "rejected", "command", "malformed", "duplicate", "unknown_token"}
_ids = count()


@pytest.fixture(params=[(game, played) for played in (0, 3, "over") for game in GAMES], ids=lambda p: f"{p[0]}-{p[1]}")
def table(request, alice, bob, now, django_capture_on_commit_callbacks):
    """A two-player game of each kind, its players in English and Dutch,
    new, a few moves on, or "over" (the player not to move resigned before
    the other answered their turn mail): ``(match, mover seat, other seat,
    reply address, option texts, the other's latest reply address or "")``."""
    game, played = request.param
    living_in("en", "Europe/Amsterdam", alice)
    living_in("nl", "Europe/Amsterdam", bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=game, now=now)
    play(match, now, django_capture_on_commit_callbacks, moves=played if played != "over" else 0)
    seat = mover_of(match)
    other = match.seats.exclude(pk=seat.pk).get()
    rules = get_rules(match.game)
    options = [text for text, _move in rules.move_options(rules.load(match.state), seat.index)]
    if played == "over":
        with django_capture_on_commit_callbacks(execute=True):
            match_resign(match_id=match.pk, user=other.user, now=now)
        match.refresh_from_db()
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    waiting = [m.reply_to[0] for m in mails_to(other.user.email) if m.reply_to]
    return match, seat, other, address, options, waiting[-1] if waiting else ""


def lines(game: str, options: list[str]) -> st.SearchStrategy[str]:
    """One line of a reply as players (and their mail programs) write them."""
    words = NOTATION[game] + [word for text in options[:12] for word in text.split()]
    word = st.one_of(
        st.integers(-3, 80).map(str),
        st.sampled_from("ABCDEFGHabcdefgh"),
        st.sampled_from(words),
        st.sampled_from(COMMANDS),
        st.sampled_from(ODD),
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
    )
    phrase = st.lists(word, min_size=1, max_size=6).map(" ".join)
    option = st.builds(
        lambda number, text, cut: f"{number}. {text[:cut]}",
        st.integers(1, max(1, len(options))),
        st.sampled_from(options),
        st.integers(1, 60),
    )
    return st.one_of(
        phrase,
        st.sampled_from(options),
        option,
        st.builds(lambda said: f"say {said}", phrase),
        st.builds(lambda quoted: f"> {quoted}", phrase | st.sampled_from(options)),
        st.just("-- "),
        st.just(""),
        st.builds(
            lambda part, times: part * times, st.sampled_from(["x", "ab ", "\u200b", "1 "]), st.integers(900, 3000)
        ),
    )


def bodies(game: str, options: list[str]) -> st.SearchStrategy[str]:
    return st.lists(lines(game, options), max_size=8).map("\n".join)


SUBJECTS = [
    *["Re: Alta: your move", "", "help", "Re: hulp", "say good luck", "zeg hoi", "board", "=?utf-8?b?8J+YgA==?="],
    *["=?x-hostile?q?hi?=", "Re: \u200f\u202e1", "AW: Antw: Re: Fwd: 1", "Re:\x00 Alta", "=?utf-8?q?Re:_a=00b?="],
]


def sender_forms(address: str) -> st.SearchStrategy[str]:
    """The From of a mail from ``address``, as mail programs write it."""
    return st.sampled_from(
        [
            address,
            f"<{address}>",
            f"Alice <{address}>",
            f'"Smith, Alice" <{address}>',
            f"=?utf-8?b?{base64.b64encode('Älice 😀'.encode()).decode()}?= <{address}>",
            f"{address} (Alice)",
            address.upper(),
        ]
    )


def raw_mail(to: str, sender: str, body: str, wrapping: str, subject: str = SUBJECTS[0]) -> bytes:
    """A reply holding ``body``, wrapped as a mail program might (or not)."""
    message_id = f"<fuzz{next(_ids)}@client.example>"
    head = f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: {message_id}\r\nMIME-Version: 1.0\r\n"
    text = body.replace("\n", "\r\n")
    encoded = base64.encodebytes(text.encode()).decode()
    if wrapping == "8bit":
        return (head + f"Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n").encode()
    if wrapping == "base64":
        return (
            head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" + encoded
        ).encode()
    if wrapping == "wrong charset":
        return (head + f"Content-Type: text/plain; charset=us-ascii\r\n\r\n{text}\r\n").encode()
    if wrapping == "unknown charset":
        return (head + f"Content-Type: text/plain; charset=x-hostile\r\n\r\n{text}\r\n").encode()
    if wrapping == "latin-1":
        return (head + "Content-Type: text/plain; charset=iso-8859-1\r\n\r\n").encode() + text.encode(
            "latin-1", "replace"
        )
    if wrapping == "html":
        html = "".join(f"<p>{line}</p>" for line in body.split("\n"))
        return (head + f"Content-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n").encode()
    if wrapping == "base64 garbage":
        return (
            head
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + text
            + "\r\n"
        ).encode()
    # "multipart without text": only an attachment.
    return (
        head + "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: application/octet-stream\r\n"
        f"Content-Transfer-Encoding: base64\r\n\r\n{encoded}\r\n--B--\r\n"
    ).encode()


WRAPPINGS = [
    "8bit",
    "8bit",
    "8bit",
    "base64",
    "wrong charset",
    "unknown charset",
    "latin-1",
    "html",
    "base64 garbage",
    "multipart without text",
]


def language_of(text: str, said: str) -> str:
    """``nl`` or ``en``: which of the two ``text`` is written in, the words
    of ``said`` (the mail answered, which an answer may quote) left out;
    ``""`` for a text without a word that tells."""
    own = set(re.findall(r"\w+", said.lower()))
    words = [word for word in re.findall(r"\w+", text.lower()) if word not in own]
    dutch = sum(word in DUTCH for word in words)
    english = sum(word in ENGLISH for word in words)
    return "" if dutch == english == 0 else "nl" if dutch > english else "en"


#: Games whose hidden hands hold pieces named once each (a tile's colours),
#: so a name in a mail shows that very piece: an Alta or Atlantis card's name
#: is shared by many cards, and Alhambra's money is dealt and taken face up
#: (the history names every card a hand got).
NAMED_PIECES = {"alpaca"}


def hidden_from(game: str, rules, states, seat: int, other: int) -> set[str]:
    """Names in ``other``'s hand, in any of ``states``, that ``seat``'s own
    view shows in none of them."""
    seen = {name for state in states for name in _strings(rules.view(state, seat))}
    hand = [name for state in states for name in _strings(rules.view(state, other).get("hand") or [])]
    examples = _examples(game, rules)
    return {name for name in hand if name not in seen and not _names(name, examples)}


def _examples(game: str, rules) -> str:
    """The game's help, notation help and rules' source, whose examples
    ("e.g. 'take denar 3 + florin 2'") name pieces too."""
    texts = [path.read_text() for path in (Path(games.rules.__file__).parent / game).glob("*.py")]
    for language in ("en", "nl"):
        with translation.override(language):
            texts += [rules.help_text(language), *notation_help(game)]
    return "\n".join(texts)


def _names(name: str, text: str) -> bool:
    """Does ``text`` name the piece ``name`` ("denar 1", not in "denar 12")?"""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


@SETTINGS
@given(data=st.data())
def test_any_reply_to_a_turn_mail_is_answered_and_plays_one_move_or_nothing(
    data, table, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    match, seat, other, address, options, waiting = table
    rules = get_rules(match.game)
    body = data.draw(bodies(match.game, options), label="body")
    # Now and then the waiting player, through the reply address of the
    # latest mail they got (their reply is chat, a move in it refused).
    if waiting and data.draw(st.booleans(), label="from the waiting player"):
        seat, other, address = other, seat, waiting
    wrapping = data.draw(st.sampled_from(WRAPPINGS), label="wrapping")
    subject = data.draw(st.sampled_from(SUBJECTS), label="subject")
    sender = data.draw(sender_forms(seat.user.email), label="sender")
    with transaction.atomic():
        raw = raw_mail(address, sender, body, wrapping, subject)
        _reply_once(match, seat, other, raw, body, rules, django_capture_on_commit_callbacks)
        transaction.set_rollback(True)


def _reply_once(match, seat, other, raw, body, rules, capture):
    match.refresh_from_db()  # as the last example's rollback left it
    state, ply = rules.load(match.state), match.ply
    chats = ChatMessage.objects.filter(match=match).count()
    mail.outbox.clear()
    message_id = raw.split(b"Message-ID: ")[1].split(b"\r\n")[0].decode()
    with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
        record = ingest(raw, capture)
    assert record.outcome in OUTCOMES, (record.outcome, record.detail)
    match.refresh_from_db()
    moves = MoveRecord.objects.filter(match=match, ply__gt=ply)
    if record.outcome == "accepted":
        assert match.ply == ply + 1 and moves.count() == 1, record.detail
    else:
        assert match.ply == ply and not moves.exists(), record.outcome
        assert rules.dump(rules.load(match.state)) == rules.dump(state)
    hidden: set[str] = set()
    if match.game in NAMED_PIECES and match.is_active:  # the end reveals every hand
        states = [state, rules.load(match.state)]
        hidden = {name for name in hidden_from(match.game, rules, states, seat.index, other.index) if name not in body}
    answers = [m for m in mail.outbox if m.to == [seat.user.email] and m.extra_headers.get("In-Reply-To") == message_id]
    unthreaded = [m for m in mail.outbox if m.to == [seat.user.email] and m not in answers]
    assert answers, (record.outcome, record.detail, [m.subject for m in unthreaded])
    if record.outcome not in {"accepted", "command"}:
        assert len(answers) == 1, [m.subject for m in answers]
    else:  # a move's receipt and an answer to each different command (at most six)
        assert len(answers) <= 7, [m.subject for m in answers]
    for answer in answers:
        assert language_of(answer.body, body) in {seat.user.language, ""}, answer.body
        for name in hidden:
            assert not _names(name, answer.subject + "\n" + answer.body), (name, answer.body)
    posted = ChatMessage.objects.filter(match=match).count() - chats
    assert posted in (0, 1)
    if posted:
        assert record.outcome in {"accepted", "command"}
        # It travels in the other player's next game mail (or at once, for
        # one who asked for that: ``mail.chat_mail``).
        line = ChatMessage.objects.filter(match=match).latest("pk")
        assert line in chat_unmailed(match, other.user) or mails_to(other.user.email)
    for sent in mails_to(other.user.email):
        assert language_of(sent.body, body) in {other.user.language, ""}, sent.body
    assert not InboundEmail.objects.filter(outcome=InboundEmail.Outcome.RECEIVED).exists()


@SETTINGS
@given(data=st.data())
def test_any_reply_through_another_players_address_changes_nothing_and_is_refused(
    data, table, carol, settings, django_capture_on_commit_callbacks
):
    """A forged From (the other player's or an outsider's address on the
    mover's reply address): told so, in the sender's language, nothing
    played or posted, and nothing of the mover's hand or options shown."""
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    match, seat, other, address, options, _waiting = table
    rules = get_rules(match.game)
    living_in("nl", "Europe/Amsterdam", carol)
    body = data.draw(bodies(match.game, options), label="body")
    wrapping = data.draw(st.sampled_from(WRAPPINGS[:4]), label="wrapping")
    forger = data.draw(st.sampled_from([other.user, carol]), label="forger")
    with transaction.atomic():
        match.refresh_from_db()
        state, ply, chats = match.state, match.ply, ChatMessage.objects.count()
        mail.outbox.clear()
        record = ingest(raw_mail(address, forger.email, body, wrapping), django_capture_on_commit_callbacks)
        assert record.outcome == "wrong_sender", (record.outcome, record.detail)
        match.refresh_from_db()
        assert (match.ply, match.state, ChatMessage.objects.count()) == (ply, state, chats)
        [answer] = mail.outbox
        assert answer.to == [forger.email]
        assert language_of(answer.body, body) in {forger.language, ""}, answer.body
        hand = _strings(rules.view(rules.load(state), seat.index).get("hand") or [])
        for secret in [*options, *hand, seat.user.email]:
            if len(secret) > 3 and secret not in body:
                assert not _names(secret, answer.body), secret
        transaction.set_rollback(True)


@SETTINGS
@given(data=st.data())
def test_any_mail_to_the_command_address_is_answered_once_in_the_senders_language(
    data, table, carol, settings, django_capture_on_commit_callbacks
):
    """Players and people without an account write anything to the command
    address: one answer each (to a person), in their language (an unknown
    address: in both, as ``answers.written_for`` does), nothing played."""
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    match, seat, other, _address, options, _waiting = table
    body = data.draw(bodies(match.game, options), label="body")
    wrapping = data.draw(st.sampled_from(WRAPPINGS), label="wrapping")
    subject = data.draw(st.sampled_from(SUBJECTS), label="subject")
    sender = data.draw(st.sampled_from([seat.user.email, other.user.email, "stranger@example.org"]), label="sender")
    with transaction.atomic():
        match.refresh_from_db()
        before = (match.ply, match.state, ChatMessage.objects.count())
        mail.outbox.clear()
        raw = raw_mail(f"commands@{settings.MAIL_DOMAIN}", sender, body, wrapping, subject)
        message_id = raw.split(b"Message-ID: ")[1].split(b"\r\n")[0].decode()
        with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
            record = ingest(raw, django_capture_on_commit_callbacks)
        assert record.outcome in OUTCOMES, (record.outcome, record.detail)
        match.refresh_from_db()
        # A player's "say" reaches their only running game: one chat line, no move.
        said = 1 if record.detail == "said" else 0
        assert (match.ply, match.state, ChatMessage.objects.count()) == (*before[:2], before[2] + said)
        answers = [m for m in mail.outbox if m.extra_headers.get("In-Reply-To") == message_id]
        # To the sender only (``answers_to`` lets the news of their vacation
        # reach their fellow players).
        to_sender = answers_to(sender, mail.outbox)
        assert all(m in to_sender for m in answers), [m.to for m in mail.outbox]
        assert 1 <= len(answers) <= 6, (record.outcome, record.detail)
        language = {seat.user.email: seat.user.language, other.user.email: other.user.language}.get(sender)
        for answer in answers:
            if language is not None:
                assert language_of(answer.body, body) in {language, ""}, answer.body
        transaction.set_rollback(True)


INVITATION_WORDS = ["yes", "ja", "no", "nee", "accept", "decline", "Ja, ik doe mee!", "maybe", "yes no", "JA", "nee!"]


@pytest.mark.parametrize("language", ["en", "nl"])
@SETTINGS
@given(data=st.data())
def test_any_reply_to_an_invitation_is_answered_once_and_takes_or_frees_the_seat_only(
    data, language, alice, bob, carol, now, settings, django_capture_on_commit_callbacks
):
    """The invited player (or someone who got the invitation forwarded)
    writes anything back: one answer, in their language; the seat is taken,
    freed or left as it was, and nobody else's changes."""
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    living_in(language, "Europe/Amsterdam", bob, carol)
    line = st.sampled_from(INVITATION_WORDS) | lines("alta", ["1"])
    body = data.draw(st.lists(line, max_size=4).map("\n".join), label="body")
    wrapping = data.draw(st.sampled_from(WRAPPINGS), label="wrapping")
    sender = data.draw(st.sampled_from([bob, carol]), label="sender")
    with transaction.atomic():
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            match = match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
        [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
        mail.outbox.clear()
        raw = raw_mail(invitation.reply_to[0], sender.email, body, wrapping, "Re: invitation")
        message_id = raw.split(b"Message-ID: ")[1].split(b"\r\n")[0].decode()
        with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
            record = ingest(raw, django_capture_on_commit_callbacks)
        assert record.outcome in OUTCOMES, (record.outcome, record.detail)
        match.refresh_from_db()
        # An accepted invitation's answer is the game's start mail (it starts a
        # game of two); any other is threaded under the reply.
        answers = [m for m in mail.outbox if m.to == [sender.email]]
        assert len(answers) == 1, (record.outcome, record.detail, [m.subject for m in mail.outbox])
        assert answers[0].extra_headers.get("In-Reply-To") == message_id or match.is_active
        assert language_of(answers[0].body, body) in {language, ""}, answers[0].body
        seated = set(match.seats.exclude(user=None).values_list("user__email", flat=True))
        assert seated <= {alice.email, bob.email}, seated
        if sender == carol:
            assert match.is_open and record.outcome == "unknown_token"
        transaction.set_rollback(True)
