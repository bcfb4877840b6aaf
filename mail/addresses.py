"""Reply addresses, Message-IDs and signed unsubscribe links."""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import uuid

from django.conf import settings
from django.core import signing
from django.urls import get_urlconf, reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from .intake_kinds import registered_kinds

#: 128 random bits, as 32 hex characters.
TOKEN_BYTES = 16
_TOKEN_LOCAL = re.compile(r"^([a-z]+)\+([0-9a-f]{32,40})$", re.IGNORECASE)
#: Our own kinds of reply address; other apps register theirs (``intake_kinds``).
_OWN_KINDS = frozenset({"play", "join", "signup"})
_UNSUBSCRIBE_SALT = "alta.mail.unsubscribe"
_BOUNCE_SALT = "alta.mail.bounce"
#: The local part of an outgoing mail's envelope sender: ``bounce+<id_token>``.
BOUNCE_KIND = "bounce"
COMMAND_LOCAL = "commands"
#: The command address's local part, in English and Dutch.
_COMMAND_LOCALS = {COMMAND_LOCAL, "command", "opdrachten", "opdracht"}


def new_token() -> str:
    return secrets.token_hex(TOKEN_BYTES)


def reply_address(token: str, kind: str = "play") -> str:
    """``play+<token>@MAIL_DOMAIN`` (a move), ``join+<token>@…`` (an
    invitation), or a kind another app registered (``intake_kinds``:
    ``challenge+<token>@…`` a ladder challenge, ``tournament+<token>@…``
    a tournament invitation)."""
    return f"{kind}+{token}@{settings.MAIL_DOMAIN}"


def id_token(salt: str, row_id: int) -> str:
    """A reply token that names a row by itself: 32 hex characters, the id
    (8) and an HMAC of it under ``salt`` (24).  Nothing to store, and nobody
    can forge one for another row (another app's kind uses another salt)."""
    return f"{row_id:08x}{_id_mac(salt, row_id)}"


def id_of_token(salt: str, token: str) -> int | None:
    """The id a genuine ``id_token`` under ``salt`` names, else ``None``."""
    if len(token) != 32:
        return None
    try:
        row_id = int(token[:8], 16)
    except ValueError:
        return None
    return row_id if constant_time_compare(token[8:], _id_mac(salt, row_id)) else None


def _id_mac(salt: str, row_id: int) -> str:
    return salted_hmac(salt, str(row_id), algorithm="sha256").hexdigest()[:24]


def bounce_address(email_id: int) -> str:
    """The envelope sender (``MAIL FROM``) of the outgoing mail
    ``email_id``: ``bounce+<id_token>@MAIL_DOMAIN`` (VERP).  A bounce
    comes back to it and names the mail by itself; the HMAC keeps anyone
    from making one up for another mail (``bounce_id_of``).  No database
    query: the sender knows the row's id."""
    return f"{BOUNCE_KIND}+{id_token(_BOUNCE_SALT, email_id)}@{settings.MAIL_DOMAIN}"


def bounce_id_of(address: str) -> int | None:
    """The ``OutgoingEmail`` id a genuine ``bounce_address`` names, else
    ``None`` (another domain, kind or a forged or damaged signature)."""
    found = token_from_address(address, kinds=frozenset({BOUNCE_KIND}))
    return id_of_token(_BOUNCE_SALT, found[1]) if found else None


def is_bounce_address(address: str) -> bool:
    """Is ``address`` a bounce address of ours, genuine or not (mail to it
    is never answered)?"""
    local, _, domain = address.strip().strip("<>").rpartition("@")
    return domain.lower() == settings.MAIL_DOMAIN.lower() and local.lower().startswith(BOUNCE_KIND + "+")


def command_address() -> str:
    """The one address for commands about no single game (``help``,
    ``games``, ``vacation N``): ``commands@MAIL_DOMAIN``."""
    return f"{COMMAND_LOCAL}@{settings.MAIL_DOMAIN}"


def is_command_address(address: str) -> bool:
    local, _, domain = address.strip().strip("<>").rpartition("@")
    return domain.lower() == settings.MAIL_DOMAIN.lower() and local.lower() in _COMMAND_LOCALS


