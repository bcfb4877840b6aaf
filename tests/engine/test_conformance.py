"""The generic conformance suite: every registered game, many seeded games.

Modelled on OpenSpiel's random simulation tests: play random games to the end
through the public protocol and check the protocol's promises at every step.

``legal_moves`` lists every legal move once, except that a game may list one
representative per class of moves it declares alike (Atlantis: toll payments
with the same number of cards and tile total).  Such a game is named in
``REPRESENTATIVES`` with its brute-force list of every legal move and its
class key; ``apply`` must accept every legal move, listed or not.
"""

from __future__ import annotations

import itertools
import json

import pytest

from games.engine import (
    EngineError,
    GameOver,
    NotYourTurn,
    Outcome,
    Termination,
    get_rules,
    registered_slugs,
)
from games.rules.atlantis import testing as atlantis_testing

from .playing import as_json, final_state, random_playthrough

SLUGS = registered_slugs()
SEEDS = range(1, 7)
#: slug -> (every legal move of (state, seat), by brute force; class of a move).
REPRESENTATIVES = {
    "atlantis": (atlantis_testing.every_legal_move, atlantis_testing.move_class),
}
#: Unlisted moves tried per step (the brute-force lists grow exponentially).
UNLISTED_PER_STEP = 300


def player_counts(rules):
    return range(rules.min_players, rules.max_players + 1)


def cases():
    for slug in SLUGS:
        rules = get_rules(slug)
        for players in player_counts(rules):
            yield pytest.param(slug, players, id=f"{slug}-{players}p")


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_random_games_keep_every_protocol_promise(slug, players):
    rules = get_rules(slug)
    for seed in SEEDS:
        last = None
        for step in random_playthrough(rules, players, seed):
            state = step.state
            before = as_json(rules.dump(state))
            # JSON round trip of the full state.
            reloaded = rules.load(json.loads(before))
            assert as_json(rules.dump(reloaded)) == before
            # to_move agrees with legal_moves, for every seat.
            movers = rules.to_move(state)
            for seat in range(players):
                legal = rules.legal_moves(state, seat)
                assert bool(legal) == (seat in movers), (seat, movers)
            # Views are JSON-safe and never carry the RNG state.
            for seat in [None, *range(players)]:
                json.dumps(rules.view(state, seat))
            # Notation round trip and move codec for every legal move.
            for move in rules.legal_moves(state, step.seat):
                text = rules.format_move(state, step.seat, move)
                assert rules.parse_move(state, step.seat, text) == move, text
                assert rules.load_move(json.loads(json.dumps(rules.dump_move(move)))) == move
            transition = rules.apply(state, step.seat, step.move)
            # apply never mutates its input.
            assert as_json(rules.dump(state)) == before
            for event in transition.events:
                json.dumps(event.dump())
            last = transition.state
        outcome = rules.outcome(last)
        assert isinstance(outcome, Outcome)
        assert outcome.termination is Termination.NORMAL
        assert sorted(s for group in outcome.ranking for s in group) == list(range(players))
        assert len(outcome.scores) == players
        assert rules.to_move(last) == frozenset()
        json.dumps(outcome.dump())


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_every_legal_move_is_accepted(slug, players):
    rules = get_rules(slug)
    for step in random_playthrough(rules, players, seed=99):
        for move in rules.legal_moves(step.state, step.seat):
            rules.apply(step.state, step.seat, move)


@pytest.mark.parametrize("slug", SLUGS)
def test_move_options_are_the_legal_moves_with_texts_that_parse_back(slug):
    rules = get_rules(slug)
    for index, step in enumerate(random_playthrough(rules, rules.max_players, seed=13)):
        if index % 5:
            continue
        options = rules.move_options(step.state, step.seat)
        assert [move for _, move in options] == list(rules.legal_moves(step.state, step.seat))
        for text, move in options:
            assert rules.parse_move(step.state, step.seat, text) == move, text


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_legal_moves_are_listed_once(slug, players):
    rules = get_rules(slug)
    _, key = REPRESENTATIVES.get(slug, (None, lambda move: move))
    for step in random_playthrough(rules, players, seed=99):
        classes = [key(move) for move in rules.legal_moves(step.state, step.seat)]
        assert len(set(classes)) == len(classes), classes


