"""Alta's fast paths give exactly what the generic code they replace gives.

``AltaRules`` overrides ``apply``, ``outcome`` and ``move_options`` of
``BaseRules`` and ``notation_parse.parse_move`` reads the canonical notation
from a table: each is compared with the generic path on every position of
seeded games (and on departed seats and an early end, where the fast path
must hand over).
"""

import random

import pytest

from games.engine import BaseRules, EngineError, Termination, get_rules

RULES = get_rules("alta")


def positions(players, seed):
    """Every position of a seeded game, with the seat to move."""
    chooser = random.Random(seed)
    state = RULES.setup(players, seed)
    while True:
        movers = RULES.to_move(state)
        if not movers:
            yield state, None
            return
        seat = min(movers)
        yield state, seat
        moves = RULES.legal_moves(state, seat)
        state = RULES.apply(state, seat, moves[chooser.randrange(len(moves))]).state


def outcome_of(function, *args):
    """What ``function(*args)`` returns or raises, comparable."""
    try:
        return ("ok", function(*args))
    except EngineError as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_move_options_apply_and_outcome_match_the_generic_ones(players, seed):
    for state, seat in positions(players, seed):
        assert RULES.outcome(state) == BaseRules.outcome(RULES, state)
        for who in range(players):
            options = RULES.move_options(state, who)
            assert options == BaseRules.move_options(RULES, state, who)
            for _text, move in options[:3] + options[-3:]:
                fast = outcome_of(RULES.apply, state, who, move)
                assert fast == outcome_of(BaseRules.apply, RULES, state, who, move)
        if seat is not None:
            other = (seat + 1) % players
            move = RULES.legal_moves(state, seat)[0]
            fast = outcome_of(RULES.apply, state, other, move)
            assert fast == outcome_of(BaseRules.apply, RULES, state, other, move)


def test_apply_hands_over_to_the_generic_path_once_a_seat_left():
    state = RULES.setup(3, 7)
    state = RULES.resign(state, 1).state
    for _ in range(12):
        seat = min(RULES.to_move(state))
        move = RULES.legal_moves(state, seat)[0]
        fast = RULES.apply(state, seat, move)
        assert fast == BaseRules.apply(RULES, state, seat, move)
        state = fast.state
    state = RULES.resign(state, 2, Termination.TIMEOUT).state
    assert RULES.outcome(state) == BaseRules.outcome(RULES, state) is not None


def test_canonical_texts_parse_as_the_generic_parser_reads_them():
    from games.rules.alta import notation_parse
    from games.rules.alta.state import HAND, HAND_MERCHANT, TAKE, TAKE_MERCHANT
    from games.rules.alta.testing import position

    states = [
        position(step=step, face_up=face_up, hands={0: hand})
        for step in (HAND, TAKE, HAND_MERCHANT, TAKE_MERCHANT)
        for face_up in (("mill", "tower"), ("wheat", "wheat"), ("farmers_hut", "fishing_harbour"))
        for hand in (("mill", "tower"), ("market",), ())
    ]
    assert len(notation_parse._CANONICAL) == 3 + 49 * (9 + 2 + 2 * 9)
    for text in notation_parse._CANONICAL:
        for state in states:
            fast = outcome_of(notation_parse.parse_move, state, 0, text)
            assert fast == outcome_of(notation_parse._parse_text, state, 0, text), (text, state.step, state.face_up)


def test_every_option_text_is_canonical():
    from games.rules.alta import notation_parse

    for players, seed in [(2, 4), (4, 5)]:
        for state, seat in positions(players, seed):
            if seat is not None:
                for text, _move in RULES.move_options(state, seat):
                    assert text in notation_parse._CANONICAL


def test_events_read_dump_and_compare_as_events_built_with_their_text():
    from games.engine import Event

    events = []
    for players, seed in [(2, 6), (4, 7)]:
        state = RULES.setup(players, seed)
        while RULES.to_move(state):
            seat = min(RULES.to_move(state))
            transition = RULES.apply(state, seat, RULES.default_move(state, seat))
            events += transition.events
            state = transition.state
    assert {e.kind for e in events} >= {"place", "draw", "merchant", "game_over"}
    assert all("text" not in e.__dict__ for e in events)  # rendered when first read
    for event in events:
        built = Event.say(event.kind, event.message, dict(event.data), event.to)
        assert event == built and event.dump() == built.dump() and repr(event) == repr(built)
        assert Event.load(event.dump()) == event


def test_views_share_no_containers_with_the_island_cache():
    from games.rules.alta import view

    state = RULES.setup(2, 8)
    for _ in range(6):
        seat = min(RULES.to_move(state))
        state = RULES.apply(state, seat, RULES.legal_moves(state, seat)[0]).state
    first = RULES.view(state, 0)
    for entry in first["islands"]:
        entry["cells"]["A1"] = "tower"
        entry["open"].append("A1")
        entry["text"].append("changed")
    second = RULES.view(state, 1)
    for entry in second["islands"]:
        assert "A1" not in entry["cells"] and "A1" not in entry["open"] and "changed" not in entry["text"]
    for cache in (view._island_parts,):
        assert cache.cache_info().maxsize is not None and cache.cache_info().maxsize <= 4096
