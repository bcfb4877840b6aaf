"""The position in the mail that ends an Alta game: headed as the final
position (not "Round 8 of 8", as if a round were under way), no cell
marked where a card may go and no legend for such marks, and the score
breakdown's "C3 2" never parted at a line break, in text and in HTML;
once over, the board is the islands alone (no face-up cards, decks, hand or
merchant counts: the reveal scores every player's merchant cards)."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import living_in, make_user

from .conftest import resigned_game
from .playing import html_of, play

pytestmark = pytest.mark.django_db

FINAL = {
    "en": ("Final position (all 8 rounds played)", "Round 8 of 8", "Cells"),
    "nl": ("Eindstelling (alle 8 ronden gespeeld)", "Ronde 8 van 8", "Vakken"),
}
#: What a board under way shows and a final one no longer does.
IN_PLAY_ONLY = {
    "en": ("Face-up cards:", "Deck:", "Your hand:", "Your merchant cards:", "Merchant cards held:"),
    "nl": ("Open kaarten:", "Stapel:", "Je hand:", "Je koopmankaarten:", "Koopmankaarten in bezit:"),
}
EARLY = {
    "en": ("Final position (the game ended in round 1 of 8)", "+ = a card may go here"),
    "nl": ("Eindstelling (de partij eindigde in ronde 1 van 8)", "+ = hier mag een kaart komen"),
}


def _end_mails(users) -> list:
    ends = [m for m in mail.outbox if "game is over" in m.subject or "partij is afgelopen" in m.subject]
    assert sorted(m.to[0] for m in ends) == sorted(u.email for u in users)
    return ends


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_end_mail_of_a_whole_game_shows_the_final_position_and_whole_cell_scores(
    language, now, django_capture_on_commit_callbacks
):
    users = [make_user(f"p{i}@example.com", f"P{i}") for i in range(3)]
    living_in(language, "Europe/Amsterdam", *users)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    mail.outbox.clear()
    play(match, now, django_capture_on_commit_callbacks)
    final, round_8, cells = FINAL[language]
    for end in _end_mails(users):
        html = html_of(end)
        assert final in end.body and final in html
        assert round_8 not in end.body and round_8 not in html
        block = end.body.split(f"  {cells}: ")[1:]
        assert len(block) == 3  # one per player
        for lines in (b.split("\n  ")[0] for b in block):
            for line in lines.split("\n"):
                assert not re.search(r"\b[A-D][1-4]$", line), lines  # "C3" with its points on the next line
        assert not re.search(r"\b[A-D][1-4] \d", html)  # joined by a no-break space in HTML
        assert len(re.findall(r"\b[A-D][1-4]\xa0\d+", html)) == 48
        for gone in IN_PLAY_ONLY[language]:
            assert gone not in end.body and gone not in html, gone
        assert ("Merchants:" if language == "en" else "Koopmankaarten:") in end.body  # the reveal


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_end_mail_of_a_resigned_game_marks_no_cell_where_a_card_may_go(
    language, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    mail.outbox.clear()
    resigned_game(alice, bob, now, django_capture_on_commit_callbacks)
    heading, legend = EARLY[language]
    for end in _end_mails([alice, bob]):
        html = html_of(end)
        assert heading in end.body and heading in html
        assert legend not in end.body
        board = end.body.split("-" * 70)[1]
        rows = [line for line in board.split("\n") if re.match(r"\s+\d ", line)]
        assert rows and not any("+" in row for row in rows), board
        assert ">+</td>" not in html
