"""Render game emails from a seat's *view* (never from the raw state).

Every game email has the same shape: a headline, what happened, the position
drawn as a text board (plain part) and as HTML tables (HTML part) with the
player's own private cards, and, when it is their move, numbered options and
how to reply.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.moments import moment_for
from games.boards import board_for
from games.deadlines.selectors import duration_text
from games.engine import get_rules
from games.i18n import expect_text
from games.organised import event_context

from .game_body import BodyParts, body_html, body_text
from .templatetags.mail_text import wrapped

#: Numbered options listed in an email; longer lists show the first ones.
MAX_OPTIONS = 40
#: The longest line SMTP allows, in bytes (RFC 5322); a part with a longer
#: one is sent quoted-printable, which costs the sender about 1 ms a mail.
MAX_LINE = 998
#: Closing tags of blocks, table rows and cells: a line break after one, before
#: the next tag, changes nothing a reader sees.
_BLOCK_END = re.compile(r"(</(?:td|th|tr|table|thead|tbody|p|div|li|ul|ol|h[1-6])>)(?=<)")
#: A space between two inline elements (Alhambra's money cards): a line
#: break in its place is the same white space to a reader.
_INLINE_GAP = re.compile(r"(</span>) (?=<span)")


def short_lines(html: str) -> str:
    """``html`` with a line break after each block's closing tag in any
    line longer than ``MAX_LINE`` (a board's tables are one long line), so
    that the part goes as plain 8-bit text; shown exactly as before."""
    lines = html.split("\n")
    if all(len(line.encode()) <= MAX_LINE for line in lines):
        return html
    return "\n".join(_broken(line) if len(line.encode()) > MAX_LINE else line for line in lines)


def _broken(line: str) -> str:
    return _INLINE_GAP.sub("\\1\n", _BLOCK_END.sub("\\1\n", line))


def in_language(user):
    """A context manager rendering mail in ``user``'s language (the site's
    default for no user): a mail reads
    in its recipient's language whatever language its sender uses."""
    return translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE)


@contextmanager
def as_reader(user) -> Iterator[None]:
    """Render for ``user``: in their language (``in_language``) and time
    zone, in which templates show datetimes (the site's for no user);
    whoever's request or worker renders it."""
    with in_language(user), timezone.override(user.zone if user is not None else None):
        yield


def deadline_line(deadline: dt.datetime, user) -> str:
    """ "Your deadline: …" in ``user``'s time zone and language, the zone
    named (a reader in another zone must not guess)."""
    return _("Your deadline: %(when)s (%(zone)s time).") % moment_for(user, deadline)


def stopped_clock_line(left: dt.timedelta) -> str:
    """What a turn whose clock is stopped by its tournament's pause keeps,
    in the active language (a turn mail's deadline line stands in for it)."""
    return _(
        "Your clock is stopped while the tournament is paused: %(left)s left for this turn, "
        "counted from when it resumes. You will get an email then."
    ) % {"left": duration_text(int(left.total_seconds()))}


def seat_lines(game: str, view: dict[str, Any], names: list[str]) -> list[str]:
    """Public counts of every seat the text board leaves out (Alta's
    merchant cards: the board shows only the reader's own)."""
    if game == "alta" and view.get("step") != "over":  # the end's reveal lists every seat's cards
        counts = [
            f"{names[island['seat']]} {island['merchant_count']}"
            for island in view.get("islands", [])
            if isinstance(island, dict) and "merchant_count" in island and island.get("seat", -1) < len(names)
        ]
        if counts:
            return [_("Merchant cards held: %(list)s.") % {"list": ", ".join(counts)}]
    return []


@dataclass
class GameMail:
    """What one game email says, before rendering.  ``end_lines`` and
    ``end_html`` are the same content (the game-end reveal) in each part.

    ``sections`` is where other apps add their own blocks (a title and its
    lines, e.g. chat lines), shown in both parts after what happened."""

    headline: str
    lines: list[str] = field(default_factory=list)
    error: str = ""
    your_move: bool = False
    reply_address: str = ""
    deadline: str = ""
    #: The reader's Fischer bank (``changes.bank_line``).
    bank: str = ""
    #: What changed for the reader since their last turn
    #: (``changes.change_line``), filled in when ``show_changes``.
    changes: str = ""
    show_changes: bool = False
    end_lines: list[str] = field(default_factory=list)
    end_html: str = ""
    #: "Since your last move" and its lines (``since.since_lines``).
    since: list[str] = field(default_factory=list)
    #: Whole turns offered as one letter each: ``(letter, text)``.
    turns: list[tuple[str, str]] = field(default_factory=list)
    #: A few lines of notation help (``notation_help``).
    notation: list[str] = field(default_factory=list)
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    #: False when the caller knows the game has no chat lines
    #: (``chat_mail.has_chat``): no mail looks for unmailed ones then.
    chat: bool = True
    #: False for a reader whose reply would not reach the table (they left
    #: the game): the mail then does not say a reply is a message to it.
    reply_is_chat: bool = True
    #: The Message-ID of the player's mail this one answers (a move they
    #: sent by email): it is then threaded under it as an auto-reply.
    in_reply_to: str = ""


def render_game_email(
    *, match, view: dict[str, Any], names: list[str], mail: GameMail, options: list[str], unsubscribe: str, mute: str
) -> tuple[str, str, str]:
    """``(subject, text, html)`` of a game email for the seat ``view`` is for."""
    board = board_for(match.game)
    rules = get_rules(match.game)
    numbered = list(enumerate(options[:MAX_OPTIONS], start=1))
    event = event_context(match)  # a casual game's: None, with no query
    parts = BodyParts(
        mail=mail,
        expect=expect_text(match.game, view),
        board_text=wrapped(board.text(view, names)),
        board_html=board.html(view, names),
        seat_lines=seat_lines(match.game, view, names),
        options=numbered,
        # The plain part's lists, wrapped under their own text.
        option_lines=[wrapped(f"  {number}. {text}") for number, text in numbered],
        turn_lines=[wrapped(f"  {letter}. {text}") for letter, text in mail.turns],
        more_options=max(0, len(options) - MAX_OPTIONS),
        game_url=settings.SITE_URL + match.get_absolute_url(),
        help_url=settings.SITE_URL + reverse("game-help", args=[match.game]),
        unsubscribe_url=unsubscribe,
        mute_url=mute,
        site_name=settings.SITE_NAME,
        opponent_count=match.opponent_count,
        turn_reveal=rules.turn_reveal(match.players),
        over=match.is_finished,
        event_line=event.line() if event is not None else "",
        event_url=settings.SITE_URL + event.url if event is not None else "",
    )
    subject = " ".join(f"{rules.name} #{match.pk}: {mail.headline}".split())
    return subject, body_text(parts), short_lines(body_html(parts))
