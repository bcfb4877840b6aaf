"""Which emails a game sends, to whom, and what they contain."""

import re
from html import escape

import pytest
from django.conf import settings
from django.core import mail
from django.db import IntegrityError, transaction

from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_resign, move_submit
from mail.models import GameMute, OutgoingEmail, ReplyToken
from mail.outbox import email_queue, reply_token_for, wants_mail

from .conftest import digest_reader_to_move, mails_to, mover_of, next_digest, outgoing

pytestmark = pytest.mark.django_db


def test_a_started_game_mails_everyone_and_the_mover_can_reply(game, alice, bob):
    mover = mover_of(game)
    assert {m.to[0] for m in mail.outbox} == {"alice@example.com", "bob@example.com"}
    to_mover = mails_to(mover.user.email)[0]
    other = mails_to((bob if mover.user == alice else alice).email)[0]
    assert "the game has started" in to_mover.subject
    assert to_mover.reply_to and re.match(r"play\+[0-9a-f]{32}@localhost", to_mover.reply_to[0])
    assert "IT IS YOUR MOVE" in to_mover.body and "HOW TO REPLY" in to_mover.body
    assert not other.reply_to and "HOW TO REPLY" not in other.body
    html = to_mover.alternatives[0][0]
    assert "<table" in html and "It is your move" in html


def test_mails_carry_threading_and_one_click_unsubscribe_headers(game):
    message = mail.outbox[0].message()
    assert message["Message-ID"].endswith("@localhost>")
    assert message["In-Reply-To"] == message["References"]
    assert message["References"].startswith(f"<game-{game.pk}-")
    assert message["List-Unsubscribe"].startswith("<http") and "/mail/unsubscribe/" in message["List-Unsubscribe"]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_board_and_own_hand_are_in_both_parts(game):
    mover = mover_of(game)
    rules = get_rules("alta")
    hand = rules.view(rules.load(game.state), mover.index)["hand"]
    message = mails_to(mover.user.email)[0]
    from games.boards.alta import card_name

    assert "Your hand: " + ", ".join(card_name(c) for c in hand) in message.body
    assert "Your island (0 cards" in message.body and "   4   +" in message.body
    assert escape(card_name(hand[0])) in message.alternatives[0][0]


def test_your_turn_goes_to_the_next_player_only_once(game, now, django_capture_on_commit_callbacks):
    mover = mover_of(game)
    rules = get_rules("alta")
    mail.outbox.clear()
    ply = 0
    while True:
        state = rules.load(game.state)
        if mover.index not in rules.to_move(state):
            break
        move = rules.default_move(state, mover.index)
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(
                match_id=game.pk,
                user=mover.user,
                text=rules.format_move(state, mover.index, move),
                ply=ply,
                source=MoveRecord.Source.WEB,
                now=now,
            )
        ply += 1
        game.refresh_from_db()
    other = game.seats.exclude(pk=mover.pk).get()
    assert [m.to for m in mail.outbox] == [[other.user.email]]
    assert "your move" in mail.outbox[0].subject
    assert outgoing(OutgoingEmail.Kind.YOUR_TURN)[0].dedupe_key == f"turn:{game.pk}:{ply}:{other.index}"


def test_preferences_and_mutes_are_respected(alice, bob, carol, now, django_capture_on_commit_callbacks):
    from games.services import match_create_seated

    bob.notifications = bob.Notifications.NONE
    bob.save()
    carol.notifications = carol.Notifications.DAILY_DIGEST
    carol.save()
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    recipients = {m.to[0] for m in mail.outbox}
    assert "bob@example.com" not in recipients
    assert "alice@example.com" in recipients and "carol@example.com" in recipients  # start is always told
    GameMute.objects.create(user=alice, match=match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=carol, now=now)
        match_resign(match_id=match.pk, user=bob, now=now)
    assert "alice@example.com" not in {m.to[0] for m in mail.outbox}
    # Asked directly (not for a batch the worker prefetched), the mute is read too.
    match.refresh_from_db()
    assert not wants_mail(alice, match, kind=OutgoingEmail.Kind.YOUR_TURN)
    assert wants_mail(alice, match, kind=OutgoingEmail.Kind.RECEIPT)  # answers to her own mail still go


