"""Sections other apps add to the game page, so that the games app never
depends on them (dependencies point towards ``games``).

An app registers a panel in its ``AppConfig.ready``; the game page shows
every panel that has something to say about the match, in registration
order, and links the stylesheets the panels name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.safestring import SafeString

from games.models import Match


@dataclass(frozen=True)
class Panel:
    #: HTML of the section for a match ("" when there is nothing to show).
    render: Callable[[Match], SafeString | str]
    #: Static paths of the stylesheets the section needs.
    stylesheets: tuple[str, ...] = ()


_PANELS: dict[str, Panel] = {}


def panel_register(
    name: str, render: Callable[[Match], SafeString | str], *, stylesheets: tuple[str, ...] = ()
) -> None:
    """Add (or replace) the panel ``name``."""
    _PANELS[name] = Panel(render, tuple(stylesheets))


def panels_for(match: Match) -> tuple[list[SafeString | str], list[str]]:
    """The HTML of the panels with something to show for ``match``, and the
    stylesheets the page must link (each once)."""
    shown, styles = [], []
    for panel in _PANELS.values():
        html = panel.render(match)
        if html.strip():
            shown.append(html)
            styles += [path for path in panel.stylesheets if path not in styles]
    return shown, styles
