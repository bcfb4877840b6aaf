"""The engine and the rules never import Django or the other apps."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("django", "rest_framework", "celery", "tournaments", "ratings", "alta_site")
PURE_FILES = sorted([*ROOT.joinpath("games", "engine").rglob("*.py"), *ROOT.joinpath("games", "rules").rglob("*.py")])


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_modules_import_nothing_from_django_or_other_apps(path):
    bad = [m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path} imports {bad}"
    assert all(
        not m.startswith("games.") or m.startswith(("games.engine", "games.rules")) for m in imported_modules(path)
    )


def test_the_scan_sees_the_engine():
    assert any(p.name == "base.py" for p in PURE_FILES)
