"""Creating tournaments, registration, seeding and replacing players."""

import pytest

from games.services import Conflict, GameActionError, NotAllowed, NotFound
from mail.models import OutgoingEmail
from tests.conftest import make_user
from tournaments.models import Participant, Tournament
from tournaments.selectors import rating_for
from tournaments.services import (
    club_join,
    participant_replace,
    tournament_invite,
    tournament_register,
    tournament_seeds_set,
    tournament_start,
    tournament_unregister,
)

from .conftest import DAY, make_tournament, new_players, register

pytestmark = pytest.mark.django_db


def set_rating(user, value, game="alta"):
    from ratings.models import Rating

    Rating.objects.update_or_create(user=user, game=game, defaults={"value": value, "games": 20, "peak": value})


# ----------------------------------------------------------------- create
def test_an_organiser_creates_a_club_tournament_with_every_setting(alice, club, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        game="alta",
        players_per_table=2,
        format="swiss",
        rounds=5,
        days_per_move=4,
        timeout_policy="forfeit",
        vacation_allowed=False,
        rated=True,
        capacity=32,
        registration="members",
        seeding="random",
        round_days=10,
        registration_opens_at=now + DAY,
    )
    t.refresh_from_db()
    assert (t.club, t.format, t.rounds, t.days_per_move, t.timeout_policy) == (
        club,
        "swiss",
        5,
        4,
        "forfeit",
    )
    assert (
        t.vacation_allowed,
        t.rated,
        t.capacity,
        t.registration,
        t.seeding,
        t.round_days,
    ) == (False, True, 32, "members", "random", 10)
    assert t.status == Tournament.Status.REGISTRATION
    assert t.events.get().text == "Alice created the tournament."


def test_members_and_strangers_cannot_create_club_tournaments(club, bob, carol, now):
    club_join(club_id=club.pk, user=bob, now=now)
    for user in (bob, carol):
        with pytest.raises(NotAllowed, match="Club organisers create"):
            make_tournament(user, club, now=now, format="swiss", rounds=3)


def test_site_wide_tournaments_are_for_staff(alice, now):
    with pytest.raises(NotAllowed):
        make_tournament(alice, None, now=now, format="swiss", rounds=3)
    staff = make_user("staff@example.com", "Staff", is_staff=True)
    t = make_tournament(staff, None, now=now, format="single_elimination")
    assert t.club is None
    with pytest.raises(GameActionError, match="Only a club tournament"):
        make_tournament(staff, None, now=now, format="swiss", rounds=3, registration="members")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"game": "chess"}, "Unknown game 'chess'"),
        ({"players_per_table": 5}, "Alta is played by 2 to 4 players"),
        ({"players_per_table": 1}, "Alta is played by 2 to 4 players"),
        (
            {"format": "double_elimination", "players_per_table": 3},
            "needs two-player games",
        ),
        ({"format": "swiss"}, "needs 1 to 30 rounds"),
        ({"format": "swiss", "rounds": 31}, "needs 1 to 30 rounds"),
        (
            {"format": "single_elimination", "players_per_table": 3, "advance": 3},
            "Between 1 and 2 players",
        ),
        ({"days_per_move": 0}, "Days per move"),
        ({"timeout_policy": "shrug"}, "Unknown timeout policy"),
        ({"capacity": 1}, "Capacity must be between 2 and 1024"),
        ({"round_days": 0}, "1 to 365 days"),
        ({"seeding": "alphabet"}, "Unknown seeding"),
    ],
)
def test_bad_settings_are_refused_with_the_reason(alice, club, now, settings, message):
    settings.setdefault("format", "single_elimination")
    with pytest.raises(GameActionError, match=message):
        make_tournament(alice, club, now=now, **settings)


def test_registration_must_close_in_the_future_after_it_opens(alice, club, now):
    with pytest.raises(GameActionError, match="close in the future"):
        make_tournament(alice, club, now=now, format="swiss", rounds=3, registration_closes_at=now)
    with pytest.raises(GameActionError, match="open before it closes"):
        make_tournament(
            alice,
            club,
            now=now,
            format="swiss",
            rounds=3,
            registration_opens_at=now + 8 * DAY,
        )


def test_options_that_do_not_apply_to_the_format_are_dropped(alice, club, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        format="round_robin",
        rounds=7,
        third_place=True,
        advance=3,
    )
    assert (t.rounds, t.third_place, t.advance, t.double_round_robin) == (
        None,
        False,
        1,
        False,
    )


