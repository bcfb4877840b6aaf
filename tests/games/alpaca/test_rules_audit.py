"""The rules file (shared/rules/alpaca.md) sentence by sentence: the cases
the other test files leave out (setup draws, 2 and 5 players, three figures
at once, counters and untouchable tiles over turns, the idle cycle with
more players, the last tile early in a round, ties, private hands)."""

import json

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alpaca import COLOURS, Lock, NoBonus, Place, Rotate, closed_figures
from games.rules.alpaca.state import TILES, tile_name
from games.rules.alpaca.testing import play_to_the_end, position, tile

RULES = get_rules("alpaca")

ONE = "0,0 rbg 0"  # N red, E red (major), S blue, W green
PAIR = ((0, -1), (0, 0))
# Three red majors meet at grid point 1,1; 1,0 rot 3 would close the square.
SQUARE3 = "0,0 r/b-g 0; 0,1 r/y-g 1; 1,1 r/g-b 2"
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))
# Only yellow and purple minors face outwards once b/p-y lies at 1,0 rot 3.
BLOCK = "0,0 b/y-p 0; 0,1 r/p-y 1; 1,1 r/y-p 2"


def place(name, x, y, rot):
    return Place(tile(name), x, y, rot)


def plain_of(state):
    """The state's table as plain data (for ``closed_figures``)."""
    return {cell: (*(COLOURS[c] for c in TILES[code >> 2]), code & 3) for cell, code in state.table.items()}


def whole_turn(state, seat):
    """``seat`` places (default move) and takes any bonus actions it earns."""
    while RULES.to_move(state) == {seat} and not RULES.is_finished(state):
        state = RULES.apply(state, seat, RULES.default_move(state, seat)).state
        if state.phase == "place":
            break
    return state


# ----------------------------------------------------------------- setup
def test_colours_are_drawn_from_the_seed_for_the_seats_in_order():
    games = [RULES.setup(5, seed) for seed in range(60)]
    assert all(sorted(g.colours) == [0, 1, 2, 3, 4] for g in games)
    for seat in range(5):
        assert {g.colours[seat] for g in games} == set(range(5))
    assert RULES.setup(4, 9).colours == RULES.setup(4, 9).colours
    view = RULES.view(RULES.setup(3, 9), None)
    assert view["colours"] == [COLOURS[c] for c in RULES.setup(3, 9).colours]


def test_the_first_dominant_colour_is_drawn_from_the_seed():
    firsts = set()
    for seed in range(60):
        state = RULES.setup(3, seed)
        view = RULES.view(state, None)
        assert view["dominant"]["colour"] == COLOURS[state.colours[state.dominant]]
        assert view["round"] == 1
        firsts.add(view["dominant"]["colour"])
    assert firsts == set(COLOURS)


