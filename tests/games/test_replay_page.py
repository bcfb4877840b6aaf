"""A finished game replays move by move: each position says who played
what, by name, with what everyone saw happen."""

import pytest
from django.utils.html import escape

from games.i18n import move_words
from games.models import MoveRecord
from games.services import match_resign

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


def test_each_replayed_position_names_the_player_and_the_move(client, alice, bob, now):
    match = start_match(alice, bob, now=now)
    play_default_moves(match, now, submissions=3)
    match_resign(match_id=match.pk, user=alice, now=now)
    for record in match.moves.order_by("ply"):
        page = client.get(f"/games/{match.pk}/replay/?ply={record.ply}").content.decode()
        assert f"Position {record.ply} of" in page
        player = str(record.user or match.seats.get(index=record.seat_index).user)
        # The move as an English reader writes it: cards by name, not slug.
        shown = escape(move_words("alta", record.text) if record.kind == MoveRecord.Kind.MOVE else record.text)
        assert f'<strong>{player}</strong>: <code class="notation">{shown}</code>' in page
        assert "Seat 1" not in page and "Seat 2" not in page
    first = match.moves.get(ply=1)
    page = client.get(f"/games/{match.pk}/replay/?ply=1").content.decode()
    assert str(first.user) in page.split('class="replay-events"')[1].split("</ul>")[0]
    start = client.get(f"/games/{match.pk}/replay/?ply=0").content.decode()
    assert "replay-move" not in start  # the starting position has no move yet
