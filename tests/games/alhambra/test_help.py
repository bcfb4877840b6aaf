"""The help players read (HELP.md, HELP.nl.md): every move it shows is one
the engine plays in a position it is meant for, in both languages."""

import re

import pytest

from games.engine import get_rules
from games.rules.alhambra.moves import Buy
from games.rules.alhambra.testing import position, seat
from tests.engine.playing import plays_somewhere

RULES = get_rules("alhambra")

#: The heading of the section that shows the moves, per language.
MOVES = {"en": "## Your moves", "nl": "## Je zetten"}
#: An example line: indented by four, a note after two or more spaces.
_LINE = re.compile(r"^ {4}(\S.*?)(?:\s{2,}\(.*\))?$", re.M)
_SPAN = re.compile(r"`([^`\n]+)`")
#: Spans of that section that are parts of a payment (the payment rule's
#: examples, tested on their own below), not moves.
PAYMENTS = {"9+3", "9", "5+4", "5+3"}

#: An Alhambra with a building on every side the examples name: N1E1 and
#: E1 (so N1E2 touches it), a removable one at N1E2 and one at W1.
_BUILT = ".    .  arc9  cha10\nser9 F  pav8  .    "
_PLACED = ".  arc9 .\nF  pav8 ."
_MARKET = ("pav8", "gar8NE", "arc10", "tow12")


def _positions():
    """Positions a help example may be written in: taking money (one 7 on
    display), buying (exactly or not), an extra action, placing one
    bought building or several of one type, and redesigning."""
    display = "denar 7, dirham 2, ducat 1, florin 3"
    yield position([seat(hand="dirham 3 5"), seat()], market=_MARKET, display=display)
    yield position([seat(hand="dirham 9"), seat()], market=_MARKET, display=display)
    yield position([seat(), seat()], market=_MARKET, display=display, extra=True)
    yield position([seat(_PLACED, pending=("gar8NE",)), seat()], market=_MARKET, phase="place")
    several = ("gar8NE", "gar8NW", "gar8SW", "tow11N", "tow11-")
    yield position([seat(_PLACED, pending=several), seat()], market=_MARKET, phase="place")
    yield position([seat(_BUILT, reserve=("tow9ES", "gar8SW")), seat()], market=_MARKET, display=display)


def _plays_somewhere(text):
    return plays_somewhere(RULES, _positions(), text)


def _moves_section(language):
    return RULES.help_text(language).split(MOVES[language], 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("language", sorted(MOVES))
def test_every_move_the_help_shows_is_played_as_written(language):
    """A player copies an example into a position it fits: it is played,
    not refused (a building with a north wall never fits at S1, the cell
    under the fountain, whose sides are all open)."""
    section = _moves_section(language)
    examples = _LINE.findall(section) + [s for s in _SPAN.findall(section) if s not in PAYMENTS]
    assert len(examples) > 15, examples
    refused = [example for example in examples if not _plays_somewhere(example)]
    assert refused == []


@pytest.mark.parametrize(("language", "holding"), [("en", "holding 9, 5 and"), ("nl", "met 9, 5 en")])
def test_the_payment_examples_of_the_help_are_the_legal_payments(language, holding):
    """For a price of 8: 9+3 never; holding 9, 5 and 4: 9 alone or 5+4;
    holding 9, 5 and 3: only 5+3."""
    text = " ".join(RULES.help_text(language).split())
    assert all(f"`{payment}`" in text for payment in PAYMENTS) and holding in text

    def legal(hand):
        state = position([seat(hand=f"dirham {hand}"), seat()], market=_MARKET)
        buys = [m for m in RULES.legal_moves(state, 0) if isinstance(m, Buy) and m.slot == 1]
        return {tuple(sorted(c % 10 for c in m.cards)) for m in buys}

    assert legal("9 5 4") == {(9,), (4, 5)}
    assert legal("9 5 3") == {(3, 5)}
    assert (3, 9) not in legal("9 3")


#: Per language: one phrase per decision (D) of the rules file, and the
#: currency of each market slot (whitespace as the reader sees it).
DECISIONS = {
    "en": [
        "slot 1 denar, slot 2 dirham, slot 3 ducat, slot 4 florin",
        # D: every card of a payment must be needed; the reply names the card.
        "if you could leave a card out and still cover the price, the payment is refused",
        "the reply names that card",
        "you pay more than the price only when they cannot",
        # D: the start player among equal hands is drawn.
        "then the lowest total (then chance)",
        # D: no holes.
        "no empty space may be enclosed (no holes)",
        # D: the longest wall is a trail; a closed ring counts every segment.
        "a wall may turn corners, and a closed ring counts every segment",
        # D: 'done' when no action is possible.
        "It also ends your turn when no action is possible at all.",
        # D: the end: last tiles into the slots, no display refill.
        "the last buildings of the bag still go into the empty slots",
        "the money display is not refilled any more (so a scoring card not yet turned up never scores)",
        # D: a tie for most money, or nobody holding it: to nobody.
        "(on a tie, or if nobody holds that currency: to nobody)",
        # D: the hands are revealed with the score breakdown.
        "Every money hand is then shown with the score breakdown.",
        # D: Dirk's score is shown; he is not ranked.
        "his points are shown, he is not ranked",
    ],
    "nl": [
        "vak 1 denar, vak 2 dirham, vak 3 dukaat, vak 4 gulden",
        "kun je een kaart weglaten en dan nog steeds de prijs betalen, dan wordt de betaling niet geaccepteerd",
        "het antwoord noemt die kaart",
        "je betaalt alleen meer dan de prijs als dat niet kan",
        "dan het laagste totaal (dan het toeval)",
        "er mag geen leeg vak worden ingesloten (geen gaten)",
        "een muur mag een hoek om, en een gesloten ring telt elk stuk",
        "Het beëindigt ook je beurt als er helemaal geen actie mogelijk is.",
        "gaan de laatste gebouwen uit de zak nog in de lege vakken",
        "het open geld wordt niet meer aangevuld (een waarderingskaart die nog niet verscheen, scoort dus nooit)",
        "(bij gelijkspel, of als niemand die munteenheid heeft: naar niemand)",
        "Daarna wordt ieders geld getoond met de opbouw van de score.",
        "zijn punten worden getoond, hij krijgt geen plaats in de uitslag",
    ],
}


@pytest.mark.parametrize("language", sorted(DECISIONS))
def test_the_help_says_every_decision_of_the_rules_file(language):
    text = " ".join(RULES.help_text(language).split())
    assert [phrase for phrase in DECISIONS[language] if phrase not in text] == []
