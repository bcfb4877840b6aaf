"""The plain and HTML parts of a game email, written in Python.

They used to be Django templates; rendering those cost more than building
the rest of a mail (every ``{{ }}``, filter and ``{% translate %}`` is a
node, a context lookup and a gettext call), and the worker writes two
mails a turn.  These functions write the same text to the character.

Each takes ``parts``, a ``BodyParts`` (what ``render_game_email`` used to
put in the template context), in the active language.  The fixed
paragraphs are translated once per catalogue (``_phrases``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape as _html_escape
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import TurnReveal
from games.terms import remembered

from .command_list import command_list, command_list_html
from .templatetags.mail_text import fast_wrap, held_together, wrapped, wrapped_whole

#: The rule around the board in the plain part.
_RULE = "-" * 70
#: The HTML part's footer (the site's name, the mute and stop links), as
#: the plain part's "--" line opens its footer: a section added to a mail
#: (``sections.section_insert``) goes above it in both.
FOOTER_HTML = '<p style="color:#777;font-size:12px;margin-top:24px">'
#: The plain part's width (``render.WIDTH``; not imported: render imports this).
_WIDTH = 72
#: A short parenthesised group, an example or an option pair ("(3 7)",
#: "(take 1 or 2)"): read as one, so a line break never splits it.
_GROUP = re.compile(r"\([^()\n]{1,14}\)")


@dataclass
class BodyParts:
    """What both parts show besides ``mail`` (computed once for both)."""

    #: A ``render.GameMail`` (not imported: ``render`` imports this module).
    mail: Any
    expect: str
    board_text: str
    board_html: str
    seat_lines: list[str]
    #: ``(number, text)`` of the options listed.
    options: list[tuple[int, str]]
    #: The plain part's option and whole-turn lines, already wrapped.
    option_lines: list[str]
    turn_lines: list[str]
    more_options: int
    game_url: str
    help_url: str
    unsubscribe_url: str
    mute_url: str
    site_name: str
    #: How many players the reader plays against (``Match.opponent_count``).
    opponent_count: int
    #: What a move of a reply may show its writer (``Rules.turn_reveal``).
    turn_reveal: TurnReveal
    #: The game is over: no "your move" email is left to answer.
    over: bool = False
    #: The event the game belongs to in one line ("Club Cup · round 2 ·
    #: board T1") and its page, shown first ("" for a casual game).
    event_line: str = ""
    event_url: str = ""


def _phrase_table(opponents: int, reveal: TurnReveal) -> dict[str, str]:
    """The fixed phrases for a seat with ``opponents`` opponents in a game
    whose moves may show what ``reveal`` names, in the active language."""
    return {
        "went_wrong": _("What went wrong:"),
        "unchanged": _("Nothing was changed."),
        "your_move_text": _("IT IS YOUR MOVE:"),
        "your_move_html": _("It is your move:"),
        "how_text": _("HOW TO REPLY"),
        "how_html": _("How to reply"),
        "letter": _("To play a whole turn, reply with just its letter:"),
        "or_number": _(
            "Or reply with the number of one of these options for the step you are at now "
            "(the next mail then asks for the rest of your turn):"
        ),
        "number": _("Reply with just the number of one of these options:"),
        "notation_line": _(
            "Or write your turn in the game's notation, all its steps on one line separated by "
            "semicolons; several option numbers on one line (3 7) are read one after the other, "
            "each from the list of the step it plays."
        )
        + " "
        + _whole_or_not(reveal),
        "notation_text": _("NOTATION"),
        "notation_html": _("Notation"),
        "moves_top": ngettext(
            "Your moves go at the top (quotes and signatures are ignored). The first line that is "
            "neither a move nor a command ends them: what follows is kept as a message for your opponent.",
            "Your moves go at the top (quotes and signatures are ignored). The first line that is "
            "neither a move nor a command ends them: what follows is kept as a message for the other players.",
            opponents,
        ),
        "chat": ngettext(
            "Reply to this email to write to your opponent: your reply goes to them as a message, "
            'never as a move (moves go in reply to your latest "your move" email). Reply "help" for the commands.',
            "Reply to this email to write to the other players: your reply goes to them as a message, "
            'never as a move (moves go in reply to your latest "your move" email). Reply "help" for the commands.',
            opponents,
        ),
        "chat_over": ngettext(
            'Reply to this email to write to your opponent. Reply "help" for the commands.',
            'Reply to this email to write to the other players. Reply "help" for the commands.',
            opponents,
        ),
        "help_text": _("Notation help:"),
        "help_html": _("Notation help"),
        "page_text": _("Game page:"),
        "page_html": _("Open the game page"),
        "mute_text": _("Mute this game:"),
        "mute_html": _("Mute this game"),
        "stop_text": _("Stop all game emails:"),
        "stop_html": _("Stop all game emails"),
    }


def _whole_or_not(reveal: TurnReveal) -> str:
    """Whether a reply of several moves may be played in part: only where a
    move of it may show the player something (``TurnReveal``), and then
    what, so a game whose moves show nothing does not speak of cards."""
    if reveal is TurnReveal.NOTHING:
        return _("A reply is played whole or not at all.")
    if reveal is TurnReveal.PASSES:
        return _(
            "A reply is played whole or not at all, unless other players pass after a move of it because they "
            "cannot play: the moves before a refused one then stand, as at the table."
        )
    return _(
        "A reply is played whole or not at all, unless a move of it turns up cards you had not seen: the moves "
        "before a refused one then stand, as at the table."
    )


#: The paragraphs the plain part shows wrapped (kept wrapped as well, as
#: ``<key>_wrapped``: wrapping a long paragraph is the dearest step of it).
_WRAPPED = ("letter", "or_number", "number", "notation_line", "moves_top", "chat", "chat_over")


def _phrases(parts: BodyParts) -> dict[str, str]:
    """The fixed phrases of ``parts``'s mail in the active language, worked
    out once per translation catalogue (``games.terms.remembered``: a
    language switch or a reloaded catalogue gets its own) and per kind of
    game mail: how many opponents the reader has and what a move may show
    (a handful of kinds, each a dictionary look-up after its first mail)."""
    opponents, reveal = parts.opponent_count, parts.turn_reveal
    return remembered(("mail.game_body.phrases", opponents, reveal), lambda: _translated_phrases(opponents, reveal))


def _translated_phrases(opponents: int, reveal: TurnReveal) -> dict[str, str]:
    found = _phrase_table(opponents, reveal)
    found.update({f"{key}_wrapped": _wrap(found[key]) for key in _WRAPPED})
    # A narrow mail client's own line breaks keep "(3 7)" together too.
    found["notation_line_html"] = held_together(found["notation_line"], _GROUP, "&nbsp;")
    return found


def _more(count: int) -> str:
    """ "... and N more" (its own plural forms: not cached)."""
    return ngettext(
        "... and %(counter)s more (see the game page).", "... and %(counter)s more (see the game page).", count
    ) % {"counter": count}


def _capfirst(value: str) -> str:
    return value and value[0].upper() + value[1:]


def _esc(value) -> str:
    """Django's ``conditional_escape``: text already marked safe stays."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _html_escape(str(value))