def test_game_over_mail_has_the_final_result(game, alice, bob, now, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=alice, now=now)
    over = [m for m in mail.outbox if "the game is over" in m.subject]
    assert {m.to[0] for m in over} == {"alice@example.com", "bob@example.com"}
    assert "1. Bob" in over[0].body and "2. Alice" in over[0].body and "(resigned)" in over[0].body
    assert not over[0].reply_to


def test_an_event_never_mails_twice(game, now):
    from games.models import MatchEvent
    from mail.lifecycle_mail import on_started

    before = OutgoingEmail.objects.count()
    on_started(MatchEvent.objects.get(match=game, kind="started"))
    assert OutgoingEmail.objects.count() == before


def test_emails_never_show_hidden_information(alice, bob, carol, now):
    """Re-deal what a recipient cannot see: their email must not change."""
    from games.services import match_create_seated
    from mail.render import GameMail, render_game_email

    match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    rules = get_rules("alta")
    state = rules.load(match.state)
    names = ["Alice", "Bob", "Carol"]
    for _ in range(12):
        for seat in range(3):
            other = rules.randomize_hidden(state, seat, seed=seat + 99)
            options = [t for t, _ in rules.move_options(state, seat)] if seat in rules.to_move(state) else []
            mine = render_game_email(
                match=match,
                view=rules.view(state, seat),
                names=names,
                mail=GameMail("x"),
                options=options,
                unsubscribe="u",
                mute="m",
            )
            theirs = render_game_email(
                match=match,
                view=rules.view(other, seat),
                names=names,
                mail=GameMail("x"),
                options=options,
                unsubscribe="u",
                mute="m",
            )
            assert mine == theirs
        index = min(rules.to_move(state))
        state = rules.apply(state, index, rules.default_move(state, index)).state


