"""Challenges: within 10 places, accepted or declined, expiring after 7 days."""

import datetime as dt

import pytest

from games import services as game_services
from games.models import Match
from ratings import availability
from ratings.models import Challenge, LadderGame
from ratings.services import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    challenge_take_back,
    challenges_expire,
)

from .conftest import join, make_ladder, new_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(now):
    """A 2-player ladder of 14 members rated 2000, 1990, ... 1870."""
    ladder = make_ladder(players=2)
    people = [new_player(f"Rung {i:02}") for i in range(14)]
    for i, user in enumerate(people):
        join(ladder, user, now, rating=2000 - 10 * i)
    return ladder, people


def challenge(ladder, a, b, now):
    return challenge_create(ladder_id=ladder.pk, challenger=a, opponent=b, now=now)


def test_a_member_may_challenge_up_to_10_places_away(field, now):
    ladder, people = field
    made = challenge(ladder, people[11], people[1], now)
    assert made.status == Challenge.Status.OPEN and made.expires_at == now + dt.timedelta(days=7)
    challenge(ladder, people[0], people[10], now)
    with pytest.raises(game_services.GameActionError, match="11 places away") as error:
        challenge(ladder, people[0], people[11], now)
    assert error.value.code == "out_of_range"


def test_hidden_inactive_members_do_not_count_as_places(field, now):
    ladder, people = field
    quiet = now + dt.timedelta(days=45)
    # Everyone is inactive now; Rung 00 and 12 are counted where their
    # ratings put them, with nobody visible in between.
    challenge(ladder, people[0], people[12], quiet)


def test_nonsense_challenges_are_refused(field, alice, now):
    ladder, people = field
    with pytest.raises(game_services.GameActionError, match="yourself"):
        challenge(ladder, people[0], people[0], now)
    with pytest.raises(game_services.NotAllowed, match="not a member"):
        challenge(ladder, people[0], alice, now)
    with pytest.raises(game_services.NotAllowed, match="not a member"):
        challenge(ladder, alice, people[0], now)
    challenge(ladder, people[0], people[1], now)
    with pytest.raises(game_services.Conflict, match="already an open challenge"):
        challenge(ladder, people[1], people[0], now)


def test_nobody_on_vacation_can_be_challenged(field, now, monkeypatch):
    ladder, people = field
    monkeypatch.setattr(availability, "is_on_vacation", lambda user, when: user == people[1])
    with pytest.raises(game_services.Conflict, match="on vacation"):
        challenge(ladder, people[0], people[1], now)


def test_a_member_on_vacation_neither_challenges_nor_accepts_nor_is_challenged(field, now):
    from games.deadlines.vacation import vacation_start

    ladder, people = field
    waiting = challenge(ladder, people[2], people[0], now)
    vacation_start(user=people[0], days=3, now=now)
    later = now + dt.timedelta(hours=1)
    with pytest.raises(game_services.Conflict, match="You are on vacation: end your vacation first") as error:
        challenge(ladder, people[0], people[1], later)
    assert error.value.code == "on_vacation"
    with pytest.raises(game_services.Conflict, match="You are on vacation: end your vacation first"):
        challenge_accept(challenge_id=waiting.pk, user=people[0], now=later)
    with pytest.raises(game_services.Conflict, match="Rung 00 is on vacation"):
        challenge(ladder, people[1], people[0], later)
    assert Challenge.objects.count() == 1 and not Match.objects.exists()
    assert Challenge.objects.get().is_open  # still answerable once back


def test_accepting_starts_a_rated_ladder_game(field, now):
    ladder, people = field
    made = challenge(ladder, people[3], people[0], now)
    with pytest.raises(game_services.NotAllowed, match="Only the challenged player"):
        challenge_accept(challenge_id=made.pk, user=people[3], now=now)
    accepted = challenge_accept(challenge_id=made.pk, user=people[0], now=now + dt.timedelta(hours=1))
    match = accepted.match
    assert accepted.status == Challenge.Status.ACCEPTED and match.status == Match.Status.ACTIVE
    assert match.rated and match.game == ladder.game
    assert set(match.seats.values_list("user", flat=True)) == {
        people[0].pk,
        people[3].pk,
    }
    assert LadderGame.objects.get(match=match).origin == "challenge"
    with pytest.raises(game_services.Conflict, match="accepted"):
        challenge_decline(challenge_id=made.pk, user=people[0], now=now)


