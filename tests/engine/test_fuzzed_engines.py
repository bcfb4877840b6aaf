"""Property-based (fuzzed) checks of every game through the public protocol.

Positions come from seeded random games at every player count each game
allows; hypothesis picks among them and makes up what a player might type:
any text at all, or a listed move's text (in English or another language
of the game's notation) with words dropped, doubled, swapped, re-cased,
replaced by huge or negative numbers or separators.  Whatever it is, the
engine answers with a move or an ``EngineError`` (the player's refusal),
never another exception (a server error, a mail left unanswered).
"""

from __future__ import annotations

import contextlib
import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import EngineError, IllegalMove, NotationError, get_rules, registered_slugs
from games.rules.atlantis import testing as atlantis_testing
from tests.fuzzing import FUZZ_SETTINGS

from .playing import as_json, random_playthrough

SLUGS = registered_slugs()
#: Digits Python's ``int`` refuses to read (more than ``sys.get_int_max_str_digits()``).
LONG_NUMBER = "9" * 5000


def _first_position(slug: str):
    rules = get_rules(slug)
    step = next(iter(random_playthrough(rules, rules.min_players, seed=1)))
    return rules, step.state, step.seat


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "words",
    [
        LONG_NUMBER,
        f"#{LONG_NUMBER}",
        f"take {LONG_NUMBER}",
        f"buy {LONG_NUMBER}",
        f"pay {LONG_NUMBER}",
        f"pay 3 {LONG_NUMBER}x blue",
        f"sell {LONG_NUMBER}",
        f"A blue -> {LONG_NUMBER}",
        f"rbg at {LONG_NUMBER},0",
        f"bonus rotate {LONG_NUMBER},0 to 1",
    ],
)
def test_a_number_too_long_to_read_is_a_notation_error(slug, words):
    """A mail may hold a line of thousands of digits: Python's ``int`` refuses
    to read it (a ``ValueError``, no ``EngineError``: a server error)."""
    rules, state, seat = _first_position(slug)
    with pytest.raises(NotationError):
        rules.parse_move(state, seat, words)


# ---------------------------------------------------------------- positions
#: Seeds of the random games whose positions the properties are checked in.
POSITION_SEEDS = (1, 2)
#: Every how many plies a position is kept (every one would be many thousands).
EVERY = 3
#: slug -> class of a move as ``legal_moves`` lists one per class (see test_conformance).
MOVE_CLASS = {"atlantis": atlantis_testing.move_class}
#: Words a player might put in a move: every game's notation words, Dutch and
#: Italian ones, option numbers, separators and numbers a move never has.
FRAGMENTS = [
    *["take", "buy", "with", "place", "at", "done", "redesign", "reserve", "swap", "give", "dirk", "slot"],
    *["refresh", "merchant", "blind", "up", "pass", "sell", "bridge", "pay", "cards", "card", "A", "M", "->"],
    *["bonus", "lock", "rotate", "none", "to", "rot", "neem", "koop", "klaar", "pas", "betaal", "brug", "draai"],
    *["prendi", "ruota", "nessuno", "#1", "#0", "#-1", "#99", "option 2", "2x", "0x", "x", "and", "en", "e"],
    *[";", ",", "+", "-", "/", "(", ")", "#", "->", "→", ".", "!", "?", "\n", "\t", "\u00a0", "\u200b"],
    *["-1", "0", "-0", "00", "99", "1e9", "2**63", "½", "³", "٣", "١٢", "𝟑", "Ⅷ", "ǅ", "İ", "ß", "K"],
    *["denar", "dirham", "ducat", "florin", "dukaat", "gulden", "pavilion", "tower", "N1", "S1E2", "F"],
    *["blue", "blauw", "pink", "roze", "red", "rood", "purple", "viola", "farmer", "boer", "market", "D4"],
]


