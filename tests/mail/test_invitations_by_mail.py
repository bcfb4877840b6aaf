"""A game's creator manages its invitations by mail, as on the game page:
"invite N <name or address>" (uitnodigen, "nodig ... uit") and "take back
N <name or address>" (intrekken, "trek ... in") at the command address.
Each mail is answered once, in the sender's language; anything refused
changes nothing, and only the creator ever reads the addresses typed."""

from __future__ import annotations

import pytest
from django.core import mail

from games import services
from games.models import Match
from tests.conftest import living_in, make_user

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened(alice, now, django_capture_on_commit_callbacks):
    """A 3-player Alta game Alice opened, waiting for players."""
    with django_capture_on_commit_callbacks(execute=True):
        return services.match_create(creator=alice, game="alta", players=3, now=now)


def send(address, body, sender, capture):
    """Ingest ``body`` from ``sender``; the stored row and the one answer to the sender."""
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=sender, subject="commands", quote=False)), capture)
    [answer] = mails_to(sender)
    return record, answer


def said(answer) -> str:
    return " ".join(answer.body.split())


def invited(match: Match) -> list:
    return sorted(
        str(seat.invited_user or seat.invited_email)
        for seat in match.seats.filter(user__isnull=True, invitation_token__isnull=False)
    )


def test_the_creator_invites_a_player_and_an_address_in_one_line(
    opened, alice, bob, address, django_capture_on_commit_callbacks
):
    record, answer = send(
        address, f"Invite #{opened.pk}: Bob, Friend@Example.org.", alice.email, django_capture_on_commit_callbacks
    )
    assert (record.outcome, record.detail) == ("command", "invite: 2 of 2")
    assert invited(opened) == ["Bob", "friend@example.org"]
    text = said(answer)
    assert f"You invited Bob to Alta #{opened.pk}" in text
    assert f"An invitation to Alta #{opened.pk} was mailed to friend@example.org" in text
    assert "1 of 3 seats taken" in text and "Invited: Bob, friend@example.org." in text
    assert f'"take back {opened.pk} <display name or email address>"' in text
    # Each invitee has their invitation, with the link and a reply address that takes the seat.
    for to in (bob.email, "friend@example.org"):
        [invitation] = [m for m in mail.outbox if m.to == [to]]
        assert "/invitations/" in invitation.body and invitation.reply_to


