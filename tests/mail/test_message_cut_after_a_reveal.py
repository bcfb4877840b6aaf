"""A mailed turn whose sale turns up a card, followed by a move that card
rules out: the sale stands (the player learns the card by playing it, never
by a refusal they could take back), the rest is not played, and the one
mail answering them says which moves were not played and why, in their
language, with the position to go on from.  The others read none of it."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import EngineError, get_rules
from games.models import MoveRecord
from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

NOT_PLAYED = {"en": "“pass” was not played: ", "nl": '"pass" is niet gespeeld: '}
STANDS = {
    "en": "A move before it turned up cards you had not seen, so the moves up to there stand",
    "nl": "Een zet ervoor legde kaarten open die je nog niet gezien had, dus de zetten tot daar blijven staan",
}

HOW_TO_REPLY = {
    "en": "A reply is played whole or not at all, unless a move of it turns up cards you had not seen: the moves "
    "before a refused one then stand, as at the table.",
    "nl": "Een antwoord wordt helemaal gespeeld of helemaal niet, tenzij een zet ervan kaarten openlegt die je nog "
    "niet gezien had: de zetten vóór een geweigerde zet blijven dan staan, zoals aan tafel.",
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _cut(rules, state, seat: int, text: str) -> bool:
    """Does ``text`` play its first move and leave the rest unplayed?  (A
    sale whose card every re-deal draws alike turns nothing up: its
    message is refused whole.)"""
    try:
        return rules.apply_text_moves(state, seat, text).unplayed is not None
    except EngineError:
        return False


def _a_sale_then_a_pass_it_rules_out(match, capture, limit=80):
    """Play option 1 by mail until the mover may sell a tile and the card
    that sale draws allows a move (so "pass" after it is refused): that
    sale's text, the mover's seat and the reply address of their mail."""
    rules = get_rules("atlantis")
    for _ in range(limit):
        match.refresh_from_db()
        assert match.is_active
        seat = mover_of(match)
        state = rules.load(match.state)
        last = [m for m in mails_to(seat.user.email) if m.reply_to][-1]
        for text, _move in rules.move_options(state, seat.index):
            sale = rules.split_turn_text(text)[0]
            if sale.startswith("sell ") and _cut(rules, state, seat.index, f"{sale}; pass"):
                return sale, seat, last.reply_to[0]
        mail.outbox.clear()
        record = ingest(bytes(message(last.reply_to[0], "1", sender=seat.user.email)), capture)
        assert record.outcome == "accepted", record.detail
    pytest.fail("no sale that rules out a pass in this game")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_sale_stands_and_the_pass_it_rules_out_is_told_to_the_mover_alone(
    language, now, django_capture_on_commit_callbacks
):
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="atlantis", now=now)
    sale, seat, address = _a_sale_then_a_pass_it_rules_out(match, django_capture_on_commit_callbacks)
    other = next(user for user in users if user != seat.user)
    # The mail being answered says so beforehand, in its "how to reply".
    asked = [m for m in mails_to(seat.user.email) if m.reply_to][-1]
    assert HOW_TO_REPLY[language] in _flat(asked.body) and HOW_TO_REPLY[language] in _flat(asked.alternatives[0][0])
    mail.outbox.clear()

    record = ingest(
        bytes(message(address, f"{sale}\npass\n\nGood luck!", sender=seat.user.email)),
        django_capture_on_commit_callbacks,
    )

    assert record.outcome == "accepted", record.detail
    move = MoveRecord.objects.filter(match=match).order_by("-ply").first()
    assert move.seat_index == seat.index and move.text == sale
    assert move.not_played["moves"] == ["pass"]
    # One answer, with the position and a reply address: the turn goes on.
    answers = mails_to(seat.user.email)
    assert len(answers) == 1 and answers[0].reply_to, [m.subject for m in answers]
    said = _flat(answers[0].body)
    assert NOT_PLAYED[language] in said and STANDS[language] in said, said
    html = _flat(answers[0].alternatives[0][0])
    assert "pass" in html and STANDS[language] in html
    # The other player reads the chat below the moves, never the refusal.
    for sent in mails_to(other.email):
        body = _flat(sent.body + "".join(part for part, _type in sent.alternatives))
        assert STANDS[language] not in body and NOT_PLAYED[language] not in body
    assert match.chat_messages.get().text == "Good luck!"
