"""Adding a section to a rendered mail (chat lines, a sign-in link)
without touching its templates: in the plain part before the ``--``
footer, in the HTML part before ``</body>``."""

from __future__ import annotations

_FOOTER = "\n--\n"


def section_insert(text: str, html: str, *, text_block: str, html_block: str) -> tuple[str, str]:
    """``(text, html)`` with the blocks inserted (``html_block`` already escaped)."""
    at = text.rfind(_FOOTER)
    text = f"{text[:at]}\n{text_block.rstrip()}\n{text[at:]}" if at >= 0 else f"{text.rstrip()}\n\n{text_block}"
    at = html.rfind("</body>")
    html = f"{html[:at]}{html_block}{html[at:]}" if at >= 0 else html + html_block
    return text, html
