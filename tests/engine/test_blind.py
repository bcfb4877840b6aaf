"""A message of several moves never lets its writer take back a move that
turned up cards they had not seen (``games.engine.blind``).

For every position of seeded games where a step turns up cards (an Alta
refresh or merchant draw, an Atlantis sale), the message "that step; a
later move" is never refused as a whole, in the real position or in any
the seat cannot tell from it: the step is played whatever the cards are,
and the later move is played or left unplayed with its reason, as at the
table, where the seat would see the cards before choosing it."""

from __future__ import annotations

import json

import pytest

from games.engine import EngineError, get_rules

from .playing import random_playthrough

#: The games whose turns can turn up cards part-way.
REVEALING = ("alta", "atlantis")
#: Positions the seat cannot tell from the real one (other seeds than the engine's own).
OTHER_DEALS = (101, 102, 103, 104)


def _answer(rules, state, seat: int, text: str):
    """What the message plays: its moves' text and the end not played."""
    try:
        played = rules.apply_text_moves(state, seat, text)
    except EngineError as error:
        return f"refused: {error}"
    return played.text, None if played.unplayed is None else played.unplayed.moves


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
def test_a_move_that_turns_up_cards_is_played_whatever_the_moves_after_it(slug):
    rules = get_rules(slug)
    checked = cut = whole = ended = 0
    for variants, seat, message in _revealing_messages(rules, seeds=(1, 2)):
        first, later = message.split("; ", 1)
        answers = [_answer(rules, variant, seat, message) for variant in variants]
        if any(isinstance(answer, str) for answer in answers):
            # Refused as a whole only when the step ended the turn wherever
            # the cards lie: then alike, whatever they are.
            assert len(set(answers)) == 1 and "your turn was already complete" in answers[0], (message, answers)
            ended += 1
            continue
        for variant, (text, unplayed) in zip(variants, answers, strict=True):
            step = rules.format_move(variant, seat, rules.parse_move(variant, seat, first))
            if unplayed is None:
                assert text.startswith(f"{step}; "), (message, text)
                whole += 1
            else:
                assert (text, unplayed) == (step, tuple(rules.split_turn_text(later))), (message, text, unplayed)
                cut += 1
        checked += 1
        if checked == 400:
            break
    # The check saw both outcomes: moves that play after what turned up, and moves that do not.
    assert checked >= 50 and cut >= 20 and whole >= 20, (checked, cut, whole, ended)


@pytest.mark.parametrize("slug", REVEALING)
def test_before_anything_is_turned_up_a_refused_move_refuses_the_whole_message(slug):
    rules = get_rules(slug)
    checked = 0
    for step in random_playthrough(rules, 2, 3):
        state, seat = step.state, step.seat
        for text, _move in rules.move_options(state, seat)[:3]:
            after = _played(rules, state, seat, text)
            redealt = [_played(rules, rules.randomize_hidden(state, seat, s), seat, text) for s in OTHER_DEALS]
            views = {json.dumps(rules.view(a, seat), sort_keys=True) for a in (after, *redealt) if a is not None}
            if after is None or len(views) > 1 or None in redealt:
                continue  # this step turns something up
            with pytest.raises(EngineError, match="In move 2"):
                rules.apply_text_moves(state, seat, f"{text}; zz")
            checked += 1
    assert checked >= 20
