"""The engines' sentences (refusals, event lines, prompts) read in the
reader's language: the engine writes English templates with parameters
(``games.engine.message``), the site translates them (``games.i18n``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from games import selectors, services
from games.engine import (
    EngineError,
    Event,
    Joined,
    Message,
    Notation,
    Term,
    get_rules,
    gettext_noop,
    message,
    render,
)
from games.i18n import error_text, event_text, expect_text, translate
from games.models import MoveRecord
from games.rules.alta.components import DUTCH, ENGLISH
from games.terms import term
from tests.games.conftest import start_match

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "games/locale/nl/LC_MESSAGES/django.po"
GAMES = ("alta", "alhambra", "atlantis", "alpaca")
HOLE = re.compile(r"%\(\w+\)s")


def _engine_templates() -> set[str]:
    """Every ``gettext_noop("...")`` template of the engine and the rules."""
    found = set()
    for path in [*ROOT.glob("games/engine/*.py"), *ROOT.glob("games/rules/**/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "gettext_noop":
                (arg,) = node.args
                assert isinstance(arg, ast.Constant), f"{path}: gettext_noop needs a literal"
                found.add(arg.value)
    return found


def test_every_engine_template_has_a_dutch_translation_with_the_same_holes():
    entries = {e.msgid: e.msgstr for e in polib.pofile(str(CATALOGUE)) if not e.msgctxt}
    templates = _engine_templates()
    assert len(templates) > 200  # the four games' refusals, events and prompts
    missing = sorted(t for t in templates if not entries.get(t))
    assert missing == []
    broken = sorted(t for t in templates if set(HOLE.findall(t)) != set(HOLE.findall(entries[t])))
    assert broken == []


def test_a_message_reads_in_english_and_survives_a_round_trip_through_json():
    said = message(
        gettext_noop("%(seat)s took %(cards)s; %(colour)s leads."),
        seat="Seat 2",
        cards=Joined((Term("mill"), Term("tower")), gettext_noop(" and ")),
        colour=Term("red", capital=True),
    )
    assert said.english() == "Seat 2 took mill and tower; Red leads."
    assert Message.load(said.dump()) == said
    event = Event.say("take", said, {"seat": 1})
    assert Event.load(event.dump()) == event
    assert event.text == said.english()


def test_a_translation_that_breaks_the_holes_falls_back_to_english():
    said = message("%(card)s is gone.", card="mill")
    assert render(said, lambda _t: "%(kaart)s is weg.", str) == "mill is gone."


def test_an_error_carries_its_template_and_params():
    error = EngineError(gettext_noop("No %(card)s here."), card=Term("mill"))
    assert str(error) == "No mill here."
    assert error.message == Message("No %(card)s here.", {"card": Term("mill")})


@pytest.mark.parametrize("game", GAMES)
def test_a_dutch_reader_gets_the_engines_refusal_prompt_and_events_in_dutch(game):
    rules = get_rules(game)
    state = rules.setup(2, 11)
    seat = min(rules.to_move(state))
    with pytest.raises(EngineError) as refused:
        rules.apply_text_moves(state, seat, "xyzzy plugh")
    transition = rules.apply(state, seat, rules.legal_moves(state, seat)[0])
    with translation.override("nl"):
        refusal = error_text(game, refused.value)
        prompt = expect_text(game, rules.view(state, seat))
        lines = [event_text(game, e) for e in transition.events]
    assert refusal != str(refused.value)
    assert prompt != rules.view(state, seat)["expect"]
    assert all(line != event.text for line, event in zip(lines, transition.events, strict=True))
    with translation.override("en"):
        assert error_text(game, refused.value) == str(refused.value)


def test_a_notation_param_is_written_in_the_readers_notation_and_survives_json():
    said = message(gettext_noop("For example: %(moves)s."), moves=Notation("take ducat 3; done"))
    assert said.english() == "For example: take ducat 3; done."
    assert Message.load(said.dump()) == said
    with translation.override("nl"):
        assert translate("alhambra", said) == "Bijvoorbeeld: neem dukaat 3; klaar."


@pytest.mark.parametrize(
    ("game", "lead"), [("alhambra", "Bijvoorbeeld: "), ("alpaca", "Bijvoorbeeld: "), ("atlantis", "Je keuzes nu: ")]
)
def test_the_examples_of_a_dutch_refusal_are_moves_in_dutch_notation_that_parse(game, lead):
    rules = get_rules(game)
    state = rules.setup(2, 11)
    seat = min(rules.to_move(state))
    with pytest.raises(EngineError) as refused:
        rules.apply_text_moves(state, seat, "xyzzy plugh")
    with translation.override("nl"):
        refusal = error_text(game, refused.value)
    # Alpaca counts the examples it leaves out, Alhambra all the moves.
    found = re.search(rf"{lead}(.*?)(?: \((?:en nog \d+|van de \d+ mogelijke zetten)\))?\.$", refusal)
    assert found, refusal
    examples = found.group(1).split("; ")
    assert len(examples) >= 2, refusal
    for example in examples:
        assert example == rules.notation_in(example, "nl")  # nothing English left to write in Dutch
        rules.parse_move(state, seat, example)


def test_cards_in_dutch_sentences_are_named_as_the_dutch_rules_name_them():
    rules = get_rules("alta")
    state = rules.setup(2, 3)
    transition = rules.apply(state, 0, rules.legal_moves(state, 0)[0])
    placed = transition.events[0]
    with translation.override("nl"):
        line = event_text("alta", placed)
    card = placed.data["card"]
    with translation.override("nl"):
        name = term("alta", card)
    assert line == f"Seat 1 legde {name} uit de hand op {placed.data['cell']}."
    assert name.lower() == DUTCH[card]


@pytest.mark.django_db
def test_a_dutch_player_is_refused_in_dutch_and_reads_the_history_in_dutch(alice, bob, now):
    match = start_match(alice, bob, now=now)
    rules = get_rules("alta")
    state = rules.load(match.state)
    index = min(rules.to_move(state))
    mover = match.seats.get(index=index).user
    with translation.override("nl"), pytest.raises(services.MoveRejected) as refused:
        services.move_submit(
            match_id=match.pk, user=mover, ply=match.ply, text="toren Z9", source=MoveRecord.Source.WEB, now=now
        )
    assert refused.value.message == "Er is geen vak 'Z9'; de vakken zijn A1 tot G7."
    text = rules.format_move(state, index, rules.legal_moves(state, index)[0])
    services.move_submit(match_id=match.pk, user=mover, ply=match.ply, text=text, source=MoveRecord.Source.WEB, now=now)
    match.refresh_from_db()
    with translation.override("nl"):
        (entry,) = selectors.match_history(match, None)
    assert entry["events"] == [f"{mover.display_name} legde " + entry["events"][0].split(" legde ", 1)[1]]
    assert " from their hand" not in entry["events"][0]
    with translation.override("en"):
        (entry,) = selectors.match_history(match, None)
    assert entry["events"][0].startswith(f"{mover.display_name} placed ")


@pytest.mark.django_db
def test_a_ladder_named_by_the_site_reads_in_the_readers_language():
    from ratings.models import Ladder

    made = Ladder.objects.create(game="alta", players=2)
    named = Ladder.objects.create(game="alta", players=3, name="Harbour")
    with translation.override("nl"):
        assert made.title == "Alta, 2 spelers"
        assert named.title == "Harbour"
    assert made.title == "Alta, 2 players"


def test_dutch_refusals_name_alpaca_tiles_in_dutch_and_say_when_atlantis_has_no_tile():
    """ "green/blue-red zit niet in je hand" and "(jouw waarden: none)"."""
    from games.rules.alpaca.moves import Place
    from games.rules.alpaca.testing import position as alpaca_position
    from games.rules.alpaca.testing import tile
    from games.rules.atlantis.testing import build

    alpaca = get_rules("alpaca")
    state = alpaca_position(colours="red blue", table="0,0 rbg 0", hands=["ryb rpy", "byp"])
    with pytest.raises(EngineError) as absent:
        alpaca.apply(state, 0, Place(tile("rgp"), 1, 0, 0))
    atlantis = get_rules("atlantis")
    with pytest.raises(EngineError) as unsold:
        atlantis.apply_text(build("bl3 . gy4", hands=["gy"], tiles=[]), 0, "sell 4")
    with translation.override("nl"):
        absent_text, unsold_text = error_text("alpaca", absent.value), error_text("atlantis", unsold.value)
    assert "rood/groen-paars" in absent_text and "red" not in absent_text, absent_text
    assert unsold_text == "Je hebt geen tegels om te verkopen."


def test_atlantis_refusals_read_wholly_in_dutch():
    """No "Verwacht werd a water position (bridge 27)", "You have only 3
    cards to pay with", "geen pion on 2" or "zonder tile 1" in Dutch."""
    from games.rules.atlantis.board import ATLANTIS
    from games.rules.atlantis.moves import Go, Pay
    from games.rules.atlantis.state import PAWNS
    from games.rules.atlantis.testing import build, toll_state

    atlantis = get_rules("atlantis")
    road = build("bl3 ye2 pk4", hands=["pk"])
    arrived = build("bl3 ye2 pk4", hands=["pk"], mainland={0: PAWNS})
    toll = toll_state("bl bl pk pk", "wh5 ye2 gn1", gaps=1, value=3)
    refusals = {}
    for state, move in [(road, "sell"), (road, "bridge here"), (road, Go(2, (5,))), (arrived, Go(ATLANTIS, (5,)))]:
        with pytest.raises(EngineError) as refused:
            atlantis.apply_text(state, 0, move) if isinstance(move, str) else atlantis.apply(state, 0, move)
        refusals[str(move)] = refused.value
    for move in ["pay 99 cards", Pay((5, 2, 1), ()), Pay((2, 1), (0,))]:
        with pytest.raises(EngineError) as refused:
            atlantis.apply_text(toll, 0, move) if isinstance(move, str) else atlantis.apply(toll, 0, move)
        refusals[str(move)] = refused.value
    with translation.override("nl"):
        dutch = [error_text("atlantis", error).split(" Je keuzes nu")[0] for error in refusals.values()]
    assert dutch == [
        "Verwacht werd de waarde van de tegel die je verkoopt (verkoop 4).",
        "Verwacht werd een waterpositie (brug 27) als getal, niet 'here'.",
        "Je hebt geen pion op 2; je pionnen staan op A.",
        "Je hebt geen pion op Atlantis.",
        "Je hebt maar 4 kaarten om mee te betalen, niet 99.",
        "De tol is 3 en er wordt niet teruggegeven: betaal zonder wat de tol niet nodig heeft (hiermee betaal je 8; "
        "zonder tegel 1 nog steeds 7).",
        "De tol is 3 en er wordt niet teruggegeven: betaal zonder wat de tol niet nodig heeft (hiermee betaal je 4; "
        "zonder een kaart nog steeds 3).",
    ]


