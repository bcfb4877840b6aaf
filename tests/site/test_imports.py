"""The dependency graph written in pyproject.toml holds (import-linter),
and no module, nor any subpackage among its package's children, takes part
in an import cycle."""

import importlib
import inspect
import logging
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("alta_site", "core", "games", "mail", "ratings", "tournaments")


@pytest.fixture
def loggers_kept():
    """import-linter configures logging as a command would, which disables
    every logger that exists by then: the project's loggers are enabled
    again afterwards, or a later test in the process sees no log."""
    enabled = [
        logger
        for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger) and not logger.disabled
    ]
    yield
    for logger in enabled:
        logger.disabled = False


def test_the_import_contracts_are_kept(monkeypatch, loggers_kept):
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in imports.get(module, ()):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(imports):
        if module not in index:
            visit(module)
    return found


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_takes_part_in_an_import_cycle(monkeypatch):
    import grimp

    monkeypatch.syspath_prepend(str(ROOT))
    graph = grimp.build_graph(*PACKAGES)
    imports = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert cycles(imports) == []


def packages_imports(modules: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between the children of each package: a module stands for
    the child of every package it is in (``games.deadlines.sweeps`` is
    ``games.deadlines`` among the children of ``games``)."""
    imports: dict[str, set[str]] = {}
    for module, imported in modules.items():
        for other in imported:
            parts, other_parts = module.split("."), other.split(".")
            shared = 0
            while shared < min(len(parts), len(other_parts)) - 1 and parts[shared] == other_parts[shared]:
                shared += 1
            if shared and parts[: shared + 1] != other_parts[: shared + 1]:
                child, other_child = ".".join(parts[: shared + 1]), ".".join(other_parts[: shared + 1])
                imports.setdefault(child, set()).add(other_child)
    return imports


def test_packages_imports_collapse_modules_to_the_children_of_their_common_package():
    assert packages_imports({"g.a.x": {"g.b.y.z", "g.a.w", "h.c"}}) == {"g.a": {"g.b"}, "g.a.x": {"g.a.w"}}


def test_no_subpackage_takes_part_in_an_import_cycle(monkeypatch):
    import grimp

    monkeypatch.syspath_prepend(str(ROOT))
    graph = grimp.build_graph(*PACKAGES)
    imports = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert cycles(packages_imports(imports)) == []


@pytest.mark.parametrize(
    "module",
    [
        "games.services.moves",
        "games.services.lifecycle",
        "games.services.creation",
        "games.services.events",
        "games.deadlines.sweeps",
    ],
)
def test_the_write_path_does_not_import_mail(module):
    source = inspect.getsource(importlib.import_module(module))
    assert "import mail" not in source and "from mail" not in source
