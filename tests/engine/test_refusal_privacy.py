"""A refusal says nothing the player cannot see: for Atlantis and Alpaca,
the answer to any text (accepted, or the refusal's words) is the same in
every position the player cannot tell from the real one (the other hands,
the draw pile and the tiles under the road re-dealt)."""

import random

import pytest

from games.engine import EngineError, get_rules

TEXTS = {
    "atlantis": [
        "xyzzy",
        "pass",
        "I pass",
        "sell 4",
        "sell 9",
        "bridge 27",
        "bridge 3",
        "A blue",
        "A pink grey",
        "12 -> 18",
        "blue",
        "A -> M",
        "pay 5",
        "pay 3 2 cards",
        "pay 30 cards",
        "pay 2x blue",
        "#1",
        "#99",
    ],
    "alpaca": [
        "xyzzy",
        "pass",
        "#1 at 0,1 rot 2",
        "#12 at 5,5",
        "rbg at 1,0",
        "ryb 0,1",
        "pyr at 0,-1 rot 3",
        "bonus lock",
        "bonus rotate 0,0 to 1",
        "bonus none",
    ],
}


def _answer(rules, state, seat, text):
    try:
        rules.apply_text(state, seat, text)
    except EngineError as error:
        return str(error)
    return "played"


@pytest.mark.parametrize("game", sorted(TEXTS))
def test_a_refusal_is_the_same_whatever_the_player_cannot_see(game):
    rules = get_rules(game)
    for seed in (3, 4):
        chooser = random.Random(seed)
        state = rules.setup(3, seed)
        for _ in range(40):
            if not rules.to_move(state):
                break
            seat = min(rules.to_move(state))
            others = [rules.randomize_hidden(state, seat, k) for k in (101, 202)]
            assert all(rules.view(other, seat) == rules.view(state, seat) for other in others)
            for text in TEXTS[game]:
                real = _answer(rules, state, seat, text)
                assert all(_answer(rules, other, seat, text) == real for other in others), (text, real)
            state = rules.apply(state, seat, chooser.choice(list(rules.legal_moves(state, seat)))).state
