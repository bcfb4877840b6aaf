import pytest

from games.engine import GAMES, available_slugs, get_rules


def test_unknown_slug_names_the_known_games():
    with pytest.raises(KeyError, match="alta"):
        get_rules("chess")


@pytest.mark.parametrize("slug", available_slugs())
def test_metadata_is_sane(slug):
    rules = get_rules(slug)
    assert rules.slug == slug
    assert rules.name
    assert 1 <= rules.min_players <= rules.max_players <= 6
    assert rules.engine_version >= 1


def test_every_game_is_registered():
    assert set(GAMES) == {"alta", "alhambra", "atlantis", "alpaca"}
