from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games import signals
        from games.organised import event_context_register
        from games.panels import panel_register

        from . import receivers
        from .game_context import KIND as GAME_KIND
        from .game_context import ladder_context
        from .panels import rating_changes_panel

        signals.match_finished.connect(receivers.on_match_finished, dispatch_uid="ratings-apply")
        event_context_register(GAME_KIND, ladder_context, rematch=True)
        panel_register("rating-changes", rating_changes_panel, stylesheets=("ratings/ratings.css",))
