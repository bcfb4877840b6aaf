"""The Dutch catalogues are complete, valid and built.

Every entry of every ``nl`` catalogue in the repository is translated and
not fuzzy, its placeholders match the English, and ``make install`` has
compiled it (``.mo`` files are build output, never committed).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
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


ALL_CATALOGUES = sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/*.po") if ".venv" not in p.parts)


@pytest.mark.parametrize("path", ALL_CATALOGUES, ids=_ids)
def test_header_is_final_and_the_catalogue_compiles_without_warnings(path):
    """A fuzzy header or one with a placeholder date (``YEAR-MO-DA``) makes
    ``msgfmt --check`` warn, and translation tools treat the file as a draft."""
    if shutil.which("msgfmt") is None:
        pytest.skip("needs gettext's msgfmt")
    assert not polib.pofile(str(path)).metadata_is_fuzzy
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert (checked.returncode, checked.stderr) == (0, "")


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


# How many leading arguments of each marking call ``makemessages`` reads
# (the context first for the p- forms).
_MARKING = {"_": 1, "gettext": 1, "gettext_lazy": 1, "gettext_noop": 1, "ngettext": 2, "ngettext_lazy": 2}
_MARKING |= {"ngettext_noop": 2}  # core.marking, read by the project's makemessages
_MARKING |= {"pgettext": 2, "pgettext_lazy": 2, "npgettext": 3, "npgettext_lazy": 3}
_OWN_CATALOGUE = ("games", "ratings", "tournaments")  # the rest extracts to the root locale/


def _marked(path: Path):
    """(context, msgid) of each marking call with literal arguments in a module."""
    import ast

    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
        args = node.args[: _MARKING.get(name, 0)]
        if args and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            yield (
                (args[0].value, args[1].value) if name.startswith(("pgettext", "npgettext")) else (None, args[0].value)
            )


@pytest.mark.parametrize("app", ["alta_site", "core", "games", "mail", "ratings", "tournaments"])
def test_every_marked_string_is_in_the_catalogue_makemessages_writes_it_to(app):
    """``make messages`` (``--no-obsolete``) keeps an entry only in the
    catalogue nearest to the code that marks it: one kept elsewhere is
    dropped, and its Dutch with it."""
    catalogue = ROOT / (app if app in _OWN_CATALOGUE else "") / "locale/nl/LC_MESSAGES/django.po"
    entries = {(e.msgctxt, e.msgid) for e in polib.pofile(str(catalogue)) if not e.obsolete}
    modules = [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]
    missing = sorted(
        f"{p.relative_to(ROOT)}: {m}" for p in modules for key in _marked(p) if key not in entries for m in [key[1]]
    )
    assert missing == []


@pytest.mark.parametrize("app", ["alta_site", "core", "games", "mail", "ratings", "tournaments"])
def test_no_string_is_marked_inside_an_f_string(app):
    """xgettext reads an f-string as one string, so ``f"{_('Game page:')}"``
    marks nothing: ``make messages`` drops the entry unless another call
    marks it too (``pgettext('mail command', 'resign')`` lost its Dutch)."""
    import ast

    inside = []
    for path in sorted(p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr):
                calls = [c for c in ast.walk(node) if isinstance(c, ast.Call)]
                names = [getattr(c.func, "id", None) or getattr(c.func, "attr", "") for c in calls]
                inside += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names if n in _MARKING]
    assert inside == []


# ``make messages``, run as the Makefile writes it over a copy of the tree.
_MAKE_VARIABLE = re.compile(r"^(\w+)\s*[:?]?=\s*(.*)$", re.M)


def _messages_recipe(makefile: str) -> list[str]:
    """The shell lines of the Makefile's ``messages`` target, its variables
    (``$(NAME)``, as assigned in the Makefile) expanded."""
    variables = dict(_MAKE_VARIABLE.findall(makefile))
    recipe = makefile.split("\nmessages:", 1)[1].split("\n", 1)[1]
    lines = []
    for line in recipe.replace("\\\n", " ").splitlines():
        if not line.startswith("\t"):
            break
        while "$(" in line:
            line = re.sub(r"\$\((\w+)\)", lambda m: variables[m[1]], line)
        lines.append(line.strip())
    return lines


def _translated(path: Path) -> dict:
    """(context, msgid) -> translation of each translated, current entry."""
    return {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgid_plural, sorted(e.msgstr_plural.items()))
        for e in polib.pofile(str(path)).translated_entries()
        if not e.obsolete
    }


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="makemessages needs gettext's xgettext")
def test_make_messages_keeps_every_translation(tmp_path):
    """``make messages`` (``--no-obsolete``) drops each entry no code or
    template marks, its translation with it: every translated entry of
    every catalogue is either marked (third-party words in a ``*_words``
    module) or not kept at all.  Run over a copy; the catalogues here stay."""
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT, tree, ignore=shutil.ignore_patterns(".git", ".venv", "var", "tests", "__pycache__", "*.mo", ".*_cache")
    )
    (tree / ".venv").symlink_to(sys.prefix)  # the recipe calls .venv/bin/python
    for line in _messages_recipe((ROOT / "Makefile").read_text()):
        subprocess.run(line, shell=True, cwd=tree, check=True, capture_output=True, timeout=120)

    lost = []
    for path in sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/*.po") if ".venv" not in p.parts):
        before, after = _translated(path), _translated(tree / path.relative_to(ROOT))
        lost += [f"{_ids(path)}: {key[1]}" for key, words in before.items() if after.get(key) != words]
    assert lost == []