def test_declining_ends_the_challenge(field, now):
    ladder, people = field
    made = challenge(ladder, people[3], people[0], now)
    declined = challenge_decline(challenge_id=made.pk, user=people[0], now=now)
    assert declined.status == Challenge.Status.DECLINED and declined.match is None
    assert not Match.objects.exists()
    challenge(ladder, people[3], people[0], now)  # a new challenge may follow


def test_open_challenges_expire_after_7_days(field, now):
    ladder, people = field
    old = challenge(ladder, people[2], people[0], now)
    fresh = challenge(ladder, people[2], people[1], now + dt.timedelta(days=3))
    week = now + dt.timedelta(days=7)
    with pytest.raises(game_services.Conflict, match="expired"):
        challenge_accept(challenge_id=old.pk, user=people[0], now=week)
    assert challenges_expire(now=week) == 1
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert old.status == Challenge.Status.EXPIRED and fresh.status == Challenge.Status.OPEN
    assert challenges_expire(now=week) == 0


def test_a_stale_challenge_does_not_block_a_new_one(field, now):
    ladder, people = field
    old = challenge(ladder, people[2], people[0], now)
    week = now + dt.timedelta(days=7, minutes=1)
    renewed = challenge(ladder, people[2], people[0], week)  # before any sweep
    old.refresh_from_db()
    assert old.status == Challenge.Status.EXPIRED and renewed.is_open


def test_a_challenge_in_a_four_player_ladder_fills_the_table_with_close_players(now):
    ladder = make_ladder(players=4)
    people = {r: new_player(f"At {r}") for r in (1900, 1800, 1610, 1590, 1200)}
    for rating, user in people.items():
        join(ladder, user, now, rating=rating)
    made = challenge(ladder, people[1800], people[1610], now)
    match = challenge_accept(challenge_id=made.pk, user=people[1610], now=now).match
    seated = set(match.seats.values_list("user__display_name", flat=True))
    assert seated == {"At 1800", "At 1610", "At 1590", "At 1900"}


def test_a_table_that_cannot_be_filled_leaves_the_challenge_open(alice, bob, carol, now, monkeypatch):
    ladder = make_ladder(players=3)
    for user in (alice, bob, carol):
        join(ladder, user, now)
    made = challenge(ladder, alice, bob, now)
    monkeypatch.setattr(availability, "is_on_vacation", lambda user, when: user == carol)
    with pytest.raises(game_services.Conflict, match="Not enough free members"):
        challenge_accept(challenge_id=made.pk, user=bob, now=now)
    made.refresh_from_db()
    assert made.is_open and not Match.objects.exists()


def test_a_deactivated_account_is_neither_challenged_nor_shown_nor_seated(field, now):
    """A member whose account staff deactivated (they cannot sign in) drops
    out of the ranking, cannot be challenged, and a challenge they made
    before cannot start a game they could never play."""
    from ratings.selectors import ladder_ranking

    ladder, people = field
    waiting = challenge(ladder, people[1], people[0], now)
    people[1].is_active = False
    people[1].save(update_fields=["is_active"])
    assert people[1].pk not in [row.user.pk for row in ladder_ranking(ladder, now=now)]
    with pytest.raises(game_services.Conflict, match="Rung 01 cannot play: that account is closed") as error:
        challenge(ladder, people[2], people[1], now)
    assert error.value.code == "account_closed"
    with pytest.raises(game_services.Conflict, match="Rung 01 cannot play: that account is closed"):
        challenge_accept(challenge_id=waiting.pk, user=people[0], now=now)
    assert not Match.objects.exists()


def test_a_dutch_player_is_told_in_dutch_that_a_closed_account_cannot_play(field, now):
    from django.utils import translation

    ladder, people = field
    people[1].is_active = False
    people[1].save(update_fields=["is_active"])
    with translation.override("nl"), pytest.raises(game_services.Conflict, match="kan niet spelen: dat account is"):
        challenge(ladder, people[2], people[1], now)


def test_a_deactivated_member_cannot_challenge(now):
    """Found by test_awkward_ladder_orders.  Staff suspended a member while
    their challenge was on its way (the request was signed in before the
    suspension): the opponent then saw a challenge from an account that
    cannot play, and accepting it was refused.  Now it is refused when it
    is made."""
    ladder = make_ladder()
    suspended, opponent = new_player(), new_player()
    for user in (suspended, opponent):
        join(ladder, user, now)
    type(suspended).objects.filter(pk=suspended.pk).update(is_active=False)
    suspended.refresh_from_db()
    with pytest.raises(game_services.Conflict, match="cannot play: that account is closed") as error:
        challenge_create(ladder_id=ladder.pk, challenger=suspended, opponent=opponent, now=now)
    assert error.value.code == "account_closed"
    assert not Challenge.objects.exists()


