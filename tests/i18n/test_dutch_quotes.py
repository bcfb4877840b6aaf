"""Dutch mails and pages quote in one style: straight double quotes ("zeg",
"%(move)s" is gespeeld), as most of their sentences do, not now and then
„…” or “…” (the ladders' "Er is geen speler die "%(name)s" heet." too).

(The engine's notation examples keep their single quotes, 'molen D3', in
either language: they are the notation's own quoting.)"""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.conf import settings

#: The catalogues of the mails: the site's (mail, core) and the games' (engine sentences, boards);
#: and those of the ladders' and tournaments' pages and mails, which quote as the rest.
CATALOGUES = [
    "locale/nl/LC_MESSAGES/django.mo",
    "games/locale/nl/LC_MESSAGES/django.mo",
    "ratings/locale/nl/LC_MESSAGES/django.mo",
    "tournaments/locale/nl/LC_MESSAGES/django.mo",
]


@pytest.mark.parametrize("path", CATALOGUES)
def test_dutch_mail_text_quotes_in_one_style(path):
    mo = Path(settings.BASE_DIR) / path
    with mo.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    mixed = [text for key, text in catalogue.items() if key and any(mark in text for mark in "„“”")]
    assert not mixed, mixed
