"""A player downloads everything about them: from the profile and the API,
and never another player's hidden information."""

import json
import random

import pytest
import time_machine
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from alta_site.accounts.tokens import ApiToken
from games.boards import playable_slugs
from games.engine import get_rules
from games.models import Match, MoveRecord
from games.services import match_create_seated
from mail.models import InboundEmail
from tests.conftest import EPOCH
from tests.games.conftest import play_random_option

pytestmark = pytest.mark.django_db


def play_some(match, moves, now, seed):
    rules = get_rules(match.game)
    chooser = random.Random(seed)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        play_random_option(match, rules, rules.load(match.state), chooser, now)


@pytest.fixture
def games(alice, bob, now, django_capture_on_commit_callbacks):
    """A running two-player game of each kind between alice and bob, with
    their mails written."""
    matches = []
    with django_capture_on_commit_callbacks(execute=True):
        for number, slug in enumerate(playable_slugs()):
            match = match_create_seated(users=[alice, bob], game=slug, now=now)
            play_some(match, 6, now, number)
            matches.append(match)
    return matches


def download(user) -> tuple[dict, str]:
    client = Client()
    client.force_login(user)
    response = client.get("/profile/export/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    text = b"".join(response.streaming_content).decode() if response.streaming else response.content.decode()
    return json.loads(text), text


def test_export_holds_account_settings_games_moves_and_mails(games, alice, bob):
    ApiToken.issue(user=alice, name="my script")
    InboundEmail.objects.create(
        received_at=EPOCH,
        source="smtp",
        sender="alice@example.com",
        subject="Re: your move",
        body="pass",
        raw="...",
        user=alice,
    )
    data, _ = download(alice)
    assert data["account"]["email"] == "alice@example.com"
    assert data["account"]["display_name"] == "Alice"
    assert data["settings"]["api_tokens"][0]["name"] == "my script"
    assert "key_hash" not in json.dumps(data["settings"])
    assert {g["game"] for g in data["games"]} == set(playable_slugs())
    for game in data["games"]:
        assert game["your_view"] is not None and game["your_seat"] in (1, 2)
        assert set(game["players"]) == {"Alice", "Bob"}
        assert game["seed"] is None and game["seed_salt"] is None and game["seed_commitment"]
    own = MoveRecord.objects.filter(user=alice).count()
    assert own and len(data["moves"]) == own
    assert data["mails"]["sent_to_you"] and all(m["to"] == "alice@example.com" for m in data["mails"]["sent_to_you"])
    assert data["mails"]["received_from_you"][0]["body"] == "pass"


def test_export_does_not_depend_on_what_the_player_cannot_see(games, alice, bob):
    """Re-deal everything alice cannot see in every game: her export stays
    the same byte for byte, and names nothing of bob's but his name."""
    with time_machine.travel(EPOCH, tick=False):
        before, text = download(alice)
        for match in games:
            match.refresh_from_db()
            rules = get_rules(match.game)
            index = match.seats.get(user=alice).index
            other = rules.randomize_hidden(rules.load(match.state), index, seed=match.pk + 5)
            Match.objects.filter(pk=match.pk).update(state=rules.dump(other))
            assert str(match.seed) not in text and match.seed_salt not in text
        after, _ = download(alice)
        assert timezone.now() == EPOCH
    assert after == before
    assert "bob@example.com" not in text


def test_export_from_the_api_with_a_token(games, alice):
    _, key = ApiToken.issue(user=alice, name="export")
    api = APIClient()
    assert api.get("/api/me/export/").status_code in (401, 403)
    response = api.get("/api/me/export/", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200
    data = json.loads(response.content)
    assert data["account"]["email"] == "alice@example.com" and len(data["games"]) == len(games)


def test_profile_links_the_export_and_anonymous_visitors_are_sent_to_log_in(alice):
    client = Client()
    assert client.get("/profile/export/")["Location"].startswith("/accounts/login/")
    client.force_login(alice)
    page = client.get("/profile/").content.decode()
    assert 'href="/profile/export/"' in page and 'href="/profile/close/"' in page


def test_an_address_taken_over_from_another_player_does_not_export_their_mails(games, alice, bob):
    """Bob's game mails were sent to his old address; Alice takes that
    address later: her export holds none of his mails."""
    from mail.models import OutgoingEmail

    old_address = bob.email
    bob_mails = OutgoingEmail.objects.filter(user=bob, to__iexact=old_address)
    assert bob_mails.exists()
    bob.email = "bob.new@example.com"
    bob.save(update_fields=["email"])
    alice.email = old_address
    alice.save(update_fields=["email"])
    data, _text = download(alice)
    assert not [m for m in data["mails"]["sent_to_you"] if m["to"].lower() == old_address.lower()]
    assert data["mails"]["sent_to_you"], "her own mails are still there"


def test_export_holds_the_games_a_player_left_declined_or_is_invited_to(alice, bob, carol, dave, now):
    from games.models import Seat
    from games.services import invitation_decline, match_create, match_join, match_leave

    left = match_create(creator=bob, game="alta", players=3, now=now)
    match_join(match_id=left.pk, user=alice, now=now)
    match_leave(match_id=left.pk, user=alice, now=now)
    declined = match_create(creator=carol, game="alta", players=2, now=now, invite=["Alice"])
    invitation_decline(token=Seat.objects.get(match=declined, invited_user=alice).invitation_token, user=alice, now=now)
    waiting = match_create(creator=dave, game="alhambra", players=2, now=now, invite=["Alice"])
    match_create(creator=dave, game="alpaca", players=2, now=now)  # nothing of hers

    data, _ = download(alice)
    games = {game["id"]: game for game in data["games"]}
    assert set(games) == {left.pk, declined.pk, waiting.pk}
    assert [line["text"] for line in games[left.pk]["log"] if "Alice" in line["text"]] == [
        "Alice joined the game.",
        "Alice left the game.",
    ]
    assert any("declined" in line["text"] for line in games[declined.pk]["log"])
    assert [game["invited_to_a_seat"] for game in games.values()] == [False, False, True]
    # They hold no seat in any of them: no view to export.
    assert {game["your_view"] is None and game["your_seat"] is None for game in games.values()} == {True}


def test_export_holds_a_players_bye_requests(alice, bob, carol, dave, now):
    import datetime as dt

    from tournaments.services import club_create, club_join, tournament_create, tournament_register, tournament_start
    from tournaments.services.byes import bye_request

    club = club_create(creator=dave, name="Harbour", now=now)
    cup = tournament_create(
        creator=dave,
        name="Winter Cup",
        club_id=club.pk,
        now=now,
        rounds=3,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    for user in (alice, bob, carol):
        club_join(club_id=club.pk, user=user, now=now)
        tournament_register(tournament_id=cup.pk, user=user, now=now)
    tournament_start(tournament_id=cup.pk, now=now, by=dave)
    bye_request(tournament_id=cup.pk, user=alice, round_number=3, now=now)

    data, _ = download(alice)
    assert [(b["participant__tournament__name"], b["round"]) for b in data["bye_requests"]] == [("Winter Cup", 3)]
    assert download(bob)[0]["bye_requests"] == []


def test_export_holds_clubs_invitations_and_what_the_player_created(alice, bob, now):
    import datetime as dt

    from tournaments.services import club_create, club_invite, tournament_create, tournament_invite

    harbour = club_create(creator=alice, name="Harbour", now=now)
    cup = tournament_create(
        creator=alice,
        name="Winter Cup",
        club_id=harbour.pk,
        now=now,
        rounds=2,
        registration="invited",
        registration_closes_at=now + dt.timedelta(days=7),
    )
    club_invite(club_id=harbour.pk, display_name="Bob", by=alice, now=now)
    tournament_invite(tournament_id=cup.pk, display_name="Bob", by=alice, now=now)

    theirs, _ = download(bob)
    assert [(c["club__name"], c["status"], c["invited_by__display_name"]) for c in theirs["clubs"]] == [
        ("Harbour", "invited", "Alice")
    ]
    assert [(i["tournament__name"], i["invited_by__display_name"]) for i in theirs["tournament_invitations"]] == [
        ("Winter Cup", "Alice")
    ]
    assert theirs["clubs_created"] == theirs["tournaments_created"] == []
    mine, _ = download(alice)
    assert [c["name"] for c in mine["clubs_created"]] == ["Harbour"]
    assert [(t["name"], t["club_id"]) for t in mine["tournaments_created"]] == [("Winter Cup", harbour.pk)]
    assert [(c["club__name"], c["role"]) for c in mine["clubs"]] == [("Harbour", "organiser")]


def test_export_holds_the_invitations_by_email_sent_and_those_to_a_confirmed_address(alice, bob, carol, now):
    """Alice typed addresses for her club and her tournament: they are in her
    export; the one to Bob's confirmed address is in his, and nobody else's."""
    import datetime as dt

    from allauth.account.models import EmailAddress

    from tests.tournaments.conftest import make_tournament
    from tournaments.services import club_create, club_email_invitation_accept, club_invite, tournament_invite

    harbour = club_create(creator=alice, name="Harbour", join_policy="invitation", now=now)
    cup = make_tournament(alice, harbour, now=now, name="Winter Cup", rounds=2)
    joined = club_invite(club_id=harbour.pk, display_name=bob.email, by=alice, now=now)
    club_email_invitation_accept(token=joined.token, user=bob, now=now)
    later = now + dt.timedelta(minutes=1)
    tournament_invite(tournament_id=cup.pk, display_name="friend@mail.test", by=alice, now=later)
    # An address Carol typed and never confirmed is no way into others' invitations.
    EmailAddress.objects.create(user=carol, email="friend@mail.test", verified=False)

    mine, _ = download(alice)
    sent = mine["invitations_by_email_sent"]
    assert [(i["to"], i["name"], i["email"], i["accepted_at"] is not None) for i in sent] == [
        ("club", "Harbour", bob.email, True),
        ("tournament", "Winter Cup", "friend@mail.test", False),
    ]
    assert mine["invitations_by_email_to_you"] == []
    bobs, _ = download(bob)
    assert [(i["name"], i["invited_by"]) for i in bobs["invitations_by_email_to_you"]] == [("Harbour", "Alice")]
    assert bobs["invitations_by_email_sent"] == []
    carols, _ = download(carol)
    assert carols["invitations_by_email_to_you"] == carols["invitations_by_email_sent"] == []


def test_an_invitees_address_is_in_no_other_players_export(alice, bob, now):
    """Alice invited an address; its holder declined and Bob took the seat.
    The address is Alice's to know (her export keeps the line), never Bob's:
    no page shows it to him, and neither does his export."""
    from games.services import invitation_decline, match_create, match_join
    from tests.conftest import make_user

    match = match_create(creator=alice, game="alta", players=2, now=now, invite=["erin@mail.test"])
    erin = make_user("erin.other@mail.test", "Erin")
    invitation_decline(token=match.seats.get(invited_email="erin@mail.test").invitation_token, user=erin, now=now)
    match_join(match_id=match.pk, user=bob, now=now)

    _, bobs = download(bob)
    assert "erin@mail.test" not in bobs
    alices, _ = download(alice)
    [game] = alices["games"]
    assert "erin@mail.test declined the invitation." in [line["text"] for line in game["log"]]


def test_a_dutch_players_export_tells_their_games_log_in_dutch_with_times_in_their_zone(alice, bob, now):
    """The log lines of a game are stored in English: a Dutch player's
    export gives them in Dutch, a moment in their own zone (named); an
    English player's export of the same game stays English."""
    from games.deadlines.vacation import vacation_start
    from tests.conftest import living_in
    from tests.games.conftest import play_default_moves

    living_in("nl", "Europe/Amsterdam", alice)
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    vacation = vacation_start(user=alice, days=2, now=now)
    play_default_moves(match, now)
    match.refresh_from_db()
    assert match.is_finished

    data, _ = download(alice)
    [game] = data["games"]
    lines = [line["text"] for line in game["log"]]
    assert any(line.startswith("De partij is begonnen. Volgorde aan tafel: ") for line in lines), lines
    assert any(line.startswith("De partij is afgelopen. Winnaar: ") for line in lines), lines
    [away] = [line for line in lines if "vakantie" in line]
    until = vacation.ends_at.astimezone(alice.zone)
    assert f"{until:%H:%M} (tijdzone Europe/Amsterdam)" in away, away
    for english in ("The game", "Seat order", "Winner", "vacation", "UTC"):
        assert not any(english in line for line in lines), (english, lines)

    data, _ = download(bob)
    [game] = data["games"]
    lines = [line["text"] for line in game["log"]]
    assert any(line.startswith("The game started. Seat order: ") for line in lines), lines


def test_a_dutch_players_export_writes_their_moves_in_the_history_as_their_game_page_does(alice, bob, now):
    """The history of a game in the export is the one the player reads on
    the game page: moves in their notation (Dutch card names), not the
    English the site stores."""
    from django.utils import translation

    from games.i18n import move_words
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    play_some(match, 8, now, 3)
    data, _ = download(alice)
    [game] = data["games"]
    seat = game["your_seat"] - 1
    records = MoveRecord.objects.filter(match=match, seat_index=seat, kind=MoveRecord.Kind.MOVE).order_by("ply")
    with translation.override("nl"):
        dutch = [move_words("alta", record.text) for record in records]
    assert dutch and dutch != [record.text for record in records]
    assert [e["text"] for e in game["history"] if e["seat"] == seat and e["kind"] == "move"] == dutch


def test_export_holds_what_is_kept_about_a_bouncing_address(alice, now):
    alice.email_bounced_address = alice.email
    alice.email_bounce_reason = "5.1.1 550 5.1.1 User unknown"
    alice.email_bounced_at = now
    alice.email_bounces = 1
    alice.save()
    data, _text = download(alice)
    bounces = data["account"]["email_bounces"]
    assert bounces["address"] == "alice@example.com"
    assert bounces["reason"] == "5.1.1 550 5.1.1 User unknown"
    assert bounces["count"] == 1 and bounces["last_at"].startswith(now.date().isoformat())


def test_export_says_when_a_spam_complaint_stopped_game_mail(alice, now):
    alice.email_complained_at = now
    alice.notifications = alice.Notifications.NONE
    alice.save()
    data, _text = download(alice)
    assert data["account"]["email_marked_as_spam_at"].startswith(now.date().isoformat())
