"""Ladders from the inbox, at the command address: "ladders" lists the open
ones (with the writer's rating and place where they play), "join ladder
<name or number>" joins through the page's service and is answered by the
join confirmation alone, "leave ladder <name>" leaves; in English and
Dutch, once per mail, and only for an account's address."""

from html import unescape

import pytest
from django.core import mail
from django.utils import timezone

from alta_site.ladder_commands import LadderRequest, ladder_request
from ratings.models import LadderMembership
from tests.conftest import living_in
from tests.ratings.conftest import join, make_ladder

from .intake import answers_to, ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladders(alice, bob, django_capture_on_commit_callbacks):
    """Two open ladders (Alice and Bob play the first, Alice on top) and a closed one."""
    duels = make_ladder(game="alta", players=2, name="Alta duels")
    trios = make_ladder(game="alhambra", players=3)
    closed = make_ladder(game="atlantis", players=2, name="Old Atlantis", active=False)
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):  # their join confirmations go now
        join(duels, alice, now, capacity=2, rating=1640)
        join(duels, bob, now, rating=1510)
    return duels, trios, closed


def send(address, body, sender, capture, *, message_id=None):
    """``(record, the one answer)`` of a mail of ``body`` from ``sender``."""
    mail.outbox.clear()
    raw = message(address, body, sender=sender, subject="ladders", quote=False, message_id=message_id)
    record = ingest(bytes(raw), capture)
    [answer] = answers_to(sender, mail.outbox)
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"] == record.message_id
    return record, answer


def flat(text: str) -> str:
    return " ".join(text.split())


def html_of(answer) -> str:
    [(html, kind)] = answer.alternatives
    assert kind == "text/html"
    return html


@pytest.mark.parametrize("word", ["ladders", "Ladder", "my ladders", "Ladders please"])
def test_ladders_lists_the_open_ladders_with_my_rating_and_place(
    word, ladders, alice, address, settings, django_capture_on_commit_callbacks
):
    duels, trios, closed = ladders
    record, answer = send(address, word, alice.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "ladders: listed")
    assert answer.subject == "Re: ladders"
    body = flat(answer.body)
    assert f"#{duels.pk} Alta duels Alta, 2 players a game, 3 days per move, 2 members" in body
    assert "You are a member: rating 1640, place 1 of 2, up to 2 games at once." in body
    assert f"#{trios.pk} Alhambra, 3 players Alhambra, 3 players a game, 3 days per move, 0 members" in body
    assert f"/ladders/{duels.pk}/" in body and "Old Atlantis" not in body
    # The example is a ladder Alice could join.
    assert f'To join a ladder, send "join ladder" and its name or number ("join ladder {trios.pk}"' in body
    assert 'To leave one, send "leave ladder"' in body
    # Every line fits the mail's width; the HTML part says the same, linked.
    assert all(len(line) <= 72 for line in answer.body.splitlines())
    html = html_of(answer)
    assert f'<a href="{settings.SITE_URL}/ladders/{duels.pk}/">#{duels.pk} Alta duels</a>' in html
    assert "You are a member: rating 1640, place 1 of 2, up to 2 games at once." in html
    assert "Old Atlantis" not in html


def test_ladders_in_dutch(ladders, bob, address, django_capture_on_commit_callbacks):
    duels, trios, _closed = ladders
    living_in("nl", "Europe/Amsterdam", bob)
    _record, answer = send(address, "ladders", bob.email, django_capture_on_commit_callbacks)
    body = flat(answer.body)
    assert f"#{duels.pk} Alta duels Alta, 2 spelers per partij, 3 dagen per zet, 2 leden" in body
    assert "Je doet mee: rating 1510, plaats 2 van 2, tot 1 partij tegelijk." in body
    assert f"#{trios.pk} Alhambra, 3 spelers" in body
    assert f'stuur dan "meedoen ladder" met de naam of het nummer ("meedoen ladder {trios.pk}"' in body
    assert 'stuur "verlaat ladder"' in body
    assert "Je doet mee: rating 1510, plaats 2 van 2, tot 1 partij tegelijk." in html_of(answer)


