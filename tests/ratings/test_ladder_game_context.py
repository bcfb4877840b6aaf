"""A ladder's game says which ladder found it, as a tournament's game names
its tournament: a member who joined a ladder days ago and then gets a game
with strangers reads, in its first mail, on its page and in each of its
mails, that the ladder made it, that it is rated, and where to leave."""

import re

import pytest
from django.conf import settings
from django.core import mail

from ratings.services import challenge_accept, challenge_create, ladder_matchmake
from tests.conftest import living_in

from .conftest import join, make_ladder

pytestmark = pytest.mark.django_db


def _others(match, user, last_word):
    """The other players as the mail names them: in seat order."""
    names = [str(s.user) for s in match.seats.order_by("index") if s.user != user]
    return f"{', '.join(names[:-1])} {last_word} {names[-1]}"


def _one_line(text):
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def fours(alice, bob, carol, dave, now, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", bob)
    ladder = make_ladder(players=4, name="Alta vieren")
    for user in (alice, bob, carol, dave):
        join(ladder, user, now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    return ladder, match


def test_the_first_mail_of_a_matched_game_names_the_ladder_and_the_way_out(fours, alice, bob):
    ladder, match = fours
    url = f"{settings.SITE_URL}/ladders/{ladder.pk}/"
    to_alice = [m for m in mail.outbox if m.to == [alice.email] and "started" in m.subject]
    [to_alice] = to_alice
    assert to_alice.body.startswith(f"Ladder Alta vieren: {url}\n")
    body = _one_line(to_alice.body)
    assert (
        f"The ladder Alta vieren paired you with {_others(match, alice, 'and')}; the game counts for your Alta rating."
        in body
    )
    assert "To get no more games of this ladder, leave it on its page (the link above)." in body
    assert f'href="{url}"' in to_alice.alternatives[0][0]

    [to_bob] = [m for m in mail.outbox if m.to == [bob.email] and "begonnen" in m.subject]
    assert to_bob.body.startswith(f"Ladder Alta vieren: {url}\n")
    body = _one_line(to_bob.body)
    paired = f"De ladder Alta vieren heeft je ingedeeld met {_others(match, bob, 'en')};"
    assert f"{paired} de partij telt voor je rating in Alta." in body
    assert (
        "Wil je geen partijen van deze ladder meer, verlaat de ladder dan op zijn pagina (de link hierboven)." in body
    )


def test_the_game_page_links_its_ladder_and_the_api_calls_it_no_tournament(fours, client, bob):
    ladder, match = fours
    client.force_login(bob)
    page = client.get(match.get_absolute_url()).content.decode()
    assert f'<a href="/ladders/{ladder.pk}/">Ladder Alta vieren</a>' in page
    assert client.get(f"/api/games/{match.pk}/").json()["tournament"] is None


def test_a_challenge_game_says_whose_challenge_it_is(alice, bob, now, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", bob)
    ladder = make_ladder(players=2)
    join(ladder, alice, now, rating=1500)
    join(ladder, bob, now, rating=1510)
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        challenge_accept(challenge_id=challenge.pk, user=bob, now=now)
    [to_alice] = [m for m in mail.outbox if m.to == [alice.email] and "started" in m.subject]
    body = _one_line(to_alice.body)
    assert body.startswith(f"Ladder Alta, 2 players: {settings.SITE_URL}/ladders/{ladder.pk}/")
    assert "Bob accepted your challenge in the ladder Alta, 2 players; the game counts for your Alta rating." in body
    assert "leave it on its page" not in body  # they asked for this one
    # Bob did not challenge anybody: he accepted Alice's challenge.
    [to_bob] = [m for m in mail.outbox if m.to == [bob.email] and "begonnen" in m.subject]
    body = _one_line(to_bob.body)
    assert "De uitdaging van Alice aan jou in de ladder Alta, 2 spelers; de partij telt voor je rating in Alta." in body
    assert "verlaat de ladder" not in body


def test_a_player_seated_to_fill_a_challenges_table_is_told_whose_it_is_and_the_way_out(
    alice, bob, carol, now, django_capture_on_commit_callbacks
):
    ladder = make_ladder(players=3, name="Alta drietallen")
    for user in (alice, bob, carol):
        join(ladder, user, now, rating=1500)
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        challenge_accept(challenge_id=challenge.pk, user=bob, now=now)
    [to_carol] = [m for m in mail.outbox if m.to == [carol.email] and "started" in m.subject]
    body = _one_line(to_carol.body)
    assert (
        "The ladder Alta drietallen seated you at Alice's challenge to Bob; the game counts for your Alta rating."
        in body
    )
    assert "To get no more games of this ladder, leave it on its page (the link above)." in body


def test_a_finished_ladder_game_may_be_played_again_as_a_rematch(
    alice, bob, now, client, django_capture_on_commit_callbacks
):
    """Unlike a tournament's game (its tournament pairs every game), a
    ladder's game offers a rematch: in its game-over mail, on its page,
    and the rematch is made."""
    from games.services import match_rematch, match_resign

    ladder = make_ladder(players=2, name="Alta duels")
    for user in (alice, bob):
        join(ladder, user, now)
    with django_capture_on_commit_callbacks(execute=True):
        [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=alice, now=now)
    [end] = [m for m in mail.outbox if m.to == [bob.email] and "the game is over" in m.subject]
    assert 'Reply "rematch" to play again with the same players.' in _one_line(end.body)
    client.force_login(bob)
    assert f"/games/{match.pk}/rematch/" in client.get(f"/games/{match.pk}/").content.decode()
    rematch, created = match_rematch(match_id=match.pk, user=bob, now=now)
    assert created and rematch.rematch_of_id == match.pk
