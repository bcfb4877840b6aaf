"""The end of every game reveals what its rules say, for every seat, and
nothing before (``Rules.reveal``: one ``SeatReveal`` per seat)."""

from __future__ import annotations

import json

import pytest

from games.engine import SeatReveal, get_rules, registered_slugs

from .playing import final_state, random_playthrough

#: What each game's rules reveal at the end (shared/rules/<game>.md).
REVEALED = {
    "alta": {"merchants"},  # "all merchant cards are revealed with the score breakdown"
    "alhambra": {"hand"},  # "every money hand is revealed with the score breakdown"
    "alpaca": {"hand"},  # hands are hidden during play and shown at the end
    "atlantis": {"hand"},  # the colours of each hand, hidden in play, shown with the published seed
}


def _leaves(data):
    """Every value in a nested view, containers included."""
    yield data
    if isinstance(data, dict):
        for item in data.values():
            yield from _leaves(item)
    elif isinstance(data, list):
        for item in data:
            yield from _leaves(item)


def test_every_registered_game_says_what_it_reveals():
    assert set(REVEALED) == set(registered_slugs())


@pytest.mark.parametrize("slug", registered_slugs())
@pytest.mark.parametrize("players", [2, 3])
def test_nothing_is_revealed_before_the_end(slug, players):
    rules = get_rules(slug)
    for step in random_playthrough(rules, players, seed=4):
        assert rules.reveal(step.state) is None


@pytest.mark.parametrize("slug", registered_slugs())
@pytest.mark.parametrize("players", [2, 3])
def test_the_end_reveals_every_item_for_every_seat(slug, players):
    rules = get_rules(slug)
    state = final_state(rules, players, seed=4)
    outcome = rules.outcome(state)
    reveal = rules.reveal(state)
    assert reveal is not None and len(reveal) == players
    public = list(_leaves(rules.view(state, None)))
    for seat, entry in enumerate(reveal):
        assert isinstance(entry, SeatReveal)
        assert (entry.seat, entry.score) == (seat, outcome.scores[seat])
        assert entry.breakdown == outcome.details[seat]
        assert set(entry.revealed) == REVEALED[slug]
        for name, value in entry.revealed.items():
            # The revealed holding is the seat's own (its view showed it)
            # and now every spectator sees it too.
            assert value in public, (seat, name, value)
        json.dumps(entry.dump())
    if REVEALED[slug]:
        assert any(value for entry in reveal for value in entry.revealed.values())


#: What a game that ended early reveals besides: Alta's hands, empty only
#: once every island is complete ("each hand (2 cards)" is hidden in play).
EARLY = {"alta": {"hand"}}


@pytest.mark.parametrize("slug", [slug for slug in registered_slugs() if REVEALED[slug]])
def test_a_resigned_game_reveals_too(slug):
    rules = get_rules(slug)
    state = rules.resign(rules.setup(2, 5), 1).state
    reveal = rules.reveal(state)
    assert [set(entry.revealed) for entry in reveal] == [REVEALED[slug] | EARLY.get(slug, set())] * 2
    public = list(_leaves(rules.view(state, None)))
    assert all(value in public for entry in reveal for value in entry.revealed.values())
