"""The end of the game and the score."""

from games.engine import Termination
from games.rules.atlantis import MAINLAND, AtlantisRules, Go, Pay
from games.rules.atlantis.testing import build, hand_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


def test_the_third_pawn_on_the_mainland_ends_the_game_with_4_cards():
    state = build("bl3 ye2@0 gy4@1", hands=["pk", "bl"], mainland={0: 2}, draw="br br br br br br")
    transition = RULES.apply(state, 0, Go(2, (PK,)))
    after = transition.state
    assert after.phase == "over"
    assert RULES.to_move(after) == frozenset()
    assert hand_text(after, 0) == "br br br br"  # 4 cards, not the usual draw
    assert after.ended_by == 0
    assert "game_over" in [e.kind for e in transition.events]


def test_the_third_pawn_still_pays_its_toll_first():
    state = build(
        "bl3 ye2@0 . gy4@1",
        hands=["pk bl bl", "bl"],
        mainland={0: 2},
        draw="br br br br",
    )
    after = RULES.apply(state, 0, Go(2, (PK,))).state
    assert after.phase == "pay" and after.toll_due == 2
    after = RULES.apply(after, 0, Pay((), (BL, BL))).state
    assert after.phase == "over"


def test_other_pawns_go_to_the_mainland_losing_their_tolls():
    # Seat 1: a pawn on 3 (crosses the gap at 5: toll 2) and two on Atlantis
    # (cross the gaps at 2 and 5: 2 + 2 each).
    state = build(
        "bl3 . ye2@1 gy4 . pk2 wh7@0",
        hands=["gn", "bl"],
        tiles=["", "br6"],
        mainland={0: 2},
        draw="br br br br",
    )
    after = RULES.apply(state, 0, Go(7, (GN,))).state
    assert after.phase == "over"
    assert after.end_tolls == (0, 2 + 2 * (2 + 2))
    assert after.pawns == ((MAINLAND,) * 3,) * 2
    outcome = RULES.outcome(after)
    # Seat 0 took the white 7 it left: 7 + 4 cards.  Seat 1: 6 + 1 - 10.
    assert outcome.details[0] == {"tiles": 7, "cards": 4, "end_toll": 0, "score": 11}
    assert outcome.details[1] == {"tiles": 6, "cards": 1, "end_toll": 10, "score": -3}
    assert outcome.scores == (11, -3)
    assert outcome.ranking == ((0,), (1,))
    assert outcome.termination is Termination.NORMAL


def test_the_score_counts_tile_values_and_one_per_card():
    state = build("bl3 ye2", hands=["bl bl pk", "gy"], tiles=["wh5 gy1", "br7"])
    scores, keys, details = RULES._score(state)
    assert scores == (9, 8)
    assert details[1]["score"] == 8


def test_ties_share_the_victory():
    state = build(
        "bl3 ye2@1",
        hands=["gn", "bl bl bl"],
        tiles=["", "bl3"],
        mainland={0: 2},
        draw="br br br br",
    )
    after = RULES.apply(state, 0, Go(0, (GN,))).state
    # Seat 0 took the blue 3 (the ye2 is occupied): 3 + 4 cards = 7;
    # seat 1: tile 3 + 3 cards = 6, and its pawns on Atlantis cross no gap.
    outcome = RULES.outcome(after)
    assert outcome.scores == (7, 6)
    tied = build(
        "bl3 ye2@1",
        hands=["gn", "bl bl bl bl"],
        tiles=["", "bl3"],
        mainland={0: 2},
        draw="br br br br",
    )
    outcome = RULES.outcome(RULES.apply(tied, 0, Go(0, (GN,))).state)
    assert outcome.scores == (7, 7)
    assert outcome.ranking == ((0, 1),)


def test_a_game_ended_by_resignation_scores_without_end_tolls():
    state = RULES.setup(2, seed=3)
    after = RULES.resign(state, 1).state
    outcome = RULES.outcome(after)
    assert outcome.termination is Termination.RESIGNATION
    assert outcome.ranking == ((0,), (1,))
    assert outcome.scores == tuple(sum(h) for h in state.hands)


def test_a_pawn_past_every_gap_goes_to_the_mainland_without_a_toll_said():
    """The end mail read "Cor's pawn on 44 goes to the mainland; toll 0 is
    subtracted."; a pawn that crosses no unbridged gap now goes "free"."""
    state = build(
        "bl3 . ye2 gy4 . pk2@1 wh7@0",
        hands=["gn", "bl"],
        mainland={0: 2},
        draw="br br br br",
    )
    events = RULES.apply(state, 0, Go(7, (GN,))).events
    said = [e.text for e in events if e.kind == "end_toll"]
    assert "Seat 2's pawn on 6 goes to the mainland free of toll." in said
    assert "Seat 2's pawn on Atlantis goes to the mainland; toll 4 is subtracted." in said
