"""Each player of a rated game is told their new rating by mail once the
game is rated: in their language, as text and HTML, once, and only when
the game changed ratings and their mail settings allow it."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail

from games.engine import get_rules
from games.models import Match
from mail.addresses import thread_id
from mail.models import GameMute, OutgoingEmail
from ratings.models import Rating, RatingChange
from ratings.services import ApplyResult, rating_apply
from ratings.tasks import rating_apply as rating_apply_task
from tests.conftest import living_in
from tests.ratings.conftest import finish_by_resignations, rated_match

from .playing import html_of

pytestmark = pytest.mark.django_db


def rating_mails(user):
    return [m for m in mail.outbox if m.to == [user.email] and "rating" in m.subject]


def finish(capture, users, ranking, now, *, rated=True, before_the_end=None):
    """A game of ``users`` finished in the order ``ranking``, every hook run
    (game-over mails, the rating task, the mails it causes)."""
    with capture(execute=True):
        match = rated_match(users, now=now, rated=rated)
    if before_the_end is not None:
        before_the_end(match)
    with capture(execute=True):
        finish_by_resignations(match, ranking, now)
    return match


def test_each_player_of_a_rated_duel_gets_one_mail_with_their_new_rating_in_their_language(
    alice, bob, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    match = finish(django_capture_on_commit_callbacks, [alice, bob], [alice, bob], now)
    assert RatingChange.objects.filter(match=match).count() == 2

    [to_alice] = rating_mails(alice)
    assert to_alice.subject == f"Alta #{match.pk}: your rating is now 1520 (+20.0)"
    assert "Your Alta rating is now 1520 (+20.0, was 1500)." in to_alice.body
    assert "It is provisional until you have played 10 rated games of Alta." in " ".join(to_alice.body.split())
    assert f"{settings.SITE_URL}/players/Alice/ratings/" in to_alice.body
    html = html_of(to_alice)
    assert "<strong>1520</strong> (+20.0, was 1500)" in html
    assert f'href="{settings.SITE_URL}/players/Alice/ratings/"' in html
    assert f'href="{settings.SITE_URL}/games/{match.pk}/"' in html

    [to_bob] = rating_mails(bob)
    assert to_bob.subject == f"Alta #{match.pk}: je rating is nu 1480 (-20,0)"
    assert "Je rating in Alta is nu 1480 (-20,0; was 1500)." in to_bob.body
    assert "<strong>1480</strong> (-20,0; was 1500)" in html_of(to_bob)
    assert f"{settings.SITE_URL}/players/Bob/ratings/" in to_bob.body
    # In the game's thread, with the usual way out of game mail.
    assert to_bob.extra_headers["In-Reply-To"] == thread_id(match.pk, bob.pk)
    assert "List-Unsubscribe" in to_bob.extra_headers


def test_rating_the_game_again_mails_nobody_again(alice, bob, now, django_capture_on_commit_callbacks):
    match = finish(django_capture_on_commit_callbacks, [alice, bob], [bob, alice], now)
    assert len(rating_mails(alice)) == len(rating_mails(bob)) == 1
    sent = OutgoingEmail.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        assert rating_apply_task.apply(kwargs={"match_id": match.pk}).get() == "already_applied"
        assert rating_apply(match_id=match.pk) == ApplyResult.ALREADY_APPLIED
    assert OutgoingEmail.objects.count() == sent
    assert len(rating_mails(alice)) == len(rating_mails(bob)) == 1


def test_a_casual_game_sends_no_rating_mail(alice, bob, now, django_capture_on_commit_callbacks):
    match = finish(django_capture_on_commit_callbacks, [alice, bob], [alice, bob], now, rated=False)
    assert match.status == Match.Status.FINISHED
    assert [m.subject for m in mail.outbox if "game is over" in m.subject]  # the game-over mails went out
    assert rating_mails(alice) == rating_mails(bob) == []


def test_a_rated_game_nobody_played_sends_no_rating_mail(alice, bob, now, django_capture_on_commit_callbacks):
    from games import services as game_services

    with django_capture_on_commit_callbacks(execute=True):
        match = rated_match([alice, bob], now=now)
    rules = get_rules(match.game)
    first = match.seats.get(index=min(rules.to_move(rules.load(match.state)))).user
    with django_capture_on_commit_callbacks(execute=True):
        # The player to move resigns before anyone moved: an abort, not a result.
        game_services.match_resign(match_id=match.pk, user=first, now=now)
    assert rating_apply(match_id=match.pk) == ApplyResult.NOT_RATED
    assert rating_mails(alice) == rating_mails(bob) == []


def test_mail_settings_decide_who_is_told(alice, bob, carol, dave, now, django_capture_on_commit_callbacks):
    bob.notifications = bob.Notifications.NONE
    bob.save(update_fields=["notifications"])
    dave.notifications = dave.Notifications.DAILY_DIGEST
    dave.save(update_fields=["notifications"])

    def mute_alice(match):
        GameMute.objects.create(user=alice, match=match)

    finish(django_capture_on_commit_callbacks, [alice, bob], [alice, bob], now, before_the_end=mute_alice)
    finish(django_capture_on_commit_callbacks, [carol, dave], [carol, dave], now)
    assert rating_mails(alice) == [] and rating_mails(bob) == []
    # A digest reader is told at once, as of the game's end (the digest lists only games to move in).
    assert len(rating_mails(carol)) == len(rating_mails(dave)) == 1


def test_a_game_rated_behind_a_later_one_tells_its_own_numbers(
    alice, bob, carol, dave, now, django_capture_on_commit_callbacks
):
    """Its task came late: the kind is replayed from it, and its players
    are told what it did."""
    import datetime as dt

    first = finish_by_resignations(rated_match([alice, bob], now=now), [bob, alice], now)
    later = now + dt.timedelta(hours=1)
    second = finish_by_resignations(rated_match([carol, dave], now=later), [carol, dave], later)
    with django_capture_on_commit_callbacks(execute=True):
        assert rating_apply(match_id=second.pk, now=later) == ApplyResult.APPLIED
        assert rating_apply(match_id=first.pk, now=later) == ApplyResult.REPLAYED
    [to_bob] = rating_mails(bob)
    assert to_bob.subject == f"Alta #{first.pk}: your rating is now 1520 (+20.0)"
    assert "Your Alta rating is now 1480 (-20.0, was 1500)." in rating_mails(alice)[0].body
    assert len(rating_mails(carol)) == len(rating_mails(dave)) == 1


def test_a_deactivated_player_is_not_told(alice, bob, now, django_capture_on_commit_callbacks):
    """Their ratings page is not shown: the mail would link to nothing."""

    def suspend_bob(match):
        bob.is_active = False
        bob.save(update_fields=["is_active"])

    finish(django_capture_on_commit_callbacks, [alice, bob], [alice, bob], now, before_the_end=suspend_bob)
    assert len(rating_mails(alice)) == 1 and rating_mails(bob) == []


def test_the_mail_explains_the_change_opponent_by_opponent_in_the_readers_language(
    alice, bob, carol, dave, now, django_capture_on_commit_callbacks
):
    """A reader who never opens the game page still sees why: the place,
    K and what each opponent counted for, best-placed opponent first."""
    living_in("nl", "Europe/Amsterdam", bob)
    finish(django_capture_on_commit_callbacks, [alice, bob, carol, dave], [dave, bob, alice, carol], now)

    [to_alice] = rating_mails(alice)
    body = " ".join(to_alice.body.split())
    assert "Your Alta rating is now 1490 (-10.0, was 1500)." in body
    assert (
        "You finished in place 3 of 4. Each opponent counted as a game of its own: 1 if you finished ahead, "
        "½ if level, 0 if behind, minus the score your ratings expected, times 20 (K = 40, × 2 / 4 players):"
    ) in body
    lines = [line.strip() for line in to_alice.body.splitlines()]
    at = lines.index("Dave (1500): behind, expected 0.50: -10.0")
    assert lines[at : at + 3] == [
        "Dave (1500): behind, expected 0.50: -10.0",
        "Bob (1500): behind, expected 0.50: -10.0",
        "Carol (1500): ahead, expected 0.50: +10.0",
    ]
    assert "<li>Carol (1500): ahead, expected 0.50: +10.0</li>" in html_of(to_alice)

    [to_bob] = rating_mails(bob)
    body = " ".join(to_bob.body.split())
    assert (
        "Je eindigde op plaats 2 van 4. Elke tegenstander telde als een partij op zich: 1 als je vóór hem "
        "eindigde, ½ bij gelijk, 0 als je achter hem eindigde, min de score die jullie ratings verwachtten, "
        "maal 20 (K = 40, × 2 / 4 spelers):"
    ) in body
    lines = [line.strip() for line in to_bob.body.splitlines()]
    at = lines.index("Dave (1500): achter, verwacht 0,50: -10,0")
    assert lines[at : at + 3] == [
        "Dave (1500): achter, verwacht 0,50: -10,0",
        "Alice (1500): vóór, verwacht 0,50: +10,0",
        "Carol (1500): vóór, verwacht 0,50: +10,0",
    ]


def test_a_provisional_rating_says_how_many_games_are_left_and_the_tenth_says_it_is_settled(
    alice, bob, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    Rating.objects.create(user=alice, game="alta", value=1500.0, games=8)
    Rating.objects.create(user=bob, game="alta", value=1500.0, games=8)
    finish(django_capture_on_commit_callbacks, [alice, bob], [alice, bob], now)
    assert "until you have played 10 rated games of Alta. 1 more to go." in " ".join(
        rating_mails(alice)[0].body.split()
    )
    assert "met rating in Alta hebt gespeeld. Nog 1 te gaan." in " ".join(rating_mails(bob)[0].body.split())
    mail.outbox.clear()
    finish(django_capture_on_commit_callbacks, [alice, bob], [bob, alice], now)
    to_alice = " ".join(rating_mails(alice)[0].body.split())
    assert "provisional until" not in to_alice
    assert "It is no longer provisional: you have played 10 rated games of Alta." in to_alice
    to_bob = " ".join(rating_mails(bob)[0].body.split())
    assert "Die is niet meer voorlopig: je hebt 10 partijen met rating in Alta gespeeld." in to_bob


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_line_break_cuts_the_k_of_the_explanation(
    players, alice, bob, carol, dave, now, django_capture_on_commit_callbacks
):
    """ "K = 40" and "× 2 / 4" are terms of the sum: a line never ends in
    "K =" or "×" with the number on the next one, in either language."""
    users = [alice, bob, carol, dave][:players]
    living_in("nl", "Europe/Amsterdam", bob)
    finish(django_capture_on_commit_callbacks, users, list(reversed(users)), now)
    for user in users:
        [told] = rating_mails(user)
        lines = told.body.splitlines()
        assert any(re.search(r"\bK = \d+", line) for line in lines), told.body
        assert any(re.search(r"× \d+ / \d+", line) for line in lines), told.body
        assert not [line for line in lines if re.search(r"(\bK|\bK =|×|× \d+|× \d+ /)\s*$", line)], told.body
