import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games.checks import registered_games_load
from games.engine import GAMES, get_rules, import_errors, registered_slugs
from games.engine.registry import PROTOCOL_MEMBERS


def test_unknown_slug_names_the_known_games():
    with pytest.raises(KeyError, match="alta"):
        get_rules("chess")


@pytest.mark.parametrize("slug", registered_slugs())
def test_metadata_is_sane(slug):
    rules = get_rules(slug)
    assert rules.slug == slug
    assert rules.name
    assert 1 <= rules.min_players <= rules.max_players <= 6
    assert rules.engine_version >= 1


def test_every_game_is_registered():
    assert registered_slugs() == list(GAMES)
    assert set(GAMES) == {"alta", "alhambra", "atlantis", "alpaca"}


def test_every_registered_game_loads():
    assert import_errors() == {}
    call_command("check")  # raises SystemCheckError otherwise


@pytest.fixture
def broken_game(tmp_path, monkeypatch):
    """A registered game whose module fails to import (a missing dependency)."""
    (tmp_path / "broken_game.py").write_text("import games.rules.no_such_module\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "broken", "broken_game:BrokenRules")
    return "broken"


def test_a_broken_registered_game_is_not_hidden(broken_game):
    assert broken_game in registered_slugs()
    errors = import_errors()
    assert list(errors) == [broken_game]
    assert isinstance(errors[broken_game], ModuleNotFoundError)


def test_the_system_check_names_a_broken_game(broken_game):
    error, no_board = registered_games_load()
    assert (error.id, no_board.id) == ("games.E001", "games.E002")
    assert "'broken' is registered but its rules do not load" in error.msg
    assert "no_such_module" in error.msg


def test_a_broken_registered_game_makes_manage_py_check_fail(broken_game):
    # Django runs the checks in no fixed order: a model check that lists the
    # games (ratings' choices) may meet the broken game first and raise; the
    # game is named either way.
    with pytest.raises((SystemCheckError, ImportError), match="'broken'"):
        call_command("check")


@pytest.fixture
def half_game(tmp_path, monkeypatch):
    """A registered game whose rules class imports but lacks part of the
    protocol (``move_options`` and ``tie_break`` lost in a refactoring):
    every page and mail of it would fail only once someone played it."""
    (tmp_path / "half_game.py").write_text(
        "from games.rules.alta.rules import AltaRules\n"
        "class HalfRules:\n"
        "    def __getattr__(self, name):\n"
        "        if name in ('move_options', 'tie_break'):\n"
        "            raise AttributeError(name)\n"
        "        return getattr(AltaRules(), name)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "half", "half_game:HalfRules")
    return "half"


def test_a_registered_game_lacking_part_of_the_protocol_fails_the_start_up_check(half_game):
    errors = import_errors()
    assert list(errors) == [half_game]
    assert "move_options" in str(errors[half_game]) and "tie_break" in str(errors[half_game])
    error = registered_games_load()[0]
    assert error.id == "games.E001" and "'half' is registered but its rules do not load" in error.msg
    assert "move_options" in error.msg


def test_every_registered_game_provides_the_whole_protocol():
    for slug in registered_slugs():
        rules = get_rules(slug)
        assert all(hasattr(rules, name) for name in PROTOCOL_MEMBERS), slug