def test_joining_by_name_is_answered_by_the_join_confirmation_alone(
    ladders, carol, address, django_capture_on_commit_callbacks
):
    duels, _trios, _closed = ladders
    record, answer = send(address, "Join ladder Alta duels", carol.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "ladder: joined")
    membership = LadderMembership.objects.get(ladder=duels, user=carol)
    assert (membership.capacity, membership.left_at) == (1, None)
    assert answer.subject == "[Alta] You joined the ladder Alta duels"
    assert answer.reply_to[0].startswith("ladder+")
    assert "You joined the ladder Alta duels: up to 1 game at once, every game rated." in flat(answer.body)
    assert "You joined the ladder Alta duels" in html_of(answer)
    # Its reply address leaves, as after a join on the page.
    record = ingest(bytes(message(answer.reply_to[0], "leave", sender=carol.email)), django_capture_on_commit_callbacks)
    assert record.detail == "left the ladder"


def test_joining_by_number_in_dutch_with_games_at_once(ladders, carol, address, django_capture_on_commit_callbacks):
    _duels, trios, _closed = ladders
    living_in("nl", "Europe/Amsterdam", carol)
    body = f"Doe mee aan de ladder #{trios.pk} met 3 partijen tegelijk, graag"
    record, answer = send(address, body, carol.email, django_capture_on_commit_callbacks)
    assert record.detail == "ladder: joined"
    assert LadderMembership.objects.get(ladder=trios, user=carol).capacity == 3
    assert answer.subject == "[Alta] Je doet mee aan de ladder Alhambra, 3 spelers"
    assert "tot 3 partijen tegelijk" in flat(answer.body)


def test_joining_a_ladder_one_is_in_changes_nothing(ladders, alice, address, django_capture_on_commit_callbacks):
    duels, _trios, _closed = ladders
    record, answer = send(address, "join ladder alta", alice.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "ladder: already_member")
    assert answer.subject == "Re: ladders"
    assert "Nothing was changed. You are already a member of this ladder." in flat(answer.body)
    assert LadderMembership.objects.get(ladder=duels, user=alice).capacity == 2


def test_a_closed_ladder_is_refused_with_the_open_ones(ladders, carol, address, django_capture_on_commit_callbacks):
    duels, _trios, closed = ladders
    record, answer = send(address, "join ladder old atlantis", carol.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "ladder: ladder_closed")
    body = flat(answer.body)
    assert "Nothing was changed. This ladder is closed." in body and f"#{duels.pk} Alta duels" in body
    assert not LadderMembership.objects.filter(user=carol).exists()


