"""Whether a mail's sender looks forged, as the mail server that took it in
judged it.

A receiving server that checks senders (Postfix with OpenDMARC or
policyd-spf, a relay, a provider whose webhook passes the headers on)
writes its verdict at the top of the mail: an ``Authentication-Results``
header (RFC 8601) or a ``Received-SPF`` header (RFC 7208, section 9.1).
Only the topmost of each is read: any lower one was written before the
mail reached that server, maybe by the sender.

A mail judged forged is neither used nor answered (``services``): a move,
a chat line or a command in a player's name must come from that player,
and an answer to a forged sender goes to someone who never wrote, which is
backscatter.  Only a failure is read, never a pass: a sender who writes a
failing verdict on their own mail only has it dropped, so the header needs
no trust beyond that.
"""

from __future__ import annotations

import re
from email.message import Message

#: A method's result in a resinfo: "dmarc=fail", "spf = softfail".
_RESULT = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*=\s*([a-z]+)", re.IGNORECASE)
_COMMENT = re.compile(r"\([^()]*\)")


def forged_verdict(message: Message) -> str:
    """The failed check that makes ``message``'s sender look forged, as
    "dmarc=fail" or "spf=fail", else "".

    Forged: DMARC failed; or, where no DMARC result is given, SPF failed
    (a hard fail, not ``softfail``) and no DKIM signature passed."""
    results = _authentication_results(message.get("Authentication-Results"))
    if results.get("dmarc") == "fail":
        return "dmarc=fail"
    if "dmarc" in results:
        return ""
    spf = results.get("spf") or _received_spf(message.get("Received-SPF"))
    if spf == "fail" and results.get("dkim") != "pass":
        return "spf=fail"
    return ""


def _authentication_results(header: object) -> dict[str, str]:
    """Each method's result in one ``Authentication-Results`` value, its
    first part (the server's name) and comments left out: a method named
    twice keeps its first result, except DKIM, which passed if any of the
    mail's signatures did."""
    if not header:
        return {}
    text = str(header)
    while _COMMENT.search(text):  # nested comments, innermost first
        text = _COMMENT.sub(" ", text)
    results: dict[str, str] = {}
    for part in text.split(";")[1:]:
        found = _RESULT.match(part)
        if found:
            method, result = found.group(1).lower(), found.group(2).lower()
            if method not in results or (method == "dkim" and result == "pass"):
                results[method] = result
    return results


def _received_spf(header: object) -> str:
    """The result a ``Received-SPF`` header opens with ("fail", "pass")."""
    words = str(header or "").split()
    return words[0].lower() if words else ""
