"""Rules sentences of /work/shared/rules/atlantis.md that no other test file
pins down on its own: one test per sentence (or decision **D**), named after
what a player would notice if it broke."""

import json

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import COLOURS, MAINLAND, AtlantisRules, BuildBridge, Go, Pass, Pay, Sell
from games.rules.atlantis.testing import build, hand_text, road_text, tiles_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


# ------------------------------------------------------------- components
def test_the_seven_colours_are_named_as_in_the_rules():
    assert COLOURS == ("blue", "white", "grey", "yellow", "green", "pink", "brown")


# --------------------------------------------------------------- movement
def test_after_an_occupied_position_the_next_card_counts_from_there():
    # Yellow lands on seat 1's pawn at 2; the blue then goes to the next blue
    # after 2 (position 3), not back to the blue 3 at position 1.
    state = build("bl3 ye2@1 bl4 pk5", hands=["ye bl"])
    after = RULES.apply(state, 0, Go(0, (YE, BL))).state
    assert after.pawns[0] == (0, 0, 3)


def test_the_card_after_an_occupied_position_may_repeat_the_colour():
    state = build("ye3@1 ye2 pk4", hands=["ye ye"])
    after = RULES.apply(state, 0, Go(0, (YE, YE))).state
    assert after.pawns[0] == (0, 0, 2)


def test_a_colour_seen_only_behind_the_pawn_sends_it_to_the_mainland():
    state = build("pk3 bl2@0 ye4", hands=["pk"], draw="br br")
    after = RULES.apply(state, 0, Go(2, (PK,))).state
    assert after.pawns[0] == (0, 0, MAINLAND)


def test_a_pawn_jumping_to_the_mainland_pays_every_gap_on_the_way():
    state = build("bl3@0 . ye4 . gy5", hands=["pk bl bl bl bl bl bl bl"], draw="br br")
    after = RULES.apply(state, 0, Go(1, (PK,))).state
    assert after.phase == "pay" and after.toll_due == 3 + 4


def test_a_jump_over_an_occupied_position_pays_the_gaps_before_and_after_it():
    # Yellow lands on seat 1's pawn at 3 (over the gap at 2, toll 4), grey
    # goes on over the gap at 4 (toll 2): one move, the tolls added up.
    state = build("bl5 . ye4@1 . gy2 pk5", hands=["ye gy bl bl bl bl bl bl"])
    after = RULES.apply(state, 0, Go(0, (YE, GY))).state
    assert after.phase == "pay" and after.moved_to == 5 and after.toll_due == 4 + 2


# ------------------------------------------------------------------ tolls
def test_a_toll_uses_the_top_tile_beside_the_gap_not_the_one_below():
    # The stack left of the water shows a 6 over a hidden 1: the toll is the
    # lower of 6 and 4, never the hidden 1.
    state = build("wh6/gn1 . gy4", hands=["gy"])
    assert state.road.toll(0, 3) == 4


def test_a_toll_is_recomputed_when_a_stack_beside_the_gap_reveals_its_lower_tile():
    state = build("wh6/gn1 . gy4 pk5", hands=["gy bl bl bl bl", "pk"])
    after = RULES.apply(state, 0, Go(0, (GY,))).state
    # Toll 4 for crossing; the pawn on 3 takes the white 6 (nearest free
    # tile behind it, the water skipped), revealing the green 1.
    after = RULES.apply(after, 0, Pay((), (BL, BL, BL, BL))).state
    assert tiles_text(after, 0) == "wh6"
    assert road_text(after) == "gn1 . gy4@0 pk5"
    assert after.road.toll(0, 4) == 1


def test_a_new_gap_between_two_tiles_is_tolled_at_the_lower_of_them():
    state = build("wh6 ye2 gy4", hands=["gy"], draw="br")
    after = RULES.apply(state, 0, Go(0, (GY,))).state
    assert road_text(after) == "wh6 . gy4@0"
    assert [(g.first, g.last, g.toll) for g in after.road.gaps] == [(2, 2, 4)]


