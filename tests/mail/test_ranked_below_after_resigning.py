"""A player who resigns ranks below every player who finished, whatever
the points (the engine's rule): when the ranking and the points then read
in opposite orders ("1. Bob: 20 points, 2. Ann: 31 points (resigned)"),
the end mail and the game page say why, in the reader's language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core import mail
from django.utils import translation

from games import services
from games.breakdown import departure_lines
from games.engine import get_rules
from games.models import Match
from games.services import match_create_seated
from tests.conftest import living_in

from .playing import html_of, play

WHY = {
    "en": "%s resigned, so ranks below every player who finished the game, whatever the points.",
    "nl": "%s heeft opgegeven en eindigt daarom onder iedereen die de partij uitspeelde, ongeacht de punten.",
}


def _seat(name, place, score, departed=""):
    return SimpleNamespace(user=name, place=place, score=score, index=place - 1, departed=departed)


@pytest.mark.parametrize(
    ("departed", "said"),
    [
        ("resignation", "Ann resigned, so ranks below every player who finished the game, whatever the points."),
        ("timeout", "Ann ran out of time, so ranks below every player who finished the game, whatever the points."),
        ("abandoned", "Ann left the game, so ranks below every player who finished it, whatever the points."),
    ],
)
def test_a_departed_player_with_more_points_than_one_above_is_explained(departed, said):
    seats = [_seat("Bob", 1, 40), _seat("Cas", 2, 20), _seat("Ann", 3, 31, departed)]
    with translation.override("en"):
        assert departure_lines(seats) == [said]


def test_no_sentence_when_places_and_points_agree():
    seats = [_seat("Bob", 1, 40), _seat("Cas", 2, 20), _seat("Ann", 3, 12, "resignation")]
    assert departure_lines(seats) == []
    assert departure_lines([_seat("Bob", 1, 40), _seat("Cas", 2, 20)]) == []


def _leader_resigns(users, now, capture) -> tuple[Match, object]:
    """A 2-player Alta game played until a resignation would leave the
    resigning player with more points than the winner; that player resigns."""
    rules = get_rules("alta")
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    ahead = None
    while ahead is None:
        play(match, now, capture, moves=2)
        state = rules.load(match.state)
        for seat in (0, 1):
            scores = rules.outcome(rules.resign(state, seat).state).scores
            if scores[seat] > scores[1 - seat]:
                ahead = match.seats.get(index=seat).user
    mail.outbox.clear()
    with capture(execute=True):
        services.match_resign(match_id=match.pk, user=ahead, now=now)
    match.refresh_from_db()
    return match, ahead


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_end_mail_and_the_page_say_why_the_resigned_leader_ranks_last(
    language, alice, bob, client, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    match, leader = _leader_resigns([alice, bob], now, django_capture_on_commit_callbacks)
    resigned, winner = match.seats.get(user=leader), match.seats.exclude(user=leader).get()
    assert match.status == Match.Status.FINISHED
    assert (resigned.place, winner.place) == (2, 1) and resigned.score > winner.score  # the case under test
    why = WHY[language] % leader
    ends = [m for m in mail.outbox if "game is over" in m.subject or "partij is afgelopen" in m.subject]
    assert len(ends) == 2
    for end in ends:
        assert why in " ".join(end.body.split()), end.body
        assert why in " ".join(html_of(end).split())
    client.force_login(winner.user)
    page = client.get(f"/games/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert why in " ".join(page.split())