# --------------------------------------------------------------- register
def test_registration_follows_the_window_and_the_capacity(alice, club, bob, carol, dave, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        format="swiss",
        rounds=3,
        capacity=2,
        registration_opens_at=now + DAY,
    )
    with pytest.raises(Conflict, match="Registration is not open"):
        tournament_register(tournament_id=t.pk, user=bob, now=now)
    later = now + 2 * DAY
    register(t, [bob, carol], later)
    with pytest.raises(Conflict, match="already registered"):
        tournament_register(tournament_id=t.pk, user=bob, now=later)
    with pytest.raises(Conflict, match="full"):
        tournament_register(tournament_id=t.pk, user=dave, now=later)
    tournament_unregister(tournament_id=t.pk, user=carol, now=later)
    tournament_register(tournament_id=t.pk, user=dave, now=later)
    with pytest.raises(Conflict, match="not open"):
        tournament_register(tournament_id=t.pk, user=carol, now=now + 8 * DAY)


def test_a_members_tournament_takes_only_club_members(alice, club, bob, carol, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, registration="members")
    club_join(club_id=club.pk, user=bob, now=now)
    tournament_register(tournament_id=t.pk, user=bob, now=now)
    with pytest.raises(NotAllowed, match="for members of Harbour club"):
        tournament_register(tournament_id=t.pk, user=carol, now=now)


def test_an_invited_tournament_takes_only_invited_players(alice, club, bob, carol, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, registration="invited")
    with pytest.raises(NotAllowed, match="for invited players"):
        tournament_register(tournament_id=t.pk, user=bob, now=now)
    tournament_invite(tournament_id=t.pk, display_name="Bob", by=alice, now=now)
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert "Alice invites you to the tournament Winter cup" in mail.subject
    assert f"/tournaments/{t.pk}/" in mail.text
    tournament_register(tournament_id=t.pk, user=bob, now=now)
    with pytest.raises(Conflict, match="already invited"):
        tournament_invite(tournament_id=t.pk, display_name="bob", by=alice, now=now)
    with pytest.raises(NotAllowed):
        tournament_invite(tournament_id=t.pk, display_name="Carol", by=bob, now=now)


def test_unregistering_is_only_before_the_start(alice, club, bob, carol, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    with pytest.raises(NotFound, match="not registered"):
        tournament_unregister(tournament_id=t.pk, user=bob, now=now)
    register(t, [bob, carol], now)
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    with pytest.raises(Conflict, match="withdraw instead"):
        tournament_unregister(tournament_id=t.pk, user=bob, now=now)


# ---------------------------------------------------------------- seeding
def test_rating_for_is_1500_without_a_rating(bob):
    assert rating_for(bob, "alta") == 1500
    set_rating(bob, 1612.6)
    assert rating_for(bob, "alta") == 1613
    assert rating_for(bob, "other") == 1500


def test_seeding_by_rating_puts_the_strongest_first(alice, club, now):
    players = new_players(4)
    for player, value in zip(players, (1400, 1700, 1500, 1650), strict=True):
        set_rating(player, value)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2, seeding="rating")
    register(t, players, now)
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    seeded = list(t.participants.order_by("seed").values_list("rating_at_start", flat=True))
    assert seeded == [1700, 1650, 1500, 1400]


def test_a_random_draw_is_replayed_from_its_stored_seed(alice, club, now):
    from games.engine import Rng

    players = new_players(8)
    t = make_tournament(alice, club, now=now, format="single_elimination", seeding="random")
    register(t, players, now)
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    t.refresh_from_db()
    expected = list(t.participants.order_by("registered_at", "pk"))
    Rng(t.draw_seed).shuffle(expected)
    assert [p.pk for p in t.participants.order_by("seed")] == [p.pk for p in expected]


def test_a_manual_order_seeds_the_listed_players_first(alice, club, now):
    a, b, c, d = new_players(4)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2, seeding="manual")
    register(t, [a, b, c, d], now)
    ids = {p.user_id: p.pk for p in t.participants.all()}
    tournament_seeds_set(tournament_id=t.pk, order=[ids[c.pk], ids[a.pk]], by=alice, now=now)
    with pytest.raises(GameActionError, match="each once"):
        tournament_seeds_set(tournament_id=t.pk, order=[ids[c.pk], ids[c.pk]], by=alice, now=now)
    with pytest.raises(NotAllowed):
        tournament_seeds_set(tournament_id=t.pk, order=[], by=a, now=now)
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    order = [p.user for p in t.participants.order_by("seed")]
    assert order == [c, a, b, d]
    with pytest.raises(Conflict, match="fixed once the tournament starts"):
        tournament_seeds_set(tournament_id=t.pk, order=[], by=alice, now=now)