def _wrap(value) -> str:
    """``value`` wrapped to the plain part's width at spaces, never inside
    a short parenthesised group ("(3 7)" stays on one line)."""
    text = str(value)
    if len(text) <= _WIDTH or "(" not in text:
        return fast_wrap(text, _WIDTH)
    return wrapped_whole(text, _GROUP, lambda held: fast_wrap(held, _WIDTH))


def _error_html(error: str, opponents: int) -> str:
    """A refusal's reason for the HTML part: its lines kept, and the command
    list it may end with (``no_move_text``, for a seat with ``opponents``
    opponents) as the HTML lines a phone wraps itself, not broken at the
    text part's 72 columns."""
    before, listed, after = error.partition(command_list(opponents))
    if not listed:
        return _esc(error).replace("\n", "<br>")
    return _esc(before).replace("\n", "<br>") + command_list_html(opponents) + _esc(after).replace("\n", "<br>")


_BLANK_LINES = re.compile(r"\n{3,}")


def event_text(line: str, url: str) -> str:
    """The event a game belongs to, first in a mail's plain part: "Club
    Cup · round 2 · board T1: <its page>" and a blank line."""
    return _wrap(f"{line}: {url}") + "\n\n"


def event_html(line: str, url: str) -> str:
    """The same, first in a mail's HTML part: the line linked to the page."""
    return f'<p style="margin:0 0 4px;font-size:13px"><a href="{_esc(url)}" style="color:#555">{_esc(line)}</a></p>\n'


