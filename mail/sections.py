"""Adding a section to a rendered mail (chat lines, a sign-in link)
without touching its templates: in the plain part before the ``--``
footer, in the HTML part before its footer (``game_body.FOOTER_HTML``),
or before ``</body>`` in a mail without one."""

from __future__ import annotations

from html import escape

from django.utils.translation import gettext as _

from core.signin import sign_in_url

from .game_body import FOOTER_HTML
from .render import in_language
from .templatetags.mail_text import wrapped

_FOOTER = "\n--\n"


def section_insert(text: str, html: str, *, text_block: str, html_block: str) -> tuple[str, str]:
    """``(text, html)`` with the blocks inserted (``html_block`` already escaped)."""
    at = text.rfind(_FOOTER)
    text = f"{text[:at]}\n{text_block.rstrip()}\n{text[at:]}" if at >= 0 else f"{text.rstrip()}\n\n{text_block}"
    at = html.rfind(FOOTER_HTML)
    at = at if at >= 0 else html.rfind("</body>")
    html = f"{html[:at]}{html_block}{html[at:]}" if at >= 0 else html + html_block
    return text, html


def sign_in_section(text: str, html: str, *, user) -> tuple[str, str]:
    """The parts with a one-time sign-in link for a player without a
    password (in ``user``'s language)."""
    url = sign_in_url(user)
    with in_language(user):
        said = _(
            "You play by email only. To use the site as well, sign in once with this link "
            "(it works once and expires after a few days), then choose a password:"
        )
    return section_insert(
        text,
        html,
        text_block=f"{wrapped(said, hanging=0)}\n{url}\n",  # the link unbroken, on a line of its own
        html_block=f'<p style="margin:8px 0">{escape(said)} <a href="{escape(url)}">{escape(url)}</a></p>',
    )
