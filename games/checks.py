"""Start-up system checks: a registered game that does not load stops the site.

Without this a broken rules or drawing module would only show up when
someone opens that game (or, worse, the game would quietly vanish from the
lists), so ``manage.py check`` (and ``runserver``, ``migrate``) fails
instead.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register


@register()
def registered_games_load(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """One error per registered game whose rules or drawing fail to import."""
    from games.boards import board_for
    from games.engine import import_errors, registered_slugs

    errors = [
        Error(
            f"Game {slug!r} is registered but its rules do not load: {error!r}",
            hint="Fix the module named in games/engine/registry.py or unregister the game.",
            id="games.E001",
        )
        for slug, error in import_errors().items()
    ]
    for slug in registered_slugs():
        try:
            board_for(slug)
        except Exception as error:
            errors.append(
                Error(
                    f"Game {slug!r} is registered but its drawing does not load: {error!r}",
                    hint=f"Fix games/boards/{slug}/.",
                    id="games.E002",
                )
            )
    return errors
