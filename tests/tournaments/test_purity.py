"""Pairing and standings stay pure: no Django, no other apps (9.7)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("django", "rest_framework", "celery", "games", "ratings", "alta_site")
PURE_FILES = sorted(
    [
        ROOT / "tournaments" / "types.py",
        ROOT / "tournaments" / "standings.py",
        *(ROOT / "tournaments" / "pairing").rglob("*.py"),
    ]
)


PURE_SIBLINGS = ("types", "standings", "pairing")


def imported_modules(path):
    """Absolute names of all that ``path`` imports (relative ones resolved)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            yield ".".join([*base, *(node.module or "").split(".")]).strip(".")


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_tournament_modules_import_nothing_from_django(path):
    modules = list(imported_modules(path))
    bad = [m for m in modules if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path} imports {bad}"
    # Inside the app, only the other pure modules (not models, services...).
    local = [m.split(".") for m in modules if m.startswith("tournaments")]
    assert all(len(m) > 1 and m[1] in PURE_SIBLINGS for m in local), (path, local)


def test_the_scan_sees_every_format():
    names = {p.name for p in PURE_FILES}
    assert {
        "swiss.py",
        "double_elimination.py",
        "round_robin.py",
        "standings.py",
    } <= names
