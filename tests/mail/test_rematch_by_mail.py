"""A rematch by mail: a reply "rematch" to the game-over mail offers it;
the other player's "revanche" takes the seat it invites them to."""

import pytest
from django.core import mail

from games.models import Match, MoveRecord
from games.services import match_resign

from .conftest import mover_of
from .intake import ingest, message
from .test_waiting_chat import answer_to

pytestmark = pytest.mark.django_db


def _game_over_mail(user):
    [over] = [m for m in mail.outbox if m.to == [user.email]]
    return over


def test_both_players_agree_on_a_rematch_by_mail(game, alice, bob, now, django_capture_on_commit_callbacks):
    bob.language = "nl"
    bob.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    over, bob_over = _game_over_mail(alice), _game_over_mail(bob)
    assert 'Reply "rematch" to play again with the same players.' in over.body
    assert '"revanche"' in bob_over.body

    mail.outbox.clear()
    record = ingest(answer_to(over, "rematch", sender=alice.email), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "rematch offered")
    rematch = Match.objects.get(rematch_of=game)
    [answer] = [m for m in mail.outbox if m.to == [alice.email]]
    assert f"You offered a rematch: {rematch}." in answer.body
    assert [m.to for m in mail.outbox if m.to == [bob.email]] == [[bob.email]]  # his invitation

    mail.outbox.clear()
    record = ingest(answer_to(bob_over, "Revanche!", sender=bob.email), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "rematch joined")
    rematch.refresh_from_db()
    assert rematch.is_active
    [told] = [m for m in mail.outbox if m.to == [bob.email] and "revanche" in m.body.lower()]
    assert "Je doet mee aan de revanche" in told.body and "Ze is begonnen" in told.body
    started = {m.to[0] for m in mail.outbox if m is not told and str(rematch) in m.subject}
    assert started == {alice.email, bob.email}


def test_a_rematch_before_the_end_is_refused_with_the_reason(game, django_capture_on_commit_callbacks):
    player = mover_of(game).user
    address = [m for m in mail.outbox if m.to == [player.email] and m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "rematch", sender=player.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail.startswith("rematch refused")
    [answer] = mail.outbox
    assert "No rematch was started. A rematch can be offered once the game is over." in answer.body
    assert not Match.objects.filter(rematch_of=game).exists()


def test_a_rematch_already_played_points_to_its_own_last_mail(
    game, alice, bob, now, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    over = _game_over_mail(alice)
    ingest(answer_to(over, "rematch", sender=alice.email), django_capture_on_commit_callbacks)
    rematch = Match.objects.get(rematch_of=game)
    from games.services import match_join

    match_join(match_id=rematch.pk, user=bob, now=now)
    match_resign(match_id=rematch.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    mail.outbox.clear()
    record = ingest(answer_to(over, "rematch", sender=alice.email), django_capture_on_commit_callbacks)
    assert record.detail == "rematch: played"
    said = " ".join(mail.outbox[0].body.split())
    assert f'The rematch {rematch} has been played: to play again, reply "rematch" to its last email.' in said
    assert Match.objects.filter(rematch_of=game).count() == 1


def test_a_dutch_offer_of_a_rematch_says_who_joins_and_what_starts(game, bob, now, django_capture_on_commit_callbacks):
    """The answer read "ze begint zodra ze meedoen": two "ze", one the
    rematch and one the players, in one clause."""
    bob.language = "nl"
    bob.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.pk, user=bob, now=now, source=MoveRecord.Source.WEB)
    bob_over = _game_over_mail(bob)
    mail.outbox.clear()
    ingest(answer_to(bob_over, "revanche", sender=bob.email), django_capture_on_commit_callbacks)
    [answer] = [m for m in mail.outbox if m.to == [bob.email]]
    body = " ".join(answer.body.split())
    assert "Je hebt een revanche aangeboden" in body and "ze begint zodra ze meedoen" not in body, body
    assert "Je tegenstander is per mail uitgenodigd; de revanche begint zodra die meedoet" in body, body
