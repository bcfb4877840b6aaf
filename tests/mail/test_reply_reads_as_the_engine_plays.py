"""A mailed message of several moves is played as the same text sent from
the game page or the API: the reply reader (``mail.reply_text``) and the
engine (``apply_text_moves``) agree on what is refused whole, what is
played, and what is left unplayed after a move that turned up cards.

Messages of two or three moves, each a listed option of the position the
moves before it left there or in a re-deal (so some fit the real cards and
some do not), in seeded games of every game."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from games.engine import EngineError, get_rules
from mail.reply_text import read_reply
from tests.engine.playing import random_playthrough

GAMES = ("alta", "alhambra", "atlantis", "alpaca")


def _messages(rules, seed: int):
    """``(state, seat, message)`` from one seeded game: two or three moves,
    each an option of the position the moves before it left, there or in a
    re-deal (so it may not fit the real cards), or now and then one of the
    first position's options again (which seldom plays twice)."""
    chooser = random.Random(seed)
    for step in random_playthrough(rules, 2 + seed % 2, seed):
        state, seat = step.state, step.seat
        position, parts = state, []
        for _ in range(chooser.choice((2, 3))):
            options = rules.move_options(position, seat) if seat in rules.to_move(position) else []
            if parts and (not options or chooser.random() < 0.2):
                options = rules.move_options(state, seat)
            if not options:
                break
            text, _move = chooser.choice(options[:12])
            parts.append((rules.split_turn_text(text) or [text])[0])
            if chooser.random() < 0.5:
                position = rules.randomize_hidden(position, seat, chooser.randrange(1000))
            try:
                position = rules.apply(position, seat, rules.parse_move(position, seat, parts[-1])).state
            except EngineError:
                position = state
        if len(parts) > 1:
            yield state, seat, "; ".join(parts)


def _engine(rules, state, seat: int, message: str):
    try:
        played = rules.apply_text_moves(state, seat, message)
    except EngineError:
        return "refused"
    return len(played.moves), None if played.unplayed is None else played.unplayed.moves


def _reader(rules, state, seat: int, message: str):
    try:
        reply = read_reply(rules, state, seat, message)
    except EngineError:
        return "refused"
    assert reply.message == "", (message, reply)
    return len(reply.moves), None if reply.unplayed is None else reply.unplayed.moves


@pytest.mark.parametrize("slug", GAMES)
def test_a_mailed_message_plays_as_the_same_text_sent_to_the_engine(slug):
    rules = get_rules(slug)
    seen = {"refused": 0, "whole": 0, "cut": 0}
    messages = (message for seed in range(1, 7) for message in _messages(rules, seed))
    for state, seat, message in islice(messages, 300):
        engine = _engine(rules, state, seat, message)
        assert _reader(rules, state, seat, message) == engine, message
        seen["refused" if engine == "refused" else "whole" if engine[1] is None else "cut"] += 1
    assert seen["whole"] >= 20 and seen["refused"] >= 10, seen
    if slug in ("alta", "atlantis"):  # their turns turn up cards part-way
        assert seen["cut"] >= 5, seen
