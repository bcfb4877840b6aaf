"""The help players read (HELP.md, HELP.nl.md) says what the rules file
says, decisions included, in both languages."""

import re

import pytest

from games.engine import EngineError, get_rules
from games.rules.alta.notation import card_type
from games.rules.alta.state import HAND, HAND_MERCHANT, TAKE
from games.rules.alta.testing import island, position
from tests.engine.playing import plays_somewhere

RULES = get_rules("alta")

#: Per language: what the help must say, one phrase per rule or decision
#: (whitespace as the reader sees it after rewrapping).
PHRASES = {
    "en": [
        # A turn: steps 1 and 3, a refresh, a merchant choice per market.
        "A turn has up to five parts",
        # D: the seat order, and so the start player, is drawn from the seed.
        "The seat order, and so who starts, is drawn at random",
        "The game ends after 8 rounds",
        # Refreshed cards never come back.
        "both go out of the game for good",
        # The face-up merchant card is refilled from the merchant deck.
        "the top of the merchant deck then takes its place",
        # Wheat field table from 0 neighbours.
        "0→0, 1→1, 2→3, 3→5, 4→8",
        "an inland harbour scores 0 but counts for its neighbours",
        "at most one tower per row and one per column count (at most +6)",
        "most fishing harbours anywhere on the island",
        "how many merchant cards each player holds",
        # D: a refresh only while the deck holds the new pair and every draw.
        "only while the deck still holds the 2 new face-up cards plus every draw the players still have to make",
        # D: no draw after a player's 8th turn.
        "you draw 2 new cards (not after your 8th turn)",
        # D: the island's box never exceeds 4 x 4.
        "The island may never be more than 4 cards wide or 4 high.",
        # D: a market scores 0.
        "| market | 0 (you get a merchant card instead) |",
        # D: the merchant cards, and the best pairing for the owner.
        "farmer's hut + wheat field, wheat field + mill, mill + settlement, settlement + fishing harbour, "
        "fishing harbour + tavern, tavern + market, market + farmer, farmer + tower, tower + farmer's hut",
        "(the best pairing for you is used)",
        # Components and setup.
        "Alta is for 2 to 4 players.",
        "There are 81 island cards, 9 of each of the nine types",
        "You start with 2 hand cards that only you see; the top 2 cards of the shuffled deck lie face up, "
        "and so does the top merchant card",
    ],
    "nl": [
        "Een beurt heeft tot vijf delen",
        "De zitvolgorde, en dus wie begint, wordt bij het begin willekeurig geloot",
        "Het spel eindigt na 8 ronden",
        "gaan allebei voorgoed uit het spel",
        "de bovenste kaart van de koopmanstapel komt er dan open voor in de plaats",
        "0→0, 1→1, 2→3, 3→5, 4→8",
        "een vissteiger binnen het eiland scoort 0 maar telt wel mee voor de kaarten ernaast",
        "hoogstens één toren per rij en één per kolom telt mee (hoogstens +6)",
        "de meeste vissteigers ergens op het eiland",
        "hoeveel koopmankaarten iedere speler heeft",
        "alleen zolang de stapel nog de 2 nieuwe open kaarten plus elke kaart die de spelers nog moeten trekken bevat",
        "je trekt 2 nieuwe kaarten (niet na je 8e beurt)",
        "Het eiland wordt nooit breder dan 4 of hoger dan 4 kaarten.",
        "| markt | 0 (je krijgt er een koopmankaart voor) |",
        "huisje + akker, akker + molen, molen + dorp, dorp + vissteiger, vissteiger + herberg, herberg + markt, "
        "markt + boer, boer + toren, toren + huisje",
        "(de beste indeling voor jou telt)",
        "Alta is voor 2 tot 4 spelers.",
        "Er zijn 81 eilandkaarten, 9 van elk van de negen soorten",
        "Je begint met 2 handkaarten die alleen jij ziet; de bovenste 2 kaarten van de geschudde stapel liggen "
        "open, en zo ook de bovenste koopmankaart",
    ],
}


@pytest.mark.parametrize("language", sorted(PHRASES))
def test_the_help_says_every_rule_and_decision_of_the_rules_file(language):
    text = " ".join(RULES.help_text(language).split())
    missing = [phrase for phrase in PHRASES[language] if phrase not in text]
    assert missing == []