def test_taking_a_tile_between_two_gaps_makes_one_gap():
    state = build("wh6 . ye2 . gy4", hands=["gy bl bl bl bl"], draw="br")
    after = RULES.apply(state, 0, Go(0, (GY,))).state
    assert after.phase == "pay" and after.toll_due == 2 + 2
    after = RULES.apply(after, 0, Pay((), (BL, BL, BL, BL))).state
    # The yellow 2 between the two gaps was taken: one gap 2-4 now, tolled
    # by its new neighbours, the white 6 and the grey 4.
    assert tiles_text(after, 0) == "ye2"
    assert road_text(after) == "wh6 . . . gy4@0"
    assert [(g.first, g.last, g.toll) for g in after.road.gaps] == [(2, 4, 4)]


def test_water_left_next_to_the_mainland_joins_the_mainland():
    state = build("wh6@0 . ye2", hands=["pk bl bl"], draw="br br")
    after = RULES.apply(state, 0, Go(1, (PK,))).state
    after = RULES.apply(after, 0, Pay((), (BL, BL))).state
    # The pawn reached the mainland and took the yellow 2: the water at 2
    # now touches the mainland, which moves up to it; no gap is left.
    assert tiles_text(after, 0) == "ye2"
    assert after.road.last == 1 and after.road.kind(2) == "mainland"
    assert after.road.gaps == ()


# ---------------------------------------------------------------- bridges
def test_no_bridge_can_be_built_on_water_that_joined_atlantis_or_the_mainland():
    # Positions 1 and 4 are water at the ends: part of Atlantis and the
    # mainland, not gaps.  Only the gap at 3 takes a bridge.
    state = build(". bl3 . gy4 .", hands=["gy"])
    assert [m for m in RULES.legal_moves(state, 0) if isinstance(m, BuildBridge)] == [BuildBridge(3)]
    for position in (1, 5):
        with pytest.raises(IllegalMove, match=f"no water gap at position {position}"):
            RULES.apply(state, 0, BuildBridge(position))


def test_a_bridge_built_in_an_earlier_turn_uses_up_the_bridge_for_the_whole_game():
    """Rules: "build your bridge (once per game)": the next turn, with water
    still unbridged, seat 0 has no bridge left to build."""
    state = build("bl3 . ye2 . gy4 wh6", hands=["bl wh", "ye"], draw="pk br ye gn")
    state = RULES.apply(state, 0, BuildBridge(2)).state
    state = RULES.apply(state, 0, Go(0, (BL,))).state
    state = RULES.apply(state, 1, Go(0, (YE,))).state
    assert state.turn == 0 and state.phase == "start"
    assert [(g.first, g.bridged) for g in state.road.gaps] == [(2, True), (4, False)]
    assert not [m for m in RULES.legal_moves(state, 0) if isinstance(m, BuildBridge)]
    with pytest.raises(IllegalMove, match="already built your bridge"):
        RULES.apply(state, 0, BuildBridge(4))


# ---------------------------------------------------------------- selling
def test_a_7_sells_for_3_cards_and_a_2_for_1():
    state = build("bl3", hands=["bl"], tiles=["wh7 gy2"], draw="pk pk pk pk")
    assert hand_text(RULES.apply(state, 0, Sell(7)).state, 0) == "bl pk pk pk"
    assert hand_text(RULES.apply(state, 0, Sell(2)).state, 0) == "bl pk"


# ---------------------------------------------------------------- drawing
def test_the_draw_pile_running_out_mid_draw_is_refilled_for_the_rest():
    state = build("bl3 ye2", hands=["bl"], mainland={0: 1}, draw="pk", discard="wh wh")
    transition = RULES.apply(state, 0, Go(0, (BL,)))
    after = transition.state
    # Two cards: the last pink, then one from the shuffled white, white and
    # the blue just played.
    assert sum(after.hands[0]) == 2 and after.hands[0][PK] == 1
    assert len(after.draw) == 2 and after.discard == (0,) * 7
    assert "reshuffle" in [e.kind for e in transition.events]