def test_an_alta_cards_english_name_in_the_engine_is_the_one_the_site_shows():
    """A refusal names cards by their English names in the engine's own
    text, which an English reader gets as it is: the two lists agree."""

    said = message("%(card)s?", card=Term("farmers_hut", english=ENGLISH["farmers_hut"]))
    assert said.english() == "Farmer's hut?" and Message.load(said.dump()) == said
    with translation.override("en"):
        assert {slug: term("alta", slug) for slug in ENGLISH} == ENGLISH
        assert translate("alta", said) == said.english()
    with translation.override("nl"):
        assert translate("alta", said) == "Huisje?"  # it opens the sentence


def test_a_dutch_alhambra_player_placing_reads_the_pending_buildings_in_good_dutch():
    """ "Welk gebouw om te plaatsen: …?" and "Gebouwen om te plaatsen: …",
    not "Gebouwen dat op plaatsing wacht" (a singular clause after a plural)."""
    from games.rules.alhambra.moves import Buy
    from games.rules.alhambra.testing import cards, position, seat

    rules = get_rules("alhambra")
    state = position([seat(hand="denar 8 dirham 4 9"), seat()], market=("pav8", "gar10N", "arc9", "cha10"))
    state = rules.apply(state, 0, Buy(0, cards("denar 8"))).state
    state = rules.apply(state, 0, Buy(1, cards("dirham 4 9"))).state
    with translation.override("nl"):
        said = []
        for text in ("reserveer", "plaats kamer op N1"):
            with pytest.raises(EngineError) as refused:
                rules.parse_move(state, 0, text)
            said.append(error_text("alhambra", refused.value))
    assert any("om te plaatsen" in line for line in said), said
    assert not any("dat op plaatsing wacht" in line for line in said), said