def token_from_address(address: str, kinds: frozenset[str] | None = None) -> tuple[str, str] | None:
    """``(kind, token)`` of a reply address of ours, else ``None`` (other
    domains never carry a valid token).  ``kinds``: the kinds looked for
    (default: the reply kinds, ours and those registered)."""
    local, _, domain = address.strip().strip("<>").rpartition("@")
    if domain.lower() != settings.MAIL_DOMAIN.lower():
        return None
    found = _TOKEN_LOCAL.match(local)
    if found is None:
        return None
    kind = found.group(1).lower()
    if kinds is not None:
        return (kind, found.group(2).lower()) if kind in kinds else None
    if kind not in _OWN_KINDS and kind not in registered_kinds():
        return None
    return kind, found.group(2).lower()


def new_message_id() -> str:
    return f"<{uuid.uuid4().hex}@{settings.MAIL_DOMAIN}>"


def thread_id(match_id: int, user_id: int) -> str:
    """A stable id every mail of one game to one player refers to, so mail
    clients thread them together."""
    return f"<game-{match_id}-{user_id}@{settings.MAIL_DOMAIN}>"


def unsubscribe_url(user_id: int, match_id: int | None = None) -> str:
    """A signed link that turns off game mail (all of it, or one game)."""
    return _unsubscribe_url(user_id, match_id, settings.SECRET_KEY, settings.SITE_URL, get_urlconf())


@functools.lru_cache(maxsize=4096)
def _unsubscribe_url(user_id: int, match_id: int | None, secret: str, site: str, urlconf) -> str:
    """``unsubscribe_url``, kept: a link signed once stays good, as
    ``unsubscribe_target`` sets no age limit (the signer's timestamp is
    never checked), so one link per player and game serves every mail (a
    worker writes two per mail, for the same few players turn after turn)."""
    token = signing.dumps({"u": user_id, "m": match_id}, key=secret, salt=_UNSUBSCRIBE_SALT, compress=True)
    return site + reverse("mail-unsubscribe", args=[token], urlconf=urlconf)


def unsubscribe_target(token: str) -> tuple[int, int | None] | None:
    """``(user_id, match_id or None)`` of a valid unsubscribe token."""
    try:
        value = signing.loads(token, salt=_UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return int(value["u"]), value.get("m")


def threading_headers(message_id: str) -> dict[str, str]:
    """Headers that make an answer a reply to ``message_id`` (none for the
    ``sha256:`` stand-in of a message that had no Message-ID)."""
    headers = {"Auto-Submitted": "auto-replied"}
    if message_id.startswith("<"):
        headers["In-Reply-To"] = message_id
        headers["References"] = message_id
    return headers


def unsubscribe_headers(url: str) -> dict[str, str]:
    """The headers of a mail sent without being asked for (RFC 8058's
    one-click unsubscribe at ``url``, RFC 3834's auto-generated), which
    mail clients read to offer "unsubscribe" and auto-responders to stay
    quiet."""
    return {
        "List-Unsubscribe": f"<{url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }


#: What ``MoveRecord.idempotency_key`` holds (PostgreSQL refuses more).
MOVE_KEY_MAX = 255


def chat_below_key(move_key: str, *, cut: bool = False) -> str:
    """The idempotency key of the message written below an emailed move
    whose key is ``move_key``: the move's receipt finds it by this key,
    and by it tells whether the message was ``cut`` to a chat line's
    length."""
    return ("chatcut:" if cut else "chat:") + hashlib.sha256(move_key.encode()).hexdigest()


def email_move_key(message_id: str, digest: str) -> str:
    """The idempotency key of a move sent by email: the mail's Message-ID
    (or its stand-in) and a digest of its text (``message_id_of``).  A
    Message-ID too long for the key's column (the intake keeps up to 255
    characters) is named by a digest of it instead: its redelivery is
    still recognised, only its receipt is not threaded under it."""
    key = f"email:{message_id}:{digest}"
    if len(key) <= MOVE_KEY_MAX:
        return key
    return f"email:sha256:{hashlib.sha256(message_id.encode('utf-8', 'replace')).hexdigest()}:{digest}"


def message_id_of(key: str | None) -> str:
    """The Message-ID in an ``email_move_key``; "" for a stand-in id or
    another kind of key."""
    if not key or not key.startswith("email:<"):
        return ""
    return key[len("email:") : key.rfind(":")]
