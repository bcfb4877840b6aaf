"""The move played for a seat that timed out or left."""

from games.rules.atlantis import AtlantisRules, Go, Pass, Pay
from games.rules.atlantis.testing import build

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


def test_moves_the_pawn_that_gains_the_most():
    # Grey lands on 3 and takes the yellow 6; pink lands on 4 and takes a 2.
    state = build("bl1 ye6 gy2 pk3", hands=["gy pk"], tiles=["wh5"])
    assert RULES.default_move(state, 0) == Go(0, (GY,))


def test_counts_the_toll_and_the_cards_against_the_gain():
    # White reaches the 7 but pays 5 for the gap; blue takes nothing but is free.
    state = build("bl1 ye6 . pk5 wh7", hands=["wh bl bl bl bl bl"])
    # wh: takes pk5 (5) - toll 5 - 1 card = -1; bl: takes nothing: -1; pink
    # is not in hand.  On a tie the pawn that gets further goes.
    assert RULES.default_move(state, 0) == Go(0, (WH,))
    # Yellow: takes the grey 4, no toll: +3 beats white's -1.
    shorter = build("bl1 gy4 ye6 . pk5 wh7", hands=["wh ye bl bl bl bl bl"])
    assert RULES.default_move(shorter, 0) == Go(0, (YE,))


def test_passes_when_no_pawn_can_move():
    state = build("bl3 . gy4", hands=["gy"], tiles=["wh2"])
    assert RULES.default_move(state, 0) == Pass()


def test_pays_with_the_least_overpayment_tiles_first():
    state = build("bl3 . gy4", hands=["gy bl bl bl"], tiles=["ye3 wh5"])
    owing = RULES.apply(state, 0, Go(0, (GY,))).state
    assert RULES.default_move(owing, 0) == Pay((3,), ())
    state = build("bl3 . gy4", hands=["gy"], tiles=["pk4 wh5"])
    owing = RULES.apply(state, 0, Go(0, (GY,))).state
    assert RULES.default_move(owing, 0) == Pay((4,), ())
    state = build("bl3 . gy4", hands=["gy bl pk pk"], tiles=["wh2"])
    owing = RULES.apply(state, 0, Go(0, (GY,))).state
    # Exact either way; one card, of the colour held most.
    assert RULES.default_move(owing, 0) == Pay((2,), (PK,))


def test_is_deterministic_and_always_legal_over_a_whole_game():
    state = RULES.setup(4, seed=8)
    steps = 0
    while RULES.to_move(state):
        seat = state.turn
        move = RULES.default_move(state, seat)
        assert move == RULES.default_move(state, seat)
        assert move in RULES.legal_moves(state, seat)
        state = RULES.apply(state, seat, move).state
        steps += 1
    assert RULES.outcome(state) is not None and steps > 20
