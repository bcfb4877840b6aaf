"""Per-seat views (hidden information), the text board, default moves and
resignation."""

from __future__ import annotations

import json

from games.engine import get_rules
from games.rules.alhambra.moves import Buy, Done, Place, Take
from games.rules.alhambra.testing import cards, position, seat, tile
from games.rules.alhambra.view import text_board

RULES = get_rules("alhambra")


def test_a_seat_sees_its_own_hand_and_only_the_size_of_others():
    state = position([seat(hand="denar 3 4"), seat(hand="florin 9")])
    view = RULES.view(state, 0)
    assert view["hand"] == ["denar 3", "denar 4"]
    assert view["seats"][0]["hand"] == view["hand"]
    assert "hand" not in view["seats"][1]
    assert view["seats"][1]["hand_size"] == 1


def test_a_spectator_sees_no_hand_and_no_secrets():
    state = RULES.setup(3, 918_273)
    view = RULES.view(state, None)
    text = json.dumps(view)
    assert "hand" not in view
    assert all("hand" not in s for s in view["seats"])
    assert "secret" not in text and "rng" not in text and "918273" not in text
    assert view["bag_size"] == 50
    assert view["deck_size"] == len(state.secret.deck)


def test_the_view_shows_what_a_player_needs():
    state = RULES.setup(2, 5)
    view = RULES.view(state, state.current)
    assert view["to_move"] == [state.current]
    assert view["phase"] == "action"
    assert [slot["currency"] for slot in view["market"]] == [
        "denar",
        "dirham",
        "ducat",
        "florin",
    ]
    assert all(slot["tile"] for slot in view["market"])
    assert len(view["display"]) == 4
    assert view["seats"][0]["alhambra"] == {"F": "fountain"}
    assert view["discard"] == {"denar": [], "dirham": [], "ducat": [], "florin": []}
    assert len(view["dirk"]["tiles"]) == 6
    assert view["dirk"]["score"] == 0
    assert "dirk" not in RULES.view(RULES.setup(3, 5), 0)


def test_the_placing_seat_is_shown_where_its_tiles_fit():
    state = position([seat(hand="dirham 4 9"), seat()], market=("pav8", "gar10N", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, cards("dirham 4 9"))).state
    view = RULES.view(state, 0)
    assert view["step"].startswith("place the buildings bought this turn")
    assert view["spots"] == {"garden 10 N": ["N1", "W1", "E1"]}  # its north wall
    assert "spots" not in RULES.view(state, 1)


def test_hands_are_revealed_when_the_game_is_over():
    state = position(
        [seat(hand="denar 9, dirham 9"), seat(hand="florin 2")],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        bag=(),
    )
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    state = RULES.apply(state, 0, Place(tile("gar8NE"), None)).state
    state = RULES.apply(state, 0, Place(tile("pav8"), None)).state
    state = RULES.apply(state, 1, Place(tile("cha10"), None)).state
    assert state.phase == "over"
    view = RULES.view(state, 1)
    assert view["seats"][0]["hand"] == ["denar 9"]
    assert view["handout"][0] == {"tile": "pavilion 8 open", "seat": 0}


def test_text_board_draws_walls_and_free_cells():
    state = position(
        [
            seat("""
        pav7E  ser7W
        F      arc9
    """),
            seat(),
        ]
    )
    entry = RULES.view(state, 0)["seats"][0]
    lines = text_board(entry["alhambra"], ["N2", "E2"])
    assert lines == [
        "       -      E1     E2",
        "",
        " N2    N2",
        "    +......+......+",
        " N1 :Pav 7 #Ser 7 :",
        "    +......+......+",
        "  - :FOUNT :Arc 9 :  E2",
        "    +......+......+",
    ]


# ------------------------------------------------------------ default moves
def test_the_default_action_takes_the_most_money():
    state = position(display="denar 1, dirham 2, ducat 3, florin 9")
    assert RULES.default_move(state, 0) == Take(cards("florin 9"))
    state = position(display="denar 1, dirham 2, ducat 3, florin 4")
    assert RULES.default_move(state, 0) == Take(cards("denar 1, florin 4"))


def test_the_default_extra_action_is_done():
    state = position([seat(hand="denar 8"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    assert RULES.default_move(state, 0) == Done()


def test_the_default_placement_is_the_first_spot_else_the_reserve():
    state = position([seat(hand="denar 8"), seat()], market=("pav2", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    assert RULES.default_move(state, 0) == Place(tile("pav2"), (0, -1))
    boxed = position(
        [
            seat(
                """
            .       tow7NEW  .
            cha5NSW F        tow8NES
            .       gar6ESW  .
        """,
                hand="denar 8",
            ),
            seat(),
        ],
        market=("pav2", "gar8NE", "arc9", "cha10"),
    )
    boxed = RULES.apply(boxed, 0, Buy(0, cards("denar 8"))).state
    assert RULES.default_move(boxed, 0) == Place(tile("pav2"), None)


def test_a_resigned_seat_is_played_by_default_moves():
    state = RULES.setup(3, 4)
    leaving = state.current
    after = RULES.resign(state, leaving).state
    assert leaving not in RULES.to_move(after)
    assert after.current != leaving
    view = RULES.view(after, None)
    assert leaving not in view["to_move"]


def test_the_start_deal_is_told_to_everyone_with_each_total():
    """Rules: the start money is dealt face up, so every player saw every
    start hand; the setup events say it, publicly, and nothing else."""
    state = RULES.setup(3, 918_273)
    events = RULES.setup_events(state)
    assert [e.kind for e in events] == ["deal"] * 3
    for number, (entry, dealt) in enumerate(zip(events, state.seats, strict=True), start=1):
        total = sum(c % 10 for c in dealt.hand)
        assert total >= 20
        hand = RULES.view(state, number - 1)["hand"]
        assert entry.to is None
        assert entry.data == {"seat": number - 1, "cards": list(dealt.hand), "hand": hand, "total": total}
        names = " + ".join(hand)
        assert entry.text == f"Seat {number} is dealt {names} ({total} in all)."


def test_games_without_a_public_deal_tell_nothing_at_the_start():
    for slug in ("alta", "atlantis", "alpaca"):
        rules = get_rules(slug)
        assert rules.setup_events(rules.setup(2, 5)) == ()
