"""Chat by mail: the other players' new chat lines travel in the next game
mail a player gets (``chat_section``), or at once in a mail of their own
for a player who asked for that (``chat_now.chat_deliver``).

Only seated players are ever mailed chat (``games.selectors_chat``); a
player who muted a game's chat gets none of it.
"""

from __future__ import annotations

from html import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import ChatMessage
from games.selectors_chat import chat_unmailed, chat_writers_departed

from .sections import section_insert
from .templatetags.mail_text import wrapped


def author_name(message: ChatMessage) -> str:
    return str(message.author) if message.author is not None else _("a former player")


def writer_name(message: ChatMessage, departed: dict[int, str]) -> str:
    """The line's writer as the others read it: "Carol (resigned)" once
    she left the game (``departed``: ``chat_writers_departed`` of the lines),
    in the body and the subject alike."""
    why = departed.get(message.author_id or 0)
    return f"{author_name(message)} ({why})" if why else author_name(message)


def chat_title(match, *, named: bool = False) -> str:
    """The heading over ``match``'s chat lines in a mail to one of its
    players, in the active language: "Chat from your opponent:" in a game
    of two; with ``named``, the game's name in it (a mail about several)."""
    if not named:
        return ngettext("Chat from your opponent:", "Chat from the other players:", match.opponent_count)
    return ngettext(
        "Chat from your opponent in %(game)s:", "Chat from the other players of %(game)s:", match.opponent_count
    ) % {"game": match}


def chat_blocks(messages: list[ChatMessage], *, match, named: bool = False, reply: str = "") -> tuple[str, str]:
    """``match``'s lines as a plain block and an (escaped) HTML block, in
    the active language (under the game's name with ``named``: a mail
    about several games).  With ``reply``, the game's reply address, the
    footer says to write there: the mail itself (the digest) is answered
    by no one."""
    title = chat_title(match, named=named)
    departed = chat_writers_departed(messages)
    text = [title] + [f"  {writer_name(m, departed)}: {m.text}".replace("\n", "\n    ") for m in messages]
    if reply:
        text.append(
            _('(To answer, write "say" and your message on the first line of an email to %(address)s.)')
            % {"address": reply}
        )
    else:
        text.append(_('(Reply with "say" and your message on the first line to answer; "mute chat" stops the chat.)'))
    plain = "\n".join(wrapped(line, hanging=2 if line.startswith(" ") else 0) for line in text)
    items = "".join(
        f"<li><strong>{escape(writer_name(m, departed))}</strong>: {escape(m.text).replace(chr(10), '<br>')}</li>"
        for m in messages
    )
    html = (
        f'<h3 style="margin:12px 0 4px">{escape(title)}</h3><ul style="margin:4px 0 8px">{items}</ul>'
        f'<p style="margin:4px 0;color:#555">{escape(text[-1])}</p>'
    )
    return plain + "\n", html


def has_chat(match) -> bool:
    """Has anyone written a line in ``match``'s chat?  A cheap query a
    caller writing several mails of one game asks once (most games have
    no chat), instead of each mail's ``chat_unmailed``."""
    return ChatMessage.objects.filter(match=match).exists()


def chat_section(text: str, html: str, *, match, user) -> tuple[str, str, int]:
    """A game mail's parts with ``user``'s (a seated player's) unmailed
    chat lines added, and the id of the last line added (0: none).  The
    caller marks them mailed once the mail is queued (``chat_mark_mailed``)."""
    messages = chat_unmailed(match, user, seated=True)
    if not messages:
        return text, html, 0
    text_block, html_block = chat_blocks(messages, match=match)
    text, html = section_insert(text, html, text_block=text_block, html_block=html_block)
    return text, html, messages[-1].pk


def chat_sections(
    text: str, html: str, *, matches, user, replies: dict[int, str] | None = None
) -> tuple[str, str, dict[int, int]]:
    """A mail about several games (the digest) with each game's unmailed
    chat lines added, and per match id the last line added; ``replies``
    maps a match id to the reply address its chat is answered at."""
    blocks, marks = [], {}
    for match in matches:
        messages = chat_unmailed(match, user, seated=True)
        if messages:
            blocks.append(chat_blocks(messages, match=match, named=True, reply=(replies or {}).get(match.pk, "")))
            marks[match.pk] = messages[-1].pk
    if blocks:
        text, html = section_insert(
            text, html, text_block="\n".join(b[0] for b in blocks), html_block="".join(b[1] for b in blocks)
        )
    return text, html, marks
