"""An event's English text may be rendered only when first read (Alhambra
builds its events that way, for speed): it must read, dump and compare
exactly as an event built with its text."""

from __future__ import annotations

import pytest

from games.engine import Event, get_rules
from games.rules.alhambra import legal


def _events_of_a_game(seed: int) -> list[Event]:
    rules = get_rules("alhambra")
    state = rules.setup(3, seed)
    events: list[Event] = []
    for _ in range(60):
        seat = min(rules.to_move(state))
        transition = rules.apply(state, seat, rules.legal_moves(state, seat)[0])
        events += transition.events
        state = transition.state
    return events


def test_a_lazily_rendered_text_reads_dumps_and_compares_as_a_built_one():
    events = _events_of_a_game(7)
    assert any("text" not in e.__dict__ for e in events)  # not rendered yet
    for event in events:
        assert event.message is not None
        built = Event.say(event.kind, event.message, dict(event.data), event.to)
        assert event == built and event.dump() == built.dump()
        assert event.text == event.message.english()
        assert Event.load(event.dump()) == event


def test_an_event_without_text_or_message_still_refuses_unknown_attributes():
    event = Event("note", "A note.")
    assert event.text == "A note."
    with pytest.raises(AttributeError):
        event.colour  # type: ignore[attr-defined]  # noqa: B018


def test_alhambras_move_caches_are_bounded():
    caches = [legal.minimal_payments, legal.takes, legal._buy_options, legal._buys, legal._by_currency]
    assert all(cache.cache_info().maxsize is not None and cache.cache_info().maxsize <= 4096 for cache in caches)
