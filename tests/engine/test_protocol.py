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


def test_every_protocol_method_states_what_it_raises():
    silent = [
        name
        for name, member in vars(Rules).items()
        if callable(member) and not name.startswith("_") and "raise" not in (member.__doc__ or "")
    ]
    assert silent == []


def _first_moves() -> dict[str, object]:
    moves = {}
    for slug in registered_slugs():
        rules = get_rules(slug)
        state = rules.setup(max(2, rules.min_players), 1)
        moves[slug] = rules.legal_moves(state, min(rules.to_move(state)))[0]
    return moves


class _NoMove:
    pass


@pytest.mark.parametrize("slug", registered_slugs())
def test_format_move_and_dump_move_refuse_what_is_not_a_move_of_the_game_with_a_type_error(slug):
    rules = get_rules(slug)
    state = rules.setup(max(2, rules.min_players), 1)
    seat = min(rules.to_move(state))
    others = [move for other, move in _first_moves().items() if other != slug]
    for value in [_NoMove(), None, "pass", 3, {"kind": "pass"}, *others]:
        with pytest.raises(TypeError, match=f"Not an {rules.name} move"):
            rules.format_move(state, seat, value)
        with pytest.raises(TypeError, match=f"Not an {rules.name} move"):
            rules.dump_move(value)
    own = rules.legal_moves(state, seat)[0]
    assert rules.parse_move(state, seat, rules.format_move(state, seat, own)) == own
    assert rules.load_move(rules.dump_move(own)) == own
