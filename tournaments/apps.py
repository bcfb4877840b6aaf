from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games import signals

        from . import receivers
        from .signals import autoplay_due

        signals.match_finished.connect(receivers.on_match_finished, dispatch_uid="tournaments-game-finished")
        autoplay_due.connect(receivers.on_autoplay_due, dispatch_uid="tournaments-autoplay")