@pytest.mark.parametrize("players", [2, 5])
def test_every_tile_of_the_chosen_colours_is_dealt_twelve_each(players):
    state = RULES.setup(players, 11)
    dealt = sorted(t for hand in state.hands for t in hand)
    assert [len(hand) for hand in state.hands] == [12] * players
    assert dealt == sorted(t for t in range(60) if t // 12 in state.colours)


# ------------------------------------------------------------------ play
def test_two_players_take_turns_as_dominant_and_the_dominant_plays_first():
    state = RULES.setup(2, 4)
    end, leaders = play_to_the_end(RULES, state)
    assert leaders[:6] == [0, 1, 0, 1, 0, 1]
    assert len(leaders) == end.round


def test_five_players_lead_in_the_order_five_four_three_two_one():
    end, leaders = play_to_the_end(RULES, RULES.setup(5, 21))
    assert leaders[:6] == [0, 4, 3, 2, 1, 0]
    assert end.ended_by in ("last tile", "idle cycle")


def test_a_seat_that_can_place_has_only_placements_to_choose_from():
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp"])
    moves = list(RULES.legal_moves(state, 0))
    assert moves and all(isinstance(m, Place) for m in moves)
    with pytest.raises(IllegalMove, match="You have no bonus action now"):
        RULES.apply(state, 0, NoBonus())


def test_a_tile_of_another_major_cannot_be_played_even_if_it_fits():
    state = position(colours="red blue", table=ONE, hands=["ryb byr", "rgp"])
    assert {m.tile for m in RULES.legal_moves(state, 0)} == {tile("ryb")}
    with pytest.raises(IllegalMove, match="Red is dominant this round"):
        RULES.apply(state, 0, place("byr", 0, -1, 0))


def test_a_corner_touch_is_no_contact():
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp"])
    assert (1, 1) not in {(m.x, m.y) for m in RULES.legal_moves(state, 0)}
    with pytest.raises(IllegalMove, match="1,1 is not next to the tiles on the table"):
        RULES.apply(state, 0, place("ryb", 1, 1, 2))


def test_a_dominant_player_who_cannot_place_is_passed_and_the_left_neighbour_starts():
    # Round 1 (red, seat 1) ends with seat 3; green (seat 3, on seat 1's
    # right) is dominant next, but seat 3 holds no green tile.
    state = position(
        colours="red blue green",
        table=ONE,
        hands=["g/r-y", "g/y-b", "r/y-b b/r-y"],
        dominant=0,
        turn=2,
    )
    transition = RULES.apply(state, 2, place("r/y-b", 1, 0, 2))
    after = transition.state
    assert "Seat 3 (green) passes." in [e.text for e in transition.events]
    assert (after.round, after.dominant, RULES.to_move(after)) == (2, 2, {0})


# --------------------------------------------------------------- figures
def test_two_majors_across_an_edge_connect_but_close_no_figure():
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp"])
    after = RULES.apply(state, 0, place("ryb", 1, 0, 2)).state
    assert after.phase == "place" and after.bonuses == 0 and RULES.to_move(after) == {1}
    assert RULES.view(after, None)["chains"][0] == [2]


def test_one_tile_closing_three_figures_earns_three_bonus_actions():
    table = SQUARE3 + "; 2,0 y/b-p 1; 1,-1 g/p-y 1"
    state = position(colours="red blue", table=table, hands=["r/b-y rpy", "rgp"])
    after = RULES.apply(state, 0, place("r/b-y", 1, 0, 3)).state
    assert (after.phase, after.bonuses) == ("bonus", 3)
    assert set(after.pending) == {((1, 0), (2, 0)), ((1, -1), (1, 0)), SQUARE}
    for action in (Lock(SQUARE), Rotate(2, 0, 0), NoBonus()):
        assert RULES.to_move(after) == {0}
        after = RULES.apply(after, 0, action).state
    assert after.phase == "place" and RULES.to_move(after) == {1}


def test_a_figure_in_a_colour_nobody_plays_earns_a_bonus_too():
    # Red and yellow play; the placement closes a blue minor pair.
    state = position(colours="red yellow", table=ONE, hands=["ryb rpy", "ypg"])
    after = RULES.apply(state, 0, place("ryb", 0, -1, 1)).state
    assert after.pending == (PAIR,) and after.bonuses == 1


def test_a_figure_closed_by_a_bonus_rotation_earns_nothing_and_cannot_be_locked():
    # The placement closes two figures; 5,4 turned to rot 1 would show its
    # blue minor to 5,5's blue minor, closing a third one by rotation.
    table = SQUARE3 + "; 2,0 y/b-p 1; 5,5 r/b-g 0; 5,4 r/y-b 0"
    state = position(colours="red blue", table=table, hands=["r/b-g rpy", "rgp"])
    state = RULES.apply(state, 0, place("r/b-g", 1, 0, 3)).state
    assert state.bonuses == 2
    state = RULES.apply(state, 0, Rotate(5, 4, 1)).state
    by_rotation = ((5, 4), (5, 5))
    assert by_rotation in {f.cells for f in closed_figures(plain_of(state))}
    assert (state.phase, state.bonuses) == ("bonus", 1)
    assert Lock(by_rotation) not in list(RULES.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="Only a figure you have just closed"):
        RULES.apply(state, 0, Lock(by_rotation))


def test_an_untouchable_tile_stays_untouchable_for_every_player_later():
    table = ONE + "; 0,-1 ryb 1; 1,0 ryb 2"
    state = position(
        colours="red blue",
        table=table,
        hands=["rpy", "rgp"],
        locked=(PAIR,),
        counters=14,
        turn=1,
        phase="bonus",
        bonuses=1,
    )
    assert RULES.to_move(state) == {1}
    rotatable = {(m.x, m.y) for m in RULES.legal_moves(state, 1) if isinstance(m, Rotate)}
    assert rotatable == {(1, 0)}
    for cell in PAIR:
        with pytest.raises(IllegalMove, match="part of an untouchable figure"):
            RULES.apply(state, 1, Rotate(*cell, 2))


def test_the_counters_are_shared_by_all_players_fifteen_in_a_game():
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp"], counters=1)
    after = RULES.apply(state, 0, place("ryb", 0, -1, 1)).state
    after = RULES.apply(after, 0, Lock(PAIR)).state
    assert after.counters == 0
    assert RULES.view(after, 1)["counters_left"] == 0


# ------------------------------------------------------------------- end
def test_with_three_players_the_idle_cycle_is_three_rounds():
    state = position(
        colours="blue red green",
        table=BLOCK,
        hands=["b/p-y b/r-g r/g-b", "b/g-r r/b-g", "g/r-b"],
    )
    transition = RULES.apply(state, 0, place("b/p-y", 1, 0, 3))
    after = transition.state
    # Round 1 had a placement; rounds 2, 3 and 4 had none.
    assert RULES.is_finished(after) and after.ended_by == "idle cycle"
    assert after.round == 4
    assert transition.events[-1].text == "No tile was placed for 3 rounds: the game ends."


def test_a_placement_starts_the_idle_count_again():
    state = position(
        colours="blue red",
        table=BLOCK,
        hands=["b/p-y b/r-g r/g-b", "b/g-r r/b-g"],
        idle_rounds=1,
    )
    after = RULES.apply(state, 0, place("b/p-y", 1, 0, 3)).state
    assert after.ended_by == "idle cycle" and after.round == 3


def test_after_the_first_seat_of_a_round_plays_its_last_tile_the_others_play():
    state = position(colours="red blue green", table=ONE, hands=["ryb", "rgp byp", "rpy gyb"])
    state = RULES.apply(state, 0, place("ryb", 1, 0, 2)).state
    assert RULES.to_move(state) == {1} and not RULES.is_finished(state)
    state = whole_turn(state, 1)
    assert RULES.to_move(state) == {2} and not RULES.is_finished(state)
    state = whole_turn(state, 2)
    assert RULES.is_finished(state) and state.ended_by == "last tile"
    assert [len(h) for h in state.hands] == [0, 1, 1]


# --------------------------------------------------------------- scoring
def test_equal_scores_share_a_place_even_at_nought():
    state = position(colours="red blue green", table=ONE, phase="over")
    outcome = RULES.outcome(state)
    assert outcome.scores == (0, 0, 0)
    assert outcome.ranking == ((0, 1, 2),)


def test_the_highest_total_wins_alone_when_nobody_equals_it():
    # A red chain of four (6 points) against a green pair (1 point).
    spec = "-1,0 b/y-r 2; 0,0 r/y-g 3; 0,1 r/g-y 1; 1,1 g/r-b 1; 0,-1 b/g-y 2"
    state = position(colours="blue green red", table=spec, phase="over")
    outcome = RULES.outcome(state)
    assert outcome.scores == (0, 1, 6)
    assert outcome.ranking == ((2,), (1,), (0,))


# -------------------------------------------------------- hidden information
def test_no_seat_and_no_spectator_sees_another_hand_during_the_game():
    state = RULES.setup(4, 31)
    for _ in range(10):
        seat = min(RULES.to_move(state))
        state = RULES.apply(state, seat, RULES.default_move(state, seat)).state
    for viewer in (None, 0, 1, 2, 3):
        view = RULES.view(state, viewer)
        text = json.dumps(view)
        assert view["hand_counts"] == [len(h) for h in state.hands]
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                assert not any(f'"{tile_name(t)}"' in text for t in hand)
        if viewer is not None:
            assert [e["tile"] for e in view["hand"]] == [tile_name(t) for t in state.hands[viewer]]


# ------------------------------------------------------------------ help
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "The colours are drawn for the seats when the game starts, and seat 1's colour is dominant"),
        ("nl", "De kleuren worden bij het begin voor de plaatsen geloot; in de eerste ronde is de kleur van plaats 1"),
        ("it", "I colori vengono sorteggiati per i posti all'inizio della partita; nel primo giro è dominante"),
    ],
)
def test_the_help_says_how_colours_are_given_and_whose_leads_first(language, sentence):
    assert {RULES.setup(3, seed).dominant for seed in range(10)} == {0}
    assert sentence in " ".join(RULES.help_text(language).split())


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "en",
            "Every tile shows three different colours: the 12 tiles of each big-triangle colour carry each ordered "
            "pair of two of the other four colours once as minor1-minor2.",
        ),
        (
            "nl",
            "Elke tegel toont drie verschillende kleuren: de 12 tegels van elke kleur van de grote driehoek dragen "
            "elk geordend paar van twee van de andere vier kleuren één keer als klein1-klein2.",
        ),
        (
            "it",
            "Ogni tessera mostra tre colori diversi: le 12 tessere di ogni colore del triangolo maggiore portano "
            "una volta ogni coppia ordinata di due degli altri quattro colori come minore1-minore2.",
        ),
    ],
)
def test_the_help_describes_the_tile_set_of_the_decision(language, sentence):
    """Rules D: "The 12 tiles of one major colour carry, on (minor1, minor2),
    each ordered pair of two different colours from the other four (4 x 3 =
    12). No tile has two triangles of the same colour." A player who knows
    the set can tell which tiles the others may still hold."""
    assert sentence in " ".join(RULES.help_text(language).split())


