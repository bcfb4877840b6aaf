"""A mail's headers go out byte for byte as Django's own policy
(``compat32``) writes them, the short ones that skip its folding too."""

from email import policy

import pytest

from mail.mime import OutboxMessage

HEADERS = {
    "Message-ID": "<175.1@alta.example>",
    "In-Reply-To": "<match-12-user-3@alta.example>",
    "References": " ".join(f"<match-12-user-3-ply-{n}@alta.example>" for n in range(4)),
    "List-Unsubscribe": "<https://alta.example/mail/unsubscribe/" + "Ab-9_" * 20 + "/>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "X-Spaces": "  inside   and before  ",
    "X-Trailing": "one space ",
    "X-Tab": "a\tb",
    "X-Control": "a\x0bb",  # whatever compat32 makes of it
    "X-Empty": "",
}


@pytest.mark.parametrize("subject", ["Alta #25: your move", "Alta #25: jouw zet \u201cD2\u201d", "Alta " * 30])
def test_headers_are_written_as_compat32_writes_them(subject):
    email = OutboxMessage(subject, "text \u00e9", "Alta <noreply@localhost>", ["bea@example.com"], headers=HEADERS)
    email.attach_alternative("<p>text \u00e9</p>", "text/html")
    message = email.message()
    ours = message.as_bytes(linesep="\r\n")
    message.policy = policy.compat32
    assert ours == message.as_bytes(linesep="\r\n")
