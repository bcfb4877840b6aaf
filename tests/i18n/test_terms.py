"""The game-terms catalogue names every card, tile, building, currency and
colour of the engines, and Dutch reads as the Dutch rule texts do."""

from django.utils import translation

from games import terms
from games.rules.alhambra.components import CURRENCIES
from games.rules.alhambra.components import TYPES as BUILDINGS
from games.rules.alpaca.state import COLOURS as ALPACA_COLOURS
from games.rules.alta.components import DUTCH
from games.rules.alta.components import TYPES as ALTA_CARDS
from games.rules.atlantis.state import COLOURS as ATLANTIS_COLOURS


def test_every_engine_slug_has_a_term():
    assert set(terms.ALTA_CARDS) == set(ALTA_CARDS)
    assert set(terms.ALHAMBRA_BUILDINGS) == set(BUILDINGS)
    assert set(terms.ALHAMBRA_CURRENCIES) == set(CURRENCIES)
    assert set(terms.ATLANTIS_COLOURS) == set(ATLANTIS_COLOURS)
    assert set(terms.ALPACA_COLOURS) == set(ALPACA_COLOURS)


def test_alta_cards_in_dutch_are_the_rule_texts_names():
    with translation.override("nl"):
        # Lower case, as the rule text writes them in a sentence ("leg een akker").
        assert {slug: terms.term("alta", slug) for slug in ALTA_CARDS} == DUTCH
        assert terms.term("alta", "merchant") == "koopman"
        assert terms.term("atlantis", "pink") == "roze"


def test_english_keeps_the_engines_names_and_unknown_slugs_read_as_is():
    with translation.override("en"):
        assert terms.term("alta", "fishing_harbour") == "Fishing harbour"
        assert terms.term("alhambra", "ducat") == "ducat"
        assert terms.term("alta", "dragon") == "dragon"


def test_remembered_words_follow_each_language_switch():
    """Terms and phrases are remembered per language: switching back and
    forth, and reading with no language at all, each get their own words."""
    for language, card, phrase in [("nl", "akker", "Je eiland"), ("en", "Wheat field", "Your island")] * 2:
        with translation.override(language):
            assert terms.term("alta", "wheat_field") == card
            assert terms.gettext("Your island") == phrase
            assert terms.ngettext("%(count)s card", "%(count)s cards", 1) == translation.ngettext(
                "%(count)s card", "%(count)s cards", 1
            )
    with translation.override(None):
        assert terms.term("alta", "wheat_field") == "Wheat field"
        assert terms.gettext("Your island") == "Your island"
