"""The rating maths stay pure, and games never depends on ratings (house
style 9.1 and 9.7)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = ["ratings/calculator.py", "ratings/matchmaking.py", "ratings/charts.py"]


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("name", PURE)
def test_the_rating_maths_import_no_framework(name):
    assert not imports(ROOT / name) & {
        "django",
        "rest_framework",
        "celery",
        "games",
        "ratings",
    }


def test_games_never_imports_ratings():
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / "games").rglob("*.py") if "ratings" in imports(path)]
    assert offenders == []
