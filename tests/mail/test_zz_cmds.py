import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

ADDR = {}


@pytest.fixture(autouse=True)
def _addr(monkeypatch):
    import django.core.mail.backends.locmem as lm
    real = lm.EmailBackend.send_messages
    def send(self, messages):
        for m in messages:
            if m.reply_to:
                ADDR[m.to[0]] = m.reply_to[0]
            else:
                print("NOREPLY", m.to, m.from_email, m.extra_headers)
        return real(self, messages)
    monkeypatch.setattr(lm.EmailBackend, "send_messages", send)


def test_cmds(now, django_capture_on_commit_callbacks, settings):
    users = [make_user(f"p{i}@example.com", name, language="nl") for i, name in enumerate(["Anna", "Bram"])]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    out = open("/tmp/dump_cmds.txt", "w")
    seat = mover_of(match)
    other = [u for u in users if u != seat.user][0]
    for m in mail.outbox:
        print("START", m.to, m.from_email, m.reply_to, m.extra_headers.get("From"), m.extra_headers.get("Reply-To"))
    mail.outbox.clear()
    for body, who in [("partijen", seat.user), ("geschiedenis", seat.user), ("bord", other), ("vakantie 3", other), ("opgeven", other), ("zeg hoi allemaal", other), ("1 2", seat.user), ("A B", seat.user), ("ververs", seat.user)]:
        r = ingest(bytes(message(ADDR[who.email], body, sender=who.email, subject="Re: Alta #1")), django_capture_on_commit_callbacks)
        out.write(f"\n##### {who} sent {body!r}: outcome {r.outcome} {r.detail}\n")
        for m in mail.outbox:
            out.write(f"\n===== TO {m.to} SUBJECT {m.subject}\n{m.body[:2500]}\n")
        mail.outbox.clear()