# ---------------------------------------------------------------- replace
def test_an_organiser_replaces_a_player_before_round_1(alice, club, bob, carol, dave, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2, seeding="manual")
    register(t, [bob, carol], now)
    entry = t.participants.get(user=bob)
    entry.manual_position = 1
    entry.save()
    with pytest.raises(NotAllowed):
        participant_replace(
            tournament_id=t.pk,
            participant_id=entry.pk,
            display_name="Dave",
            by=carol,
            now=now,
        )
    with pytest.raises(Conflict, match="Carol is already registered"):
        participant_replace(
            tournament_id=t.pk,
            participant_id=entry.pk,
            display_name="Carol",
            by=alice,
            now=now,
        )
    participant_replace(
        tournament_id=t.pk,
        participant_id=entry.pk,
        display_name="dave",
        by=alice,
        now=now,
    )
    entry.refresh_from_db()
    assert (entry.user, entry.manual_position) == (dave, 1)
    assert not t.participants.filter(user=bob).exists()
    tournament_start(tournament_id=t.pk, by=alice, now=now)
    # Once it runs the substitute takes the place over (test_tools.py).
    participant_replace(
        tournament_id=t.pk,
        participant_id=entry.pk,
        display_name="Bob",
        by=alice,
        now=now,
    )
    entry.refresh_from_db()
    assert entry.user == bob and entry.substitutions.get().previous_user == dave


def test_participants_are_registered_once(alice, club, bob, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2)
    tournament_register(tournament_id=t.pk, user=bob, now=now)
    assert Participant.objects.filter(tournament=t, user=bob).count() == 1


def test_an_invitation_gives_times_in_the_invitees_zone_whoever_sends_it(alice, club, bob, now):
    from django.utils import timezone

    closes = now + 3 * DAY  # 2026-01-08 09:00 UTC
    t = make_tournament(
        alice, club, now=now, format="swiss", rounds=3, registration="invited", registration_closes_at=closes
    )
    bob.time_zone = "Asia/Tokyo"
    bob.save(update_fields=["time_zone"])
    with timezone.override("America/New_York"):  # the organiser's request
        tournament_invite(tournament_id=t.pk, display_name="Bob", by=alice, now=now)
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert "Registration closes Thursday 8 January 2026, 18:00 (Asia/Tokyo time)." in " ".join(mail.text.split())
    # A Dutch invitee reads it as the Dutch turn mails write a moment.
    anna = make_user("anna@example.com", "Anna", language="nl", time_zone="Europe/Amsterdam")
    tournament_invite(tournament_id=t.pk, display_name="Anna", by=alice, now=now)
    dutch = " ".join(OutgoingEmail.objects.get(to=anna.email).text.split())
    assert "donderdag 8 januari 2026, 10:00 (tijdzone Europe/Amsterdam)" in dutch


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "time control: Fischer bank: 5 days, +1 day per move, at most 7 days · no clock at weekends."),
        ("nl", "bedenktijd: Fischer-bank: 5 dagen, +1 dag per zet, hoogstens 7 dagen · geen klok in het weekend."),
    ],
)
def test_an_invitation_to_a_tournament_with_a_bank_states_the_bank(alice, club, bob, now, language, expected):
    """Not "3 days per move": the games are played on a Fischer bank."""
    t = make_tournament(
        alice,
        club,
        now=now,
        format="swiss",
        rounds=3,
        registration="invited",
        bank_initial_days=5,
        bank_increment_days=1,
        bank_cap_days=7,
        weekends_off=True,
    )
    bob.language = language
    bob.save(update_fields=["language"])
    tournament_invite(tournament_id=t.pk, display_name="Bob", by=alice, now=now)
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert expected in " ".join(mail.text.split())
    assert expected in " ".join(mail.html.split())
    assert "per move." not in mail.text.replace(expected, "")


def test_registering_before_the_window_opens_says_when_it_opens_in_the_players_zone(alice, club, bob, now):
    # Seen: "Registration is not open." and no word of when it opens.
    import zoneinfo

    from django.utils import translation

    from core.moments import written_moment
    from tests.conftest import living_in

    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, registration_opens_at=now + DAY)
    living_in("nl", "Asia/Tokyo", bob)
    bob.refresh_from_db()
    with translation.override("nl"):
        when = written_moment(zoneinfo.ZoneInfo("Asia/Tokyo"), now + DAY)
        with pytest.raises(Conflict) as refused:
            tournament_register(tournament_id=t.pk, user=bob, now=now)
    assert refused.value.message == f"De inschrijving is nog niet open: ze opent {when}."
    assert refused.value.code == "registration_closed"
