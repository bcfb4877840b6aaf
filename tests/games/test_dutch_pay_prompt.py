"""Atlantis's toll prompt in Dutch asks to "maak een keuze", not the
tautological "kies een keuze"."""

from django.utils import translation

from games.engine.message import message
from games.i18n import translate

PROMPT = (
    "pay the toll of %(toll)s with tiles and/or cards: choose an "
    "option or write your own, such as 'pay 5 2 cards' or 'pay 5 blue pink'"
)


def test_the_dutch_toll_prompt_reads_naturally():
    with translation.override("nl"):
        said = translate("atlantis", message(PROMPT, toll=3))
    assert "kies een keuze" not in said
    assert "met tegels en/of kaarten: maak een keuze of schrijf er zelf een, zoals" in said, said