def test_the_challenger_takes_back_an_open_challenge(field, now):
    ladder, people = field
    made = challenge(ladder, people[3], people[0], now)
    later = now + dt.timedelta(hours=1)
    with pytest.raises(game_services.NotAllowed, match="Only the challenger can take back") as error:
        challenge_take_back(challenge_id=made.pk, user=people[0], now=later)
    assert error.value.code == "not_challenger"
    taken = challenge_take_back(challenge_id=made.pk, user=people[3], now=later)
    assert taken.status == Challenge.Status.TAKEN_BACK and taken.answered_at == later
    with pytest.raises(game_services.Conflict, match="This challenge is taken back by the challenger."):
        challenge_take_back(challenge_id=made.pk, user=people[3], now=later)
    with pytest.raises(game_services.Conflict, match="taken back") as refused:
        challenge_accept(challenge_id=made.pk, user=people[0], now=later)
    assert refused.value.code == "not_open"
    assert not Match.objects.exists() and not LadderGame.objects.exists()
    challenge(ladder, people[3], people[0], later)  # a new challenge may follow


def test_an_answered_or_expired_challenge_cannot_be_taken_back(field, now):
    ladder, people = field
    accepted = challenge(ladder, people[3], people[0], now)
    challenge_accept(challenge_id=accepted.pk, user=people[0], now=now)
    with pytest.raises(game_services.Conflict, match="This challenge is accepted."):
        challenge_take_back(challenge_id=accepted.pk, user=people[3], now=now)
    old = challenge(ladder, people[3], people[1], now)
    with pytest.raises(game_services.Conflict, match="This challenge has expired.") as error:
        challenge_take_back(challenge_id=old.pk, user=people[3], now=now + dt.timedelta(days=7))
    assert error.value.code == "expired"
    old.refresh_from_db()
    assert old.status == Challenge.Status.OPEN and old.answered_at is None
    with pytest.raises(game_services.NotFound):
        challenge_take_back(challenge_id=old.pk + 1000, user=people[3], now=now)


def _admin_form(page: str) -> dict:
    """The values a browser would post back from an admin change form."""
    from html.parser import HTMLParser

    class Form(HTMLParser):
        def __init__(self):
            super().__init__()
            self.data, self.select, self.textarea = {}, None, None

        def handle_starttag(self, tag, attrs):
            found = dict(attrs)
            name = found.get("name")
            if tag == "input" and name and found.get("type") not in ("submit", "button"):
                if found.get("type") == "checkbox":
                    if "checked" in found:
                        self.data.setdefault(name, []).append(found.get("value", "on"))
                else:
                    self.data[name] = found.get("value", "")
            elif tag == "select" and name:
                self.select = name
            elif tag == "option" and self.select and "selected" in found:
                self.data.setdefault(self.select, []).append(found.get("value", ""))
            elif tag == "textarea" and name:
                self.textarea = name
                self.data[name] = ""

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None
            elif tag == "textarea":
                self.textarea = None

        def handle_data(self, data):
            if self.textarea:
                self.data[self.textarea] += data

    form = Form()
    form.feed(page)
    return form.data


def test_suspending_an_account_withdraws_its_open_challenges(field, now, client):
    """Staff suspend a member (the admin's "active" box unticked): the
    challenges they made and received, on every ladder, are withdrawn, as
    a closed account's are, so nobody is left with one that cannot be
    played; other players' challenges stay open."""
    from django.utils import timezone

    ladder, people = field
    suspended = people[3]
    made = challenge(ladder, suspended, people[1], timezone.now())
    received = challenge(ladder, people[5], suspended, timezone.now())
    others = challenge(ladder, people[6], people[2], timezone.now())
    staff = new_player("Staff")
    type(staff).objects.filter(pk=staff.pk).update(is_staff=True, is_superuser=True)
    client.force_login(staff)
    path = f"/admin/accounts/user/{suspended.pk}/change/"
    data = _admin_form(client.get(path).content.decode())
    assert data.pop("is_active") == ["on"]
    answer = client.post(path, data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    suspended.refresh_from_db()
    assert not suspended.is_active
    for withdrawn in (made, received):
        withdrawn.refresh_from_db()
        assert withdrawn.status == Challenge.Status.WITHDRAWN
    others.refresh_from_db()
    assert others.is_open
