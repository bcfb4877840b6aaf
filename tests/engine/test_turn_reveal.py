"""Each game's ``turn_reveal`` (what a move may show its seat part-way
through a message, which the game mails tell players) holds in seeded
games: where a game says nothing is shown, a message whose later move is
refused is refused whole; where only other seats' passes are shown
(Alpaca with three or more players), a message is cut only after a pass.
The games that turn up cards are held to it by ``test_blind``."""

from __future__ import annotations

import pytest

from games.engine import EngineError, TurnReveal, get_rules, registered_slugs

from .playing import random_playthrough

#: A later "move" no position reads, so it is always refused.
TYPO = "zz"
#: A seed whose 3-player Alpaca game has messages cut (cuts are rare:
#: most seeds' games have none).
CUT_SEED = 7


def _cuts(rules, players: int, seeds):
    """``(events of the moves played, moves left unplayed)`` of each message
    "a move; a typo" whose move leaves its seat to move again, in seeded
    games (``None`` events: the message was refused whole)."""
    for seed in seeds:
        for step in random_playthrough(rules, players, seed):
            for text, move in rules.move_options(step.state, step.seat):
                if step.seat not in rules.to_move(rules.apply(step.state, step.seat, move).state):
                    continue
                try:
                    played = rules.apply_text_moves(step.state, step.seat, f"{text}; {TYPO}")
                except EngineError:
                    yield None
                    continue
                yield [event.kind for event in played.transition.events], played.unplayed


def _counts(reveal: TurnReveal):
    return [
        (slug, players)
        for slug in registered_slugs()
        for players in range(get_rules(slug).min_players, get_rules(slug).max_players + 1)
        if get_rules(slug).turn_reveal(players) is reveal
    ]


@pytest.mark.parametrize(("slug", "players"), _counts(TurnReveal.NOTHING))
def test_a_game_whose_moves_show_nothing_plays_a_message_whole_or_not_at_all(slug, players):
    answers = list(_cuts(get_rules(slug), players, seeds=(1, 2)))
    assert answers and all(answer is None for answer in answers)


@pytest.mark.parametrize(("slug", "players"), _counts(TurnReveal.PASSES))
def test_a_game_whose_moves_show_only_passes_cuts_a_message_only_after_a_pass(slug, players):
    cut = [answer for answer in _cuts(get_rules(slug), players, seeds=(CUT_SEED,)) if answer is not None]
    assert all("pass" in kinds for kinds, _unplayed in cut), cut


def test_alpaca_with_three_players_cuts_a_message_after_other_seats_passed():
    """The passes do show something: this seeded game cuts messages."""
    cut = [answer for answer in _cuts(get_rules("alpaca"), 3, seeds=(CUT_SEED,)) if answer is not None]
    assert cut and all(unplayed.moves == (TYPO,) for _kinds, unplayed in cut)


def test_alpaca_shows_nothing_with_two_players_and_passes_with_more():
    rules = get_rules("alpaca")
    assert [rules.turn_reveal(players) for players in (2, 3, 5)] == [
        TurnReveal.NOTHING,
        TurnReveal.PASSES,
        TurnReveal.PASSES,
    ]
