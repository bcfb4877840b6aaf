from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games import signals

        from . import receivers

        signals.match_finished.connect(
            receivers.on_match_finished, dispatch_uid="ratings-apply"
        )