def test_an_invitation_by_mail_is_accepted_by_mail_and_the_game_starts(
    alice, bob, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(creator=alice, game="alta", players=2, now=now)
    send(address, f"invite {match.pk} bob", alice.email, django_capture_on_commit_callbacks)
    [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
    record = ingest(
        bytes(message(invitation.reply_to[0], "yes", sender=bob.email, subject="Re: invitation")),
        django_capture_on_commit_callbacks,
    )
    assert record.outcome == "accepted"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.filter(user=bob).exists()


@pytest.mark.parametrize(
    "body",
    ["take back {id} friend@example.org", "intrekken {id} FRIEND@example.org", "trek {id} friend@example.org in"],
)
def test_the_creator_takes_an_invitation_back_and_its_seat_is_free(
    body, opened, alice, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_invite(match_id=opened.pk, invitee="friend@example.org", user=alice, now=now)
    link_seat = opened.seats.get(invited_email="friend@example.org")
    record, answer = send(address, body.format(id=opened.pk), alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and invited(opened) == []
    assert "its seat is free again" in said(answer)
    link_seat.refresh_from_db()
    assert link_seat.is_free and link_seat.invitation_token is None


def test_dutch_words_and_the_one_waiting_game_without_its_number(
    opened, alice, bob, address, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    record, answer = send(address, "Hoi,\n\nnodig Bob uit", alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and invited(opened) == ["Bob"]
    assert f"Je hebt Bob uitgenodigd voor Alta #{opened.pk}" in said(answer)
    record, answer = send(address, "intrekken bob", alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and invited(opened) == []
    assert "Je hebt de uitnodiging van bob" in said(answer)


def test_without_a_number_several_waiting_games_are_listed_and_none_changed(
    opened, alice, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        other = services.match_create(creator=alice, game="alhambra", players=2, now=now)
    record, answer = send(address, "invite bob", alice.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "invite: which game")
    assert f"Alta #{opened.pk}, Alhambra #{other.pk}" in said(answer)
    assert invited(opened) == invited(other) == []


def test_a_player_without_a_waiting_game_learns_how_to_open_one(alice, address, django_capture_on_commit_callbacks):
    record, answer = send(address, "invite bob", alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and '"play alta"' in said(answer)
    assert not Match.objects.exists()


def test_only_the_creator_invites_or_takes_back(
    opened, alice, bob, carol, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_join(match_id=opened.pk, user=bob, now=now)
        services.seat_invite(match_id=opened.pk, invitee="friend@example.org", user=alice, now=now)
    for body in (f"invite {opened.pk} carol", f"take back {opened.pk} friend@example.org"):
        record, answer = send(address, body, bob.email, django_capture_on_commit_callbacks)
        assert record.outcome == "rejected" and "Only the creator" in said(answer)
        assert "nothing was changed" in said(answer)
    assert invited(opened) == ["friend@example.org"]
    assert not mails_to(carol.email)


def test_a_refused_invitee_is_named_with_the_reason_and_the_others_are_invited(
    opened, alice, bob, address, django_capture_on_commit_callbacks
):
    record, answer = send(
        address, f"invite {opened.pk} nobody-here, Bob, bob", alice.email, django_capture_on_commit_callbacks
    )
    assert (record.outcome, record.detail) == ("command", "invite: 1 of 3")
    text = said(answer)
    assert "nobody-here: nothing was changed. There is no player called 'nobody-here'" in text
    assert "bob: nothing was changed. Bob is already in this game or invited." in text
    assert invited(opened) == ["Bob"]


def test_taking_back_someone_not_invited_names_who_is(
    opened, alice, bob, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_invite(match_id=opened.pk, invitee="Bob", user=alice, now=now)
    record, answer = send(address, f"take back {opened.pk} carol", alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert f"No invitation to game #{opened.pk} waits for carol. Invited: Bob." in said(answer)
    assert invited(opened) == ["Bob"]


def test_a_full_or_started_game_takes_no_invitation(game, alice, address, django_capture_on_commit_callbacks):
    record, answer = send(
        address, f"invite {game.pk} carol@example.org", alice.email, django_capture_on_commit_callbacks
    )
    assert record.outcome == "rejected" and "This game is no longer open." in said(answer)
    assert not [m for m in mail.outbox if m.to == ["carol@example.org"]]


@pytest.mark.parametrize(
    "body", ["invite 99999999999 bob", "invite 2147483648 bob", "take back 0 bob", "invite 123456789 bob"]
)
def test_a_number_of_no_game_is_answered_and_changes_nothing(
    body, opened, alice, bob, address, django_capture_on_commit_callbacks
):
    record, answer = send(address, body, alice.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "There is no such game." in said(answer)
    assert invited(opened) == [] and not mails_to(bob.email)


def test_whom_is_asked_when_no_one_is_named(opened, alice, address, django_capture_on_commit_callbacks):
    record, answer = send(address, f"invite {opened.pk}", alice.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "invite: whom")
    assert f"invite {opened.pk} <display name or email address>" in said(answer)


def test_games_shows_the_creator_their_invitations_and_no_one_else_the_addresses(
    opened, alice, bob, now, address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_join(match_id=opened.pk, user=bob, now=now)
        services.seat_invite(match_id=opened.pk, invitee="friend@example.org", user=alice, now=now)
    _record, answer = send(address, "games", alice.email, django_capture_on_commit_callbacks)
    assert "invited: friend@example.org" in said(answer)
    _record, answer = send(address, "games", bob.email, django_capture_on_commit_callbacks)
    assert f"Alta #{opened.pk}: waiting for players (2 of 3 seats taken)" in said(answer)
    assert "friend@example.org" not in answer.body and "invited" not in answer.body


def test_a_game_opened_by_mail_says_how_to_invite(alice, address, django_capture_on_commit_callbacks):
    _record, answer = send(address, "play alta", alice.email, django_capture_on_commit_callbacks)
    opened = Match.objects.get(created_by=alice)
    assert f'send "invite {opened.pk}" and their display name or email address' in said(answer)


def test_a_display_name_ending_in_a_dot_is_invited_as_written(
    opened, alice, address, django_capture_on_commit_callbacks
):
    make_user("junior@example.com", "Jan Jr.")
    send(address, f"invite {opened.pk} jan jr.", alice.email, django_capture_on_commit_callbacks)
    assert invited(opened) == ["Jan Jr."]


def test_the_help_of_the_command_address_names_invite_and_take_back(alice, address, django_capture_on_commit_callbacks):
    _record, answer = send(address, "help", alice.email, django_capture_on_commit_callbacks)
    assert '"invite N"' in said(answer) and '"take back N"' in said(answer)


def test_a_list_longer_than_any_table_is_read_only_so_far(opened, alice, address, django_capture_on_commit_callbacks):
    names = ", ".join(f"friend{n}@example.org" for n in range(30))
    record, answer = send(address, f"invite {opened.pk} {names}", alice.email, django_capture_on_commit_callbacks)
    assert record.detail == "invite: 2 of 8" and "Only the first 8 names were read." in said(answer)
    assert invited(opened) == ["friend0@example.org", "friend1@example.org"]
    assert "There is no free seat left in this game." in said(answer)


def _reply_to(ours, body: str, sender: str):
    """A reply to our mail ``ours``, to its From, naming it as mail programs do."""
    return bytes(
        message(
            ours.extra_headers["From"],
            body + "\n\nOn Monday, Alta wrote:\n> " + "\n> ".join(ours.body.splitlines()),
            sender=sender,
            subject=f"Re: {ours.subject}",
            quote=False,
            In_Reply_To=ours.extra_headers["Message-ID"],
            References=ours.extra_headers["Message-ID"],
        )
    )


def test_a_reply_to_the_answer_of_play_is_a_command_too(alice, bob, address, django_capture_on_commit_callbacks):
    """The answer to "play alta" says to send "invite N ..."; a reply to that
    answer, quoting it, is read as a mail to the command address."""
    _record, answer = send(address, "play alta", alice.email, django_capture_on_commit_callbacks)
    opened = Match.objects.get(created_by=alice)
    mail.outbox.clear()
    record = ingest(_reply_to(answer, f"invite {opened.pk} Bob", alice.email), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "invite: 1 of 1")
    assert invited(opened) == ["Bob"]


def test_a_reply_naming_someone_elses_command_answer_is_not_a_command(
    alice, bob, address, django_capture_on_commit_callbacks
):
    """The answer was mailed to Alice: Bob quoting its Message-ID is not read as her command."""
    _record, answer = send(address, "play alta", alice.email, django_capture_on_commit_callbacks)
    opened = Match.objects.get(created_by=alice)
    mail.outbox.clear()
    record = ingest(_reply_to(answer, f"cancel {opened.pk}", bob.email), django_capture_on_commit_callbacks)
    assert record.outcome == "unknown_token"
    opened.refresh_from_db()
    assert opened.is_open


def test_the_creator_answers_a_declined_invitation_by_inviting_someone_else(
    alice, bob, carol, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
    mail.outbox.clear()
    ingest(bytes(message(invitation.reply_to[0], "decline", sender=bob.email)), django_capture_on_commit_callbacks)
    [notice] = mails_to(alice.email)
    assert f'To invite someone else into it, reply "invite {match.pk} <display name or email address>".' in said(notice)
    mail.outbox.clear()
    record = ingest(_reply_to(notice, f"invite {match.pk} Carol", alice.email), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "invite: 1 of 1")
    assert invited(match) == ["Carol"] and [m for m in mails_to(carol.email) if m.reply_to]