@functools.cache
def _positions(slug: str) -> tuple[tuple[int, object, int], ...]:
    """``(players, state, seat to move)`` from seeded random games at every
    player count ``slug`` allows."""
    rules = get_rules(slug)
    found = []
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in POSITION_SEEDS:
            for index, step in enumerate(random_playthrough(rules, players, seed)):
                if index % EVERY == 0:
                    found.append((players, step.state, step.seat))
    return tuple(found)


def _listed(slug: str, rules, state, seat, move) -> bool:
    """Whether ``move`` is one of ``legal_moves`` (or of a class listed)."""
    key = MOVE_CLASS.get(slug, lambda m: m)
    return key(move) in {key(m) for m in rules.legal_moves(state, seat)}


_fragment = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=4),
)


@st.composite
def _edited(draw, words: list[str]) -> str:
    """``words`` as a hurried player types them: some dropped, doubled,
    swapped, re-cased, replaced or cut short, fragments put in between."""
    words = list(words)
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        edit = draw(st.sampled_from(["drop", "double", "swap", "case", "replace", "insert", "cut", "glue"]))
        if edit == "insert" or not words:
            words.insert(draw(st.integers(0, len(words))), draw(_fragment))
            continue
        at = draw(st.integers(0, len(words) - 1))
        if edit == "drop":
            del words[at]
        elif edit == "double":
            words.insert(at, words[at])
        elif edit == "swap":
            other = draw(st.integers(0, len(words) - 1))
            words[at], words[other] = words[other], words[at]
        elif edit == "case":
            words[at] = draw(st.sampled_from([str.upper, str.lower, str.title, str.swapcase]))(words[at])
        elif edit == "replace":
            words[at] = draw(_fragment)
        elif edit == "cut":
            words[at] = words[at][: draw(st.integers(0, len(words[at])))]
        else:
            words[at] = words[at] + draw(_fragment)
    return draw(st.sampled_from([" ", "  ", ", ", ",", " ; ", "\t"])).join(words)


@st.composite
def _typed(draw, slug: str):
    """A position, its mover, and a text the mover might send there."""
    rules = get_rules(slug)
    players, state, seat = draw(st.sampled_from(_positions(slug)))
    options = rules.move_options(state, seat)
    kind = draw(st.sampled_from(["any", "option", "format"]))
    if kind == "any" or not options:
        return players, state, seat, draw(st.text(max_size=40))
    number = draw(st.integers(0, len(options) - 1))
    text = options[number][0] if kind == "option" else rules.format_move(state, seat, options[number][1])
    text = rules.notation_in(text, draw(st.sampled_from(["en", *rules.wordings])))
    return players, state, seat, draw(_edited(text.split()))


@pytest.mark.parametrize("slug", SLUGS)
@settings(FUZZ_SETTINGS, max_examples=200)
@given(data=st.data())
def test_any_text_is_a_legal_move_or_a_refusal(slug, data):
    """Whatever a player sends, ``parse_move`` reads a move or refuses with an
    ``EngineError``; a move read is played exactly when it is a listed legal
    move (``apply`` refuses the others with ``IllegalMove``); a whole message
    is played or refused the same way; a seat not to move is told so."""
    rules = get_rules(slug)
    players, state, seat, text = data.draw(_typed(slug))
    try:
        move = rules.parse_move(state, seat, text)
    except EngineError:
        move = None
    if move is not None:
        listed = _listed(slug, rules, state, seat, move)
        try:
            rules.apply(state, seat, move)
        except IllegalMove:
            # A class listed by a representative holds illegal moves too.
            assert not listed or slug in MOVE_CLASS, (text, move)
        else:
            assert listed, (text, move)
    with contextlib.suppress(EngineError):
        rules.apply_text(state, seat, text + data.draw(st.sampled_from(["", "; ", "\n"])) + text)
    idle = [s for s in range(players) if s not in rules.to_move(state)]
    if idle and move is not None:
        with pytest.raises(EngineError):
            rules.apply_text(state, idle[0], text)