def body_text(parts: BodyParts) -> str:
    """The plain part: wrapped at 72 columns (the board as drawn)."""
    mail, say = parts.mail, _phrases(parts)
    out = [event_text(parts.event_line, parts.event_url)] if parts.event_line else []
    out += [_wrap(_capfirst(str(mail.headline))), "\n"]
    out += ["\n" + _wrap(line) for line in mail.lines]
    out.append("\n")
    if mail.since:
        out.append("\n")
        out += [wrapped(line) + "\n" for line in mail.since]  # a bullet's lines hang under its text
    if mail.changes:
        out.append(_wrap(mail.changes) + "\n")
    for title, lines in mail.sections:
        out.append("\n" + _wrap(title) + "\n")
        out += [_wrap(line) + "\n" for line in lines]
    if mail.error:
        out.append(f"\n{_wrap(say['went_wrong'] + ' ' + str(mail.error))}\n{say['unchanged']}\n")
    if mail.your_move:
        out.append("\n" + _wrap(f"{say['your_move_text']} {parts.expect}.") + "\n")
    if mail.deadline:
        out.append(_wrap(mail.deadline) + "\n")
    if mail.bank:
        out.append(_wrap(mail.bank) + "\n")
    out.append(f"\n{_RULE}\n{parts.board_text}\n")
    out += [_wrap(line) + "\n" for line in parts.seat_lines]
    out.append(_RULE + "\n")
    out += [_wrap(line) + "\n" for line in mail.end_lines]
    if mail.your_move:
        out.append(_text_reply(parts, say))
    elif mail.reply_is_chat:
        out.append("\n" + say["chat_over_wrapped" if parts.over else "chat_wrapped"] + "\n")
    out.append(
        f"\n{say['page_text']} {parts.game_url}\n\n--\n"
        f"{parts.site_name}. {say['mute_text']} {parts.mute_url}\n"
        f"{say['stop_text']} {parts.unsubscribe_url}\n\n"
    )
    # Each part sets itself apart with a blank line; where the part between
    # two is absent (a mail with no lines of its own), their blank lines meet.
    return _BLANK_LINES.sub("\n\n", "".join(out))


def _text_reply(parts: BodyParts, say: dict[str, str]) -> str:
    """ "HOW TO REPLY" and what follows it, in the plain part."""
    mail = parts.mail
    out = ["\n" + say["how_text"] + "\n"]
    if mail.turns:
        out.append(say["letter_wrapped"] + "\n")
        out += [line + "\n" for line in parts.turn_lines]
        out.append("\n")
    out.append(say["or_number_wrapped" if mail.turns else "number_wrapped"] + "\n")
    out += [line + "\n" for line in parts.option_lines]
    if parts.more_options:
        out.append(f"  {_more(parts.more_options)}\n")
    out.append("\n" + say["notation_line_wrapped"] + "\n")
    if mail.notation:
        out.append("\n" + say["notation_text"] + "\n")
        out += [_wrap(line) + "\n" for line in mail.notation]
    out.append(f"\n{say['moves_top_wrapped']}\n{say['help_text']} {parts.help_url}\n")
    return "".join(out)


def _paragraphs(lines, style: str) -> str:
    return "".join(f'<p style="{style}">{_esc(line)}</p>' for line in lines)


