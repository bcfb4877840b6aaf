"""The dependency graph written in pyproject.toml holds (import-linter)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_import_contracts_are_kept(monkeypatch):
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


@pytest.mark.parametrize("module", ["games.services.moves", "games.services.lifecycle", "games.services.deadlines"])
def test_the_write_path_does_not_import_mail(module):
    import importlib
    import inspect

    source = inspect.getsource(importlib.import_module(module))
    assert "import mail" not in source and "from mail" not in source