@pytest.mark.parametrize("language", sorted(PHRASES))
def test_the_help_does_not_say_a_turn_has_at_most_four_parts(language):
    """Two markets in one turn make five parts: hand card, merchant,
    refresh, face-up card, merchant."""
    text = " ".join(RULES.help_text(language).split())
    assert "up to four parts" not in text and "tot vier delen" not in text


# ------------------------------------------------- the help's examples

#: The heading of the section that teaches the notation, per language.
WRITING = {"en": "## Writing a turn", "nl": "## Een beurt schrijven"}
#: Spans of that section that name a word of a move, not a move.
WORDS = {";", "take", "neem"}
_FENCED = re.compile(r"```\n(.*?)```", re.S)


def _writing_section(language):
    text = RULES.help_text(language)
    return text.split(WRITING[language], 1)[1].split("\n## ", 1)[0]


def _positions():
    """Positions a help example may be written in: step 1, step 3 (two
    different face-up cards, or two mills that may be refreshed) and the
    merchant choice, on an island of one card (D4) or of two (C4 D4: C3
    open)."""
    for cards in (("MIL",), ("WHE", "MIL")):
        top_left = "D4" if len(cards) == 1 else "C4"
        islands = {0: island(" ".join(cards), top_left=top_left)}
        yield position(islands=islands, hands={0: ("mill", "wheat_field")}, face_up=("wheat_field", "mill"))
        yield position(islands=islands, hands={0: ("market", "tower")}, step=HAND)
        yield position(islands=islands, hands={0: ("tower",)}, face_up=("wheat_field", "mill"), step=TAKE)
        yield position(islands=islands, hands={0: ("tower",)}, face_up=("mill", "mill"), step=TAKE)
        yield position(islands=islands, hands={0: ("tower",)}, step=HAND_MERCHANT)


def _plays_somewhere(text):
    return plays_somewhere(RULES, _positions(), text)


def _is_card_or_cell(span):
    try:
        card_type(span)
    except EngineError:
        return _plays_somewhere(f"mill {span}")
    return True


@pytest.mark.parametrize("language", sorted(WRITING))
def test_every_example_of_the_help_is_a_move_the_engine_plays(language):
    """Each example the help quotes is played as written in a position it
    is meant for (card names and cells: as part of a move)."""
    section = _writing_section(language)
    spans = re.findall(r"`([^`\n]+)`", _FENCED.sub("", section))
    assert len(spans) > 40, spans
    refused = [
        span for span in spans if span not in WORDS and not _plays_somewhere(span) and not _is_card_or_cell(span)
    ]
    assert refused == []


@pytest.mark.parametrize("language", sorted(WRITING))
def test_the_whole_turns_of_the_help_are_played_in_one_message(language):
    examples = _FENCED.findall(_writing_section(language))
    assert len(examples) == 2
    start = position(islands={0: island("WHE MIL", top_left="C4")}, hands={0: ("market", "tower")})
    for example in examples:
        after = RULES.apply_text(start, 0, example).state
        assert (after.turn, after.step) == (1, HAND), example


@pytest.mark.parametrize(
    ("language", "fits", "named"),
    [("en", "refresh; take 2 at D3", "take mill D3"), ("nl", "ververs; neem 2 op D3", "neem molen D3")],
)
def test_after_a_refresh_the_help_s_move_fits_and_the_named_card_plays_only_if_it_comes_up(language, fits, named):
    """The help: a move after a refresh in the same message is played when
    it fits the cards turned up (``take 2 at D3`` fits any); one naming a
    card is not played when that card did not come up, and the refresh
    stands."""
    text = " ".join(RULES.help_text(language).split())
    assert f"`{fits}`" in text and f"`{named}`" in text

    def after_refresh(top: list[str]):
        return position(
            islands={0: island("MIL", top_left="D4")},
            hands={0: ("tower",)},
            face_up=("mill", "mill"),
            deck=["farmer"] * 30 + top,
            step=TAKE,
        )

    assert RULES.apply_text(after_refresh(["tower", "tower"]), 0, fits).state.turn == 1
    refresh = fits.split(";")[0]
    before = after_refresh(["tower", "tower"])
    missed = RULES.apply_text_moves(before, 0, f"{refresh}; {named}")
    assert missed.unplayed.moves == (named,)
    # The refresh stands (new cards up) and the turn goes on.
    assert missed.transition.state.turn == 0 and missed.transition.state.face_up != before.face_up
    came_up = RULES.apply_text_moves(after_refresh(["mill", "mill"]), 0, f"{refresh}; {named}")
    assert came_up.unplayed is None and came_up.transition.state.turn == 1
