"""A mail's subject reads the same in any client whatever its letters: a
non-ASCII subject goes as RFC 2047 words that decode to it exactly."""

from email import message_from_bytes, policy

import pytest

from mail.mime import OutboxMessage, subject_header

SUBJECTS = [
    "Alta #25: your move \u201cmill D2; take 1 settlement D1\u201d was played",
    "Alta #7: jouw zet (Bea \u200fRTL 1 heeft gespeeld)",
    "Alhambra #3: your move (O'Neil & <Co> has played) " + "\u00e9" * 80,
    "\u4e2d\u6587 \U0001f600 " * 12,
    "  spaces   kept \u00e9 ",
]


def _sent(subject: str) -> bytes:
    message = OutboxMessage(subject, "text \u00e9", "Alta <noreply@localhost>", ["bea@example.com"])
    message.attach_alternative("<p>text \u00e9</p>", "text/html")
    raw = message.message().as_bytes(linesep="\r\n")
    assert message.subject == subject  # the object keeps the text
    return raw


@pytest.mark.parametrize("subject", SUBJECTS)
def test_a_non_ascii_subject_decodes_to_itself(subject):
    raw = _sent(subject)
    assert message_from_bytes(raw, policy=policy.default)["Subject"] == subject
    head = raw.split(b"\r\n\r\n")[0].decode("ascii")
    assert all(len(line) <= 78 for line in head.split("\r\n") if "=?utf-8?" in line)


def test_each_encoded_word_holds_whole_characters():
    for word in subject_header("\u00e9\U0001f600" * 40).split(" "):
        assert len(word) <= 75
        assert word.startswith("=?utf-8?b?") and word.endswith("?=")
        message = message_from_bytes(f"Subject: {word}\r\n\r\n".encode(), policy=policy.default)
        assert "\ufffd" not in message["Subject"]


def test_an_ascii_subject_goes_as_it_is():
    assert subject_header("Alta #1: the game has started") == "Alta #1: the game has started"
    assert b"Subject: Alta #1: the game has started\r\n" in _sent("Alta #1: the game has started")


def test_both_parts_come_through_intact():
    raw = _sent("Alta #1: the game has started")
    parsed = message_from_bytes(raw, policy=policy.default)
    parts = [part.get_content() for part in parsed.iter_parts()]
    assert parts == ["text \u00e9", "<p>text \u00e9</p>"]
    assert parsed.get_boundary().startswith("=_") and len(parsed.get_boundary()) == 34