#: An engine slug ("farmers_hut"), which no refusal may show a reader.
SLUG = re.compile(r"\b[a-z]+_[a-z]+\b")


def _alta_refusals() -> list[tuple[EngineError, list[str]]]:
    """Bad Alta inputs, each refused, with the cards the refusal must name."""
    from games.rules.alta.moves import PlaceHand
    from games.rules.alta.state import HAND_MERCHANT, TAKE
    from games.rules.alta.testing import island, position

    alta = get_rules("alta")
    small = {0: island(". . . .", ". MIL WHE .")}  # D3 is open
    hand = position(islands=small, hands={0: ["fishing_harbour", "farmers_hut"]}, face_up=("wheat_field", "farmer"))
    take = position(islands=small, hands={0: ["tower"]}, face_up=("wheat_field", "farmers_hut"), step=TAKE)
    merchant = position(islands=small, merchant_up=("farmers_hut", "wheat_field"), step=HAND_MERCHANT)
    both = ["wheat_field", "farmers_hut"]
    cases = [
        (hand, "fa D3", ["farmer", "farmers_hut"]),  # an ambiguous prefix
        (hand, "castle D3", list(ENGLISH)),  # no card at all
        (hand, "D3", ["fishing_harbour", "farmers_hut"]),  # which card?
        (hand, "mill D3", ["mill", "fishing_harbour", "farmers_hut"]),  # not in the hand
        (hand, PlaceHand("wheat_field", "D3"), ["wheat_field", "fishing_harbour", "farmers_hut"]),  # face up
        (take, "take fishing harbour D3", ["fishing_harbour", *both]),  # not face up
        (take, "take 1 hut D3", both),  # not in that slot
        (take, "take 1 2 D3", both),
        (take, "take D3", both),
        (take, "refresh", both),  # two different cards
        (merchant, "merchant", both),  # the face-up merchant card
    ]
    refusals = []
    for state, move, cards in cases:
        with pytest.raises(EngineError) as refused:
            alta.apply_text(state, 0, move) if isinstance(move, str) else alta.apply(state, 0, move)
        refusals.append((refused.value, cards))
    return refusals


