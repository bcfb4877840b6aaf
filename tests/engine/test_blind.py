"""A message of several moves is answered without telling what its writer
cannot see (``games.engine.blind``).

For every position of seeded games where a step turns up cards (an Alta
refresh or merchant draw, an Atlantis sale), the message "that step; a
later move" gets the same answer (played, or the same refusal) in every
position the seat cannot tell from the real one."""

from __future__ import annotations

import json

import pytest

from games.engine import EngineError, get_rules
from games.engine.blind import REFUSAL

from .playing import random_playthrough

#: The games whose turns can turn up cards part-way.
REVEALING = ("alta", "atlantis")
#: Positions the seat cannot tell from the real one (other seeds than the engine's own).
OTHER_DEALS = (101, 102, 103, 104)


def _answer(rules, state, seat: int, text: str) -> str:
    try:
        rules.apply_text_moves(state, seat, text)
        return "played"
    except EngineError as error:
        return str(error)


def _played(rules, state, seat: int, text: str):
    try:
        return rules.apply(state, seat, rules.parse_move(state, seat, text)).state
    except EngineError:
        return None


def _revealing_messages(rules, seeds, options=4, later=5):
    """``(variants, seat, message)``: each step that shows the seat
    something that differs between the variants, followed by a later move
    one of them offers (or a typo)."""
    for seed in seeds:
        for step in random_playthrough(rules, 2, seed):
            state, seat = step.state, step.seat
            variants = [state, *(rules.randomize_hidden(state, seat, s) for s in OTHER_DEALS)]
            for text, _move in rules.move_options(state, seat)[:options]:
                after = [_played(rules, variant, seat, text) for variant in variants]
                views = {json.dumps(rules.view(a, seat), sort_keys=True) for a in after if a is not None}
                if len(views) < 2:
                    continue
                following = {"zz"}
                for position in after:
                    following.update(label for label, _ in rules.move_options(position, seat)[:later])
                for then in sorted(following):
                    yield variants, seat, f"{text}; {then}"


@pytest.mark.parametrize("slug", REVEALING)
def test_a_move_after_a_step_that_turns_up_cards_gets_one_answer_whatever_they_are(slug):
    rules = get_rules(slug)
    checked = refused = played = 0
    for variants, seat, message in _revealing_messages(rules, seeds=(1,)):
        answers = {_answer(rules, variant, seat, message) for variant in variants}
        assert len(answers) == 1, (message, answers)
        checked += 1
        answer = answers.pop()
        refused += REFUSAL.split(":")[0] in answer
        played += answer == "played"
        if checked == 400:
            break
    # The check saw both outcomes: moves that fit whatever turned up, and the refusal.
    assert checked >= 50 and refused >= 5 and played >= 5, (checked, refused, played)
