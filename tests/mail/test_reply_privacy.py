"""A reply tells its writer nothing they cannot see, and nothing of theirs
reaches the other players as chat: quoted mail without ">" is not chat,
mail apps' lines are not chat, and after a move that turns up cards the
later lines are answered the same whatever those cards are."""

from __future__ import annotations

import pytest

from games.engine import EngineError, get_rules
from games.engine.blind import REFUSAL
from games.rules.alta.testing import island, position
from mail.reply_cleaning import clean_reply
from mail.reply_text import read_reply

ALTA = get_rules("alta")
SMALL = island(". . . .", ". MIL WHE .")


def refreshable(top: list[str]):
    """Seat 0 holds a wheat field and a tower, both face-up cards are huts
    (a refresh is allowed); ``top`` are the deck's last cards (the top last)."""
    return position(
        islands={0: SMALL}, hands={0: ["wheat", "tower"]}, face_up=("hut", "hut"), deck=["farmer"] * 30 + top
    )


def answer(state, text: str) -> str:
    try:
        reply = read_reply(ALTA, state, 0, text)
    except EngineError as error:
        return str(error)
    return f"moves {reply.moves}; message {reply.message!r}"


def test_a_quote_without_markers_under_its_header_is_not_read_as_chat():
    quoted = "IT IS YOUR MOVE\nYour hand: Farmer's hut, Wheat field\n1. take 1 D3"
    body = f"1\n\nOn Mon, 5 Jan 2026 at 09:00, Alta <games@alta.example> wrote:\n{quoted}\n"
    assert clean_reply(body) == "1"


def test_a_dutch_quote_header_wrapped_after_its_verb_is_removed():
    header = "Op ma 5 jan 2026 om 10:00 schreef Alta <\nalta@localhost>:"
    body = f"farmer D4\n\n{header}\n\n> IT IS YOUR MOVE\n> HOW TO REPLY\n"
    assert clean_reply(body) == "farmer D4"


def test_words_below_a_marked_quote_are_still_the_reply():
    body = "On Mon, 5 Jan 2026 at 09:00, Alta <games@alta.example> wrote:\n> IT IS YOUR MOVE\n\nfarmer D4\nnice game"
    assert clean_reply(body) == "farmer D4\nnice game"


@pytest.mark.parametrize(
    "line",
    [
        "Get Outlook for iOS<https://aka.ms/o0ukef>",
        "Download Outlook voor Android",
        "Verzonden met Outlook voor Android",
        "Sent from Yahoo Mail on Android",
        "Sent from Mail for Windows",
        "Verzonden vanuit Mail voor Windows",
        "Sent with Proton Mail secure email.",
        "Verstuurd vanaf mijn iPad",
    ],
)
def test_a_mail_apps_line_is_not_chat(line):
    assert clean_reply(f"A\n\n{line}\n") == "A"


def test_after_a_refresh_a_move_that_fits_whatever_it_turns_up_is_played():
    # Card 2 after the refresh is a market here; "take 2 at D3" fits any card.
    reply = read_reply(ALTA, refreshable(["market", "mill"]), 0, "wheat C4\nrefresh\ntake 2 at D3\nGood luck!")
    assert reply.moves == ["wheat C4", "refresh", "take 2 at D3"]
    assert reply.message == "Good luck!"


@pytest.mark.parametrize(
    "later",
    [
        "take 2 at D3\nmerchant blind",  # fits only if card 2 is a market
        "take mill D3",  # names a card the player has not seen
        "take 2 at D3; take 1 at C3",  # the turn is over, unless card 2 is a market
        "2",  # an option of a list the player has not seen
    ],
)
def test_after_a_refresh_every_other_line_gets_one_answer_whatever_it_turns_up(later):
    answers = {
        answer(refreshable(top), f"wheat C4\nrefresh\n{later}")
        for top in (["market", "mill"], ["mill", "market"], ["tower", "tower"], ["farmer", "mill"])
    }
    assert answers == {REFUSAL}


def _after_a_sale(seed: int, numbers):
    """``(positions, message)``: an Atlantis position where selling a tile
    draws a card, the positions its mover cannot tell from it, and each
    message "that sale; a number" (an option of the list after the draw, or
    a whole turn's letter)."""
    from tests.engine.playing import random_playthrough

    rules = get_rules("atlantis")
    for step in random_playthrough(rules, 2, seed):
        state, seat = step.state, step.seat
        sales = [text for text, _move in rules.move_options(state, seat) if text.startswith("sell")]
        if not sales:
            continue
        positions = [state, *(rules.randomize_hidden(state, seat, other) for other in (101, 102, 103, 104))]
        for number in numbers:
            yield positions, seat, f"{sales[0]}; {number}"