def test_passing_draws_two_even_with_three_cards_due_normally():
    state = build("bl3 . gy4", hands=["gy"], mainland={0: 2}, draw="pk pk pk pk")
    after = RULES.apply(state, 0, Pass()).state
    assert sum(after.hands[0]) == 3


# ------------------------------------------------------------------- end
def test_the_end_toll_skips_bridged_gaps():
    state = build(
        "bl3 =1 ye2 . gy4 pk5@0",
        hands=["wh", ""],
        mainland={0: 2},
        draw="br br br br",
    )
    after = RULES.apply(state, 0, Go(6, (WH,))).state
    assert after.phase == "over"
    # Seat 1's three pawns on Atlantis cross the bridged gap free and the
    # gap between the 2 and the 4 for 2 each.
    assert after.end_tolls == (0, 3 * 2)


def test_the_end_tolls_count_the_gap_the_last_move_s_tile_leaves():
    """Step 5 comes before the end: the tile the third pawn takes (the 2,
    the 4 behind it being occupied) leaves water between the 3 and the 4,
    and seat 1's two pawns on Atlantis pay its toll of 3 each."""
    state = build("bl3@0 ye2 gy4@1", hands=["gn", ""], mainland={0: 2}, draw="br br br br")
    after = RULES.apply(state, 0, Go(1, (GN,))).state
    assert after.phase == "over" and [t >> 3 for t in after.tiles[0]] == [2]
    assert [(g.first, g.last, g.toll) for g in after.road.gaps] == [(2, 2, 3)]
    assert after.end_tolls == (0, 3 + 3)


def test_a_third_pawn_with_no_free_tile_behind_it_takes_none_and_still_ends_the_game():
    state = build("bl3@1", hands=["gn", ""], mainland={0: 2}, draw="br br br br br")
    after = RULES.apply(state, 0, Go(0, (GN,))).state
    assert after.phase == "over" and after.tiles[0] == ()
    assert hand_text(after, 0) == "br br br br"


def test_the_player_ending_the_game_draws_four_not_one_plus_three():
    state = build("bl3 ye2@0", hands=["gn"], mainland={0: 2}, draw="br br br br br br")
    after = RULES.apply(state, 0, Go(2, (GN,))).state
    assert after.phase == "over" and hand_text(after, 0) == "br br br br"


def test_the_game_ends_by_passing_only_when_every_player_passed_in_a_row():
    # Three players and no cards anywhere: two passes without drawing do not
    # end the game, the third does.
    state = build("bl3 . gy4", players=3, hands=["", "", ""])
    state = RULES.apply(state, 0, Pass()).state
    state = RULES.apply(state, 1, Pass()).state
    assert state.phase == "start" and state.turn == 2
    assert RULES.apply(state, 2, Pass()).state.phase == "over"


def test_a_pawn_move_between_passes_breaks_the_row():
    # Seat 1 can move (blue to 1); its card goes to the discards and is
    # drawn back, so the row of passes without drawing starts again.
    state = build("bl3 . gy4", hands=["", "bl"])
    state = RULES.apply(state, 0, Pass()).state
    state = RULES.apply(state, 1, Go(0, (BL,))).state
    assert state.idle == 0 and hand_text(state, 1) == "bl"
    state = RULES.apply(state, 0, Pass()).state
    assert state.phase == "start" and state.turn == 1


# ----------------------------------------------------- hidden information
def test_drawn_cards_are_told_only_to_the_drawing_seat():
    state = build("bl3 ye2", hands=["bl", "ye"], tiles=["wh5"], draw="pk gn br")
    sold = RULES.apply(state, 0, Sell(5))
    moved = RULES.apply(sold.state, 0, Go(0, (BL,)))
    for event in (*sold.events, *moved.events):
        named = {"pink", "green", "brown"} & set(json.dumps(event.data).split('"'))
        if named:
            assert event.to == (0,), event
    other = json.dumps(RULES.view(moved.state, 1))
    assert "pink" not in other and "green" not in other and "brown" not in other
    assert RULES.view(moved.state, 0)["hand"] == {"green": 1, "pink": 1, "brown": 1}


