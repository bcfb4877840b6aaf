"""In a game of two the mails speak of "your opponent" ("je tegenstander"),
never of "the other players"; from three players on, of "the other
players" ("de andere spelers"): the turn mails' reply hints (plain and
HTML part), the chat lines mailed, a refused reply with its command list
and the help answer.  And a turn mail says a reply of several moves may
be played in part only where a move of it can show something."""

from __future__ import annotations

from html import unescape

import pytest
from django.core import mail

from games.services import match_create_seated
from games.services.chat import chat_post
from mail.chat_now import chat_deliver
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Ben", "Cas")
#: How the mails name the rest of the table: one opponent, or several.
ONE = {"en": "your opponent", "nl": "je tegenstander"}
MANY = {"en": "the other players", "nl": "de andere spelers"}
#: The reply hints of a turn mail: to the player to move, and to one who waits.
MOVES_TOP = {
    "en": "The first line that is neither a move nor a command ends them: what follows is kept as a message for %s.",
    "nl": "De eerste regel die geen zet of opdracht is, sluit ze af: wat volgt, wordt bewaard als bericht voor %s.",
}
WAITING = {"en": "Reply to this email to write to %s", "nl": "Beantwoord deze mail om %s te schrijven"}
CHAT = {"en": "Chat from %s:", "nl": "Chat van %s:"}
SAY = {
    "en": ("a chat message to your opponent", "a chat message to the other players of this game"),
    "nl": ("een chatbericht aan je tegenstander", "een chatbericht aan de andere spelers van deze partij"),
}
NOT_PASSED = {
    "en": ("Your words were not passed on to your opponent", "Your words were not passed on to the others"),
    "nl": ("Je woorden zijn niet aan je tegenstander doorgegeven", "Je woorden zijn niet aan de anderen doorgegeven"),
}
#: What a turn mail says of a reply of several moves, by what a move can show.
WHOLE = {
    "en": "A reply is played whole or not at all.",
    "nl": "Een antwoord wordt helemaal gespeeld of helemaal niet.",
}
CARDS = {
    "en": "unless a move of it turns up cards you had not seen",
    "nl": "tenzij een zet ervan kaarten openlegt die je nog niet gezien had",
}
PASSES = {
    "en": "unless other players pass after a move of it because they cannot play",
    "nl": "tenzij andere spelers na een zet ervan passen omdat ze niet kunnen spelen",
}


def _table(players: int, language: str, capture, now, game: str = "alta"):
    """A started game of ``players`` players who read ``language``."""
    users = [make_user(f"{name.lower()}@example.com", name, language=language) for name in NAMES[:players]]
    with capture(execute=True):
        return match_create_seated(users=users, game=game, now=now)


def _parts(sent) -> list[str]:
    """The plain and HTML parts of a mail, each on one line, the HTML's
    entities read (a quote is ``&quot;`` there)."""
    return [" ".join(sent.body.split()), " ".join(unescape(sent.alternatives[0][0]).split())]


def _turn_mails(match):
    """The first mail of the player to move and that of one who waits."""
    mover = mover_of(match)
    waiting = match.seats.exclude(pk=mover.pk).first()
    return mails_to(mover.user.email)[-1], mails_to(waiting.user.email)[-1]


@pytest.fixture(params=["en", "nl"])
def language(request):
    return request.param


def test_a_game_of_two_names_your_opponent_in_its_turn_mails(language, now, django_capture_on_commit_callbacks):
    match = _table(2, language, django_capture_on_commit_callbacks, now)
    to_move, waits = _turn_mails(match)
    for part in _parts(to_move):
        assert MOVES_TOP[language] % ONE[language] in part
        assert MANY[language] not in part
    for part in _parts(waits):
        assert WAITING[language] % ONE[language] in part
        assert MANY[language] not in part


