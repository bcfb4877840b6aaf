"""What of a reply is the player's own new text (pure): ``clean_reply``
removes quoted lines (">"), quote headers anywhere ("On … wrote:", "Op …
schreef …:"), Outlook blocks and forwarded mails below their marker,
mobile signatures, a "-- " signature and characters that show as
nothing, so top and bottom posting both work; ``without_our_mails``
cuts a reply where it pastes one of our mails without quote marks.
What the cleaned text means is ``reply_text``'."""

from __future__ import annotations

import re
from collections.abc import Iterable

from mailparser_reply import EmailReplyParser

_REPLY_PARSER = EmailReplyParser(languages=["en", "nl", "de", "fr"])
# A quote header may be wrapped onto a second line by the client, before
# its verb ("On …\n… wrote:"), after it ("Op … schreef Alta <\nalta@…>:")
# or inside Apple Mail's Dutch one ("Op … heeft Alta <…> het\nvolgende geschreven:").
_WROTE = re.compile(
    r"^[ \t]*(On|Op|Am|Le|Il)\b[^\n]{0,200}(\n[^\n]{0,200})?"
    r"\b(wrote|schreef|heeft\b[^\n]{0,120}(?:\n[^\n]{0,120})?\bgeschreven|schrieb|a écrit|ha scritto)"
    r"[^\n]{0,200}(\n[^\n]{0,200})?:[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# Outlook quotes the original without ">": everything below its header goes;
# so does a forwarded mail below its marker (Gmail's, Apple Mail's), in the
# languages of the mail apps club members use (German and French too: the
# header below such a marker carries the player's own address).
_OUTLOOK_HEADER = re.compile(
    r"^\s*(-{2,}\s*(Original Message|Oorspronkelijk bericht|Messaggio originale|Ursprüngliche Nachricht|"
    r"Message d'origine|Forwarded message|Doorgestuurd bericht|Messaggio inoltrato|Weitergeleitete Nachricht|"
    r"Message transféré)\s*-{2,}|_{10,}|"
    r"Begin (forwarded message|doorgestuurd bericht):|Anfang der weitergeleiteten Nachricht:|"
    r"Début du message réexpédié\s?:|(From|Van|Da): .+)\s*$",
    re.IGNORECASE | re.MULTILINE,
)
# What mail apps add below the player's words ("Get Outlook for iOS<https://…>",
# "Sent from Mail<https://…> for Windows", with or without the link).
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:(?:Sent from my|Verzonden vanaf mijn|Verstuurd vanaf mijn)\s+\S+"
    r"|(?:Get|Download|Sent from|Sent with|Verzonden met|Verzonden vanuit|Verstuurd met|Verstuurd vanuit)\s+"
    r"(?:Outlook|Yahoo Mail|Mail(?:\s*<[^>\n]*>)?\s+(?:for|voor)\s+Windows|Proton ?Mail|Gmail|Samsung)\b"
    # Outlook's Dutch line: "Outlook voor iOS downloaden<https://aka.ms/...>".
    r"|Outlook\s+(?:voor|for)\s+(?:iOS|Android)\s+(?:downloaden|download)\b).*$",
    re.IGNORECASE | re.MULTILINE,
)
#: Our mails' rule line, a row of dashes (a writer's own divider is shorter).
_RULE = re.compile(r"^\s*-{20,}\s*$")
#: Lines shorter than this are not compared with our mails ("1", "ok").
_COMPARED = 12
#: A line that is a run of one of our mails' words (re-wrapped) is compared
#: from this length and this many words: a player's short line ("your
#: move", "good game") may use our words.
_RUN = 24
_RUN_WORDS = 4
#: Quote marks some mail apps and tools write instead of ">".
_QUOTE_MARKS = re.compile(r"^[\s>|\uff1e\u2502]+")
#: Characters that show as nothing (zero-width spaces and joiners, the
#: word joiner, a byte-order mark) that mail apps and pasting leave in.
_INVISIBLE = re.compile("[\u200b-\u200d\u2060\ufeff]")


def without_invisibles(text: str) -> str:
    """``text`` without characters that show as nothing."""
    return _INVISIBLE.sub("", text)


def clean_reply(text: str) -> str:
    """The player's own new text: no quotes, no quote headers, no signature,
    no characters that show as nothing."""
    text = without_invisibles(text).replace("\r\n", "\n").replace("\r", "\n")
    text = _without_quote_headers(text)
    text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith(">"))
    found = _OUTLOOK_HEADER.search(text)
    if found:
        text = text[: found.start()]
    text = _REPLY_PARSER.parse_reply(text=text) or ""
    text = _MOBILE_SIGNATURE.sub("", text)
    lines = [line.rstrip() for line in text.split("\n")]
    # "-- " (its trailing space stripped above) opens a signature by convention.
    if "--" in lines:
        lines = lines[: lines.index("--")]
    return "\n".join(lines).strip()


