"""The ``Rules`` protocol is the whole contract between the site and the
games: every member the site reads on a rules object is declared on it (so
mypy checks each call), and every registered game provides it."""

import ast
from pathlib import Path

import pytest

from games.engine import Rules, get_rules, registered_slugs
from games.engine.registry import PROTOCOL_MEMBERS

ROOT = Path(__file__).resolve().parents[2]
#: The site: every package that uses games only through the protocol.
SITE = ("alta_site", "core", "games", "mail", "ratings", "tournaments")
#: The games themselves, which may call their own helpers.
ENGINES = ("games/engine", "games/rules")


def _site_modules() -> list[Path]:
    return [
        path
        for package in SITE
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        and not any(path.relative_to(ROOT).as_posix().startswith(engine + "/") for engine in ENGINES)
    ]


def _is_rules_object(node: ast.expr) -> bool:
    """``rules``, ``match_rules`` … or ``get_rules(slug)``."""
    if isinstance(node, ast.Name):
        return node.id.lower().endswith("rules")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "get_rules"


def members_read_by_the_site() -> dict[str, str]:
    """``{member: "path:line"}`` of each attribute the site reads on a rules
    object (its first use)."""
    found: dict[str, str] = {}
    for path in _site_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and _is_rules_object(node.value):
                found.setdefault(node.attr, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_scan_finds_what_the_site_calls():
    read = members_read_by_the_site()
    assert {"apply", "move_options", "split_turn_text", "to_move", "name"} <= set(read)
    assert read["split_turn_text"].startswith("mail/reply_text.py:")


def test_every_member_the_site_reads_on_a_rules_object_is_in_the_protocol():
    missing = {name: where for name, where in members_read_by_the_site().items() if name not in PROTOCOL_MEMBERS}
    assert missing == {}


@pytest.mark.parametrize("slug", registered_slugs())
def test_every_registered_game_is_a_rules_object(slug):
    assert isinstance(get_rules(slug), Rules)


def test_an_object_lacking_a_member_is_not_a_rules_object():
    class Half:
        def __getattr__(self, name):
            if name == "split_turn_text":
                raise AttributeError(name)
            return getattr(get_rules("alta"), name)

    assert not isinstance(Half(), Rules)


@pytest.mark.parametrize("slug", registered_slugs())
def test_split_turn_text_keeps_the_moves_stripped_and_drops_empty_parts(slug):
    rules = get_rules(slug)
    assert rules.split_turn_text("") == []
    assert rules.split_turn_text(" ;\n ; ") == []
    parts = rules.split_turn_text("  pass ;\n\n pass  ")
    assert parts and all(part == part.strip() and part for part in parts)
