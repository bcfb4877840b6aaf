"""The lines of a game's lifecycle log (``MatchEvent``) in each reader's
language.

A line is recorded as an English msgid (marked with ``gettext_noop``) and
its parameters; the row keeps the English line as ``text`` (staff, old
readers) and both parts in ``data`` (``message``, ``params``), so that
each reader sees it in their own language, as the tournament log does
(``TournamentEvent.shown_text``).  Parameters are names (a closed
account's is translated when shown), lists of names (joined with the
reader's "and"), moments (``times``: stored ISO, shown in the reader's
zone with the zone named) and moves (``notation``: stored canonical, shown
in the reader's notation).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext

from core.closed_names import closed_names_shown
from core.moments import written_moment
from games.i18n import move_words


def _stored(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return str(value)


def line_record(
    message: str, params: Mapping[str, Any] | None, *, times: Iterable[str] = (), notation: Iterable[str] = ()
) -> tuple[str, dict[str, Any]]:
    """The English line of ``message`` with ``params``, and what ``data``
    keeps to write it again in another language."""
    stored = {key: _stored(value) for key, value in (params or {}).items()}
    data: dict[str, Any] = {"message": message, "params": stored}
    if times:
        data["times"] = list(times)
    if notation:
        data["notation"] = list(notation)
    english = {key: _english(key, value, data) for key, value in stored.items()}
    return (message % english if stored else message), data


def _english(key: str, value: Any, data: Mapping[str, Any]) -> str:
    if key in data.get("times", ()):
        return f"{dt.datetime.fromisoformat(value).astimezone(dt.UTC):%Y-%m-%d %H:%M} UTC"
    if isinstance(value, list):
        return " and ".join(value)
    return value


def line_shown(game: str, text: str, data: Mapping[str, Any]) -> str:
    """The line in the active language and time zone; a line recorded
    before lines were translatable reads as it was written (its closed
    names translated)."""
    message = data.get("message")
    if not message:
        return closed_names_shown(text)
    params = data.get("params") or {}
    shown = {key: _shown(game, key, value, data) for key, value in params.items()}
    return gettext(message) % shown if params else gettext(message)


def _shown(game: str, key: str, value: Any, data: Mapping[str, Any]) -> str:
    if key in data.get("times", ()):
        return written_moment(timezone.get_current_timezone(), dt.datetime.fromisoformat(value))
    if key in data.get("notation", ()):
        return "; ".join(move_words(game, part.strip()) for part in value.split(";") if part.strip())
    if isinstance(value, list):
        return get_text_list([closed_names_shown(name) for name in value], gettext("and"))
    return closed_names_shown(value)
