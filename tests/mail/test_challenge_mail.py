"""Issue 19: ladder challenges by mail.  The challenged player is mailed,
answers by reply (English or Dutch) through ``ingest_email``, and the
challenger is told the answer, whichever way it came."""

import re

import pytest
from django.core import mail
from django.utils import timezone

from games.models import Match
from games.services import GameActionError
from ratings.models import Challenge
from ratings.services import challenge_create, challenge_decline, challenge_take_back
from tests.ratings.conftest import join, make_ladder

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def challenged(alice, bob, django_capture_on_commit_callbacks):
    now = timezone.now()  # the intake reads the clock: the challenge must be open then
    ladder = make_ladder(players=2)
    with django_capture_on_commit_callbacks(execute=True):  # each join is confirmed by mail
        join(ladder, alice, now, rating=1500)
        join(ladder, bob, now, rating=1510)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        made = challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    return made


def _challenge_mail(user):
    found = [m for m in mails_to(user.email) if m.reply_to and m.reply_to[0].startswith("challenge+")]
    assert len(found) == 1
    return found[0]


def test_the_challenged_player_is_mailed_with_a_reply_address(challenged, alice, bob):
    told = _challenge_mail(bob)
    assert "Alice challenges you" in told.subject and '"accept"' in told.body
    assert not mails_to(alice.email)


