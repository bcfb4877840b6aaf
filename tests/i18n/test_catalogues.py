"""The Dutch catalogues are complete, valid and built.

Every entry of every ``nl`` catalogue in the repository is translated and
not fuzzy, its placeholders match the English, and ``make install`` has
compiled it (``.mo`` files are build output, never committed).
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(p for p in ROOT.glob("**/locale/nl/LC_MESSAGES/*.po") if ".venv" not in p.parts)
# %(name)s, %s, %d ... and {name} for the strings formatted with str.format.
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdfr]|%[sdfr]|\{\w*\}")


def _ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_there_are_dutch_catalogues():
    assert {_ids(p) for p in CATALOGUES} >= {
        "locale/nl/LC_MESSAGES/django.po",
        "ratings/locale/nl/LC_MESSAGES/django.po",
        "tournaments/locale/nl/LC_MESSAGES/django.po",
        "games/locale/nl/LC_MESSAGES/django.po",
    }


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_every_entry_is_translated_and_not_fuzzy(path):
    catalogue = polib.pofile(str(path))
    untranslated = [e.msgid for e in catalogue.untranslated_entries()]
    fuzzy = [e.msgid for e in catalogue.fuzzy_entries()]
    assert (untranslated, fuzzy) == ([], [])


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_placeholders_match_the_english(path):
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            pairs = [(entry.msgid, forms[0])] + [(entry.msgid_plural, forms[n]) for n in forms if n]

        for english, dutch in pairs:
            if sorted(set(_PLACEHOLDER.findall(english))) != sorted(set(_PLACEHOLDER.findall(dutch))):
                wrong.append((english, dutch))
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=_ids)
def test_catalogue_is_compiled(path):
    compiled = path.with_suffix(".mo")
    assert compiled.exists() and compiled.stat().st_mtime >= path.stat().st_mtime, (
        f"{_ids(path)} is not compiled: run `make install`"
    )


def test_no_compiled_catalogue_is_committed():
    ignore = (ROOT / ".gitignore").read_text().split()
    assert "*.mo" in ignore
