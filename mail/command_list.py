"""The list of mail commands, as the help answer and a refused reply show
it: the text part wrapped at the mail's width, the HTML part in lines a
phone wraps by itself.  Its own module so that the game mail's body
(``game_body``, which shows it inside a refusal) can read it without
importing the command handlers."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .address_commands import address_commands
from .addresses import command_address
from .templatetags.mail_text import wrapped


@dataclass(frozen=True)
class _Group:
    """Lines under a heading; each item starts with two spaces (the text
    part's indent).  ``apart``: a paragraph of its own, after a blank line."""

    heading: str
    items: list[str]
    apart: bool = False


def _say_line(opponents: int | None) -> str:
    """The "say" command's line, for a reader with ``opponents`` opponents
    in the game at hand (``None``: no game is known)."""
    if opponents is None:
        return _("  say (zeg) <message>: a chat message to the other players of this game")
    return ngettext(
        "  say (zeg) <message>: a chat message to your opponent",
        "  say (zeg) <message>: a chat message to the other players of this game",
        opponents,
    )


def _groups(opponents: int | None) -> list[_Group]:
    """The command list in the active language, unwrapped: the commands of
    a reply, then (under the line naming the command address) those other
    apps answer there alone (``address_commands``), if any.  ``opponents``:
    how many the reader has in the game the list is about (``None``: no
    game is known)."""
    items = [
        _("  help (hulp): the notation help for this game and these commands"),
        _("  board (bord): the current position again"),
        _("  games (partijen): your running games, whose turn it is, deadlines and reply addresses"),
        _("  history (geschiedenis): the moves so far"),
        _("  resign (opgeven): leave this game (you are asked to confirm)"),
        _("  vacation N (vakantie N): stop your clocks for N days"),
        _("  mute (dempen) / unmute (ontdempen): stop or restart this game's mails"),
        _say_line(opponents),
        _("  mute chat (dempen chat) / unmute chat (ontdempen chat): stop or restart this game's chat"),
        _("  rematch (revanche): once the game is over, play it again with the same players"),
    ]
    footer = _("help, games and vacation N also work in an email of their own to %(address)s.") % {
        "address": command_address()
    }
    groups = [
        _Group(_("Commands (reply with one on the first line; Dutch words work too):"), items),
        _Group(footer, []),
    ]
    address_items = [line for command in address_commands() for line in command.help()]
    if address_items:
        groups.append(_Group(_("And only in an email to that address:"), address_items, apart=True))
    return groups


def command_list(opponents: int | None = None) -> str:
    """The commands, for the help answer and for a reply without a move,
    wrapped at the mail's width: a command's description goes on indented
    under it, so its continuation never reads as another command (the
    mails' later wraps leave lines that fit alone).  ``opponents``: how
    many players the reader plays against in the game the answer is about
    (``Match.opponent_count``; ``None``, the default: no game is known)."""
    lines = []
    for group in _groups(opponents):
        lines += [*([""] if group.apart else []), wrapped(group.heading, hanging=0)]
        lines += [wrapped(item, hanging=2) for item in group.items]
    return "\n".join(lines)


def command_list_html(opponents: int | None = None) -> str:
    """The same lines for the HTML part (safe markup, no ``<p>``): one line
    a command, indented, never broken at the text part's width."""
    lines = []
    for group in _groups(opponents):
        lines += [*([""] if group.apart else []), escape(group.heading)]
        lines += [f"&nbsp;&nbsp;{escape(item.strip())}" for item in group.items]
    return "<br>".join(lines)