@pytest.mark.parametrize("word", ["accept", "accepteer", "Accepteren"])
def test_accept_by_reply_starts_the_game_and_tells_the_challenger(
    word, challenged, alice, bob, django_capture_on_commit_callbacks
):
    address = _challenge_mail(bob).reply_to[0]
    record = ingest(bytes(message(address, word, sender=bob.email)), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("accepted", "challenge accepted")
    challenged.refresh_from_db()
    assert challenged.status == Challenge.Status.ACCEPTED
    assert challenged.match.status == Match.Status.ACTIVE
    # One mail to the challenger: the game's first, which says it was accepted.
    [started] = mails_to(alice.email)
    assert "the game has started" in started.subject
    assert "Bob accepted your challenge in the ladder" in " ".join(started.body.split())
    answer = [m for m in mails_to(bob.email) if m.extra_headers.get("In-Reply-To") == record.message_id]
    assert len(answer) == 1 and "accepted the challenge" in answer[0].body


@pytest.mark.parametrize("word", ["decline", "weiger", "Weigeren"])
def test_decline_by_reply_tells_the_challenger(word, challenged, alice, bob, django_capture_on_commit_callbacks):
    address = _challenge_mail(bob).reply_to[0]
    record = ingest(bytes(message(address, word, sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and record.detail == "challenge declined"
    challenged.refresh_from_db()
    assert challenged.status == Challenge.Status.DECLINED
    told = [m for m in mails_to(alice.email) if "declined your challenge" in m.subject]
    assert len(told) == 1 and "Bob" in told[0].body


def test_a_challenge_declined_on_the_site_is_reported_too(
    challenged, alice, bob, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        challenge_decline(challenge_id=challenged.pk, user=bob, now=now)
    assert [m for m in mails_to(alice.email) if "declined your challenge" in m.subject]


@pytest.mark.parametrize(
    ("language", "subject", "said"),
    [
        ("en", "Alice took back their challenge", "Alice took back their challenge on the ladder"),
        ("nl", "Alice heeft de uitdaging teruggenomen", "Alice heeft de uitdaging op de ladder"),
    ],
)
def test_the_opponent_is_told_once_when_a_challenge_is_taken_back(
    language, subject, said, challenged, alice, bob, now, django_capture_on_commit_callbacks
):
    bob.language = language
    bob.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        challenge_take_back(challenge_id=challenged.pk, user=alice, now=now)
    with pytest.raises(GameActionError), django_capture_on_commit_callbacks(execute=True):
        challenge_take_back(challenge_id=challenged.pk, user=alice, now=now)
    told = [m for m in mails_to(bob.email) if subject in m.subject]
    assert len(told) == 1, [m.subject for m in mails_to(bob.email)]
    assert said in " ".join(told[0].body.split())
    assert not mails_to(alice.email)


@pytest.mark.parametrize("word", ["accept", "decline"])
def test_an_answer_to_a_taken_back_challenge_is_refused_clearly(
    word, challenged, alice, bob, now, django_capture_on_commit_callbacks
):
    address = _challenge_mail(bob).reply_to[0]
    with django_capture_on_commit_callbacks(execute=True):
        challenge_take_back(challenge_id=challenged.pk, user=alice, now=now)
    record = ingest(bytes(message(address, word, sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    answer = [m for m in mails_to(bob.email) if m.extra_headers.get("In-Reply-To") == record.message_id]
    assert len(answer) == 1
    assert "This challenge is taken back by the challenger." in " ".join(answer[0].body.split())
    challenged.refresh_from_db()
    assert challenged.status == Challenge.Status.TAKEN_BACK and not Match.objects.exists()
    assert not [m for m in mails_to(alice.email) if "your challenge" in m.subject]


def test_only_the_challenged_player_can_answer_and_tokens_cannot_be_forged(
    challenged, alice, carol, django_capture_on_commit_callbacks
):
    address = _challenge_mail(challenged.challenged).reply_to[0]
    for sender in (alice.email, carol.email):
        record = ingest(bytes(message(address, "accept", sender=sender)), django_capture_on_commit_callbacks)
        assert record.outcome == "unknown_token"
    local, _, domain = address.partition("@")
    forged = local[:-1] + ("0" if local[-1] != "0" else "1") + "@" + domain
    record = ingest(
        bytes(message(forged, "accept", sender=challenged.challenged.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "unknown_token"
    challenged.refresh_from_db()
    assert challenged.status == Challenge.Status.OPEN


def test_an_unclear_reply_is_told_how_to_answer(challenged, bob, django_capture_on_commit_callbacks):
    address = _challenge_mail(bob).reply_to[0]
    record = ingest(bytes(message(address, "maybe later", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert '"accept" or "decline"' in mails_to(bob.email)[-1].body


def test_the_challenge_says_when_it_expires_in_the_readers_zone_and_language(
    alice, bob, django_capture_on_commit_callbacks
):
    import datetime as dt

    bob.time_zone, bob.language = "Europe/Amsterdam", "nl"
    bob.save(update_fields=["time_zone", "language"])
    ladder = make_ladder(players=2)
    now = dt.datetime(2026, 6, 1, 21, 30, tzinfo=dt.UTC)
    join(ladder, alice, now, rating=1500)
    join(ladder, bob, now, rating=1510)
    with django_capture_on_commit_callbacks(execute=True):
        made = challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    assert made.expires_at == dt.datetime(2026, 6, 8, 21, 30, tzinfo=dt.UTC)
    body = " ".join(_challenge_mail(bob).body.split())  # as read: wrapped at 72 columns
    assert "De uitdaging verloopt op maandag 8 juni 2026, 23:30 (tijdzone Europe/Amsterdam)." in body
    assert "UTC" not in re.sub(r"https?://\S+", "", body)  # a signed link's signature may spell it
    assert "op de ladder Alta, 2 spelers." in body  # the ladder's made-up name, in Dutch too


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_challenge_mails_fit_in_72_columns(language, alice, bob, django_capture_on_commit_callbacks):
    """The challenge and the answer to it are wrapped like every other
    mail; a link keeps its line whole."""
    from tests.conftest import living_in

    living_in(language, "Europe/Amsterdam", alice, bob)
    now = timezone.now()
    ladder = make_ladder(players=2)
    with django_capture_on_commit_callbacks(execute=True):  # each join is confirmed by mail
        join(ladder, alice, now, rating=1500)
        join(ladder, bob, now, rating=1510)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    address = _challenge_mail(bob).reply_to[0]
    # A decline (an acceptance's news is the game's own first mail).
    ingest(bytes(message(address, "decline", sender=bob.email)), django_capture_on_commit_callbacks)
    told = [m for m in mail.outbox if "challenge+" in str(m.reply_to) or "[Alta]" in m.subject]
    assert len(told) == 2
    for sent in told:
        too_long = [line for line in sent.body.split("\n") if len(line) > 72 and "://" not in line]
        assert too_long == [], sent.body


def test_a_dutch_challenge_mail_calls_the_game_a_partij_met_rating_as_the_pages_do(
    alice, bob, django_capture_on_commit_callbacks
):
    """The mail read "daagt je uit voor een partij die meetelt voor de
    rating", the ladder and player pages "partijen met rating"; the lobby's
    filter "Alleen voor de rating" beside "Alleen zonder rating"."""
    from django.utils import translation
    from django.utils.translation import gettext

    bob.language = "nl"
    bob.save()
    now = timezone.now()
    ladder = make_ladder(players=2)
    with django_capture_on_commit_callbacks(execute=True):  # each join is confirmed by mail
        join(ladder, alice, now, rating=1500)
        join(ladder, bob, now, rating=1510)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    body = " ".join(_challenge_mail(bob).body.split())
    assert "Alice daagt je uit voor een partij met rating op de ladder" in body and "meetelt" not in body, body
    with translation.override("nl"):
        filters = [gettext("Rated only"), gettext("Unrated only")]
    assert filters == ["Alleen met rating", "Alleen zonder rating"], filters