@pytest.mark.parametrize(
    ("body", "told"),
    [
        ("join ladder chess", 'No ladder is called "chess".'),
        ("join ladder 999999999", "There is no ladder number 999999999."),
        ("join ladder", 'Say which ladder: "join ladder" and its name or number.'),
    ],
)
def test_a_ladder_not_found_is_answered_with_the_list(
    body, told, ladders, carol, address, django_capture_on_commit_callbacks
):
    duels, trios, _closed = ladders
    record, answer = send(address, body, carol.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    listed = flat(answer.body)
    assert told in listed and f"#{duels.pk} Alta duels" in listed and f"#{trios.pk} Alhambra" in listed
    assert not LadderMembership.objects.filter(user=carol).exists()


def test_a_name_that_fits_several_ladders_lists_those(ladders, carol, address, django_capture_on_commit_callbacks):
    duels, trios, _closed = ladders
    fours = make_ladder(game="alta", players=4)
    record, answer = send(address, "join ladder alta", carol.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "ladder: ambiguous")
    listed = flat(answer.body)
    assert '"alta" fits more than one ladder: send "join ladder" with the number of the one you mean.' in listed
    assert f"#{duels.pk} Alta duels" in listed and f"#{fours.pk} Alta, 4 players" in listed
    assert f"#{trios.pk}" not in listed
    assert not LadderMembership.objects.filter(user=carol).exists()


def test_an_address_of_no_account_joins_nothing(ladders, address, django_capture_on_commit_callbacks):
    duels, _trios, _closed = ladders
    record, answer = send(
        address, "join ladder alta duels", "stranger@nowhere.example", django_capture_on_commit_callbacks
    )
    assert record.outcome == "unknown_token" and "not linked" in answer.body
    assert "Alta duels" not in answer.body
    assert LadderMembership.objects.filter(ladder=duels).count() == 2


def test_a_redelivered_join_is_answered_and_joins_once(ladders, carol, address, django_capture_on_commit_callbacks):
    duels, _trios, _closed = ladders
    first, _answer = send(
        address, "join ladder alta duels", carol.email, django_capture_on_commit_callbacks, message_id="<j1@x.example>"
    )
    mail.outbox.clear()
    raw = message(address, "join ladder alta duels", sender=carol.email, subject="ladders", quote=False)
    raw.replace_header("Message-ID", "<j1@x.example>")
    again = ingest(bytes(raw), django_capture_on_commit_callbacks)
    assert (first.outcome, again.outcome) == ("command", "duplicate")
    assert mail.outbox == []
    assert LadderMembership.objects.filter(ladder=duels, user=carol).count() == 1


def test_a_player_who_takes_no_notices_gets_the_confirmation_as_the_answer(
    ladders, carol, address, django_capture_on_commit_callbacks
):
    duels, _trios, _closed = ladders
    carol.notifications = carol.Notifications.NONE
    carol.save()
    record, answer = send(address, f"join ladder {duels.pk}", carol.email, django_capture_on_commit_callbacks)
    assert record.detail == "ladder: joined" and answer.subject == "Re: ladders"
    assert answer.reply_to[0].startswith("ladder+")
    assert "You joined the ladder Alta duels: up to 1 game at once, every game rated." in flat(answer.body)


@pytest.mark.parametrize("body", ["leave ladder alta", "verlaat ladder Alta duels"])
def test_leave_ladder_leaves_the_ladder_named(body, ladders, bob, address, django_capture_on_commit_callbacks):
    duels, _trios, _closed = ladders
    record, answer = send(address, body, bob.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "ladder: left")
    assert "You left the ladder Alta duels. Your running games go on." in flat(answer.body)
    assert LadderMembership.objects.get(ladder=duels, user=bob).left_at is not None


def test_leaving_a_ladder_one_is_not_in_names_ones_ladders(ladders, bob, address, django_capture_on_commit_callbacks):
    duels, trios, _closed = ladders
    record, answer = send(address, "leave ladder alhambra", bob.email, django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("rejected", "ladder: unknown")
    listed = flat(answer.body)
    assert 'You are in no ladder called "alhambra". Your ladders:' in listed
    assert f"#{duels.pk} Alta duels" in listed and f"#{trios.pk}" not in listed
    assert LadderMembership.objects.get(ladder=duels, user=bob).left_at is None


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ["  ladders: the open ladders", "  join ladder (meedoen ladder) <name", "  leave ladder (verlaat"]),
        ("nl", ["  ladders: de open ladders", "  meedoen ladder <naam of nummer>", "  verlaat ladder <naam of"]),
    ],
)
def test_help_names_the_ladder_commands(language, lines, alice, address, django_capture_on_commit_callbacks):
    living_in(language, "Europe/Amsterdam", alice)
    _record, answer = send(address, "help", alice.email, django_capture_on_commit_callbacks)
    assert all(line in answer.body for line in lines)
    assert all(line.strip() in unescape(html_of(answer)) for line in lines)


@pytest.mark.parametrize(
    ("line", "request_"),
    [
        ("ladders", LadderRequest("list")),
        ("Toon de ladders!", LadderRequest("list")),
        ("join ladder Alta duels", LadderRequest("join", "Alta duels")),
        ('join the ladder "Alta duels".', LadderRequest("join", "Alta duels")),
        ("join ladder 7, 3 games at once", LadderRequest("join", "7", 3)),
        ("meedoen ladder alta", LadderRequest("join", "alta")),
        ("meedoen aan de ladder #7 met 2 partijen tegelijk", LadderRequest("join", "#7", 2)),
        ("aanmelden voor ladder alta", LadderRequest("join", "alta")),
        ("leave the ladder alta please", LadderRequest("leave", "alta")),
        ("stoppen met de ladder 7", LadderRequest("leave", "7")),
        ("verlaat ladder Alta, 2 players", LadderRequest("leave", "Alta, 2 players")),
    ],
)
def test_ladder_commands_as_players_write_them(line, request_):
    assert ladder_request(f"Hi,\n{line}\n\nJan") == request_


@pytest.mark.parametrize("line", ["join alta", "play alta", "ladder rungs are fun, aren't they", "leave 12"])
def test_other_lines_are_no_ladder_command(line):
    assert ladder_request(line) is None