# ------------------------------------------------------------------- help
def _flat(text):
    return " ".join(text.split())


def test_the_help_says_what_the_rules_say_about_tiles_pawns_and_secrets():
    english = _flat(RULES.help_text("en"))
    assert "also when it reached the mainland" in english
    assert "joins the water next to it into one gap" in english
    assert "Only one pawn fits on a tile" in english
    assert "(1 each, whatever their colour)" in english
    assert "Only you see the colours of your cards" in english
    dutch = _flat(RULES.help_text("nl"))
    assert "ook als die het vasteland bereikte" in dutch
    assert "tot één stuk water" in dutch
    assert "Op een tegel past maar één pion" in dutch
    assert "(1 per kaart, welke kleur ook)" in dutch
    assert "Alleen jij ziet de kleuren van je kaarten" in dutch


def test_a_sale_that_makes_a_move_possible_takes_the_pass_away():
    state = build("bl3 ye2", hands=[""], tiles=["wh4"], draw="bl bl")
    assert Pass() in RULES.legal_moves(state, 0)
    sold = RULES.apply(state, 0, Sell(4)).state
    assert Pass() not in RULES.legal_moves(sold, 0)
    english = _flat(RULES.help_text("en"))
    assert "you pass and draw 2 cards instead of the normal draw" in english
    assert "once a move is possible you must make it" in english
    dutch = _flat(RULES.help_text("nl"))
    assert "je past en trekt 2 kaarten in plaats van het gewone trekken" in dutch
    assert "is er dan een zet mogelijk, dan moet je die doen" in dutch


def test_the_help_gives_the_tile_values_of_the_decision():
    """Rules D: "every colour has 6 A tiles with values 1,2,3,4,5,6 and 6 B
    tiles with values 2,3,4,5,6,7" (A before the water gap, B after it): what
    a tile under another or past the gap may be worth, in both languages."""
    english = _flat(RULES.help_text("en"))
    assert (
        "In each colour the 6 tiles before the water (positions 1-26) are worth 1 to 6 and the 6 after it "
        "(positions 28-53) 2 to 7." in english
    )
    dutch = _flat(RULES.help_text("nl"))
    assert (
        "In elke kleur zijn de 6 tegels vóór het water (posities 1-26) 1 tot 6 waard en de 6 erna "
        "(posities 28-53) 2 tot 7." in dutch
    )


def test_the_help_says_the_seat_order_is_drawn_and_the_hands_follow_it():
    """Rules D: "Seat order drawn from the game's seed. Starting hands in seat
    order: 4, 5, 6, 7 cards." The help named only a drawn start player, not
    the order the turns (and the hands of 5, 6 and 7) follow.  A tournament's
    pairing sets the order instead, to share out who starts: the help says so."""
    assert [sum(hand) for hand in RULES.setup(4, 7).hands] == [4, 5, 6, 7]
    english = _flat(RULES.help_text("en"))
    assert (
        "The seat order, and so the start player, is drawn at random (in a tournament the pairing sets it, to "
        "share out who starts); the turns go round in that order. "
        "The start player gets 4 cards, the next 5, then 6 and 7." in english
    )
    dutch = _flat(RULES.help_text("nl"))
    assert (
        "De zitvolgorde, en dus de startspeler, wordt door het lot bepaald (in een toernooi legt de indeling haar "
        "vast, zodat het beginnen eerlijk verdeeld wordt); de beurten gaan in die volgorde rond. "
        "De startspeler krijgt 4 kaarten, de volgende 5, dan 6 en 7." in dutch
    )