@pytest.mark.parametrize("language", ["en", "nl"])
def test_alta_refusals_name_cards_as_the_board_does_never_by_slug(language):
    """ "'fa' could be farmer or farmer's hut", "Je hebt geen molen in je
    hand; je hebt vissteiger en huisje": the names on the reader's board
    (as words of the sentence, lower case first), never "farmers_hut"; in
    English the engine's own text says the same."""
    from games.boards.alta.common import card_name

    for error, cards in _alta_refusals():
        with translation.override(language):
            said = error_text("alta", error)
            names = [card_name(slug) for slug in cards]
        assert not SLUG.search(said), said
        assert all(name.lower() in said.lower() for name in names), (said, names)
        if language == "en":
            assert said == str(error)


#: English words no Dutch sentence has (outside the reader's own quoted text).
ENGLISH_WORDS = re.compile(r"\b(or|and|the|your|you|give|with|not|building|tile|card)\b")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|„[^”]*”")
BAD_TEXTS = ("xyzzy", "99", "take 99", "pay 99", "buy 9", "place 9", "sell 99", "bridge 99", "pass", "done", "7 7 7")


def _spoilt(texts) -> list[str]:
    """Legal moves made wrong: each number 99 or 1, the last word left out."""
    spoilt = []
    for text in texts:
        spoilt += [re.sub(r"\d+", "99", text), re.sub(r"\d+", "1", text), text.rsplit(" ", 1)[0]]
    return spoilt


@pytest.mark.parametrize("game", ["alhambra", "atlantis", "alpaca"])
def test_refusals_of_the_other_games_name_no_slug_and_read_wholly_in_dutch(game):
    """Bad inputs all through a game: no engine slug or internal name
    reaches a reader, and a Dutch reader gets no English words (Alhambra's
    "'reserve <gebouw>' or 'give <building> to Dirk'")."""
    rules = get_rules(game)
    state = rules.setup(2, 5)
    refusals = []
    for _ in range(60):
        if rules.is_finished(state):
            break
        seat = min(rules.to_move(state))
        legal = [rules.format_move(state, seat, move) for move in rules.legal_moves(state, seat)[:3]]
        for text in [*BAD_TEXTS, *_spoilt(legal)]:
            try:
                rules.apply_text(state, seat, text)
            except EngineError as error:
                refusals.append(error)
        state = rules.apply(state, seat, rules.default_move(state, seat)).state
    assert len({error.message.template for error in refusals}) >= 5
    for error in refusals:
        with translation.override("nl"):
            dutch = error_text(game, error)
        with translation.override("en"):
            english = error_text(game, error)
        assert not SLUG.search(english) and not SLUG.search(str(error)), english
        assert not SLUG.search(dutch) and not ENGLISH_WORDS.search(QUOTED.sub("", dutch)), dutch


def test_a_dutch_alhambra_player_is_told_to_give_a_building_to_dirk_in_dutch():
    from games.rules.alhambra.moves import Buy, Done
    from games.rules.alhambra.testing import cards, position, seat

    alhambra = get_rules("alhambra")
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    assert state.dirk is not None  # two players: Dirk plays along
    state = alhambra.apply(state, 0, Buy(1, cards("dirham 9"))).state
    with pytest.raises(EngineError) as refused:
        alhambra.apply(state, 0, Done())
    with translation.override("nl"):
        dutch = error_text("alhambra", refused.value)
    assert dutch == (
        "Plaats eerst je nieuwe gebouw: 'plaats <gebouw> op <vak>', 'reserve <gebouw>' of 'geef <gebouw> aan Dirk'."
    )