@pytest.mark.parametrize(("slug", "players"), [c for c in cases() if c.values[0] in REPRESENTATIVES])
def test_unlisted_legal_moves_are_accepted_and_their_class_is_listed(slug, players):
    rules = get_rules(slug)
    every, key = REPRESENTATIVES[slug]
    unlisted = 0
    for step in random_playthrough(rules, players, seed=99):
        listed = rules.legal_moves(step.state, step.seat)
        classes = {key(move) for move in listed}
        for move in itertools.islice(every(step.state, step.seat), UNLISTED_PER_STEP):
            rules.apply(step.state, step.seat, move)
            assert key(move) in classes, move
            unlisted += move not in listed
    assert unlisted, "no unlisted legal move was tried"


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_same_seed_same_game(slug, players):
    rules = get_rules(slug)
    first = [as_json(rules.dump(s.state)) for s in random_playthrough(rules, players, 7)]
    second = [as_json(rules.dump(s.state)) for s in random_playthrough(rules, players, 7)]
    assert first == second
    other = as_json(rules.dump(rules.setup(players, 8)))
    assert other != first[0], "a different seed must deal a different game"


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_views_do_not_change_when_hidden_information_is_redealt(slug, players):
    rules = get_rules(slug)
    redealt_differs = False
    for index, step in enumerate(random_playthrough(rules, players, seed=5)):
        if index % 3:
            continue
        for seat in [None, *range(players)]:
            other = rules.randomize_hidden(step.state, seat, seed=index + 1000)
            assert rules.view(other, seat) == rules.view(step.state, seat)
            if as_json(rules.dump(other)) != as_json(rules.dump(step.state)):
                redealt_differs = True
    assert redealt_differs, "randomize_hidden never changed anything"


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_views_never_contain_the_seed_or_rng_state(slug, players):
    rules = get_rules(slug)
    seed = 918_273_645_546_372
    state = rules.setup(players, seed)
    secret_numbers = {str(seed)}
    dumped = as_json(rules.dump(state))
    for seat in [None, *range(players)]:
        text = as_json(rules.view(state, seat))
        for number in secret_numbers:
            assert number not in text
        assert text != dumped


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_resigned_seats_rank_last_and_others_play_on(slug, players):
    rules = get_rules(slug)
    for seed in range(3):
        state = final_state(rules, players, seed, resign_chance=0.02)
        outcome = rules.outcome(state)
        assert outcome is not None
        gone = rules.departed_seats(state)
        tail = [group for group in outcome.ranking[len(outcome.ranking) - len(gone) :]]
        assert tail == [(seat,) for seat in reversed(gone)]


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_last_seat_standing_wins_by_resignation(slug, players):
    rules = get_rules(slug)
    state = rules.setup(players, 3)
    for seat in range(1, players):
        state = rules.resign(state, seat).state
    outcome = rules.outcome(state)
    assert outcome.termination is Termination.RESIGNATION
    assert outcome.ranking[0] == (0,)
    assert rules.to_move(state) == frozenset()
    with pytest.raises(GameOver):
        rules.apply(state, 0, None)


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_errors_are_engine_errors_with_messages(slug, players):
    rules = get_rules(slug)
    state = rules.setup(players, 11)
    idle = [s for s in range(players) if s not in rules.to_move(state)]
    if idle:
        mover = min(rules.to_move(state))
        move = rules.legal_moves(state, mover)[0]
        with pytest.raises(NotYourTurn, match="not your turn"):
            rules.apply(state, idle[0], move)
    seat = min(rules.to_move(state))
    with pytest.raises(EngineError) as error:
        rules.parse_move(state, seat, "xyzzy plugh")
    assert len(str(error.value)) > 10


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "data",
    [
        *[None, 1, "x", [], {}, {"x": 1}, {"kind": "take", "slot": 99}, [[[]]]],
        # JSON's 1e400 reads as an infinite float, which ``int`` cannot convert.
        {"move": "take", "slot": float("inf"), "cell": "D4"},
        {"type": "rotate", "x": float("inf"), "y": 0, "rot": 1},
        {"type": "place", "tile": "red/blue-green", "x": 0, "y": float("-inf"), "rot": 0},
    ],
)
def test_load_move_refuses_data_it_did_not_write_with_an_engine_error(slug, data):
    with pytest.raises(EngineError):
        get_rules(slug).load_move(data)


@pytest.mark.parametrize("slug", SLUGS)
def test_default_move_is_legal(slug):
    rules = get_rules(slug)
    for step in random_playthrough(rules, rules.max_players, seed=21):
        assert rules.default_move(step.state, step.seat) in list(rules.legal_moves(step.state, step.seat))


@pytest.mark.parametrize("slug", SLUGS)
def test_help_text_exists(slug):
    assert len(get_rules(slug).help_text()) > 200