def body_html(parts: BodyParts) -> str:
    """The HTML part (its lines not yet shortened: ``render.short_lines``)."""
    mail, say = parts.mail, _phrases(parts)
    out = [
        "<!DOCTYPE html>\n"
        f'<html lang="{_esc(translation.get_language())}"><body style="font-family:Arial,Helvetica,sans-serif;'
        'color:#1f2a30;line-height:1.45;max-width:640px;overflow-wrap:break-word">\n',
    ]
    if parts.event_line:
        out.append(event_html(parts.event_line, parts.event_url))
    out += [
        f'<h2 style="margin:0 0 8px">{_esc(_capfirst(str(mail.headline)))}</h2>\n',
        _paragraphs(mail.lines, "margin:4px 0") + "\n",
    ]
    if mail.since:
        items = "".join(f"<li>{_esc(str(line)[2:])}</li>" for line in mail.since[1:])
        out.append(
            f'<p style="margin:8px 0 2px"><strong>{_esc(mail.since[0])}</strong></p>'
            f'<ul style="margin:2px 0 8px;padding-left:22px">{items}</ul>'
        )
    out.append("\n")
    if mail.changes:
        out.append(f'<p style="margin:4px 0">{_esc(mail.changes)}</p>')
    out.append("\n")
    for title, lines in mail.sections:
        out.append(f'<p style="margin:8px 0 2px"><strong>{_esc(title)}</strong></p>')
        out.append(_paragraphs(lines, "margin:2px 0"))
    out.append("\n")
    if mail.error:
        reason = _error_html(str(mail.error), parts.opponent_count)
        out.append(
            '<p style="background:#fbeee9;border:1px solid #efc9bb;padding:8px;color:#9a3b1c">'
            f"<strong>{say['went_wrong']}</strong> {reason}<br>{say['unchanged']}</p>"
        )
    out.append("\n")
    if mail.your_move:
        out.append(
            '<p style="background:#eef5f1;border:1px solid #cfe3d7;padding:8px">'
            f"<strong>{say['your_move_html']}</strong> {_esc(parts.expect)}.</p>"
        )
    out.append("\n")
    if mail.deadline:
        out.append(f'<p style="margin:4px 0">{_esc(mail.deadline)}</p>')
    out.append("\n")
    if mail.bank:
        out.append(f'<p style="margin:4px 0">{_esc(mail.bank)}</p>')
    out.append(
        '\n<div style="border-top:1px solid #ddd;border-bottom:1px solid #ddd;padding:8px 0;margin:12px 0">'
        f"{parts.board_html}{_paragraphs(parts.seat_lines, 'margin:4px 0')}</div>\n"
    )
    if mail.end_html:
        out.append(str(mail.end_html))
    out.append("\n")
    if mail.your_move:
        out.append(_html_reply(parts, say))
    elif mail.reply_is_chat:
        out.append(f'\n<p style="margin:4px 0">{say["chat_over" if parts.over else "chat"]}</p>\n')
    game_url, mute_url, stop_url = _esc(parts.game_url), _esc(parts.mute_url), _esc(parts.unsubscribe_url)
    out.append(
        f'\n<p><a href="{game_url}">{say["page_html"]}</a></p>\n'
        f"{FOOTER_HTML}{_esc(parts.site_name)} · "
        f'<a href="{mute_url}" style="color:#777">{say["mute_html"]}</a> · '
        f'<a href="{stop_url}" style="color:#777">{say["stop_html"]}</a></p>\n'
        "</body></html>\n"
    )
    return "".join(out)


def _html_reply(parts: BodyParts, say: dict[str, str]) -> str:
    """ "How to reply" and what follows it, in the HTML part."""
    mail = parts.mail
    out = [f'\n<h3 style="margin:12px 0 4px">{say["how_html"]}</h3>\n']
    if mail.turns:
        items = "".join(
            f"<li><strong>{_esc(letter)}.</strong> <code>{_esc(turn)}</code></li>" for letter, turn in mail.turns
        )
        out.append(
            f'<p style="margin:4px 0">{say["letter"]}</p>\n'
            f'<ul style="margin:4px 0 8px;padding-left:28px;list-style:none">{items}</ul>'
        )
    options = "".join(f"<li><code>{_esc(option)}</code></li>" for _number, option in parts.options)
    out.append(
        f'\n<p style="margin:4px 0">{say["or_number"] if mail.turns else say["number"]}</p>\n'
        f'<ol style="margin:4px 0 8px;padding-left:28px">{options}</ol>\n'
    )
    if parts.more_options:
        out.append(f'<p style="margin:4px 0">{_more(parts.more_options)}</p>')
    out.append(f'\n<p style="margin:4px 0">{say["notation_line_html"]}</p>\n')
    if mail.notation:
        out.append(f'<p style="margin:8px 0 2px"><strong>{say["notation_html"]}</strong></p>')
        out.append(_paragraphs(mail.notation, "margin:2px 0"))
    help_url = _esc(parts.help_url)
    link = f'<a href="{help_url}">{say["help_html"]}</a>'
    out.append(f'\n<p style="margin:4px 0">{say["moves_top"]} {link}: {help_url}</p>\n')
    return "".join(out)
