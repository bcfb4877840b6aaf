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
        if record.kind == MoveRecord.Kind.MOVE:
            shown = f'<code class="notation">{escape(move_words("alta", record.text))}</code>'
        else:  # a resignation is words, not notation
            shown = str(record.get_kind_display()).lower()
        assert f"<strong>{player}</strong>: {shown}" in page
        assert "Seat 1" not in page and "Seat 2" not in page
    first = match.moves.get(ply=1)
    page = client.get(f"/games/{match.pk}/replay/?ply=1").content.decode()
    assert str(first.user) in page.split('class="replay-events"')[1].split("</ul>")[0]
    start = client.get(f"/games/{match.pk}/replay/?ply=0").content.decode()
    assert "replay-move" not in start  # the starting position has no move yet


def test_a_resignation_reads_as_plain_words_not_move_notation(client, alice, bob, now):
    """The replay and the game page's move list show "opgave" as words,
    not in the code font of a move ("<code>opgave</code>")."""
    match = start_match(alice, bob, now=now)
    play_default_moves(match, now, submissions=1)
    match_resign(match_id=match.pk, user=alice, now=now)
    last = match.moves.order_by("ply").last()
    client.cookies["django_language"] = "nl"
    replay = client.get(f"/games/{match.pk}/replay/?ply={last.ply}", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    detail = client.get(f"/games/{match.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    for page in (replay, detail):
        assert "opgave" in page
        assert '<code class="notation">opgave</code>' not in page
    assert f"<strong>{alice}</strong>: opgave <time" in replay  # words, then when it happened
    assert '<code class="notation">' in replay  # the earlier moves still read as notation


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_the_replays_headings_go_down_one_level_at_a_time(client, alice, bob, game, now):
    """A screen reader's list of headings: the board's own headings ("Market
    and money", "Players", a player's tiles) are h3s, so the replay names the
    board with an h2 first, as the game page does; no level is skipped."""
    import re

    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=2)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()
    for ply in (0, 1, match.ply):
        page = client.get(f"/games/{match.pk}/replay/?ply={ply}").content.decode()
        levels = [int(level) for level in re.findall(r"<h([1-6])\b", page)]
        assert levels[0] == 1, levels
        assert all(lower - upper <= 1 for upper, lower in zip(levels, levels[1:], strict=False)), (game, levels)


def test_the_replay_controls_that_lead_nowhere_say_so(client, alice, bob, now):
    """At the start, "First position" and "Previous move" would reload the
    same position, and at the end "Next move" and "Last position" would: they
    are shown disabled (no link), the others stay links."""
    import re

    match = start_match(alice, bob, now=now)
    play_default_moves(match, now, submissions=3)
    match_resign(match_id=match.pk, user=alice, now=now)
    match.refresh_from_db()

    def controls(ply):
        page = client.get(f"/games/{match.pk}/replay/?ply={ply}").content.decode()
        nav = page.split('<nav class="replay-controls"')[1].split("</nav>")[0]
        found = {}
        for tag in re.findall(r"<a\b[^>]*>", nav):
            which = re.search(r'data-replay="(\w+)"', tag).group(1)
            found[which] = "href=" in tag and 'aria-disabled="true"' not in tag
        return found

    assert controls(0) == {"first": False, "prev": False, "next": True, "last": True}
    assert controls(1) == {"first": True, "prev": True, "next": True, "last": True}
    assert controls(match.ply) == {"first": True, "prev": True, "next": False, "last": False}