def test_the_daily_digest_comes_once_in_the_local_morning(alice, bob, carol, now, django_capture_on_commit_callbacks):
    import datetime as dt

    from games.services import match_create_seated
    from mail.digest import digests_send

    carol.notifications = carol.Notifications.DAILY_DIGEST
    carol.time_zone = "America/New_York"
    carol.save()
    matches = []
    with django_capture_on_commit_callbacks(execute=True):
        while len([m for m in matches if m.seats.get(user=carol).deadline_at]) < 2:
            matches.append(match_create_seated(users=[carol, alice if len(matches) % 2 else bob], game="alta", now=now))
    waiting = [m for m in matches if m.seats.get(user=carol).deadline_at]
    mail.outbox.clear()
    early = dt.datetime(2026, 1, 6, 11, 0, tzinfo=dt.UTC)  # 06:00 in New York
    with django_capture_on_commit_callbacks(execute=True):
        assert digests_send(now=early) == 0
    morning = early + dt.timedelta(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        sent = digests_send(now=morning)
        again = digests_send(now=morning + dt.timedelta(hours=3))
    assert (sent, again) == (1, 0)
    # The next day's digest not sent yet: not at noon, nor in the evening
    # ("Good morning" at night), but the morning after.
    with django_capture_on_commit_callbacks(execute=True):
        assert digests_send(now=dt.datetime(2026, 1, 7, 17, 0, tzinfo=dt.UTC)) == 0  # 12:00 in New York
        assert digests_send(now=dt.datetime(2026, 1, 8, 0, 30, tzinfo=dt.UTC)) == 0  # 19:30
        assert digests_send(now=dt.datetime(2026, 1, 8, 12, 0, tzinfo=dt.UTC)) == 1  # 07:00
    assert len(mail.outbox) == 2
    digest = mail.outbox[0]
    assert digest.to == [carol.email] and "your move in" in digest.subject
    for match in matches:
        assert (f"Alta #{match.pk} " in digest.body) == (match in waiting)
    assert "play+" in digest.body
    # Each deadline in her zone, written as every mail writes it, not the UTC time.
    for match in waiting:
        deadline = match.seats.get(user=carol).deadline_at.astimezone(carol.zone)
        when = f"{deadline:%A} {deadline.day} {deadline:%B %Y, %H:%M} (America/New York time)"
        assert f"deadline {when}" in " ".join(digest.body.split())


def test_a_digest_of_one_game_speaks_of_one_game(alice, bob, now, django_capture_on_commit_callbacks):
    """A Dutch reader to move in one game was greeted "Je bent aan zet in
    deze partijen, de dringendste eerst" above that one game (the subject
    said "in 1 partij")."""
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    match = digest_reader_to_move(alice, bob, now, django_capture_on_commit_callbacks)
    digest = next_digest(alice, now, django_capture_on_commit_callbacks)
    for part in (" ".join(digest.body.split()), " ".join(digest.alternatives[0][0].split())):
        assert "Je bent aan zet in deze partij (" in part and "partijen" not in part.split("(")[0], part[:200]
    assert f"Alta #{match.pk}" in digest.body


def test_an_email_is_stored_once_per_key_and_the_transaction_goes_on(alice, now):
    def queue(subject):
        return email_queue(
            kind="notice",
            to="p@example.com",
            subject=subject,
            text="t",
            html="h",
            dedupe_key="notice:1",
            now=now,
            user=alice,
        )

    with transaction.atomic():
        first = queue("first")
        assert first.pk is not None and not first._state.adding
        again = queue("second")
        assert again.pk == first.pk and again.subject == "first"
        # The repeat raised nothing, so the transaction is still usable.
        stored = OutgoingEmail.objects.get(dedupe_key="notice:1")
        assert (stored.pk, stored.subject, stored.headers, stored.status) == (first.pk, "first", {}, "queued")
    assert OutgoingEmail.objects.count() == 1


def test_another_unique_constraint_still_raises(alice, now, monkeypatch):
    from mail import outbox

    first = email_queue(
        kind="notice", to="p@example.com", subject="s", text="t", html="h", dedupe_key="notice:1", now=now, user=alice
    )
    monkeypatch.setattr(outbox, "new_message_id", lambda: first.message_id)
    with pytest.raises(IntegrityError), transaction.atomic():
        email_queue(
            kind="notice",
            to="p@example.com",
            subject="s",
            text="t",
            html="h",
            dedupe_key="notice:2",
            now=now,
            user=alice,
        )
    assert list(OutgoingEmail.objects.values_list("dedupe_key", flat=True)) == ["notice:1"]


def test_one_reply_token_per_player_and_position(game, alice, now):
    made = [reply_token_for(match=game, seat_index=0, user=alice, ply=3, now=now) for _ in range(2)]
    assert made[0].pk == made[1].pk and made[0].token == made[1].token
    other = reply_token_for(match=game, seat_index=0, user=alice, ply=4, now=now)
    assert other.token != made[0].token
    assert ReplyToken.objects.filter(match=game, user=alice, ply__gt=0).count() == 2


def test_an_unguarded_insert_raises_on_a_repeated_key(game, alice, now):
    """Not ``guarded`` (no savepoint per row), a repeated key raises like
    any other clash: its caller rolls back and writes again guarded."""

    def queue(**kwargs):
        return email_queue(
            kind="notice", to="p@example.com", subject="s", text="t", html="h", now=now, user=alice, **kwargs
        )

    first = queue(dedupe_key="notice:1", guarded=False)
    token = reply_token_for(match=game, seat_index=0, user=alice, ply=3, now=now, guarded=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        queue(dedupe_key="notice:1", guarded=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        reply_token_for(match=game, seat_index=0, user=alice, ply=3, now=now, guarded=False)
    assert queue(dedupe_key="notice:1").pk == first.pk
    assert reply_token_for(match=game, seat_index=0, user=alice, ply=3, now=now).pk == token.pk


def test_an_email_written_claimed_is_left_to_the_caller_that_sends_it(alice, now, django_capture_on_commit_callbacks):
    """With ``sends`` and ``claimed_at`` the row is written already claimed
    (``sending``) and gets no send task: its writer sends it after commit.
    Without ``sends`` nobody would, so it is queued as usual."""

    def queue(**kwargs):
        return email_queue(
            kind="notice", to="p@example.com", subject="s", text="t", html="h", now=now, user=alice, **kwargs
        )

    sends: list[int] = []
    with django_capture_on_commit_callbacks() as callbacks:
        claimed = queue(dedupe_key="notice:claimed", sends=sends, claimed_at=now)
        alone = queue(dedupe_key="notice:alone", claimed_at=now)
    assert sends == [claimed.pk]
    assert len(callbacks) == 1  # ``alone``'s send task
    stored = dict(OutgoingEmail.objects.values_list("pk", "status"))
    assert (stored[claimed.pk], stored[alone.pk]) == (OutgoingEmail.Status.SENDING, OutgoingEmail.Status.QUEUED)
    assert OutgoingEmail.objects.get(pk=claimed.pk).claimed_at == now
    assert OutgoingEmail.objects.get(pk=alone.pk).claimed_at is None


def test_the_html_part_has_no_line_smtp_would_need_quoted_printable_for(game):
    """The board's tables are one long line as drawn; the mail breaks it
    after row and cell ends only, so it reads the same and goes 8-bit."""
    from mail.render import MAX_LINE, short_lines

    for email in outgoing():
        assert max(len(line.encode()) for line in email.html.split("\n")) <= MAX_LINE
        message = mail.EmailMultiAlternatives(email.subject, email.text, to=[email.to])
        message.attach_alternative(email.html, "text/html")
        assert "quoted-printable" not in message.message().as_string()
    long_row = "<table>" + "<tr><td>cell</td><td>x</td></tr>" * 80 + "</table><p>after</p>"
    broken = short_lines(long_row)
    assert broken.replace("\n", "") == long_row
    assert max(len(line) for line in broken.split("\n")) <= MAX_LINE
    assert short_lines("<p>short</p><p>lines</p>") == "<p>short</p><p>lines</p>"


def test_a_dutch_digest_names_the_position_and_options_as_the_turn_mails_do(
    carol, alice, now, django_capture_on_commit_callbacks
):
    """ "de huidige stelling", "een van deze keuzes": the digest's link to
    a game's page uses the same two words, not "stand en mogelijkheden"."""

    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", carol)
    digest_reader_to_move(carol, alice, now, django_capture_on_commit_callbacks)
    digest = next_digest(carol, now, django_capture_on_commit_callbacks)
    assert "Stelling en keuzes: http" in digest.body and "Stand" not in digest.body


@pytest.mark.parametrize(("language", "board"), [("en", "board"), ("nl", "bord")])
def test_a_digest_reader_learns_how_to_get_the_options_by_mail_and_gets_them(
    language, board, carol, alice, now, django_capture_on_commit_callbacks
):
    """The digest gave a game's address and a link to its page: a reader who
    plays by mail alone was not told how to see the numbered options, and a
    move sent in reply to the digest was told to answer the latest "your
    move" email, which a digest reader never gets."""
    from mail.models import InboundEmail
    from tests.conftest import living_in

    from .intake import ingest, message

    living_in(language, "Europe/Amsterdam", carol)
    match = digest_reader_to_move(carol, alice, now, django_capture_on_commit_callbacks)
    digest = next_digest(carol, now, django_capture_on_commit_callbacks)
    hint = {"en": '(or "board", for the position', "nl": '(of "bord", voor de stelling'}[language]
    assert hint in " ".join(digest.body.split()) and hint in " ".join(digest.alternatives[0][0].split())
    address = re.search(r"play\+[0-9a-f]{32}@localhost", digest.body).group(0)
    mail.outbox.clear()
    ingest(bytes(message(address, board, sender=carol.email)), django_capture_on_commit_callbacks)
    [position] = mail.outbox
    assert position.reply_to == [address] and re.search(r"^\s+1\. ", position.body, re.M)
    mail.outbox.clear()
    to = digest.extra_headers.get("From", settings.DEFAULT_FROM_EMAIL)  # its envelope sender bounces
    record = ingest(bytes(message(to, "1", sender=carol.email)), django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.UNKNOWN_TOKEN
    [told] = mail.outbox
    said = {"en": "which your daily digest gives", "nl": "dat in je dagelijkse overzicht staat"}[language]
    assert said in " ".join(told.body.split()) and f"#{match.pk}" in told.body
