from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games import signals
        from games.panels import panel_register

        from . import receivers
        from .panels import rating_changes_panel

        signals.match_finished.connect(receivers.on_match_finished, dispatch_uid="ratings-apply")
        panel_register("rating-changes", rating_changes_panel, stylesheets=("ratings/ratings.css",))
