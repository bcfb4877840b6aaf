"""The engine's sentences in the reader's language.

The engine writes ``Message`` objects (English template and params, see
``games.engine.message``); this is where the site translates them, at
render time and in the active language: the template through the
catalogue (remembered per catalogue, ``games.terms.gettext``: a mail
translates the same few sentences many times), each ``Term`` through
``games.terms`` of the game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine import EngineError, Event, Joined, Message, TurnReveal, Unplayed, get_rules, render
from games.terms import gettext, term


def translate(game: str, message: Message) -> str:
    """``message`` in the active language (English holes kept if a
    translation is broken); its terms are words of the sentence, lower
    case first but at its start (``render``), and move text in it reads as
    a page or mail writes moves (``move_words``: "farmer's hut D4", not
    "farmers_hut D4")."""
    return render(message, gettext, lambda slug: term(game, slug), lambda text: move_words(game, text))


def event_text(game: str, event: Event, reader: int | None = None, *, history: bool = False) -> str:
    """The event's sentence in the active language (its stored English
    ``text`` for an event written before events carried a message), worded
    for the seat ``reader`` when it is about that seat ("You draw 1 card.",
    the engine's ``second_person``); ``history``: as the move history tells
    it, in the past tense (the engine's ``history_wordings``)."""
    if event.message is None:
        return event.text
    rules = get_rules(game)
    said = event.message
    if reader is not None:
        key, own = rules.second_person.get(said.template, ("", ""))
        if own and event.data.get(key) == reader:
            said = Message(own, said.params)
    past = rules.history_wordings.get(said.template) if history else None
    if past is not None:
        said = Message(past, said.params)
    shown = rules.shown_wordings.get(said.template)
    if shown is not None:
        said = Message(shown, said.params)
    return translate(game, _counted(said, rules.counted_wordings) if rules.counted_wordings else said)


def _counted(said: Message, counted: Mapping[str, str]) -> Message:
    """``said`` with each run of equal items of a listed parameter whose
    template ``counted`` names shown once, counted ("a brown card, a brown
    card" -> "2 brown cards")."""
    params: dict[str, Any] = dict(said.params)
    for key, value in said.params.items():
        if not isinstance(value, Joined):
            continue
        items: list[Any] = []
        runs: list[int] = []
        for item in value.items:
            if items and item == items[-1] and isinstance(item, Message) and item.template in counted:
                runs[-1] += 1
            else:
                items.append(item)
                runs.append(1)
        if len(items) < len(value.items):
            params[key] = Joined(
                tuple(
                    Message(counted[item.template], {**item.params, "count": run}) if run > 1 else item
                    for item, run in zip(items, runs, strict=True)
                ),
                value.separator,
            )
    return Message(said.template, params)


def not_played(game: str, data: Mapping[str, Any] | None) -> tuple[list[str], str] | None:
    """The end of a mover's message that was not played
    (``MoveRecord.not_played``: a move of it turned up cards, and a later
    one was refused): its moves and the reason, in the active language;
    ``None`` when the whole message was played.  For the mover alone: the
    reason may name their cards."""
    if not data:
        return None
    unplayed = Unplayed.load(data)
    return list(unplayed.moves), translate(game, unplayed.reason)


def not_played_lines(game: str, data: Mapping[str, Any] | None, players: int) -> list[str]:
    """``not_played`` as the mover reads it in a mail or on the page, with
    why the moves before it stand (what a move may show in a game of
    ``players``: ``Rules.turn_reveal``); no line when the whole message
    was played."""
    found = not_played(game, data)
    if found is None:
        return []
    moves, reason = found
    if get_rules(game).turn_reveal(players) is TurnReveal.PASSES:
        why = _(
            "Other players passed after a move before it, as they could not play, so the moves up to there stand, "
            "as they would at the table."
        )
    else:
        why = _(
            "A move before it turned up cards you had not seen, so the moves up to there stand, as they would at "
            "the table."
        )
    return [_("“%(moves)s” was not played: %(reason)s") % {"moves": "; ".join(moves), "reason": reason}, why]


def expect_text(game: str, view: dict[str, Any]) -> str:
    """A view's prompt ("place one of the two hand cards") in the active
    language; the English ``expect`` for a view without its message."""
    data = view.get("expect_message")
    return view.get("expect", "") if data is None else translate(game, Message.load(data))


def error_text(game: str, error: EngineError) -> str:
    """What the engine refused, in the active language."""
    return translate(game, error.message)


def move_text(game: str, text: str) -> str:
    """A move's canonical (English) notation as the reader writes it, in
    the active language; the game's parser reads it back to the same move."""
    return get_rules(game).notation_in(text, get_language() or "en")


#: An engine slug a move's notation may still name ("wheat_field").
_SLUG = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def move_words(game: str, text: str) -> str:
    """``move_text`` with each engine slug it still names written as the
    game's name for it, lower case first ("take 1 fishing harbour D3", not
    "take 1 fishing_harbour D3"): what a page or mail shows and fills into
    the move box; the parser reads it back to the same move."""
    return _SLUG.sub(lambda m: in_text(term(game, m.group(0))), move_text(game, text))


def in_text(name: str) -> str:
    """A card's display name as a word of notation or of a sentence: lower
    case first, as the engine's own words are ("tavern D3", not "Fishing
    harbour D3" next to it; "Bob placed mill at D4"); the parsers read any case."""
    return name[:1].lower() + name[1:]
