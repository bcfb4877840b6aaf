"""A move written with a character that reads as a digit but is none
("²", "⁵": a phone's keyboard or autocorrect) is refused as notation the
game cannot read, with its help; never a server error."""

import pytest

from games.models import Match

from ..conftest import mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "text"),
    [("atlantis", "²"), ("atlantis", "⁵ > 3"), ("alhambra", "take ²"), ("alhambra", "buy ⁵"), ("alpaca", "rot ²")],
)
def test_a_superscript_digit_is_refused_as_notation_and_changes_nothing(game, text, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    answer = client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": text}, format="json")
    assert answer.status_code == 422, answer.content
    assert answer.json()["code"] == "notation_error"
    assert not Match.objects.get(pk=match.pk).moves.exists()
