"""Playing a started game through ``move_submit`` (option 1 each time) with
its emails written by the real outbox, for the mail content tests."""

from __future__ import annotations

from django.core import mail
from rest_framework.test import APIClient

from alta_site.accounts.tokens import ApiToken
from games.engine import get_rules
from games.models import Match, MoveRecord
from games.services import move_submit

from .conftest import mover_of


def play(match, now, capture, *, moves: int = 100_000) -> list:
    """Play up to ``moves`` moves (or to the end); returns every mail sent
    meanwhile, the start's included (``mail.outbox`` is not cleared)."""
    for _ in range(moves):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        seat = match.seats.filter(deadline_at__isnull=False).order_by("index").first()
        with capture(execute=True):
            move_submit(
                match_id=match.pk, user=seat.user, option=1, ply=match.ply, source=MoveRecord.Source.WEB, now=now
            )
    match.refresh_from_db()
    return list(mail.outbox)


def html_of(message) -> str:
    return message.alternatives[0][0]


def first_option(match, seat) -> str:
    """The first move the seat's option list offers in the match's position."""
    rules = get_rules(match.game)
    return rules.move_options(rules.load(match.state), seat.index)[0][0]


def api_move(match) -> MoveRecord:
    """The seat to move plays its first option through the API (as an API
    client would, with a token of its own); returns the stored move."""
    match.refresh_from_db()
    seat = mover_of(match)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.issue(user=seat.user, name='test')[1]}")
    answer = api.post(
        f"/api/games/{match.pk}/moves/", {"ply": match.ply, "move": first_option(match, seat)}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["ply"] == match.ply + 1
    return MoveRecord.objects.get(match=match, ply=match.ply + 1)