def test_an_option_number_after_a_sale_gets_one_answer_whatever_the_card_drawn():
    """A reply "sell 2; 4" by mail: option 4 of a list that depends on the
    card the sale draws.  Played or refused must not tell that card (the
    player could then send another reply, knowing the top of the pile)."""
    _one_answer_each(_after_a_sale(seed=1, numbers=range(1, 20, 3)), 150)


def _atlantis_said(state, seat: int, text: str) -> str:
    """What the intake makes of an Atlantis reply: its moves, or its refusal."""
    try:
        return f"moves {read_reply(get_rules('atlantis'), state, seat, text).moves}"
    except EngineError as error:
        return str(error)


def _one_answer_each(messages, count: int) -> None:
    """The first ``count`` messages each get one answer in all their positions."""
    checked = 0
    for positions, seat, message in messages:
        answers = {_atlantis_said(position, seat, message) for position in positions}
        assert len(answers) == 1, (message, answers)
        checked += 1
        if checked == count:
            break
    assert checked == count


def test_a_turn_letter_after_a_sale_gets_one_answer_whatever_the_card_drawn():
    """A reply "sell 2; C": the whole turn C of a list worked out from the
    position after the draw, which the player has not seen."""
    _one_answer_each(_after_a_sale(seed=1, numbers="ACEG"), 40)


@pytest.mark.parametrize(
    "header",
    [
        "Il giorno lun 5 gen 2026 alle ore 09:00 Alta <games@alta.example> ha scritto:",
        "Il 05/01/26 09:00, Alta ha scritto:",
        "Il giorno lun 5 gen 2026 alle ore 09:00 Alta <\ngames@alta.example> ha scritto:",
    ],
)
def test_an_italian_quote_header_is_not_chat(header):
    # Italian is one of the site's languages (Alpaca's players): their mail
    # app's header must not reach the others as chat, nor the quote below it.
    assert clean_reply(f"1\nbuona partita\n\n{header}\n\n> TOCCA A TE\n> 1. #1 at 0,1\n") == "1\nbuona partita"
    assert clean_reply(f"1\nbuona partita\n\n{header}\n\nTOCCA A TE\nLa tua mano: X\n") == "1\nbuona partita"


def test_an_italian_outlook_header_ends_the_reply():
    body = "1\nbuona partita\n\nDa: Alta <games@alta.example>\nInviato: lunedì 5 gennaio 2026 09:00\nA: Bob\n"
    body += "Oggetto: Alpaca #1: tocca a te\n\nLa tua mano: X\n"
    assert clean_reply(body) == "1\nbuona partita"
    assert clean_reply("1\nciao\n\n-----Messaggio originale-----\nLa tua mano: X\n") == "1\nciao"


@pytest.mark.parametrize(
    "header",
    [
        # German and French Outlook: the player's own address stands in them.
        "Von: Bob <bob@example.de>\nGesendet: Montag, 5. Januar 2026 09:00\nAn: Alta <games@alta.example>\n"
        "Betreff: AW: Alta #1: your move",
        "De : Bob <bob@example.fr>\nEnvoyé : lundi 5 janvier 2026 09:00\nÀ : Alta <games@alta.example>\n"
        "Objet : RE: Alta #1: your move",
        "-----Ursprüngliche Nachricht-----",
        "-----Message d'origine-----",
        "---------- Weitergeleitete Nachricht ---------",
        "---------- Message transféré ---------",
        "Anfang der weitergeleiteten Nachricht:",
        "Début du message réexpédié :",
    ],
)
def test_a_german_or_french_mail_apps_quote_header_ends_the_reply(header):
    """A club member on a German or French mail app: its quote header (with
    their own address) and the turn mail below it never reach the others as chat."""
    assert clean_reply(f"1\ngood luck\n\n{header}\n\nYour hand: mill, tower\n") == "1\ngood luck"


@pytest.mark.parametrize("line", ["De zet is goed: 2", "Von mir aus: 2", "Van harte: ok"])
def test_words_that_only_look_like_a_quote_header_stay(line):
    assert clean_reply(f"1\n{line}\n") == f"1\n{line}"
