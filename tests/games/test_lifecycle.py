"""Creating, joining, inviting, leaving, cancelling and starting games."""

import re

import pytest
from django.core import mail
from django.utils import translation

from games import services
from games.engine import get_rules
from games.models import Match, MatchEvent, Seat
from games.selectors import matches_open

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def test_a_new_game_waits_with_the_creator_seated(alice, now):
    match = services.match_create(creator=alice, game="alta", players=3, now=now, days_per_move=5)
    assert match.status == Match.Status.OPEN
    assert [s.user for s in match.seats.order_by("pk")] == [alice, None, None]
    assert match.state is None and match.seed is None


def test_player_count_must_fit_the_game(alice, now):
    with pytest.raises(services.GameActionError, match="Alta is played by 2 to 4 players"):
        services.match_create(creator=alice, game="alta", players=5, now=now)


def test_unknown_game_is_refused_with_the_known_ones(alice, now):
    with pytest.raises(services.GameActionError, match="known games"):
        services.match_create(creator=alice, game="chess", players=2, now=now)


def test_time_control_is_checked(alice, now):
    with pytest.raises(services.GameActionError, match="between 1 and 30"):
        services.match_create(creator=alice, game="alta", players=2, now=now, days_per_move=31)


def test_the_game_starts_when_the_last_seat_is_taken(alice, bob, carol, now):
    match = services.match_create(creator=alice, game="alta", players=3, now=now)
    services.match_join(match_id=match.pk, user=bob, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    services.match_join(match_id=match.pk, user=carol, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seed is not None and match.ply == 0
    assert sorted(match.seats.values_list("index", flat=True)) == [0, 1, 2]
    rules = get_rules("alta")
    state = rules.load(match.state)
    to_move = rules.to_move(state)
    movers = list(match.seats.filter(deadline_at__isnull=False).values_list("index", flat=True))
    assert set(movers) == set(to_move)
    assert MatchEvent.objects.filter(match=match, kind="started").count() == 1


def test_seat_order_comes_from_the_seed(alice, bob, carol, dave, now):
    orders = set()
    for _ in range(8):
        match = start_match(alice, bob, carol, dave, now=now)
        orders.add(tuple(match.seats.order_by("pk").values_list("index", flat=True)))
    assert len(orders) > 1


def test_nobody_joins_twice_or_a_full_game(duel, alice, carol, now):
    with pytest.raises(services.Conflict, match="no longer open"):
        services.match_join(match_id=duel.pk, user=carol, now=now)
    match = services.match_create(creator=alice, game="alta", players=3, now=now)
    with pytest.raises(services.Conflict, match="no free seat|already have a seat"):
        services.match_join(match_id=match.pk, user=alice, now=now)


def test_leaving_frees_the_seat_but_the_creator_must_cancel(alice, bob, carol, now):
    match = services.match_create(creator=alice, game="alta", players=3, now=now)
    services.match_join(match_id=match.pk, user=bob, now=now)
    services.match_leave(match_id=match.pk, user=bob, now=now)
    assert not match.seats.filter(user=bob).exists()
    with pytest.raises(services.NotAllowed, match="cancel it instead"):
        services.match_leave(match_id=match.pk, user=alice, now=now)
    with pytest.raises(services.NotAllowed, match="Only the creator"):
        services.match_cancel(match_id=match.pk, user=carol, now=now)
    services.match_cancel(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.CANCELLED


def test_invitations_by_name_reserve_the_seat(alice, bob, carol, now):
    match = services.match_create(creator=alice, game="alta", players=3, now=now, invite=["bob"])
    reserved = match.seats.get(invited_user=bob)
    services.match_join(match_id=match.pk, user=carol, now=now)  # takes the open seat
    with pytest.raises(services.NotAllowed, match="for another player"):
        services.invitation_accept(token=reserved.invitation_token, user=carol, now=now)
    services.invitation_accept(token=reserved.invitation_token, user=bob, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_declined_invitation_opens_the_seat(alice, bob, carol, now):
    match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    services.invitation_decline(token=token, user=bob, now=now)
    with pytest.raises(services.NotFound, match="no longer valid"):
        services.invitation_accept(token=token, user=bob, now=now)
    services.match_join(match_id=match.pk, user=carol, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


@pytest.mark.parametrize("invite", ["Bob", "bob@example.com"])
def test_an_invitee_who_took_the_seat_and_leaves_gives_it_to_anyone(invite, alice, bob, carol, dave, now):
    """Accepted, then left before the start: the seat is an open seat again
    (listed in the lobby, joinable), not kept for the one who left."""
    match = services.match_create(creator=alice, game="alta", players=3, now=now, invite=[invite])
    token = match.seats.get(invitation_token__isnull=False).invitation_token
    services.invitation_accept(token=token, user=bob, now=now)
    services.match_leave(match_id=match.pk, user=bob, now=now)
    assert match in matches_open()
    services.match_join(match_id=match.pk, user=carol, now=now)
    services.match_join(match_id=match.pk, user=dave, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert set(match.seats.values_list("user_id", flat=True)) == {alice.pk, carol.pk, dave.pk}


@pytest.mark.parametrize(
    ("language", "said"), [("en", "This game was cancelled."), ("nl", "Deze partij is geannuleerd.")]
)
def test_a_cancelled_game_says_so_to_whoever_tries_to_join_leave_or_cancel_it(language, said, alice, bob, carol, now):
    match = services.match_create(creator=alice, game="alta", players=3, now=now)
    services.match_join(match_id=match.pk, user=bob, now=now)
    services.match_cancel(match_id=match.pk, user=alice, now=now)
    with translation.override(language):
        for action, user in ((services.match_join, carol), (services.match_leave, bob), (services.match_cancel, alice)):
            with pytest.raises(services.Conflict) as refused:
                action(match_id=match.pk, user=user, now=now)
            assert str(refused.value.message) == said


def test_a_finished_game_says_it_has_ended_not_that_it_started(duel, alice, bob, now):
    play_default_moves(duel, now)
    for action in (services.match_leave, services.match_cancel):
        with pytest.raises(services.Conflict, match="This game has ended."):
            action(match_id=duel.pk, user=bob if action is services.match_leave else alice, now=now)


def test_email_invitation_lets_whoever_holds_the_link_take_the_seat(client, alice, carol, now):
    match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["newbie@example.com"])
    seat = match.seats.get(invited_email="newbie@example.com")
    page = client.get(f"/invitations/{seat.invitation_token}/")
    assert "create an account" in page.content.decode()
    client.force_login(carol)
    client.post(f"/invitations/{seat.invitation_token}/", {"accept": "1"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.filter(user=carol).exists()
    assert client.get(f"/invitations/{seat.invitation_token}/").status_code == 404


def test_invitations_are_checked(alice, now):
    with pytest.raises(services.GameActionError, match="not an email address"):
        services.match_create(creator=alice, game="alta", players=2, now=now, invite=["nobody at all"])
    with pytest.raises(services.GameActionError, match="invite yourself"):
        services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Alice"])
    with pytest.raises(services.GameActionError, match="room for 1"):
        services.match_create(creator=alice, game="alta", players=2, now=now, invite=["a@x.org", "b@x.org"])
    assert not Seat.objects.exists()


def test_invitation_email_is_sent_with_a_link(alice, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["zoe@example.com"])
    token = match.seats.get(invited_email="zoe@example.com").invitation_token
    assert [m.to for m in mail.outbox] == [["zoe@example.com"]]
    assert f"/invitations/{token}/" in mail.outbox[0].body


def test_a_seated_match_starts_at_once_with_everyone(alice, bob, carol, now):
    match = services.match_create_seated(users=[carol, alice, bob], game="alta", now=now, rated=True)
    assert match.status == Match.Status.ACTIVE
    assert {s.user for s in match.seats.all()} == {alice, bob, carol}
    assert sorted(match.seats.values_list("index", flat=True)) == [0, 1, 2]
    assert MatchEvent.objects.filter(match=match, kind="started").count() == 1
    with pytest.raises(services.GameActionError, match="seated twice"):
        services.match_create_seated(users=[alice, alice], game="alta", now=now)


def test_every_seat_can_be_the_one_to_start(alice, bob, now):
    """The seat order and the engine's start player are drawn independently."""
    starters = set()
    for _ in range(16):
        match = services.match_create_seated(users=[alice, bob], game="alta", now=now)
        starters.add(match.seats.get(deadline_at__isnull=False).user_id)
    assert starters == {alice.pk, bob.pk}


@pytest.mark.parametrize("game", ["alta", "atlantis", "alpaca"])
def test_the_first_seat_starts_and_a_decided_seat_order_is_kept(game, alice, bob, carol, now):
    """Casual games draw the seat order; a tournament's order is kept.
    Either way the engine starts with the first seat (in Alpaca the first
    seat's colour is the first dominant one, and a seat dealt no tile of it
    is passed automatically: rarely, the next one holding such a tile
    starts; the deal is the match's random seed)."""
    for keep in (False, True):
        match = services.match_create_seated(users=[carol, alice, bob], game=game, now=now, keep_seat_order=keep)
        seats = list(match.seats.order_by("index"))
        if keep:
            assert [s.user for s in seats] == [carol, alice, bob]
        rules = get_rules(game)
        state = rules.load(match.state)
        first = 0
        if game == "alpaca":
            from games.rules.alpaca.state import TILES_PER_COLOUR

            assert state.dominant == 0
            dominant = state.colours[0]
            first = next(
                seat for seat, hand in enumerate(state.hands) if any(t // TILES_PER_COLOUR == dominant for t in hand)
            )
        assert rules.to_move(state) == {first}
        assert [s.index for s in seats if s.deadline_at is not None] == [first]


def test_a_fischer_bank_and_weekends_off_are_chosen_at_creation(client, alice, bob, now):
    match = services.match_create(
        creator=alice,
        game="alta",
        players=2,
        now=now,
        bank_initial_days=5,
        bank_increment_days=1,
        weekends_off=True,
        vacation_allowed=False,
    )
    assert (match.bank_initial_days, match.bank_increment_days, match.bank_cap_days) == (5, 1, 5)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Fischer bank: 5 days, +1 day per move, at most 5 days" in page
    assert "no clock at weekends" in page and "no vacations" in page
    with pytest.raises(services.GameActionError, match="initial bank"):
        services.match_create(creator=alice, game="alta", players=2, now=now, bank_initial_days=40)


def test_an_invitation_to_a_game_on_a_fischer_bank_states_the_bank(
    client, alice, bob, now, django_capture_on_commit_callbacks
):
    """The mail, the invitation page and the lobby said "3 days per move"
    for a game played on a bank."""
    bob.language = "nl"
    bob.save(update_fields=["language"])
    bank = {"bank_initial_days": 5, "bank_increment_days": 1, "weekends_off": True}
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(
            creator=alice, game="alta", players=3, now=now, invite=["zoe@example.com", "Bob"], **bank
        )
    english = "Fischer bank: 5 days, +1 day per move, at most 5 days · no clock at weekends"
    dutch = "Fischer-bank: 5 dagen, +1 dag per zet, hoogstens 5 dagen · geen klok in het weekend"
    [invitation] = [m for m in mail.outbox if m.to == ["zoe@example.com"]]
    html = invitation.alternatives[0][0]
    for text in (" ".join(invitation.body.split()), " ".join(html.split())):
        assert f"time control: {english}." in text and "3 days per move" not in text
    [told] = [m for m in mail.outbox if m.to == [bob.email]]
    assert dutch in " ".join(told.body.split())
    token = match.seats.get(invited_email="zoe@example.com").invitation_token
    page = client.get(f"/invitations/{token}/").content.decode()
    assert english in page and "3 days per move" not in page
    client.force_login(bob)
    lobby = client.get("/lobby/").content.decode()
    assert dutch in lobby and "3 dagen per zet" not in lobby


def test_my_games_and_the_lobby_state_the_bank_of_a_game_waiting_for_the_other_player(client, alice, bob, now):
    """Their rows said "3 days/move" for a game played on a bank."""
    bank = {"bank_initial_days": 10, "bank_increment_days": 2, "bank_cap_days": 20}
    match = services.match_create(creator=alice, game="alta", players=2, now=now, days_per_move=3, **bank)
    services.match_join(match_id=match.pk, user=bob, now=now)
    rules = get_rules("alta")
    match.refresh_from_db()
    waiting = match.seats.exclude(index__in=rules.to_move(rules.load(match.state))).get()
    client.force_login(waiting.user)
    for url in ("/games/", "/lobby/"):
        page = " ".join(client.get(url).content.decode().split())
        assert "Fischer bank: 10 days, +2 days per move, at most 20 days" in page, url
        assert "days/move" not in page, url


def test_the_create_form_offers_the_time_control(client, alice):
    client.force_login(alice)
    response = client.post(
        "/games/new/",
        {
            "game": "alta",
            "players": 2,
            "days_per_move": 3,
            "timeout_policy": "auto",
            "bank_initial_days": 7,
            "bank_increment_days": 2,
            "weekends_off": "on",
            "vacation_allowed": "on",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.bank_initial_days, match.bank_increment_days, match.weekends_off) == (7, 2, True)


def test_a_double_click_on_create_game_makes_one_game(client, alice):
    """The form sent twice (a double click, or Back and send again) made two
    waiting games; the second sending now leads to the game the first made,
    and a new form (a fresh page) makes a new game."""
    client.force_login(alice)
    form = client.get("/games/new/").content.decode()
    [once] = re.findall(r'name="once" value="([^"]+)"', form)
    data = {"game": "alta", "players": 2, "days_per_move": 3, "timeout_policy": "auto", "once": once}
    first = client.post("/games/new/", data)
    second = client.post("/games/new/", data)
    match = Match.objects.get()
    assert first["Location"] == second["Location"] == match.get_absolute_url()
    [again] = re.findall(r'name="once" value="([^"]+)"', client.get("/games/new/").content.decode())
    assert again != once
    client.post("/games/new/", {**data, "once": again})
    assert Match.objects.count() == 2


def test_a_create_form_refused_keeps_its_once_and_can_be_sent_again(client, alice):
    """A refused form (unknown invitee) comes back with the player's input and
    the same hidden mark; corrected, it makes the game."""
    client.force_login(alice)
    [once] = re.findall(r'name="once" value="([^"]+)"', client.get("/games/new/").content.decode())
    data = {"game": "alta", "players": 2, "days_per_move": 5, "timeout_policy": "auto", "once": once}
    refused = client.post("/games/new/", {**data, "invite": "nobody"}).content.decode()
    assert f'name="once" value="{once}"' in refused and 'value="nobody"' in refused
    assert client.post("/games/new/", data).status_code == 302
    assert Match.objects.get().days_per_move == 5


def test_staff_can_inspect_matches_in_the_admin(client, alice, bob, now):
    match = services.match_create_seated(users=[alice, bob], game="alta", now=now)
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert client.get("/admin/games/match/").status_code == 200
    assert client.get(f"/admin/games/match/{match.pk}/change/").status_code == 200
    assert client.get("/admin/games/vacation/").status_code == 200


def test_only_the_creator_sees_the_address_a_seat_was_offered_to(client, alice, carol, now):
    """The privacy page promises nobody else sees your email address: an
    invitation by address shows it to the one who sent it, no one else."""
    match = services.match_create(creator=alice, game="alta", players=3, now=now, invite=["secret.person@example.org"])
    anonymous = client.get(f"/games/{match.pk}/").content.decode()
    assert "secret.person" not in anonymous and "invited" in anonymous
    seats = anonymous.split('<ol class="seats">')[1].split("</ol>")[0]
    assert not re.search(r'<li class="[^"]*\bme\b', seats)  # a visitor holds no seat
    client.force_login(carol)
    assert "secret.person" not in client.get(f"/games/{match.pk}/").content.decode()
    client.force_login(alice)
    assert "invited: secret.person@example.org" in client.get(f"/games/{match.pk}/").content.decode()


@pytest.mark.parametrize(("language", "said"), [("en", "ended 3 Dec 2026"), ("nl", "afgelopen op 3 dec 2026")])
def test_my_games_says_when_a_finished_game_ended_rather_than_its_time_control(
    language, said, client, alice, bob, duel
):
    """A finished game's clock column told "3 days per move", the time
    control of a game nobody moves in any more."""
    import datetime as dt

    from tests.conftest import living_in

    ended = dt.datetime(2026, 12, 3, 22, 30, tzinfo=dt.UTC)  # 3 Dec in Amsterdam too
    services.match_resign(match_id=duel.pk, user=alice, now=ended)
    living_in(language, "Europe/Amsterdam", bob)
    client.force_login(bob)
    row = " ".join(client.get("/games/").content.decode().split(f"/games/{duel.pk}/", 1)[1].split("</tr>")[0].split())
    assert said in row and "per move" not in row and "per zet" not in row, row
