"""Reading headers as plain text (pure, no database): what the intake
takes from them survives hostile values and reads real ones right."""

from __future__ import annotations

import pytest

from mail.inbound import parse_inbound

TOKEN = "0123456789abcdef0123456789abcdef"


def mail_with(*headers: str, body: str = "1") -> bytes:
    head = ["From: Bob <bob@example.com>", f"To: play+{TOKEN}@localhost", *headers]
    return ("\r\n".join(head) + "\r\n\r\n" + body + "\r\n").encode()


def test_an_encoded_subject_is_decoded():
    parsed = parse_inbound(mail_with("Subject: =?utf-8?q?Re=3A_Alta_=231=3A_je_bent_aan_zet_=E2=80=94_caf=C3=A9?="))
    assert parsed.subject == "Re: Alta #1: je bent aan zet — café"


def test_a_subject_in_raw_utf8_is_read():
    raw = mail_with("Subject: Re: Alta #1: je bent aan zet \u2014 caf\u00e9").decode().encode("utf-8")
    assert parse_inbound(raw).subject == "Re: Alta #1: je bent aan zet — café"


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("<a1.b2@client.example>", "<a1.b2@client.example>"),
        ("<x@[192.0.2.1]>", "<x@[192.0.2.1]>"),
        ("<>", ""),
        ("<[>", ""),
        ("<<a@b>", ""),
        ("<a@[>", ""),
        ("no brackets@example.com", ""),
    ],
)
def test_only_a_real_message_id_is_kept(written, kept):
    assert parse_inbound(mail_with(f"Message-ID: {written}")).message_id == kept


def test_the_mail_answered_is_found_in_a_long_thread():
    older = " ".join(f"<old{n}@elsewhere.example>" for n in range(200))  # about 5 KB
    parsed = parse_inbound(mail_with(f"References: {older} <receipt@localhost>", "In-Reply-To: <receipt@localhost>"))
    assert parsed.references[-1] == "<receipt@localhost>" and "<old199@elsewhere.example>" in parsed.references


def test_an_address_header_nested_beyond_reason_names_nobody():
    parsed = parse_inbound(mail_with("Cc: " + "(" * 5_000))
    assert parsed.sender == "bob@example.com" and parsed.token == TOKEN
    hostile = ("From: " + "(" * 5_000 + f"\r\nTo: play+{TOKEN}@localhost\r\n\r\n1\r\n").encode()
    assert parse_inbound(hostile).sender == ""  # no one to answer: never answered


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ('"unterminated <P@Example.org>', "p@example.org"),
        ('"Smith, J" <j@example.org>', "j@example.org"),
        ('"broken" name" <k@example.org>', "k@example.org"),
        ('"nothing to answer', ""),
    ],
)
def test_a_broken_display_name_still_yields_the_address_to_answer(written, read):
    raw = (f"From: {written}\r\nTo: play+{TOKEN}@localhost\r\n\r\n1\r\n").encode()
    assert parse_inbound(raw).sender == read
