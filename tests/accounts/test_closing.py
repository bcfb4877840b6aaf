"""Closing an account: confirmed by password, running games resigned by
each game's rules, personal data gone, others' history intact; staff close
accounts from the admin instead of deleting them."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.test import Client

from alta_site.accounts.closing import account_close, closed_email, closed_name
from alta_site.accounts.tokens import ApiToken
from games import services
from games.models import Match, MatchEvent
from mail.models import InboundEmail, OutgoingEmail
from ratings.models import Rating, RatingChange
from ratings.services import rating_apply
from tests.conftest import PASSWORD, make_user
from tests.games.conftest import play_default_moves
from tests.ratings.conftest import finish_by_resignations, join, make_ladder

pytestmark = pytest.mark.django_db


def close_by_form(user, password=PASSWORD, confirm=True):
    client = Client()
    client.force_login(user)
    data = {"password": password, **({"confirm": "on"} if confirm else {})}
    return client, client.post("/profile/close/", data)


def test_wrong_password_or_no_confirmation_changes_nothing(alice):
    for password, confirm in [("wrong", True), (PASSWORD, False)]:
        _, response = close_by_form(alice, password, confirm)
        assert response.status_code == 200
        alice.refresh_from_db()
        assert alice.email == "alice@example.com" and alice.is_active
    assert "That is not your password." in close_by_form(alice, "wrong")[1].content.decode()


def test_closing_deletes_personal_data_and_ends_the_session(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create_seated(users=[alice, bob], game="alta", now=now)
    ApiToken.issue(user=alice, name="script")
    InboundEmail.objects.create(received_at=now, source="smtp", sender="alice@example.com", body="p", raw="x")
    assert OutgoingEmail.objects.filter(to="alice@example.com").exists()

    client, response = close_by_form(alice)
    assert response.status_code == 302 and response["Location"] == "/"
    alice.refresh_from_db()
    assert alice.email == closed_email(alice.pk)
    assert alice.display_name == closed_name(alice.pk) == f"deleted player {alice.pk}"
    assert not alice.is_active and not alice.has_usable_password()
    assert not EmailAddress.objects.filter(user=alice).exists()
    assert not ApiToken.objects.filter(user=alice).exists()
    assert not OutgoingEmail.objects.filter(to="alice@example.com").exists()
    assert not InboundEmail.objects.filter(sender="alice@example.com").exists()
    assert OutgoingEmail.objects.filter(to="bob@example.com").exists()
    assert client.get("/profile/")["Location"].startswith("/accounts/login/")
    login = Client().post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD})
    assert login.status_code == 200  # refused: the form comes back
    texts = " ".join(MatchEvent.objects.filter(match=match).values_list("text", flat=True))
    assert "Alice" not in texts and closed_name(alice.pk) in texts


def test_running_games_are_resigned_by_each_games_rules(alice, bob, carol, now, django_capture_on_commit_callbacks):
    duel = services.match_create_seated(users=[alice, bob], game="alta", now=now)
    table = services.match_create_seated(users=[alice, bob, carol], game="alhambra", now=now)
    with django_capture_on_commit_callbacks(execute=True):
        account_close(user=alice, now=now)
    # The others hear of it; the closed account gets nothing.
    assert OutgoingEmail.objects.filter(to="bob@example.com", match=duel).exists()
    assert not OutgoingEmail.objects.filter(to__in=[closed_email(alice.pk), "alice@example.com"]).exists()
    duel.refresh_from_db()
    table.refresh_from_db()
    assert duel.status == Match.Status.FINISHED and duel.termination == "resignation"
    assert duel.seats.get(user=bob).place == 1
    assert table.status == Match.Status.ACTIVE  # the others play on
    assert table.seats.get(user=alice).departed == "resignation"


def test_games_not_started_are_cancelled_left_or_declined(alice, bob, carol, now):
    own = services.match_create(creator=alice, game="alta", players=2, now=now)
    joined = services.match_create(creator=bob, game="alta", players=3, now=now)
    services.match_join(match_id=joined.pk, user=alice, now=now)
    invited = services.match_create(creator=carol, game="alta", players=2, now=now, invite=["Alice"])
    account_close(user=alice, now=now)
    own.refresh_from_db()
    assert own.status == Match.Status.CANCELLED
    assert not joined.seats.filter(user=alice).exists()
    seat = invited.seats.get(user__isnull=True)
    assert seat.invited_user is None and seat.invitation_token is None


def test_finished_games_and_ratings_stay(alice, bob, now, django_capture_on_commit_callbacks):
    match = services.match_create_seated(users=[alice, bob], game="alta", now=now, rated=True)
    play_default_moves(match, now)
    rating_apply(match_id=match.pk)
    changes = list(RatingChange.objects.order_by("pk").values("user_id", "old", "new", "delta", "place"))
    ratings = list(Rating.objects.order_by("pk").values("user_id", "value", "games"))
    assert len(changes) == 2
    match.refresh_from_db()
    scores = list(match.seats.order_by("pk").values_list("user_id", "score", "place"))

    account_close(user=alice, now=now)
    assert list(RatingChange.objects.order_by("pk").values("user_id", "old", "new", "delta", "place")) == changes
    assert list(Rating.objects.order_by("pk").values("user_id", "value", "games")) == ratings
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert list(match.seats.order_by("pk").values_list("user_id", "score", "place")) == scores
    assert Client().get(f"/games/{match.pk}/").content.decode().count(closed_name(alice.pk)) >= 1


def test_ladders_are_left(alice, bob, now):
    ladder = make_ladder()
    join(ladder, alice, now)
    join(ladder, bob, now)
    account_close(user=alice, now=now)
    assert ladder.memberships.get(user=alice).left_at == now


def test_closing_forgets_the_address_that_bounced_and_why(alice, now):
    alice.email_bounced_address = alice.email
    alice.email_bounce_reason = "5.1.1 550 5.1.1 <alice@example.com>: User unknown"
    alice.email_bounced_at = now
    alice.email_bounces = 2
    alice.save()
    account_close(user=alice, now=now)
    alice.refresh_from_db()
    assert (alice.email_bounced_address, alice.email_bounce_reason, alice.email_bounced_at) == ("", "", None)
    assert alice.email_bounces == 0


def test_closing_forgets_when_a_spam_complaint_stopped_game_mail(alice, now):
    alice.email_complained_at = now
    alice.save()
    account_close(user=alice, now=now)
    alice.refresh_from_db()
    assert alice.email_complained_at is None


def test_closing_twice_changes_nothing(alice, now):
    account_close(user=alice, now=now)
    alice.refresh_from_db()
    state = (alice.email, alice.display_name, alice.password)
    account_close(user=alice, now=now)
    alice.refresh_from_db()
    assert (alice.email, alice.display_name, alice.password) == state


def test_nobody_may_take_a_closed_accounts_name(client):
    response = client.post(
        "/accounts/signup/",
        {
            "email": "erin@mail.test",
            "display_name": "Deleted player 7",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert "That display name is reserved." in response.content.decode()


@pytest.mark.parametrize(
    "name", ["Verwijderde speler 7", "verwijderde  speler 12", "De1eted player 7", "Deleted p1ayer 7"]
)
def test_nobody_may_take_a_closed_accounts_name_as_any_reader_sees_it_or_a_look_alike(client, name):
    """A Dutch reader sees closed account 7 as "verwijderde speler 7"; a
    name that reads the same (a digit one for an l) is refused too."""
    response = client.post(
        "/accounts/signup/",
        {"email": "erin@mail.test", "display_name": name, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "That display name is reserved." in response.content.decode()


def test_staff_close_accounts_from_the_admin_instead_of_deleting(alice, bob, now):
    staff = make_user("staff@example.com", "Staff", is_staff=True, is_superuser=True)
    services.match_create_seated(users=[alice, bob], game="alta", now=now)
    finish_by_resignations(services.match_create_seated(users=[alice, bob], game="alta", now=now), [bob, alice], now)
    client = Client()
    client.force_login(staff)
    changelist = client.get("/admin/accounts/user/").content.decode()
    assert "close_accounts" in changelist and "delete_selected" not in changelist
    assert client.get(f"/admin/accounts/user/{alice.pk}/delete/").status_code == 403
    response = client.post("/admin/accounts/user/", {"action": "close_accounts", "_selected_action": [alice.pk]})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.email == closed_email(alice.pk) and not alice.is_active
    assert not Match.objects.filter(seats__user=alice, status=Match.Status.ACTIVE).exists()
    assert Match.objects.filter(seats__user=alice, status=Match.Status.FINISHED).count() == 2


def test_tournaments_are_withdrawn_from_or_unregistered(alice, bob, carol, dave, now):
    from tests.tournaments.conftest import make_tournament, register, running_games, started
    from tournaments.models import Participant, TournamentEvent, TournamentGame
    from tournaments.services import club_create

    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    running = started(alice, club, [bob, carol, dave, alice], now=now, format="swiss", rounds=2)
    assert any(bob.pk in (s.user_id for s in g.match.seats.all()) for g in running_games(running))
    upcoming = make_tournament(alice, club, now=now, name="Spring cup", format="swiss", rounds=2)
    register(upcoming, [bob], now)

    account_close(user=bob, now=now)
    entry = Participant.objects.get(tournament=running, user=bob)
    assert entry.status == Participant.Status.WITHDRAWN
    assert not Participant.objects.filter(tournament=upcoming, user=bob).exists()
    bobs = TournamentGame.objects.filter(tournament=running, match__seats__user=bob)
    assert not bobs.filter(match__status=Match.Status.ACTIVE).exists()
    texts = " ".join(TournamentEvent.objects.filter(tournament=running).values_list("text", flat=True))
    assert "Bob" not in texts and closed_name(bob.pk) in texts


def test_closing_by_a_mailed_link(alice, bob, django_capture_on_commit_callbacks):
    import re

    from django.core import mail

    client = Client()
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):  # the outbox sends after commit
        assert client.post("/profile/close/link/").status_code == 302
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    path = re.search(r"https?://[^/\s]+(/profile/close/[^/\s]+/)", mail.outbox[0].body).group(1)

    other = Client()
    other.force_login(bob)
    assert other.get(path)["Location"] == "/profile/close/"  # alice's link is not bob's
    assert client.get("/profile/close/not-a-token/")["Location"] == "/profile/close/"
    page = client.get(path)
    assert page.status_code == 200 and 'name="password"' not in page.content.decode()
    assert client.post(path, {}).status_code == 200  # the confirmation box is required
    alice.refresh_from_db()
    assert alice.is_active
    assert client.post(path, {"confirm": "on"})["Location"] == "/"
    alice.refresh_from_db()
    bob.refresh_from_db()
    assert alice.email == closed_email(alice.pk) and bob.is_active


def test_the_mailed_link_is_announced_in_the_readers_language(alice):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client = Client()
    client.force_login(alice)
    page = client.post("/profile/close/link/", follow=True).content.decode()
    assert "Een link om je account te sluiten is gemaild naar alice@example.com." in page


def test_tournament_pages_forget_the_name_and_give_the_reason_in_the_readers_language(
    client, alice, bob, carol, dave, now
):
    """The log keeps each line's name parameters for translation: those
    lose the old name too, and the site's own reason reads in Dutch."""
    from tests.conftest import living_in
    from tests.tournaments.conftest import started
    from tournaments.services import club_create

    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    running = started(alice, club, [bob, carol, dave, alice], now=now, format="swiss", rounds=2)
    account_close(user=bob, now=now)

    anonymous = client.get(running.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bob" not in anonymous
    assert f"{closed_name(bob.pk)} withdrew: account closed" in anonymous
    living_in("nl", "Europe/Amsterdam", carol)
    client.force_login(carol)
    dutch = client.get(running.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bob" not in dutch
    # The name too, as the privacy page promises ("verwijderde speler"):
    # the log keeps the English name in its parameters.
    assert f"verwijderde speler {bob.pk} heeft zich teruggetrokken: account gesloten" in dutch
    assert "(account gesloten)</td>" in dutch  # the players' list
    assert "account closed" not in dutch and closed_name(bob.pk) not in dutch


def test_closing_deletes_only_mail_of_the_players_own_address(now):
    from alta_site.devmail.models import CapturedEmail

    bob = make_user("bob@example.com", "Bob")
    jim = make_user("jimbob@example.com", "Jim")
    for sender, user in [
        ("Jim <jimbob@example.com>", jim),
        ("bob@example.com.evil.org", None),
        ("Bob <BOB@example.com>", None),
        ("bob@example.com", None),
    ]:
        InboundEmail.objects.create(received_at=now, source="smtp", sender=sender, raw="x", user=user)
    for to in ["jimbob@example.com", "bob@example.com.evil.org", "bob@example.com", "Bob <bob@example.com>"]:
        CapturedEmail.objects.create(from_email="alta@example.org", to=to, raw="x")
    account_close(user=bob, now=now)
    left = set(InboundEmail.objects.values_list("sender", flat=True))
    assert left == {"Jim <jimbob@example.com>", "bob@example.com.evil.org"}
    assert set(CapturedEmail.objects.values_list("to", flat=True)) == {"jimbob@example.com", "bob@example.com.evil.org"}


def test_closing_anna_keeps_anna_lenas_name_in_the_logs(now):
    anna = make_user("anna@example.nl", "Anna")
    lena = make_user("al@example.nl", "Anna Lena")
    bo = make_user("bo@example.nl", "Bo")
    match = services.match_create_seated(users=[anna, lena, bo], game="alhambra", now=now)
    account_close(user=anna, now=now)
    started = MatchEvent.objects.get(match=match, kind="started").text
    assert started.count("Anna Lena") == 1 and started.count(closed_name(anna.pk)) == 1
    assert f"{closed_name(anna.pk)} Lena" not in started


@pytest.mark.parametrize("name", ["take", "Take"])
def test_closing_a_player_named_like_a_move_word_leaves_the_moves_in_the_logs(alice, now, name):
    """A default move played for Alice when her time ran out is kept as
    it was played ("take denar 9"), though the closing player is called
    "take"; their own name in the log is replaced."""
    import datetime as dt

    from games.deadlines.sweeps import deadlines_sweep

    other = make_user("word@example.nl", name)
    match = services.match_create_seated(users=[alice, other], game="alhambra", now=now)
    for days in (30, 60):
        deadlines_sweep(now=now + dt.timedelta(days=days))
    played = list(MatchEvent.objects.filter(match=match, data__has_key="notation"))
    # Alhambra's default move takes money: "take" is a word of the moves.
    assert any("take" in event.data["params"]["moves"].split() for event in played), "no money taken"
    before = {event.pk: event.data["params"] for event in played}
    account_close(user=other, now=now + dt.timedelta(days=61))
    for event in MatchEvent.objects.filter(pk__in=before):
        params = before[event.pk]
        assert event.data["params"]["moves"] == params["moves"] and params["moves"] in event.text
        if params["player"] == name:
            assert event.data["params"]["player"] == closed_name(other.pk) and closed_name(other.pk) in event.text
        else:
            assert event.data["params"]["player"] == "Alice" and "Alice" in event.text


def test_nobody_can_invite_a_closed_account_to_a_game(alice, bob, now):
    """ "deleted player 5" is shown on finished games' pages, but nobody
    plays under that name any more: inviting it (or its address) is refused
    instead of leaving a seat open that nobody can ever take."""
    from core.errors import GameActionError

    account_close(user=bob, now=now)
    for invitee in (closed_name(bob.pk), closed_email(bob.pk)):
        with pytest.raises(GameActionError) as refused:
            services.match_create(creator=alice, game="alta", players=2, now=now, invite=[invitee])
        assert refused.value.code == "invalid_invitation"
    assert not Match.objects.exists()
    client = Client()
    client.force_login(alice)
    alice.language = "nl"
    alice.save(update_fields=["language"])
    response = client.post(
        "/api/games/", {"game": "alta", "players": 2, "invite": [closed_name(bob.pk)]}, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert "kan niet worden uitgenodigd: dat account is gesloten." in response.json()["detail"]


def test_organisers_cannot_bring_a_closed_account_into_clubs_or_tournaments(alice, bob, carol, dave, now):
    """Inviting, substituting or adding late a closed account would seat a
    player who can never play (and whose games time out): each is refused
    as for a name nobody has."""
    from django.db import transaction

    from games.services import Conflict, NotFound
    from tests.tournaments.conftest import make_tournament, register, started
    from tournaments.services import (
        club_create,
        club_invite,
        participant_add_late,
        participant_replace,
        tournament_invite,
    )

    gone = make_user("erin@example.com", "Erin")
    account_close(user=gone, now=now)
    name = closed_name(gone.pk)
    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    upcoming = make_tournament(alice, club, now=now, name="Spring cup", format="swiss", rounds=2)
    register(upcoming, [bob], now)
    running = started(alice, club, [bob, carol, dave, alice], now=now, format="swiss", rounds=3)
    attempts = {
        "club invitation": lambda: club_invite(club_id=club.pk, display_name=name, by=alice, now=now),
        "tournament invitation": lambda: tournament_invite(
            tournament_id=upcoming.pk, display_name=name, by=alice, now=now
        ),
        "replacement": lambda: participant_replace(
            tournament_id=upcoming.pk,
            participant_id=upcoming.participants.get(user=bob).pk,
            display_name=name,
            by=alice,
            now=now,
        ),
        "substitute": lambda: participant_replace(
            tournament_id=running.pk,
            participant_id=running.participants.get(user=bob).pk,
            display_name=name,
            by=alice,
            now=now,
        ),
        "late entry": lambda: participant_add_late(tournament_id=running.pk, display_name=name, by=alice, now=now),
    }
    answers = {}
    for what, attempt in attempts.items():
        try:
            with transaction.atomic():  # one accepted attempt must not change the next one's answer
                attempt()
                raise AssertionError("accepted")
        except (NotFound, Conflict, AssertionError) as answer:
            answers[what] = getattr(answer, "code", str(answer))
    assert answers == dict.fromkeys(attempts, "unknown_player")
    assert not Match.objects.filter(seats__user=gone).exists()
    assert not gone.club_memberships.exists()


def test_the_games_a_player_left_or_declined_at_closing_no_longer_name_them(alice, bob, carol, now):
    """Closing leaves the games not started and declines invitations: no
    seat of theirs is left there, yet those games' logs lose their name too."""
    joined = services.match_create(creator=bob, game="alta", players=3, now=now)
    services.match_join(match_id=joined.pk, user=alice, now=now)
    invited = services.match_create(creator=carol, game="alta", players=2, now=now, invite=["Alice"])
    account_close(user=alice, now=now)
    events = list(MatchEvent.objects.filter(match__in=[joined, invited]).values_list("text", "data"))
    assert "Alice" not in str(events), events
    texts = [text for text, _data in events]
    assert f"{closed_name(alice.pk)} left the game." in texts
    assert f"{closed_name(alice.pk)} declined the invitation." in texts


def test_closing_takes_the_address_out_of_the_logs_of_invitations_by_email(alice, bob, carol, now):
    """Invited by address before she had an account, Erin took one seat and
    declined another: after she closes her account no log line keeps her
    address (an invitation to a look-alike address keeps its own)."""
    erin_address = "erin@mail.test"
    taken = services.match_create(
        creator=alice, game="alta", players=3, now=now, invite=[erin_address, "jerin@mail.test"]
    )
    declined = services.match_create(creator=bob, game="alta", players=2, now=now, invite=[erin_address.upper()])
    erin = make_user(erin_address, "Erin")
    services.invitation_accept(token=taken.seats.get(invited_email=erin_address).invitation_token, user=erin, now=now)
    token = declined.seats.get(invited_email=erin_address).invitation_token
    services.invitation_decline(token=token, user=erin, now=now)
    assert MatchEvent.objects.filter(text__startswith=erin_address).count() == 3

    account_close(user=erin, now=now)
    events = list(MatchEvent.objects.filter(match__in=[taken, declined]).values_list("text", "data"))
    assert erin_address not in str(events).lower().replace("jerin@mail.test", "")
    texts = [text for text, _data in events]
    assert f"{closed_name(erin.pk)} was invited." in texts
    assert f"{closed_name(erin.pk)} declined the invitation." in texts
    assert "jerin@mail.test was invited." in texts
    assert f"{closed_name(erin.pk)} left the game." in texts  # her seat is gone, the line names her no more


def test_closing_takes_the_address_out_of_club_and_tournament_invitations_by_email(alice, bob, now):
    """Bob's address was invited to a club (he joined by it) and to a
    tournament (not used yet): once he closes his account neither row keeps
    it, and the unused link enters nobody."""
    from tests.tournaments.conftest import make_tournament
    from tournaments.models import ClubEmailInvitation, TournamentEmailInvitation
    from tournaments.services import club_create, club_email_invitation_accept, club_invite, tournament_invite

    club = club_create(creator=alice, name="Harbour", join_policy="invitation", now=now)
    joined = club_invite(club_id=club.pk, display_name=bob.email, by=alice, now=now)
    club_email_invitation_accept(token=joined.token, user=bob, now=now)
    cup = make_tournament(alice, club, now=now, name="Summer cup", rounds=2)
    unused = tournament_invite(tournament_id=cup.pk, display_name=bob.email.upper(), by=alice, now=now)
    tournament_invite(tournament_id=cup.pk, display_name="jbob@example.com", by=alice, now=now)

    account_close(user=bob, now=now)
    rows = list(ClubEmailInvitation.objects.all()) + list(TournamentEmailInvitation.objects.all())
    assert bob.email not in [row.email.lower() for row in rows]
    assert {row.email for row in rows} == {closed_email(bob.pk), "jbob@example.com"}
    unused.refresh_from_db()
    assert unused.taken_back_at is not None
    client = Client()
    client.force_login(make_user("new.bob@example.com", "New Bob"))
    assert client.get(f"/tournaments/invitations/{unused.token}/").status_code == 404


def test_closing_leaves_what_was_sent_to_an_address_the_player_never_confirmed(alice, bob, now):
    """Mallory adds Erin's address to her account without confirming it and
    closes it: Erin's invitations (a game's seat, a club's link) and the
    mail sent to her stay hers."""
    from tournaments.models import ClubEmailInvitation
    from tournaments.services import club_create, club_invite

    erin = "erin@mail.test"
    game = services.match_create(creator=alice, game="alta", players=2, now=now, invite=[erin])
    club = club_create(creator=bob, name="Harbour", join_policy="invitation", now=now)
    invited = club_invite(club_id=club.pk, display_name=erin, by=bob, now=now)
    mallory = make_user("mallory@mail.test", "Mallory")
    EmailAddress.objects.create(user=mallory, email=erin, verified=False)
    mails_to_erin = OutgoingEmail.objects.filter(to=erin).count()
    assert mails_to_erin

    account_close(user=mallory, now=now)
    assert game.seats.filter(invited_email=erin).exclude(invitation_token=None).exists()
    invited.refresh_from_db()
    assert (invited.email, invited.taken_back_at) == (erin, None)
    assert OutgoingEmail.objects.filter(to=erin).count() == mails_to_erin
    assert not ClubEmailInvitation.objects.filter(email=closed_email(mallory.pk)).exists()


def test_closing_leaves_clubs_and_drops_pending_club_and_tournament_invitations(alice, bob, carol, dave, now):
    """A closed account leaves the clubs it belongs to and answers nothing
    any more: its requests, club invitations and tournament invitations go.
    Only the last organiser of a club stays, so the club keeps one."""
    from tests.tournaments.conftest import make_tournament
    from tournaments.models import ClubMembership, TournamentInvitation
    from tournaments.services import club_create, club_invite, club_join, tournament_invite

    joined = club_create(creator=bob, name="Open club", now=now)
    club_join(club_id=joined.pk, user=alice, now=now)
    asked = club_create(creator=carol, name="Asking club", join_policy="request", now=now)
    club_join(club_id=asked.pk, user=alice, now=now)
    invited = club_create(creator=dave, name="Inviting club", join_policy="invitation", now=now)
    club_invite(club_id=invited.pk, display_name="Alice", by=dave, now=now)
    cup = make_tournament(bob, joined, now=now, name="Summer cup", rounds=2, registration="invited")
    tournament_invite(tournament_id=cup.pk, display_name="Alice", by=bob, now=now)
    own = club_create(creator=alice, name="Alice's club", now=now)

    account_close(user=alice, now=now)
    left = list(ClubMembership.objects.filter(user=alice).values_list("club__name", "role"))
    assert left == [(own.name, "organiser")]
    assert not TournamentInvitation.objects.filter(user=alice).exists()
    assert {m.user for m in joined.memberships.all()} == {bob}


def test_a_closed_accounts_name_links_to_no_missing_page(alice, bob, now):
    """A closed account has no public page: its name on a finished game's
    page is plain text, not a link to a page that is not found."""
    match = services.match_create_seated(users=[alice, bob], game="alta", now=now, rated=True)
    finish_by_resignations(match, [bob, alice], now)
    rating_apply(match_id=match.pk)
    account_close(user=bob, now=now)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert closed_name(bob.pk) in page
    links = re.findall(r'href="(/players/[^"]+)"', page)
    assert links and all(client.get(link).status_code == 200 for link in links), links


def test_a_closed_account_reads_as_a_deleted_player_in_the_readers_language(client, alice, bob, now):
    """The Dutch privacy page promises "verwijderde speler" and a number:
    a Dutch reader of a game with a closed account reads it so, an English
    reader "deleted player"."""
    match = services.match_create_seated(users=[alice, bob], game="alta", now=now)
    account_close(user=bob, now=now)
    bob.refresh_from_db()
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert f"deleted player {bob.pk}" in page
    alice.language = "nl"
    alice.save(update_fields=["language"])
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert f"verwijderde speler {bob.pk}" in page and f"deleted player {bob.pk}" not in page


def test_a_dutch_opponents_export_names_a_closed_account_in_dutch(alice, bob, now):
    """Bob won, then closed his account: Alice's Dutch export of their game
    no longer names him, and names him as the privacy page promises."""
    import json

    from tests.conftest import living_in

    match = services.match_create_seated(users=[alice, bob], game="alta", now=now)
    finish_by_resignations(match, [bob, alice], now)
    account_close(user=bob, now=now)
    living_in("nl", "Europe/Amsterdam", alice)
    client = Client()
    client.force_login(alice)
    log = json.loads(client.get("/profile/export/").content)["games"][0]["log"]
    text = " ".join(line["text"] for line in log)
    assert f"De partij is afgelopen. Winnaar: verwijderde speler {bob.pk}." in text, text
    assert "Bob" not in text and "deleted player" not in text


def test_a_dutch_creator_is_told_in_dutch_that_a_closed_account_declined(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """Closing declines the invitations waiting for the player: the
    creator's mail names the closed account as the privacy page promises,
    in the creator's language."""
    from django.core import mail

    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        account_close(user=bob, now=now)
    [told] = [m for m in mail.outbox if m.to == [alice.email]]
    assert f"verwijderde speler {bob.pk} heeft je uitnodiging" in " ".join(told.body.split()), told.body
    assert "deleted player" not in told.body
