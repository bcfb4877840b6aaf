"""What a turn mail says: the other seats' steps since the reader's last
move, every seat's public counts, the notation help, in either language,
with any display name as typed."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import MoveRecord
from games.services import match_create_seated, move_submit
from mail.turns import whole_turns
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

ODD = ["O'Neil & <Co>", "\u200fשרה"]


def _played_turn(now, capture, *, language="en"):
    """A 2-player Alta game whose first mover played a whole turn by web;
    returns the other player and the mails sent by that turn."""
    users = [make_user(f"odd{i}@example.com", name, language=language) for i, name in enumerate(ODD)]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now, keep_seat_order=True)
    from games.engine import get_rules

    rules = get_rules("alta")
    seat = min(rules.to_move(rules.load(match.state)))
    mover = match.seats.get(index=seat).user
    turn = whole_turns(rules, rules.load(match.state), seat)[0]
    mail.outbox.clear()
    with capture(execute=True):
        move_submit(match_id=match.pk, user=mover, ply=match.ply, source=MoveRecord.Source.WEB, now=now, text=turn.text)
    other = next(u for u in users if u != mover)
    return mover, other, list(mail.outbox)


def test_the_next_mail_tells_every_step_of_the_turn_in_words(now, django_capture_on_commit_callbacks):
    mover, other, sent = _played_turn(now, django_capture_on_commit_callbacks)
    [message] = sent  # a move on the web sends the mover nothing
    assert message.to == [other.email]
    assert message.subject.endswith(f"your move ({mover.display_name} has played)")
    since = message.body.split("Since your last move:")[1].split("---")[0]
    steps = [line for line in since.splitlines() if line.startswith("- ")]
    assert len(steps) >= 2 and all(mover.display_name in line for line in steps[:2]), since
    assert "_" not in since  # card names, never slugs
    assert f"Merchant cards held: {ODD[0]} " in message.body
    assert "NOTATION" in message.body and "Example: mill D3; take 2 E4; merchant up" in message.body
    assert "To play a whole turn, reply with just its letter:" in " ".join(message.body.split())
    html = message.alternatives[0][0]
    assert "O&#x27;Neil &amp; &lt;Co&gt;" in html and "<Co>" not in html
    assert "Since your last move:" in html and "Example: mill D3; take 2 E4; merchant up" in html


def test_the_turn_mail_in_dutch(now, django_capture_on_commit_callbacks):
    _, _, [message] = _played_turn(now, django_capture_on_commit_callbacks, language="nl")
    assert "Sinds je vorige zet:" in message.body
    assert "NOTATIE" in message.body and "Voorbeeld: molen D3; neem 2 E4; koopman open" in message.body
    assert "Koopmanskaarten in bezit:" in message.body
