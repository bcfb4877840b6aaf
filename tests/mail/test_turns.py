"""Whole turns offered by letter, and option numbers on one line."""

from __future__ import annotations

import random

import pytest

from games.engine import get_rules
from mail.reply_text import read_reply
from mail.turns import MAX_TURNS, turn_over, whole_turns

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]


def _positions(slug: str, players: int, seed: int, count: int = 12):
    """Positions at the start of a turn, reached by playing first options."""
    rules = get_rules(slug)
    state = rules.setup(players, seed)
    for _ in range(count):
        if rules.outcome(state) is not None:
            return
        seat = min(rules.to_move(state))
        yield rules, state, seat
        turns = whole_turns(rules, state, seat)
        for step in turns[-1].steps if turns else [rules.move_options(state, seat)[0][0]]:
            state = rules.apply(state, seat, rules.parse_move(state, seat, step)).state


@pytest.mark.parametrize("slug", GAMES)
def test_every_listed_turn_plays_and_ends_the_turn(slug):
    for rules, state, seat in _positions(slug, 3, seed=5):
        for turn in whole_turns(rules, state, seat):
            after = state
            for step in turn.steps:
                before, after = after, rules.apply(after, seat, rules.parse_move(after, seat, step)).state
            assert turn_over(rules, before, after, seat), turn


def _random_position(slug: str, players: int, seed: int, ply: int):
    """The position after ``ply`` random legal moves (``random.Random(seed)``)."""
    rules, chooser = get_rules(slug), random.Random(seed)
    state = rules.setup(players, seed)
    for _ in range(ply):
        seat = min(rules.to_move(state))
        moves = rules.legal_moves(state, seat)
        state = rules.apply(state, seat, moves[chooser.randrange(len(moves))]).state
    return rules, state, min(rules.to_move(state))


@pytest.mark.parametrize(
    ("slug", "players", "seed", "ply"),
    [
        # A sale turns up cards; three re-deals agreed the pass after it
        # plays, but another of the intake's eight does not.
        ("atlantis", 4, 1, 68),
        ("atlantis", 4, 1, 95),
        ("alta", 3, 2, 7),
        ("alhambra", 4, 3, 40),
        # (Ply 12 was listed here: each of its 29 options ends the turn, so
        # it lists no letters; at ply 13 some options go on to a bonus.)
        ("alpaca", 3, 4, 13),
    ],
)
def test_a_reply_of_any_listed_letter_is_accepted_as_the_intake_reads_it(slug, players, seed, ply):
    rules, state, seat = _random_position(slug, players, seed, ply)
    turns = whole_turns(rules, state, seat)
    assert turns
    for turn in turns:
        rules.apply_text(state, seat, turn.text)  # raises when the intake would refuse it


@pytest.mark.parametrize("slug", GAMES)
def test_without_letters_every_option_is_a_whole_turn(slug):
    """A mail without letters says its numbered options are whole turns:
    then each of them ends the turn (one reply is always enough)."""
    for players in (2, 3):
        for rules, state, seat in _positions(slug, players, seed=11, count=20):
            if whole_turns(rules, state, seat):
                continue
            for text, move in rules.move_options(state, seat):
                assert turn_over(rules, state, rules.apply(state, seat, move).state, seat), text


@pytest.mark.parametrize("slug", GAMES)
def test_the_listed_turns_say_nothing_about_hidden_cards(slug):
    """Two positions the player cannot tell apart get the same list."""
    for rules, state, seat in _positions(slug, 3, seed=9):
        other = rules.randomize_hidden(state, seat, 12345)
        assert whole_turns(rules, state, seat) == whole_turns(rules, other, seat)


def test_a_letter_reads_as_its_whole_turn():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    seat = min(rules.to_move(state))
    [first, *_] = whole_turns(rules, state, seat)
    reply = read_reply(rules, state, seat, f"{first.letter.lower()}\nthanks, good game so far")
    assert reply.moves == list(first.steps)
    assert reply.message == "thanks, good game so far"


def test_numbers_on_one_line_are_read_step_after_step():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    seat = min(rules.to_move(state))
    first = rules.move_options(state, seat)[0][0]
    after = rules.apply(state, seat, rules.parse_move(state, seat, first)).state
    second = rules.move_options(after, seat)[1][0]
    assert read_reply(rules, state, seat, "1 2").moves == [first, second]


