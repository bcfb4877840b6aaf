"""The last turn of an Alta game played by reply, in positions set up for
it, read in the mail of every player: the turn that ends the game brings
each player one mail, the end, whose headline tells a winner "you won"
(or with whom they share the win), not their own name."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import Match
from games.rules.alta.testing import island, position
from games.services import match_create_seated
from tests.conftest import living_in, make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

TOWERS = ["TOW TOW TOW TOW"] * 3
#: 15 points each: the market scores 0, each tower 1.
MARKET_CORNER = island("MAR TOW TOW TOW", *TOWERS)
LANGUAGES = ("nl", "en", "nl")


def _last_turn(now, capture, *, corner: str):
    """A 3-player game (Anna, Bram and Cor; Bram reads English) at its
    last turn: the others' islands are full (``MARKET_CORNER``), the
    mover's lacks E6 and F6 and has ``corner`` at C3; the mover holds a
    tower and a mill, and a tower lies face up.  Returns the match, the
    mover and the reply address of their turn mail."""
    users = [make_user(f"p{i}@example.com", name) for i, name in enumerate(["Anna", "Bram", "Cor"])]
    for user, language in zip(users, LANGUAGES, strict=True):
        living_in(language, "Europe/Amsterdam", user)
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    seat = mover_of(match)
    unfinished = island(f"{corner} TOW TOW TOW", *TOWERS[:2], "TOW TOW . .")
    state = position(
        players=3,
        turn=23,  # the 24th turn: the last seat's 8th
        first=(seat.index - 23) % 3,
        islands={s: unfinished if s == seat.index else MARKET_CORNER for s in range(3)},
        hands={s: ["tower", "mill"] if s == seat.index else [] for s in range(3)},
        face_up=("tower", "farmer"),
        deck=["farmer's hut"] * 6,
    )
    match.state = get_rules("alta").dump(state)
    match.save(update_fields=["state"])
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    return match, seat.user, address


def _play_last_turn(match, mover, address, capture) -> dict:
    """The mover replies with the whole last turn (in Dutch or English);
    returns each player's mails."""
    turn = "toren E6; neem 1 F6" if mover.language == "nl" else "tower E6; take 1 F6"
    record = ingest(bytes(message(address, turn, sender=mover.email)), capture)
    assert record.outcome == "accepted", record.detail
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return {seat.user: mails_to(seat.user.email) for seat in match.seats.select_related("user")}


def test_a_shared_victory_is_told_to_each_winner_as_shared_with_the_others(now, django_capture_on_commit_callbacks):
    match, mover, address = _last_turn(now, django_capture_on_commit_callbacks, corner="MAR")
    mails = _play_last_turn(match, mover, address, django_capture_on_commit_callbacks)
    for user, received in mails.items():
        [end] = received  # the end alone: no receipt, no "your move"
        others = [str(u) for u in mails if u != user]  # in seat order
        said = {
            "nl": "de partij is afgelopen: je deelt de overwinning met %s en %s",
            "en": "the game is over: you share the win with %s and %s",
        }[user.language] % tuple(others)
        assert end.subject.endswith(said), end.subject
        body = " ".join(end.body.split())
        assert said[0].upper() + said[1:] in body
        # Level on the tie-break too, which the sentence says it compared.
        share = {
            "nl": "staan gelijk met 15 punten en ook bij de beslissing bij gelijke stand, de meeste vissteigers "
            "(elk 0), en delen de plaats.",
            "en": "are level on 15 points and on the tie-break, most fishing harbours (0 each), and share the place.",
        }
        assert share[user.language] in body


def test_the_sole_winner_reads_you_won_and_the_others_read_the_winners_name(now, django_capture_on_commit_callbacks):
    """The mover's harbour wins the tie-break on 15 points."""
    match, mover, address = _last_turn(now, django_capture_on_commit_callbacks, corner="HAR")
    mails = _play_last_turn(match, mover, address, django_capture_on_commit_callbacks)
    for user, received in mails.items():
        [end] = received
        if user == mover:
            said = {"nl": "de partij is afgelopen: je hebt gewonnen", "en": "the game is over: you won"}
            assert end.subject.endswith(said[user.language]), end.subject
            after = {"nl": "Na je zet: - Je andere handkaart, molen, ligt nu open.", "en": "After your move:"}
            assert after[user.language] in " ".join(end.body.split())
        else:
            said = {"nl": "de partij is afgelopen: %s heeft gewonnen", "en": "the game is over: %s won"}
            assert end.subject.endswith(said[user.language] % mover), end.subject
        tie = {"nl": "de beslissing bij gelijke stand", "en": "the tie-break, most fishing harbours, ranks them"}
        assert tie[user.language] in " ".join(end.body.split()), end.body
