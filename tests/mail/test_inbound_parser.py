"""Cleaning replies as real mail clients write them (pure, no database)."""

from email.message import EmailMessage

import pytest

from mail.html_text import html_to_text
from mail.inbound import MalformedEmail, parse_inbound, strip_subject
from mail.reply_cleaning import clean_reply

TOKEN = "0123456789abcdef0123456789abcdef"
QUOTE_EN = "On Mon, Jan 5, 2026 at 10:00 AM Alta <play+{t}@localhost> wrote:\n> Your move in Alta #3\n> 1. mill D4\n"

CORPUS = [
    # (name, body, expected move text)
    ("gmail", "mill D3\n\n" + QUOTE_EN.format(t=TOKEN), "mill D3"),
    ("gmail two lines", "mill D3\ntake 2 D5\n\n" + QUOTE_EN.format(t=TOKEN), "mill D3\ntake 2 D5"),
    (
        "apple mail",
        "take 1 c4\n\nSent from my iPhone\n\n> On 5 Jan 2026, at 10:00, Alta wrote:\n>\n> Your move",
        "take 1 c4",
    ),
    (
        "outlook",
        "refresh; take 2 D5\r\n\r\n________________________________\r\nFrom: Alta <play@x>\r\n"
        "Sent: Monday, January 5, 2026 10:00\r\nSubject: Alta #3: your move\r\n\r\nYour move",
        "refresh; take 2 D5",
    ),
    ("outlook original message", "3\n\n-----Original Message-----\nFrom: Alta\nYour move", "3"),
    ("thunderbird", "akker e4\n\nOn 05-01-2026 10:00, Alta wrote:\n> Your move\n", "akker e4"),
    (
        "dutch gmail",
        "molen D3\n\nOp ma 5 jan 2026 om 10:00 schreef Alta <play+x@localhost>:\n> Jouw beurt\n",
        "molen D3",
    ),
    ("dutch outlook", "ververs\n\nVan: Alta <play+x@localhost>\nVerzonden: maandag 5 januari 2026\n", "ververs"),
    ("dutch mobile", "2\n\nVerstuurd vanaf mijn iPhone\n", "2"),
    ("signature", "merchant up\n\n-- \nBob Smith\nChess club", "merchant up"),
    ("bottom posting keeps the new text", "> Your move\n> 1. mill D4\n\nmill D4\n", "mill D4"),
    ("only quotes", "> Your move\n> 1. mill D4\n", ""),
    ("empty", "", ""),
]


@pytest.mark.parametrize(("name", "body", "expected"), CORPUS, ids=[c[0] for c in CORPUS])
def test_reply_corpus(name, body, expected):
    assert clean_reply(body) == expected


def build(body: str, *, html: str | None = None, **headers) -> bytes:
    message = EmailMessage()
    message["From"] = headers.pop("From", "Bob <bob@example.com>")
    message["To"] = headers.pop("To", f"play+{TOKEN}@localhost")
    message["Subject"] = headers.pop("Subject", "Re: Alta #3: your move")
    message["Message-ID"] = headers.pop("Message_ID", "<m1@example.com>")
    for key, value in headers.items():
        message[key.replace("_", "-")] = value
    if html is not None and body == "":
        message.set_content(html, subtype="html")
    else:
        message.set_content(body)
        if html is not None:
            message.add_alternative(html, subtype="html")
    return bytes(message)


def test_finds_token_sender_and_move():
    parsed = parse_inbound(build("mill D3\n\n" + QUOTE_EN.format(t=TOKEN)))
    assert (parsed.token, parsed.sender, parsed.body) == (TOKEN, "bob@example.com", "mill D3")
    assert parsed.message_id == "<m1@example.com>" and not parsed.is_automatic


def test_html_only_mail_is_read(settings):
    html = (
        "<div dir='ltr'>take 2 <b>D5</b></div><br><div class='gmail_quote'>On Mon wrote:"
        "<blockquote>Your move</blockquote></div>"
    )
    parsed = parse_inbound(build("", html=html))
    assert parsed.body == "take 2 D5"


def test_token_must_be_for_our_domain():
    assert parse_inbound(build("x", To=f"play+{TOKEN}@evil.example")).token is None
    assert parse_inbound(build("x", To="play+nothex@localhost")).token is None
    parsed = parse_inbound(build("x", To="other@example.com"), envelope_recipients=[f"play+{TOKEN}@localhost"])
    assert (parsed.token_kind, parsed.token) == ("play", TOKEN)


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"X_Autoreply": "yes"},
        {"Precedence": "bulk"},
        # A subject only counts with a machine signal (Exchange's, here).
        {"Subject": "Out of Office: back on Monday", "X_Auto_Response_Suppress": "All"},
        {"Subject": "Automatisch antwoord: afwezig", "X_Auto_Response_Suppress": "DR, RN, NRN, OOF, AutoReply"},
        {"From": "MAILER-DAEMON@mx.example.com", "Subject": "Undelivered Mail Returned to Sender"},
    ],
)
def test_automatic_mail_is_recognised(headers):
    assert parse_inbound(build("I am away", **headers)).is_automatic


def test_subject_prefixes_are_stripped():
    assert strip_subject("Re: AW: Fwd: Alta #3") == "Alta #3"
    assert strip_subject("Antw: RE[2]: Alta") == "Alta"


def test_garbage_is_malformed():
    with pytest.raises(MalformedEmail):
        parse_inbound(b"")


def test_html_to_text_keeps_lines():
    assert html_to_text("<p>mill D3</p><p>take 2 D5</p>").split() == ["mill", "D3", "take", "2", "D5"]
