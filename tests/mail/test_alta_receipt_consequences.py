"""Alta: the mail answering a player's own step tells them what it caused
that its notation does not say, in the second person: their other hand
card that went face up (step 4), the merchant card turned up in place of
the one they took.  The other player reads the same with the mover's name;
a blind merchant card is told to its taker alone."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import translation

from games.engine import Event, get_rules
from games.i18n import event_text
from games.models import Match, MoveRecord
from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

#: What the mover's answer says of their step 4 ("{card}": the card that
#: went face up, as the other player's mail names it) and of the merchant
#: card turned up, by language; and how the other player's mail says them.
YOU = {
    "en": ("Your other hand card, {card}, is now face up.", "the new face-up one is {card}."),
    "nl": ("Je andere handkaart, {card}, ligt nu open.", "de nieuwe open kaart is {card}."),
}
THEY = {
    "en": (r"their other hand card, (.+?), is now face up\.", r"the new face-up one is (.+?)\."),
    "nl": (r"de andere handkaart, (.+?), ligt nu open\.", r"de nieuwe open kaart is (.+?)\."),
}


def _flat(body: str) -> str:
    """A mail's text above its board, its wrapped lines joined (a line
    broken after a hyphen, "face-" "up", joined without a space)."""
    return re.sub(r"(\w)- (\w)", r"\1-\2", " ".join(body.split("-" * 70)[0].split()))


def _choice(options: list[str], blind: bool) -> str:
    """A step that places a market or takes a merchant card (blind when
    ``blind``, else the face-up one) when the options hold one, else the first."""
    for wanted in ("merchant blind" if blind else "merchant up", "market"):
        for text in options:
            if wanted in text:
                return text
    return options[0]


def _played(language, now, capture):
    """A 2-player Alta game played to its end a step per mail, each written
    as the notation of an option (merchant cards taken face up and blind in
    turn); for each step, its stored submission and the bodies of the
    mails that answered its mover and the other player."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    rules = get_rules("alta")
    played = []
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return played
        seat = mover_of(match)
        options = [text for text, _move in rules.move_options(rules.load(match.state), seat.index)]
        address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
        mail.outbox.clear()
        blind = sum(e["kind"] == "merchant" for r, _m, _o in played for e in r.events) % 2 == 1
        inbound = ingest(bytes(message(address, _choice(options, blind), sender=seat.user.email)), capture)
        assert inbound.outcome == "accepted", inbound.detail
        record = MoveRecord.objects.filter(match=match).order_by("-ply").first()
        other = next(u for u in users if u != seat.user)
        played.append((record, [_flat(m.body) for m in mails_to(seat.user.email)], mails_to(other.email)))


@pytest.fixture(autouse=True)
def _seed(monkeypatch):
    """A deal in which the game above comes to both kinds of merchant choice."""
    from games.services import lifecycle

    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 3)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_answer_to_an_alta_step_says_what_it_turned_face_up(language, now, django_capture_on_commit_callbacks):
    told = {"place": 0, "merchant": 0}
    for record, to_mover, to_other in _played(language, now, django_capture_on_commit_callbacks):
        kinds = {e["kind"]: e["data"] for e in record.events}
        if not to_mover or not to_other or "game_over" in kinds:
            continue  # the end mail says the rest
        [answer] = to_mover
        [theirs] = [_flat(m.body) for m in to_other]
        for kind, you, they in zip(("place", "merchant"), YOU[language], THEY[language], strict=True):
            if kind == "place" and "face_up" not in kinds.get("place", {}):
                continue
            if kind == "merchant" and kinds.get("merchant", {}).get("source") != "up":
                continue
            shown = re.search(they, theirs)
            if shown is None:  # the merchant deck was empty: nothing turned up
                continue
            told[kind] += 1
            assert you.format(card=shown.group(1)) in answer, (record.text, answer)
    assert all(told.values()), told


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_blind_merchant_card_is_told_to_its_taker_alone(language, now, django_capture_on_commit_callbacks):
    """A blind merchant card stays private: the answer to a blind choice
    names it to its taker; no mail to the other player says it."""
    drawn = 0
    for record, to_mover, to_other in _played(language, now, django_capture_on_commit_callbacks):
        for event in record.events:
            if event["kind"] == "merchant_drawn":
                drawn += 1
                with translation.override(language):
                    line = event_text("alta", Event.load(event), record.seat_index)
                assert all(line in answer for answer in to_mover), (line, to_mover)
                assert all(line not in _flat(m.body) for m in to_other), line
    assert drawn