#: Per language, one phrase per decision (D) of the rules file the two tests
#: above leave out (whitespace as the reader sees it).
DECISIONS = {
    "en": [
        "You cannot pass by choice",
        "The very first tile of the game is placed freely",
        "the player to the **right** of the last dominant player",
        "these two are the only closed figures",
        "closing two at once gives two",
        "it need not match, and a rotation never earns a bonus",
        "making its tiles untouchable for everybody (15 counters per game; the figure must still be whole",
        "It also ends when a whole cycle of rounds (one per player) passes without any tile placed.",
        "6 -> 15, 7 -> 21, ...",
        "ties share the victory",
    ],
    "nl": [
        "Zelf kiezen om te passen kan niet",
        "De allereerste tegel van de partij leg je vrij",
        "de speler **rechts** van de laatste dominante speler",
        "dit zijn de enige twee gesloten figuren",
        "twee tegelijk sluiten geeft er twee",
        "hij hoeft niet te passen, en een draaiing levert nooit een bonus op",
        "voor iedereen onaantastbaar worden (15 fiches per partij; de figuur moet nog heel zijn",
        "Ze eindigt ook als een hele cyclus van ronden (één per speler) voorbijgaat zonder dat er een tegel is gelegd.",
        "6 -> 15, 7 -> 21, ...",
        "bij een gelijke stand delen de spelers de overwinning",
    ],
    "it": [
        "Non puoi passare per scelta",
        "La primissima tessera della partita si piazza liberamente",
        "alla **destra** dell'ultimo giocatore dominante",
        "sono le sole due figure chiuse",
        "chiuderne due insieme ne dà due",
        "non serve che combaci, e una rotazione non dà mai un bonus",
        "intoccabili per tutti (15 segnalini per partita; la figura deve essere ancora intera",
        "Termina anche quando passa un intero ciclo di giri (uno per giocatore) senza che nessuna tessera venga "
        "posata.",
        "6 -> 15, 7 -> 21, ...",
        "in caso di parità si divide la vittoria",
    ],
}


@pytest.mark.parametrize("language", sorted(DECISIONS))
def test_the_help_says_every_decision_of_the_rules_file(language):
    """Each D of the rules file, in every language the help is written in:
    no voluntary pass, the free first tile, the next dominant on the right,
    the two closed figures only, one bonus per figure, a rotation that need
    not match and earns nothing, 15 counters for everybody's protection on a
    whole figure, the idle cycle, n(n-1)/2 beyond 6 and shared victories."""
    text = " ".join(RULES.help_text(language).split())
    assert [phrase for phrase in DECISIONS[language] if phrase not in text] == []
