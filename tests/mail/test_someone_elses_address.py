"""A reply sent through another player's reply address (a forwarded turn
mail, or a copied or guessed address) is told so, in the sender's
language, and changes nothing; it learns nothing of that player's hand."""

import pytest
from django.core import mail

from tests.conftest import living_in

from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _secrets(game, seat, options, *, outsider: bool) -> list[str]:
    """What the answer must not show: the owner's options, their address
    and, to someone outside the game, the game and its players."""
    return [*options, seat.user.email, *([f"#{game.pk}", str(seat.user)] if outsider else [])]


@pytest.mark.parametrize("who", ["opponent", "member outside the game"])
def test_a_reply_through_another_players_address_is_told_whose_it_is(
    who, game, mover_turn, carol, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    sender = carol if who != "opponent" else game.seats.exclude(pk=seat.pk).get().user
    mail.outbox.clear()
    record = ingest(bytes(message(address, options[0], sender=sender.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "wrong_sender"
    game.refresh_from_db()
    assert game.ply == 0 and not game.moves.exists() and not game.chat_messages.exists()
    [answer] = mail.outbox
    assert answer.to == [sender.email]
    body = " ".join(answer.body.split())
    assert "belongs to an email we sent to another player" in body
    assert "nothing in your email was played or passed on" in body
    for secret in _secrets(game, seat, options, outsider=who != "opponent"):
        assert secret not in body


def test_a_dutch_player_is_told_in_dutch(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    other = game.seats.exclude(pk=seat.pk).get().user
    living_in("nl", "Europe/Amsterdam", other)
    mail.outbox.clear()
    ingest(bytes(message(address, "hoi, goede zet!", sender=other.email)), django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    body = " ".join(answer.body.split())
    assert "hoort bij een mail die we aan een andere speler stuurden" in body
    assert "niets uit je mail is gespeeld of doorgestuurd" in body
    game.refresh_from_db()
    assert not game.chat_messages.exists()
