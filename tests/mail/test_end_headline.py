"""The end mail's subject and headline name the winners with a verb that
agrees with them: one winner "heeft gewonnen", a shared victory "hebben
gewonnen" (rules: ties share the victory)."""

from django.utils import translation

from mail.lifecycle_mail import end_headline


def test_a_shared_victory_reads_as_plural_in_dutch():
    with translation.override("nl"):
        assert end_headline(["Bram", "Anna"]) == "de partij is afgelopen: Bram en Anna hebben gewonnen"
        assert end_headline(["Cor"]) == "de partij is afgelopen: Cor heeft gewonnen"
        assert end_headline([]) == "de partij is afgelopen"


def test_the_english_headline_names_every_winner():
    with translation.override("en"):
        assert end_headline(["Bram", "Anna", "Cor"]) == "the game is over: Bram, Anna and Cor won"
        assert end_headline(["Cor"]) == "the game is over: Cor won"


def test_a_winner_reads_that_they_won_not_their_own_name():
    with translation.override("en"):
        assert end_headline([], you=True) == "the game is over: you won"
        assert end_headline(["Anna", "Cor"], you=True) == "the game is over: you share the win with Anna and Cor"
    with translation.override("nl"):
        assert end_headline([], you=True) == "de partij is afgelopen: je hebt gewonnen"
        assert end_headline(["Anna"], you=True) == "de partij is afgelopen: je deelt de overwinning met Anna"
