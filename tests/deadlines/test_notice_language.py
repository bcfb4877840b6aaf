"""The clock's notices by mail (reminder, a move played on time-out, a
vacation a game does not allow) read in the recipient's language, their
times in the recipient's zone: no line of the game log's English text."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import translation

from core.moments import moment_for
from games.deadlines.reminders import reminders_sweep
from games.deadlines.sweeps import deadlines_sweep
from games.deadlines.vacation import deadline_settings_update, vacation_start
from games.models import MatchEvent
from tests.conftest import living_in

from .conftest import DAY, HOUR, mover_seat, play_turn, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def dutch(alice, bob):
    living_in("nl", "Europe/Amsterdam", alice, bob)
    return alice, bob


def _body(message) -> str:
    return " ".join(message.body.split())


def _english_lines(body: str) -> list[str]:
    # Links are left out: a signed link's random signature may spell "UTC".
    words = re.sub(r"https?://\S+", "", body)
    return [s for s in ("left to move", "ran out of time", "default move", "does not allow", "UTC") if s in words]


def test_a_reminder_reads_in_dutch(dutch, now, django_capture_on_commit_callbacks):
    match = start_match(*dutch, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders_sweep(now=seat.deadline_at - 2 * HOUR) == 1
    [reminder] = mail.outbox
    body = _body(reminder)
    assert "herinnering" in reminder.subject.lower() and not _english_lines(body), body


def test_a_move_played_on_time_out_is_told_in_dutch(dutch, now, django_capture_on_commit_callbacks):
    match = start_match(*dutch, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    told = [m for m in mail.outbox if m.to == [seat.user.email]]
    assert told
    for message in told:
        assert not _english_lines(_body(message)), _body(message)
    assert any("standaardzet" in _body(m) for m in told), [_body(m) for m in told]


def test_the_move_played_on_time_out_is_written_in_dutch_notation(dutch, now, django_capture_on_commit_callbacks):
    """The default move reads as the player would write it ("neem 1 …",
    Dutch card names), not as the log's English notation with slugs."""
    match = start_match(*dutch, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    [played] = [
        _body(m).split("standaardzet voor je gespeeld:", 1)[1].split(".")[0]
        for m in mail.outbox
        if m.to == [seat.user.email] and "standaardzet voor je gespeeld:" in _body(m)
    ]
    assert "neem" in played and "take" not in played, played
    assert "_" not in played, played


def test_a_vacation_the_game_does_not_allow_is_told_in_dutch(dutch, now, django_capture_on_commit_callbacks):
    match = start_match(*dutch, now=now, vacation_allowed=False)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        vacation_start(user=seat.user, days=5, now=now + DAY)
    [message] = mail.outbox
    body = _body(message)
    assert not _english_lines(body), body
    assert "(tijdzone Europe/Amsterdam)" in body


def test_a_loss_on_time_is_told_to_every_player_in_dutch(dutch, carol, now, django_capture_on_commit_callbacks):
    """The others read the player's name; the player who lost reads "you"
    (they were told "Alice had geen tijd meer", about themselves)."""
    living_in("nl", "Europe/Amsterdam", carol)
    match = start_match(*dutch, carol, now=now, timeout_policy="forfeit")
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    told = [m for m in mail.outbox if f"{seat.user} had geen tijd meer en verliest de partij." in _body(m)]
    assert {m.to[0] for m in told} == {player.email for player in (*dutch, carol)} - {seat.user.email}
    [own] = [m for m in mail.outbox if m.to == [seat.user.email] and "tijdoverschrijding" in m.subject]
    assert own.subject.endswith("je verliest door tijdoverschrijding"), own.subject
    assert "Je had geen tijd meer en verliest de partij." in _body(own), _body(own)
    assert f"{seat.user} had geen tijd" not in _body(own)
    assert [(m.subject, _english_lines(_body(m))) for m in mail.outbox if _english_lines(_body(m))] == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "ran out of time; this move was played for them:"),
        ("nl", "had geen tijd meer; deze zet is automatisch gespeeld:"),
    ],
)
def test_the_next_player_reads_that_the_move_was_played_on_time_out(
    language, said, alice, bob, now, django_capture_on_commit_callbacks
):
    """Issue 6: on an ``auto`` timeout "the players are told", not only
    the one out of time: the next mover's mail says the move was the clock's."""
    living_in(language, "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    other = bob if seat.user == alice else alice
    told = [_body(m) for m in mail.outbox if m.to == [other.email]]
    assert told and all(f"{seat.user} {said}" in body for body in told), told
    headline = {"en": "your move (%s ran out of time)", "nl": "je bent aan zet (de tijd van %s is op)"}[language]
    [turn] = [m for m in mail.outbox if m.to == [other.email] and m.subject.endswith(headline % seat.user)]


def test_a_daily_digest_player_still_gets_the_clocks_mails(alice, bob, now, django_capture_on_commit_callbacks):
    """The digest replaces the per-turn mails, not the reminders the
    player set nor the news that a move was played for them."""
    for user in (alice, bob):
        user.notifications = user.Notifications.DAILY_DIGEST
        user.save(update_fields=["notifications"])
    match = start_match(alice, bob, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    # Each mail written when its event commits (a reminder's mail written
    # after the clock had moved for the player would be stale: none is sent).
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders_sweep(now=seat.deadline_at - 2 * HOUR) == 1
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + HOUR)
    subjects = [m.subject for m in mail.outbox if m.to == [seat.user.email]]
    assert any("reminder" in s.lower() for s in subjects), subjects
    assert any("a move was played for you" in s for s in subjects), subjects
    # The per-turn mail (the other player's turn) waits for the digest.
    assert [m.subject for m in mail.outbox if ": your move (" in m.subject] == []


def test_a_game_that_starts_during_a_vacation_and_allows_none_tells_the_player(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """Issue 6: "A game or tournament may forbid vacation; then its clocks
    keep running and the player is told" -- also of a game begun while the
    player is away (a tournament's next round)."""
    vacation_start(user=alice, days=7, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match = start_match(alice, bob, now=now + DAY, vacation_allowed=False)
    assert [e.user for e in match.events.filter(kind="vacation_forbidden")] == [alice]
    assert any("clock keeps running during your vacation" in m.subject for m in mail.outbox if m.to == [alice.email])
    with django_capture_on_commit_callbacks(execute=True):
        allowed = start_match(alice, bob, now=now + DAY)
    assert not allowed.events.filter(kind="vacation_forbidden").exists()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_notice_of_a_move_played_on_time_out_says_how_many_more_drop_the_player(
    language, alice, bob, now, django_capture_on_commit_callbacks
):
    """Three missed deadlines in a row drop a player: each notice before
    the third says how many more they may miss; the third tells them they
    are dropped, not that they may miss none more."""
    living_in(language, "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=now)
    sleeper = mover_seat(match)
    warned = []
    for _turn in range(3):
        sleeper.refresh_from_db()
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            deadlines_sweep(now=sleeper.deadline_at + HOUR)
        warned += [
            _body(m)
            for m in mail.outbox
            if m.to == [sleeper.user.email] and ("played for you" in _body(m) or "voor je gespeeld" in _body(m))
        ]
        match.refresh_from_db()
        if match.is_active:
            other = mover_seat(match)
            with django_capture_on_commit_callbacks(execute=True):
                deadlines_sweep(now=other.deadline_at + HOUR)  # the opponent's clock runs out too
    said = {
        "en": ["After 2 more missed deadlines in a row", "After 1 more missed deadline in a row"],
        "nl": ["Mis je nog 2 termijnen op rij", "Mis je nog 1 termijn op rij"],
    }[language]
    assert len(warned) == 3 and said[0] in warned[0] and said[1] in warned[1], warned
    assert "more missed" not in warned[2] and "Mis je nog" not in warned[2], warned[2]


def test_a_player_dropped_on_time_is_told_to_everyone_in_dutch_with_one_word_for_it(
    dutch, carol, now, django_capture_on_commit_callbacks
):
    """The notice's subject said "een speler is verwijderd na gemiste
    termijnen" above "... valt af: als laatste gerangschikt"; the warnings
    before it say "dan val je af": the subject now says "afgevallen" too,
    and the player's own mail "Je bent afgevallen" ("you", not their name).
    Three players: the drop leaves a game that goes on (two players: see
    the next test)."""
    living_in("nl", "Europe/Amsterdam", carol)
    match = start_match(*dutch, carol, now=now)
    sleeper = mover_seat(match)
    sent = []
    for _turn in range(3):
        while mover_seat(match).pk != sleeper.pk:
            play_turn(match, now)
        sleeper.refresh_from_db()
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            deadlines_sweep(now=sleeper.deadline_at + HOUR)
        sent += list(mail.outbox)
    notices = [m for m in sent if "gemiste termijnen" in m.subject]
    assert len(notices) == 3 and all("valt af" in _body(m) for m in notices), [m.subject for m in sent]
    assert all("afgevallen" in m.subject and "verwijderd" not in m.subject for m in notices), notices[0].subject
    [own] = [m for m in notices if m.to == [sleeper.user.email]]
    assert own.subject.endswith("je bent afgevallen na gemiste termijnen"), own.subject
    assert "Je had te vaak geen tijd meer en valt af in deze partij" in _body(own), _body(own)


def test_a_two_player_game_ended_by_a_drop_is_told_as_a_loss_on_time(dutch, now, django_capture_on_commit_callbacks):
    """The third missed deadline of a two-player game ends it: the
    game-over mail tells it (no drop notice beside it), nobody is told the
    dropped player's turns "are played automatically from now on", and
    that player reads "you"."""
    match = start_match(*dutch, now=now)
    sleeper = mover_seat(match)
    sent = []
    while match.is_active:
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            deadlines_sweep(now=mover_seat(match).deadline_at + HOUR)
        sent += list(mail.outbox)
        match.refresh_from_db()
    assert not [m.subject for m in sent if "gemiste termijnen" in m.subject]
    [own] = [m for m in sent if m.to == [sleeper.user.email] and "afgelopen" in m.subject]
    assert "Je had geen tijd meer en verliest de partij." in _body(own), _body(own)
    [other] = [m for m in sent if m.to != [sleeper.user.email] and "afgelopen" in m.subject]
    assert f"{sleeper.user} had geen tijd meer en verliest de partij." in _body(other), _body(other)
    assert not [_body(m) for m in sent if "vanaf nu automatisch gespeeld" in _body(m)]


def test_the_other_players_are_told_of_a_vacation_in_their_language_and_zone(
    alice, bob, carol, now, django_capture_on_commit_callbacks
):
    """A player who reads only their mail learns why the game waits: each
    other player at the table is told until when, in their own language and
    time zone; the player on vacation gets nothing of it."""
    living_in("nl", "Europe/Amsterdam", alice)
    living_in("en", "America/New_York", carol)
    match = start_match(alice, bob, carol, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        vacation = vacation_start(user=seat.user, days=5, now=now + DAY)
    told = {m.to[0]: m for m in mail.outbox}
    assert seat.user.email not in told
    assert set(told) == {u.email for u in (alice, bob, carol)} - {seat.user.email}
    for user in (alice, bob, carol):
        if user.email not in told:
            continue
        message = told[user.email]
        headline = f"{seat.user} is op vakantie" if user == alice else f"{seat.user} is on vacation"
        assert message.subject.endswith(headline), message.subject
        with translation.override(user.language):
            when = moment_for(user, vacation.ends_at)
        body = _body(message)
        if user == alice:
            assert f"{seat.user} is op vakantie tot {when['when']} (tijdzone Europe/Amsterdam)" in body, body
            assert not _english_lines(body), body
        else:
            assert f"{seat.user} is on vacation until {when['when']} ({when['zone']} time)" in body, body


def test_a_vacation_day_the_clock_took_by_itself_tells_the_others_nothing(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """The automatic vacation day (the player's own notice says it) is
    recorded on their other games as a vacation too: nobody is mailed of it."""
    match = start_match(alice, bob, now=now)
    start_match(alice, bob, now=now)
    seat = mover_seat(match)
    deadline_settings_update(user=seat.user, reminder_hours_list=[24, 2], auto_vacation=True, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines_sweep(now=seat.deadline_at + HOUR)["auto_vacation"] >= 1
    assert MatchEvent.objects.filter(kind="vacation_started").exists()
    assert [m.subject for m in mail.outbox if "vacation" in m.subject and m.to != [seat.user.email]] == []