def without_our_mails(text: str, ours: Iterable[str], chat: Iterable[str] = ()) -> str:
    """``text`` up to its first line that one of ``ours`` (mails sent to
    its writer) has too, or our rule line: a reply that pastes a mail
    without quote marks or a quote header must not post the mail, the
    writer's own hand in it, as chat to the other players.  Lines that
    quote the game's ``chat`` (which our mails carry too, but every player
    has read) are left out and the reading goes on past them, when the
    writer's own words remain: their answer below a quoted line is theirs
    to post; a line that only repeats another's ("good game so far") is
    read as before."""
    ours = list(ours)
    said = [_spaced(line) for line in chat if len(line.strip()) >= _COMPARED]
    answered = _up_to_our_mail(text, ours, said) if said else ""
    return answered or _up_to_our_mail(text, ours, [])


def _up_to_our_mail(text: str, ours: list[str], said: list[str]) -> str:
    """``without_our_mails``: each line that quotes one of ``said``
    (spaced chat lines) is left out; ``text`` itself when nothing is."""
    known = {_spaced(line) for mail in ours for line in mail.split("\n") if len(line.strip()) >= _COMPARED}
    # Each mail as one line: a paste the writer's app re-wrapped (lines
    # joined or broken elsewhere) is still a run of its words.
    flat = [f" {_spaced(mail)} " for mail in ours]
    lines = text.split("\n")
    quoted_chat = False
    for number, line in enumerate(lines):
        # Quoted with another mark than ">" ("| ", "＞ "): the line is ours all the same.
        bare = _spaced(_QUOTE_MARKS.sub("", line))
        if len(bare) >= _COMPARED and any(_quotes(bare, chat_line) for chat_line in said):
            lines[number], quoted_chat = "", True
            continue
        if _spaced(line) in known or bare in known or _RULE.match(line) or _RULE.match(bare):
            return "\n".join(lines[:number]).strip()
        if len(bare) >= _RUN and len(bare.split()) >= _RUN_WORDS and any(f" {bare} " in mail for mail in flat):
            return "\n".join(lines[:number]).strip()
    return "\n".join(lines).strip() if quoted_chat else text


def _quotes(line: str, chat_line: str) -> bool:
    """Is ``line`` (part of) ``chat_line``, or the line as our mails write
    it, its writer's name before it ("Alice: good luck all")?"""
    if line in chat_line:
        return True
    before, _, after = line.partition(": ")
    return bool(before) and len(after) >= _COMPARED and after in chat_line


def _spaced(line: str) -> str:
    return " ".join(line.split())


def _without_quote_headers(text: str) -> str:
    """``text`` without its "On … wrote:" headers.  A header followed by
    ">" lines heads a quote that goes with its ">" lines (the player may
    write below it); one followed by anything else heads a quote some
    clients write without ">", so everything from it down goes (else the
    quoted mail, the player's own hand in it, would be read as chat)."""
    kept = []
    start = 0
    for header in _WROTE.finditer(text):
        kept.append(text[start : header.start()])
        start = header.end()
        if not text[start:].lstrip().startswith(">"):
            return "".join(kept)
    kept.append(text[start:])
    return "".join(kept)


#: A closing below a move, English or Dutch ("Cheers,", "Met vriendelijke
#: groet", "Gr."): with at most the writer's name it is no message.
_CLOSING = re.compile(
    r"(?:cheers|regards|best|best\s+regards|kind\s+regards|warm\s+regards|best\s+wishes|bye|ciao|"
    r"groet|groeten|groetjes|gr|grtz|mvg|doei|(?:met\s+)?(?:vriendelijke|hartelijke)\s+groet(?:en)?)",
    re.IGNORECASE,
)


def only_sign_off(text: str, name: str) -> bool:
    """Is ``text`` (the words below a move) only the writer's sign-off: a
    closing ("Groetjes,"), the writer's ``name`` (or its first word), or a
    closing and that name ("Cheers, Alice")?  Such a reply is the move
    alone, not a message to post to the other players."""
    names = {name.strip().lower(), name.strip().split(" ")[0].lower()} - {""}
    words = [part.strip(" \t,.!-").lower() for part in re.split(r"[,\n]+", text) if part.strip(" \t,.!-")]
    if not words:
        return False
    if words[-1] in names:
        words.pop()
    elif len(words) == 1 and (found := re.fullmatch(rf"({_CLOSING.pattern})\.?\s+(.+)", words[0], re.I)):
        words = [found.group(1)] if found.group(2) in names else words
    return len(words) <= 1 and all(_CLOSING.fullmatch(word) for word in words)