def test_a_sentence_is_a_message_not_a_letter():
    rules = get_rules("alta")
    state = rules.setup(2, 1)
    seat = min(rules.to_move(state))
    reply = read_reply(rules, state, seat, "A quick question about the rules")
    assert reply.moves == []
    assert reply.message.startswith("A quick question")


def test_a_whole_turn_on_one_line_is_read_by_mail_as_the_help_says():
    """The Atlantis help (English and Dutch) shows a whole turn on one line;
    a mail reply reads it as those four moves, as the game page does."""
    from games.rules.atlantis.testing import build

    rules = get_rules("atlantis")
    road = (
        "ye2 . gn4 wh4 bl3 ye3 gn3 wh3 ye4 gn5 wh5 wh2@0 pk3@1 ye6 . wh6 ye5 gy5 "
        "gn2 wh3 ye3 gn4 wh4 ye4 gn5 wh5 ye5 gn6 wh6 gn3@0 . ye4"
    )
    state = build(road, hands=["pk gy bl bl", "gy"], tiles=["ye4 gn5"], draw="br br br br br br br br")
    for language, line in (
        ("en", "sell 4, bridge 31, 12 pink grey -> 18 pay 5 blue"),
        ("nl", "verkoop 4, brug 31, 12 roze grijs -> 18 betaal 5 blauw"),
    ):
        assert f"`{line}`" in " ".join(rules.help_text(language).split())
        reply = read_reply(rules, state, 0, f"{line}\nthanks")
        assert len(reply.moves) == 4 and reply.message == "thanks", reply
        assert rules.apply_text(state, 0, "; ".join(reply.moves)).state.turn == 1


def test_a_placement_and_its_bonus_on_one_line_are_read_by_mail():
    from games.rules.alpaca.testing import position

    rules = get_rules("alpaca")
    state = position(colours="red blue", table="0,0 rbg 0", hands=["ryb rgp", "byp"])
    reply = read_reply(rules, state, 0, "ryb at 0,-1 rot 1, bonus lock")
    assert reply.moves == ["ryb at 0,-1 rot 1", "bonus lock"] and reply.message == ""


def test_a_line_in_brackets_stays_a_message_in_atlantis():
    rules = get_rules("atlantis")
    state = rules.setup(2, 1)
    reply = read_reply(rules, state, 0, "(sorry for the delay)\nA blue")
    assert reply.moves == [] and reply.message.startswith("(sorry for the delay)")


def test_the_listed_turns_do_not_depend_on_the_cards_a_sale_draws():
    """A sale draws cards the player has not seen.  Here the re-deals the
    search plays in all draw alike, and "sell 6; bridge 18; A white -> 5"
    plays after their draw but not after the real one: were it listed or
    not by the real draw, the mail would tell that card.  Every position
    the player cannot tell from this one gets the same list."""
    rules = get_rules("atlantis")
    state = rules.setup(3, 5)
    played = [
        (0, "A yellow -> 4"),
        (1, "A pink -> 2"),
        (2, "A grey -> 3"),
        (0, "4 grey -> 7"),
        (1, "2 green -> 6"),
        (2, "A green white -> 19"),
        (0, "A pink -> 2"),
        (1, "A green green -> 9"),
        (2, "A pink grey pink -> 26"),
        (2, "pay blue brown"),
    ]
    for seat, text in played:
        state = rules.apply_text(state, seat, text).state
    seat = min(rules.to_move(state))
    listed = whole_turns(rules, state, seat)
    for seed in (11, 22, 33):
        other = rules.randomize_hidden(state, seat, seed)
        assert rules.view(other, seat) == rules.view(state, seat)
        assert whole_turns(rules, other, seat) == listed, seed


@pytest.mark.parametrize("seed", [1, 5, 7, 8])
def test_no_letters_when_more_options_than_are_searched_each_end_the_turn(seed):
    """Alpaca's first tile: more options than the search tries (28 > 24),
    each a whole turn.  No letters are listed (they would repeat numbered
    options, and the mail would say a number needs a second mail)."""
    rules = get_rules("alpaca")
    state = rules.setup(2, seed)
    seat = min(rules.to_move(state))
    options = rules.move_options(state, seat)
    assert len(options) > 3 * MAX_TURNS
    assert all(turn_over(rules, state, rules.apply(state, seat, move).state, seat) for _text, move in options)
    assert whole_turns(rules, state, seat) == []
