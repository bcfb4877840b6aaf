"""A move is logged as the engine writes it, whatever words it was typed
in: an Alta move typed in Dutch is kept in the canonical notation, so an
English reader's history shows it in English and a Dutch reader's in Dutch."""

import pytest

from games import selectors
from games.engine import get_rules
from games.models import MoveRecord
from games.services import move_submit

from .conftest import start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_move_typed_in_dutch_is_logged_in_the_canonical_notation(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    rules = get_rules(game)
    state = rules.load(match.state)
    seat = min(rules.to_move(state))
    canonical = rules.format_move(state, seat, rules.default_move(state, seat))
    typed = rules.notation_in(canonical, "nl")
    if game == "alta":
        assert typed != canonical  # the Dutch words really differ here
    move_submit(
        match_id=match.pk,
        user=match.seats.get(index=seat).user,
        ply=match.ply,
        text=f"  {typed.upper() if game == 'alta' else typed}  ",
        source=MoveRecord.Source.WEB,
        now=now,
    )
    record = match.moves.get(kind=MoveRecord.Kind.MOVE)
    assert record.text == canonical


def test_others_read_a_dutch_typed_alta_move_in_their_own_words(alice, bob, now):
    from django.utils import translation

    match = start_match(alice, bob, game="alta", now=now)
    rules = get_rules("alta")
    state = rules.load(match.state)
    seat = min(rules.to_move(state))
    canonical = rules.format_move(state, seat, rules.default_move(state, seat))
    move_submit(
        match_id=match.pk,
        user=match.seats.get(index=seat).user,
        ply=match.ply,
        text=rules.notation_in(canonical, "nl"),
        source=MoveRecord.Source.WEB,
        now=now,
    )
    with translation.override("en"):
        (entry,) = selectors.match_history(match, 1 - seat)
    assert entry["text"] == canonical
