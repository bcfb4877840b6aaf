"""Moving pawns: card colours, jumps over occupied positions, the mainland."""

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import MAINLAND, AtlantisRules, Go, make_tile, walks
from games.rules.atlantis.testing import build, hand_text, road_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


def reachable(state, seat=0):
    """``{colours: destination}`` of every legal pawn move."""
    return {(m.origin, m.colours): d for m, d, _ in walks(state, seat)}


def test_a_card_moves_the_pawn_to_the_next_tile_of_its_colour():
    state = build("bl3 ye2 bl4 pk1", hands=["bl"])
    assert reachable(state) == {(0, (BL,)): 1}
    after = RULES.apply(state, 0, Go(0, (BL,))).state
    assert after.pawns[0] == (0, 0, 1)


def test_only_the_top_tile_of_a_stack_counts():
    state = build("ye3/bl2 bl4", hands=["bl"])
    assert reachable(state) == {(0, (BL,)): 2}


def test_an_occupied_position_forces_more_cards():
    # Seat 1 stands on the yellow 2 and the grey 5.
    state = build("bl3 ye2@1 pk4 gy5@1 bl6", hands=["ye pk gy"])
    assert reachable(state) == {
        (0, (YE, PK)): 3,  # over the yellow pawn onto the pink 4
        (0, (YE, GY, PK)): MAINLAND,  # two pawns jumped, no pink left ahead
        (0, (PK,)): 3,
        (0, (GY, YE)): MAINLAND,
        (0, (GY, PK)): MAINLAND,
    }


def test_own_pawns_also_block_a_position():
    state = build("bl3@0 ye2 bl4", hands=["bl ye"])
    assert reachable(state)[(0, (BL, YE))] == 2
    assert (0, (BL,)) not in reachable(state)


def test_a_jump_is_one_move_taking_one_tile():
    state = build("bl3 ye2@1 pk4 gy5", hands=["ye pk"], draw="wh wh")
    after = RULES.apply(state, 0, Go(0, (YE, PK))).state
    assert after.pawns[0] == (0, 0, 3)
    assert hand_text(after, 0) == "wh"
    # The nearest free tile behind 3 is the blue 3 (the yellow has a pawn).
    assert road_text(after) == ". ye2@1 pk4@0 gy5"
    assert after.tiles[0] == (make_tile(BL, 3),)


def test_stopping_on_an_occupied_position_is_refused():
    state = build("bl3 ye2@1 pk4", hands=["ye pk"])
    with pytest.raises(IllegalMove, match="Position 2 is occupied: play another card"):
        RULES.apply(state, 0, Go(0, (YE,)))


def test_extra_cards_after_a_free_stop_are_refused():
    state = build("bl3 ye2@1 pk4", hands=["ye pk bl"])
    with pytest.raises(IllegalMove, match=r"stops at 1 \(blue 3\) after 1 card"):
        RULES.apply(state, 0, Go(0, (BL, PK)))


@pytest.mark.parametrize(
    ("colours", "english", "dutch"),
    [
        ((BL, PK), "stops at 1 (blue 3) after 1 card;", "De pion stopt na 1 kaart op 1 (blauw 3);"),
        ((YE, PK, BL), "stops at 3 (pink 4) after 2 cards;", "De pion stopt na 2 kaarten op 3 (roze 4);"),
    ],
)
def test_the_refusal_of_extra_cards_counts_the_cards_in_words_that_agree(colours, english, dutch):
    """It read "after 1 card(s)" ("na 1 kaart(en)") whatever the number."""
    from django.utils import translation

    from games.i18n import error_text

    state = build("bl3 ye2@1 pk4", hands=["ye pk bl"])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Go(0, colours))
    assert english in refused.value.message.english(), refused.value.message.english()
    with translation.override("nl"):
        said = error_text("atlantis", refused.value)
    assert said.startswith(dutch) and "(en)" not in said, said


def test_cards_must_be_in_hand():
    state = build("bl3 ye2 pk4", hands=["ye"])
    with pytest.raises(IllegalMove, match="no pink card"):
        RULES.apply(state, 0, Go(0, (PK,)))


def test_a_pawn_must_stand_where_the_move_starts():
    state = build("bl3 ye2 pk4", hands=["pk"])
    with pytest.raises(IllegalMove, match="no pawn on 2"):
        RULES.apply(state, 0, Go(2, (PK,)))


def test_a_colour_absent_ahead_goes_straight_to_the_mainland():
    state = build("bl3 gn2@0 pk4 bl5", hands=["gn wh"])
    moves = reachable(state)
    assert moves[(2, (GN,))] == MAINLAND
    assert moves[(2, (WH,))] == MAINLAND
    assert moves[(0, (WH,))] == MAINLAND
    # From Atlantis green lands on the own pawn at 2, so a second card must
    # follow; no white lies ahead of 2 either.
    assert moves[(0, (GN, WH))] == MAINLAND
    assert (0, (GN,)) not in moves


def test_pawns_on_the_mainland_do_not_move_and_any_number_fit():
    state = build("bl3 ye2", hands=["wh wh"], mainland={0: 2})
    assert {m.origin for m, _, _ in walks(state, 0)} == {0}
    after = RULES.apply(state, 0, Go(0, (WH,))).state
    assert after.pawns[0] == (MAINLAND,) * 3


def test_pawns_sharing_atlantis_are_one_choice():
    state = build("bl3 ye2", hands=["bl"])
    assert len(walks(state, 0)) == 1


def test_pawns_on_the_mainland_cannot_be_moved_again():
    state = build("bl3 ye2", hands=["bl"], mainland={0: 1})
    with pytest.raises(IllegalMove, match="on the mainland have arrived"):
        RULES.apply(state, 0, Go(MAINLAND, (BL,)))


def test_malformed_moves_are_refused_as_illegal():
    state = build("bl3 ye2", hands=["bl"])
    with pytest.raises(IllegalMove, match="Unknown card colour in the move"):
        RULES.apply(state, 0, Go(0, (9,)))
    with pytest.raises(IllegalMove, match="Not an Atlantis move"):
        RULES.apply(state, 0, "A blue")


def test_a_move_from_where_no_pawn_stands_says_where_the_pawns_are():
    """Pawns are public: the refusal names where the player's own pawns
    that can still move stand (Atlantis as "A"), so the next reply can be
    right; English and Dutch."""
    from django.utils import translation

    from games.i18n import error_text

    state = build("bl3@0 ye2 pk4@1 wh5@0", hands=["pk"])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Go(2, (PK,)))
    assert str(refused.value) == "You have no pawn on 2; your pawns are on A, 1, 4."
    with translation.override("nl"):
        assert error_text("atlantis", refused.value) == "Je hebt geen pion op 2; je pionnen staan op A, 1, 4."