@pytest.mark.parametrize("slug", SLUGS)
@FUZZ_SETTINGS
@given(data=st.data())
def test_numbered_options_are_the_legal_moves_and_read_back_in_every_language(slug, data):
    rules = get_rules(slug)
    _, state, seat = data.draw(st.sampled_from(_positions(slug)))
    options = rules.move_options(state, seat)
    assert [move for _, move in options] == list(rules.legal_moves(state, seat))
    number = data.draw(st.integers(min_value=-2, max_value=len(options) + 2) | st.just(10**12))
    expected = options[number - 1][0] if 1 <= number <= len(options) else None
    assert rules.option_text(state, seat, number) == expected
    if expected is not None:
        move = options[number - 1][1]
        for language in ["en", *rules.wordings]:
            for text in (expected, rules.format_move(state, seat, move)):
                written = rules.notation_in(text, language)
                assert rules.dump_move(rules.parse_move(state, seat, written)) == rules.dump_move(move), written


#: What a client may put in a structured move instead of what ``dump_move`` wrote.
_ODD_JSON = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["27", "blue", "farmer", "D4", "take", "pass", "-1", ""]),
    st.just([]),
    st.just({}),
)


def _altered(draw, data):
    """``data`` (a dumped move) with some of its values, keys or items changed."""
    if draw(st.integers(0, 5)) == 0:
        return draw(_ODD_JSON)
    if isinstance(data, dict):
        changed = {key: _altered(draw, value) if draw(st.booleans()) else value for key, value in data.items()}
        if changed and draw(st.booleans()):
            del changed[draw(st.sampled_from(sorted(changed)))]
        return changed
    if isinstance(data, list):
        return [_altered(draw, value) for value in data] + draw(st.lists(_ODD_JSON, max_size=1))
    return draw(_ODD_JSON) if draw(st.booleans()) else data


@pytest.mark.parametrize("slug", SLUGS)
@settings(FUZZ_SETTINGS, max_examples=200)
@given(data=st.data())
def test_a_structured_move_is_loaded_and_played_or_refused_with_an_engine_error(slug, data):
    """A client's structured move (the JSON of ``dump_move``, altered) is
    refused by ``load_move`` or ``apply`` with an ``EngineError``, or played
    and written out; never another exception."""
    rules = get_rules(slug)
    _, state, seat = data.draw(st.sampled_from(_positions(slug)))
    moves = rules.legal_moves(state, seat)
    sent = _altered(data.draw, json.loads(json.dumps(rules.dump_move(data.draw(st.sampled_from(moves))))))
    try:
        move = rules.load_move(sent)
    except EngineError:
        return
    json.dumps(rules.dump_move(move))
    try:
        rules.apply(state, seat, move)
    except EngineError:
        return
    rules.format_move(state, seat, move)


def _answer(rules, state, seat, text) -> str:
    try:
        rules.apply_text(state, seat, text)
    except EngineError as error:
        return str(error)
    return "played"


@pytest.mark.parametrize("slug", SLUGS)
@FUZZ_SETTINGS
@given(data=st.data())
def test_the_answer_to_any_text_tells_nothing_its_sender_cannot_see(slug, data):
    """Played or refused, and the refusal's words, are the same in every
    position the sender cannot tell from the real one (what they cannot
    see re-dealt): a refusal never names another hand's card or the deck's."""
    rules = get_rules(slug)
    _, state, seat, text = data.draw(_typed(slug))
    other = rules.randomize_hidden(state, seat, seed=data.draw(st.integers(min_value=1, max_value=2**32)))
    assert _answer(rules, other, seat, text) == _answer(rules, state, seat, text), text


def _secrets(rules, state) -> set[str]:
    """The random generator's state(s) in the dump, written as a view would."""
    secret = rules.dump(state)["state"]["secret"]
    values = [secret] if isinstance(secret, int) else [secret.get("rng")]
    return {str(value) for value in values if isinstance(value, int) and abs(value) >= 10**6}