def test_the_help_gives_the_components_and_the_road_layout():
    """Components: 2 to 4 players, 105 cards (15 per colour); setup: which
    positions hold stacks of two and which single tiles."""
    english = _flat(RULES.help_text("en"))
    assert "Atlantis is for 2 to 4 players." in english
    assert "There are 105 cards, 15 of each colour." in english
    assert (
        "Positions 1-10, 21-26, 28-33 and 44-53 hold stacks of two tiles, positions 11-20 and 34-43 a single tile."
        in english
    )
    dutch = _flat(RULES.help_text("nl"))
    assert "Atlantis is voor 2 tot 4 spelers." in dutch
    assert "Er zijn 105 kaarten, 15 van elke kleur." in dutch
    assert (
        "Op de posities 1-10, 21-26, 28-33 en 44-53 liggen stapels van twee tegels, op 11-20 en 34-43 één tegel."
        in dutch
    )


# ------------------------------------------------------- awkward corners
def test_a_sale_or_a_bridge_that_makes_no_move_possible_still_leaves_the_pass_of_two_cards():
    """Rules D: the player "passes and draws 2 cards" when no pawn move
    exists with the cards in hand; a sale or a bridge made first that opens
    no move leaves the pass (the help: "you may do those first")."""
    # Pink is not on the road: a pink card sends the pawn to the mainland
    # over the toll-3 gap, which one card cannot pay.
    state = build("bl3 . gy4", hands=[""], tiles=["wh4"], draw="pk pk br ye")
    sold = RULES.apply(state, 0, Sell(4)).state
    assert hand_text(sold, 0) == "pk pk" and RULES.legal_moves(sold, 0) == [BuildBridge(2), Pass()]
    passed = RULES.apply(sold, 0, Pass()).state
    assert hand_text(passed, 0) == "ye pk pk br" and passed.turn == 1 and passed.tiles[0] == ()
    # With no card at all a bridge opens nothing: the pass stays and draws 2.
    empty = build("bl3 . gy4", hands=["", ""], turn=1, draw="ye ye gn gn")
    bridged = RULES.apply(empty, 1, BuildBridge(2)).state
    assert RULES.legal_moves(bridged, 1) == [Pass()]
    assert hand_text(RULES.apply(bridged, 1, Pass()).state, 1) == "ye ye"


def test_the_third_pawn_s_four_cards_come_from_a_reshuffled_pile_when_the_draw_pile_runs_short():
    """Rules D: the player whose third pawn arrives "takes 4 cards once"
    and "An empty draw pile is refilled by shuffling all played and paid-in
    cards": with 2 cards left, the other 2 come from the reshuffled
    discards (2 white and the green just played)."""
    state = build("bl3 ye2@0", hands=["gn"], mainland={0: 2}, draw="pk pk", discard="wh wh")
    transition = RULES.apply(state, 0, Go(2, (GN,)))
    after = transition.state
    assert after.phase == "over" and sum(after.hands[0]) == 4 and after.hands[0][PK] == 2
    assert after.hands[0][WH] + after.hands[0][GN] == 2 and len(after.draw) == 1
    assert "reshuffle" in [e.kind for e in transition.events]


def test_a_pawn_paying_a_toll_on_its_way_to_the_mainland_counts_for_the_draw_after_the_payment():
    """Rules D: "Draw 1 card, plus 1 for each of your pawns on the mainland
    (counting a pawn that arrived this turn)", also when the draw waits for
    the toll: green is on no tile, so the pawn crosses the toll-3 gap to the
    mainland, pays 3 cards, takes the grey 4 and draws 2."""
    state = build("bl3 . gy4", hands=["gn bl bl bl"], draw="br br br")
    moved = RULES.apply(state, 0, Go(0, (GN,))).state
    assert moved.phase == "pay" and moved.toll_due == 3 and hand_text(moved, 0) == "bl bl bl"
    after = RULES.apply(moved, 0, Pay((), (BL, BL, BL))).state
    assert after.pawns[0] == (0, 0, MAINLAND) and tiles_text(after, 0) == "gy4"
    assert hand_text(after, 0) == "br br"
