"""An invitation is answered at the command address without its mail (lost,
or seen on the site): "accept N" (accepteer) takes the seat, "decline N"
(weiger) frees it and tells the creator; without a number the one waiting
invitation is meant.  "games" lists the invitations waiting, each with how
to answer it.  Nobody reads another's invitation this way."""

from __future__ import annotations

import pytest
from django.core import mail

from games import services
from games.models import Match
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def send(address, body, sender, capture):
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject="commands", quote=False)), capture)
    # The answer (a game that starts mails its first position too).
    [answer] = [m for m in mails_to(sender) if m.extra_headers.get("In-Reply-To") == record.message_id]
    return record, answer


def said(answer) -> str:
    return " ".join(answer.body.split())


def invite(creator, invitee, capture, now, players=2, game="alta") -> Match:
    with capture(execute=True):
        return services.match_create(creator=creator, game=game, players=players, now=now, invite=[invitee])


@pytest.mark.parametrize("body", ["accept {id}", "Accepteer #{id}.", "accept the invitation to game {id}", "accept"])
def test_accept_takes_the_seat_and_the_game_starts(body, alice, bob, now, address, django_capture_on_commit_callbacks):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    record, answer = send(address, body.format(id=match.pk), bob.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "accept: done")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.filter(user=bob).exists()
    assert f"You took your seat in Alta #{match.pk} and the game has started" in said(answer)
    assert any("has started" in m.subject for m in mails_to(bob.email))


def test_an_invitation_to_one_of_my_addresses_is_accepted_too(
    alice, bob, now, address, django_capture_on_commit_callbacks
):
    match = invite(alice, bob.email, django_capture_on_commit_callbacks, now, players=3)
    record, answer = send(address, f"accept {match.pk}", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and match.seats.filter(user=bob).exists()
    assert "the game starts when every seat is taken" in said(answer)


@pytest.mark.parametrize("body", ["decline {id}", "weiger partij {id} aub"])
def test_decline_frees_the_seat_and_tells_the_creator(
    body, alice, bob, now, address, django_capture_on_commit_callbacks
):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    living_in("nl", "Europe/Amsterdam", bob)
    record, answer = send(address, body.format(id=match.pk), bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command"
    assert f"Je hebt de uitnodiging voor Alta #{match.pk} geweigerd; Alice is op de hoogte gebracht." in said(answer)
    assert match.seats.filter(user__isnull=True, invited_user__isnull=True, invitation_token__isnull=True).count() == 1
    # The creator's notice went out with the answer.
    [notice] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "declined" in notice.subject


def test_with_two_invitations_waiting_the_number_is_asked_for(
    alice, bob, carol, now, address, django_capture_on_commit_callbacks
):
    first = invite(alice, "Carol", django_capture_on_commit_callbacks, now)
    second = invite(bob, "Carol", django_capture_on_commit_callbacks, now, game="alhambra")
    record, answer = send(address, "accept", carol.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "accept: which game")
    assert f"Alta #{first.pk} from Alice, Alhambra #{second.pk} from Bob" in said(answer)
    assert not Match.objects.filter(seats__user=carol).exists()


def test_nobody_answers_anothers_invitation(alice, bob, carol, now, address, django_capture_on_commit_callbacks):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    for body in (f"accept {match.pk}", f"decline {match.pk}", "accept"):
        record, answer = send(address, body, carol.email, django_capture_on_commit_callbacks)
        assert record.outcome == "rejected" and "waits for you" in said(answer)
        assert "Bob" not in answer.body
    match.refresh_from_db()
    assert match.is_open and match.seats.get(invited_user=bob).invitation_token


def test_an_invitation_taken_back_is_gone(alice, bob, now, address, django_capture_on_commit_callbacks):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    seat = match.seats.get(invited_user=bob)
    services.seat_invitation_take_back(match_id=match.pk, seat_id=seat.pk, user=alice, now=now)
    record, answer = send(address, f"accept {match.pk}", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and f"No invitation to game #{match.pk} waits for you." in said(answer)
    assert not match.seats.filter(user=bob).exists()


@pytest.mark.parametrize("body", ["accept 99999999999", "decline 0"])
def test_a_number_of_no_game_changes_nothing(body, alice, bob, now, address, django_capture_on_commit_callbacks):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    record, _answer = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert match.seats.get(invited_user=bob).invitation_token


def test_games_lists_the_invitations_waiting_with_how_to_answer(
    alice, bob, now, address, django_capture_on_commit_callbacks
):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now, players=3)
    _record, answer = send(address, "games", bob.email, django_capture_on_commit_callbacks)
    assert f'Alta #{match.pk}: Alice invites you (1 of 3 seats taken) answer: send "accept {match.pk}" or' in said(
        answer
    )
    living_in("nl", "Europe/Amsterdam", bob)
    _record, answer = send(address, "partijen", bob.email, django_capture_on_commit_callbacks)
    assert f'"accepteer {match.pk}" of "weiger {match.pk}"' in said(answer)


def test_the_help_of_the_command_address_says_how_to_answer_an_invitation(
    alice, address, django_capture_on_commit_callbacks
):
    _record, answer = send(address, "help", alice.email, django_capture_on_commit_callbacks)
    assert '"accept N"' in said(answer) and '"decline N"' in said(answer)


def test_a_line_that_only_opens_with_accept_is_no_answer(alice, bob, now, address, django_capture_on_commit_callbacks):
    match = invite(alice, "Bob", django_capture_on_commit_callbacks, now)
    record, _answer = send(
        address, "accept this: I cannot play before May", bob.email, django_capture_on_commit_callbacks
    )
    assert record.outcome == "rejected"
    assert match.seats.get(invited_user=bob).invitation_token and match.is_open