@pytest.mark.parametrize("slug", SLUGS)
@FUZZ_SETTINGS
@given(data=st.data())
def test_a_view_shows_nothing_its_reader_cannot_see(slug, data):
    """A view is the same whatever its reader cannot see (other hands, the
    decks' order, the random state re-dealt) and never holds the random
    state; the dump reads back to the same state."""
    rules = get_rules(slug)
    players, state, _ = data.draw(st.sampled_from(_positions(slug)))
    reader = data.draw(st.sampled_from([None, *range(players)]))
    shown = rules.view(state, reader)
    other = rules.randomize_hidden(state, reader, seed=data.draw(st.integers(min_value=1, max_value=2**32)))
    assert rules.view(other, reader) == shown
    text = as_json(shown)
    assert not any(secret in text for secret in _secrets(rules, state))
    dumped = as_json(rules.dump(state))
    assert as_json(rules.dump(rules.load(json.loads(dumped)))) == dumped


@pytest.mark.parametrize("slug", SLUGS)
@FUZZ_SETTINGS
@given(data=st.data())
def test_the_default_move_is_legal_and_a_departed_seat_is_played_for(slug, data):
    rules = get_rules(slug)
    players, state, seat = data.draw(st.sampled_from(_positions(slug)))
    assert _listed(slug, rules, state, seat, rules.default_move(state, seat))
    leaving = data.draw(st.integers(0, players - 1))
    after = rules.resign(state, leaving).state
    assert leaving not in rules.to_move(after)
    for mover in rules.to_move(after):
        assert _listed(slug, rules, after, mover, rules.default_move(after, mover))


#: Plies within which a random game ends, by far (the longest random games
#: of many seeds take about a tenth of it).
MOST_PLIES = {"alta": 200, "alhambra": 2000, "atlantis": 1000, "alpaca": 300}
#: How each game's score breakdown adds up to the score.
TOTAL = {
    "alta": lambda d: d["total"],
    "alhambra": lambda d: d["score"],
    "atlantis": lambda d: d["tiles"] + d["cards"] - d["end_toll"],
    "alpaca": lambda d: sum(n * (n - 1) // 2 for n in d["chains"]),
}


@pytest.mark.parametrize("slug", SLUGS)
@settings(FUZZ_SETTINGS, max_examples=12)
@given(data=st.data())
def test_random_games_end_and_rank_by_their_scores(slug, data):
    """Random play (now and then a seat leaving) ends within a bounded number
    of plies; the ranking follows the scores (the game's tie-break between
    equal scores), the breakdown adds up to each score, the reveal agrees."""
    rules = get_rules(slug)
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    seed = data.draw(st.integers(min_value=0, max_value=2**31))
    chance = data.draw(st.sampled_from([0.0, 0.0, 0.01]))
    steps = list(random_playthrough(rules, players, seed, resign_chance=chance, max_steps=MOST_PLIES[slug]))
    last = steps[-1]
    end = (
        rules.resign(last.state, last.seat) if last.resigned else rules.apply(last.state, last.seat, last.move)
    ).state
    outcome = rules.outcome(end)
    assert outcome is not None and rules.to_move(end) == frozenset()
    gone = rules.departed_seats(end)
    assert sorted(s for group in outcome.ranking for s in group) == list(range(players))
    playing = [group for group in outcome.ranking if not set(group) & set(gone)]

    def key(seat):
        return (outcome.scores[seat], outcome.details[seat][rules.tie_break] if rules.tie_break else 0)

    for group in playing:
        assert len({key(s) for s in group}) == 1, (outcome.ranking, outcome.scores)
    keys = [key(group[0]) for group in playing]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys), (outcome.ranking, outcome.scores)
    for seat in range(players):
        assert TOTAL[slug](outcome.details[seat]) == outcome.scores[seat], outcome.details[seat]
    assert [(r.seat, r.score, dict(r.breakdown)) for r in rules.reveal(end)] == [
        (s, outcome.scores[s], dict(outcome.details[s])) for s in range(players)
    ]