def test_a_game_of_three_names_the_other_players_in_its_turn_mails(language, now, django_capture_on_commit_callbacks):
    match = _table(3, language, django_capture_on_commit_callbacks, now)
    to_move, waits = _turn_mails(match)
    for part in _parts(to_move):
        assert MOVES_TOP[language] % MANY[language] in part
    for part in _parts(waits):
        assert WAITING[language] % MANY[language] in part
        assert ONE[language] not in part


@pytest.mark.parametrize(("players", "named"), [(2, ONE), (3, MANY)])
def test_chat_mailed_at_once_is_from_your_opponent_or_the_other_players(
    players, named, language, now, django_capture_on_commit_callbacks
):
    match = _table(players, language, django_capture_on_commit_callbacks, now)
    readers = [seat.user for seat in match.seats.order_by("index")][1:]
    for reader in readers:
        reader.chat_at_once = True
        reader.save(update_fields=["chat_at_once"])
    writer = match.seats.get(index=0).user
    mail.outbox.clear()
    line = chat_post(match_id=match.pk, user=writer, text="Good luck", source="web", now=now)
    with django_capture_on_commit_callbacks(execute=True):
        assert chat_deliver(chat_id=line.pk, now=now) == len(readers)
    for reader in readers:
        [told] = mails_to(reader.email)
        for part in _parts(told):
            assert CHAT[language] % named[language] in part and "Good luck" in part
            other = MANY if named is ONE else ONE
            assert other[language] not in part


@pytest.mark.parametrize(("players", "which"), [(2, 0), (3, 1)])
def test_a_reply_without_a_move_is_told_it_reached_no_one_by_the_tables_size(
    players, which, language, now, django_capture_on_commit_callbacks
):
    """The refusal and the command list under it, in both parts (the HTML
    part shows the list as lines of its own: it is found in the reason)."""
    match = _table(players, language, django_capture_on_commit_callbacks, now)
    mover = mover_of(match).user
    address = [m for m in mails_to(mover.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "Hello all!", sender=mover.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    [answer] = mails_to(mover.email)
    plain, html = _parts(answer)
    for part in (plain, html):
        assert NOT_PASSED[language][which] in part and SAY[language][which] in part
        assert NOT_PASSED[language][1 - which] not in part and SAY[language][1 - which] not in part
    assert "&nbsp;&nbsp;" in answer.alternatives[0][0]  # the list as HTML lines: found in the reason
    if players == 2:
        assert all(MANY[language] not in part for part in (plain, html))


@pytest.mark.parametrize(("players", "which"), [(2, 0), (3, 1)])
def test_the_help_answer_lists_say_as_a_message_to_your_opponent_or_the_others(
    players, which, language, now, django_capture_on_commit_callbacks
):
    match = _table(players, language, django_capture_on_commit_callbacks, now)
    seat = match.seats.order_by("index").first()
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    ingest(bytes(message(address, "help", sender=seat.user.email)), django_capture_on_commit_callbacks)
    [answer] = mails_to(seat.user.email)
    for part in _parts(answer):
        assert SAY[language][which] in part and SAY[language][1 - which] not in part


@pytest.mark.parametrize(
    ("game", "players", "said", "unsaid"),
    [
        ("alpaca", 2, WHOLE, (CARDS, PASSES)),
        ("alpaca", 3, PASSES, (CARDS,)),
        ("alta", 2, CARDS, (PASSES,)),
    ],
)
def test_a_turn_mail_says_a_reply_may_be_played_in_part_only_where_a_move_can_show_something(
    game, players, said, unsaid, language, now, django_capture_on_commit_callbacks
):
    """Alpaca deals every tile at the start: with two players nothing is
    hidden from a mover; with more, only the passes a placement brings
    tell something.  Alta's moves turn up cards."""
    match = _table(players, language, django_capture_on_commit_callbacks, now, game=game)
    to_move, _waits = _turn_mails(match)
    for part in _parts(to_move):
        assert said[language] in part
        assert all(other[language] not in part for other in unsaid)
        if said is WHOLE:
            assert WHOLE[language].rstrip(".") + "," not in part
