"""A player reads what happened to them in the second person ("You draw 1
card.", "Je past."), never their own name as if about someone else; the
other players read the same event with that player's name."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine import get_rules
from games.i18n import event_text
from tests.engine.playing import random_playthrough

from .test_engine_messages import GAMES, HOLE, _engine_templates

SEAT = re.compile(r"\bseat \d\b", re.IGNORECASE)


def _addressed_events(game: str, players: int, games: int = 12):
    """Events of seeded random games (their setup's too) whose template has
    a second-person wording, with the seat each is about."""
    rules = get_rules(game)
    found = []
    for seed in range(games):
        played = [rules.setup_events(rules.setup(players, seed))]
        for step in random_playthrough(rules, players, seed):
            played.append(rules.apply(step.state, step.seat, step.move).events)
        for events in played:
            for event in events:
                if event.message is not None and event.message.template in rules.second_person:
                    key, _own = rules.second_person[event.message.template]
                    found.append((event, event.data[key]))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_second_person_wordings_answer_engine_templates_with_fewer_holes(game):
    rules = get_rules(game)
    templates = _engine_templates()
    for third, (_key, own) in rules.second_person.items():
        assert third in templates and own in templates
        assert set(HOLE.findall(own)) < set(HOLE.findall(third))


@pytest.mark.parametrize(("game", "players"), [("atlantis", 2), ("alpaca", 3), ("alhambra", 2)])
def test_an_event_about_the_reader_says_you_and_names_them_to_the_others(game, players):
    rules = get_rules(game)
    events = _addressed_events(game, players)
    seen = {event.message.template for event, _seat in events}
    assert seen == set(rules.second_person), "each wording is met in play"
    for event, seat in events:
        other = (seat + 1) % players
        with translation.override("en"):
            own, theirs = event_text(game, event, seat), event_text(game, event, other)
        assert re.search(r"\b(You|you|Your)\b", own) and not SEAT.search(own), own
        assert theirs == event_text(game, event) and SEAT.search(theirs), theirs
        with translation.override("nl"):
            dutch = event_text(game, event, seat)
        assert re.search(r"\b(Je|jij|jou)\b", dutch) and not SEAT.search(dutch), dutch


def test_alta_says_you_to_the_mover_of_what_their_step_turned_face_up():
    """Alta's wordings (the merchant deck running empty is seldom met in
    random play: the others must be)."""
    rules = get_rules("alta")
    events = _addressed_events("alta", 2)
    seen = {event.message.template for event, _seat in events}
    assert len(seen) >= len(rules.second_person) - 1, seen
    for event, seat in events:
        with translation.override("en"):
            own, theirs = event_text("alta", event, seat), event_text("alta", event, 1 - seat)
        assert re.search(r"\b(You|you|Your)\b", own) and not SEAT.search(own), own
        assert theirs == event_text("alta", event) and SEAT.search(theirs), theirs
        with translation.override("nl"):
            dutch = event_text("alta", event, seat)
        assert re.search(r"\b(Je|jij|jou)\b", dutch) and not SEAT.search(dutch), dutch


@pytest.mark.parametrize(
    ("language", "one", "counted"),
    [
        ("en", r"\ba (\w+) card, a \1 card\b", r"\b\d \w+ cards\b"),
        ("nl", r"een kaart in (\w+), een kaart in \1\b", r"\b\d kaarten in \w+"),
    ],
)
def test_an_atlantis_toll_paid_with_cards_of_one_colour_counts_them(language, one, counted):
    """A toll read "with a brown card, a brown card"; cards of one colour
    are now counted: "with 2 brown cards" ("met 2 kaarten in bruin")."""
    rules = get_rules("atlantis")
    found = 0
    for seed in range(20):
        for step in random_playthrough(rules, 2, seed):
            for event in rules.apply(step.state, step.seat, step.move).events:
                if event.kind != "pay" or len(set(event.data.get("cards", ()))) == len(event.data.get("cards", ())):
                    continue
                with translation.override(language):
                    said = [event_text("atlantis", event), event_text("atlantis", event, step.seat)]
                assert not any(re.search(one, line) for line in said), said
                assert all(re.search(counted, line) for line in said), said
                found += 1
    assert found
