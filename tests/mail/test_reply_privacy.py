"""A reply tells its writer nothing they cannot see, and nothing of theirs
reaches the other players as chat: quoted mail without ">" is not chat,
mail apps' lines are not chat, and after a move that turns up cards the
move stands whatever the later lines are: the player learns the cards by
playing, never by a refusal they could take back."""

from __future__ import annotations

import pytest

from games.engine import EngineError, get_rules
from games.engine.blind import UNSEEN_LIST, Blind
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
        # The forms a plain-text part gives, the link between the words:
        "Outlook voor iOS downloaden<https://aka.ms/o0ukef>",
        "Outlook voor Android downloaden<https://aka.ms/ghei36>",
        "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10",
        "Verzonden vanuit Mail<https://go.microsoft.com/fwlink/?LinkId=550986> voor Windows 10",
    ],
)
def test_a_mail_apps_line_is_not_chat(line):
    assert clean_reply(f"A\n\n{line}\n") == "A"


def test_after_a_refresh_a_move_that_fits_whatever_it_turns_up_is_played():
    # Card 2 after the refresh is a market here; "take 2 at D3" fits any card.
    reply = read_reply(ALTA, refreshable(["market", "mill"]), 0, "wheat C4\nrefresh\ntake 2 at D3\nGood luck!")
    assert reply.moves == ["wheat C4", "refresh", "take 2 at D3"]
    assert reply.message == "Good luck!"


#: Deck tops after which the refresh shows different cards.
TOPS = (["market", "mill"], ["mill", "market"], ["tower", "tower"], ["farmer", "mill"])


@pytest.mark.parametrize(
    "later",
    [
        "take 2 at D3\nmerchant blind",  # fits only if card 2 is a market
        "take mill D3",  # names a card the player has not seen
        "take 2 at D3; take 1 at C3",  # the turn is over, unless card 2 is a market
        "2",  # an option of a list the player has not seen
    ],
)
def test_after_a_refresh_the_refresh_stands_whatever_the_lines_below_it(later):
    for top in TOPS:
        reply = read_reply(ALTA, refreshable(top), 0, f"wheat C4\nrefresh\n{later}\nGood luck!")
        assert reply.moves[:2] == ["wheat C4", "refresh"], (top, reply)
        # Each later move is played or left unplayed: none is lost, none is chat.
        unplayed = list(reply.unplayed.moves) if reply.unplayed else []
        assert reply.moves[2:] + unplayed == [m.strip() for m in later.replace("\n", ";").split(";")], (top, reply)
        assert reply.message == "Good luck!"


def test_an_option_number_after_a_refresh_names_a_list_not_seen_and_is_not_played():
    for top in TOPS:
        reply = read_reply(ALTA, refreshable(top), 0, "wheat C4\nrefresh\n2")
        assert reply.moves == ["wheat C4", "refresh"]
        assert reply.unplayed.moves == ("2",) and reply.unplayed.reason.template == UNSEEN_LIST


def test_option_numbers_on_one_line_after_a_refresh_are_not_played_and_not_chat():
    """A line "3 7" below a refresh names two options of a list the player has not
    seen: both are left unplayed, and neither reaches the others as chat."""
    for top in TOPS:
        reply = read_reply(ALTA, refreshable(top), 0, "wheat C4\nrefresh\n2\n3 7\n\nGood luck!")
        assert reply.moves == ["wheat C4", "refresh"]
        assert reply.unplayed.moves == ("2", "3 7") and reply.message == "Good luck!", (top, reply)


def test_a_move_that_fits_only_some_cards_is_played_when_the_real_ones_fit():
    message = "wheat C4\nrefresh\ntake 2 at D3\nmerchant blind"
    # Card 2 is a market after this refresh: the blind merchant may follow.
    fits = read_reply(ALTA, refreshable(["market", "mill"]), 0, message)
    assert fits.moves == ["wheat C4", "refresh", "take 2 at D3", "merchant blind"] and fits.unplayed is None
    # A tower: taking it ends the turn, and the merchant is told so (the
    # player sees the tower now: the refresh stands).
    misses = read_reply(ALTA, refreshable(["tower", "tower"]), 0, message)
    assert misses.moves == ["wheat C4", "refresh", "take 2 at D3"]
    assert misses.unplayed.moves == ("merchant blind",)
    assert "your turn was already complete" in misses.unplayed.reason.english()


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


def _sale_stands(messages, count: int, *, letters: bool = False) -> None:
    """In each of the first ``count`` messages' positions the sale is
    played; the choice after it is played or left unplayed, never the
    reason to refuse the sale (a letter is never played: it names a list
    worked out from the card drawn)."""
    rules = get_rules("atlantis")
    checked = 0
    for positions, seat, message in messages:
        sale, choice = rules.split_turn_text(message)
        for real in positions:
            try:
                reply = read_reply(rules, real, seat, message)
            except EngineError:
                # Only where the sale shows nothing the re-deals would not
                # (a pile of one colour): the refusal then tells nothing.
                assert not _turns_up(rules, real, seat, sale), message
                continue
            assert reply.moves[0] == sale and reply.message == "", (message, reply)
            if reply.unplayed is not None:
                assert reply.moves == [sale] and reply.unplayed.moves == (choice,), (message, reply)
            if letters:
                assert reply.unplayed is not None and reply.unplayed.reason.template == UNSEEN_LIST
        checked += 1
        if checked == count:
            break
    assert checked == count


def _turns_up(rules, state, seat: int, move: str) -> bool:
    blind = Blind(
        rules, state, seat, lambda world, text: rules.apply(world, seat, rules.parse_move(world, seat, text)).state
    )
    blind.play(move, rules.apply(state, seat, rules.parse_move(state, seat, move)).state)
    return blind.revealed


def test_an_option_number_after_a_sale_never_takes_the_sale_back():
    """A reply "sell 2; 4" by mail: option 4 of a list that depends on the
    card the sale draws.  The sale is played whatever that card is (the
    player could otherwise send another reply, knowing the top of the pile)."""
    _sale_stands(_after_a_sale(seed=1, numbers=range(1, 20, 3)), 150)


def test_a_turn_letter_after_a_sale_is_not_played_and_the_sale_stands():
    """A reply "sell 2; C": the whole turn C of a list worked out from the
    position after the draw, which the player has not seen."""
    _sale_stands(_after_a_sale(seed=1, numbers="ACEG"), 40, letters=True)


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
