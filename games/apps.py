from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from . import notifications, signals

        signals.match_event.connect(notifications.on_match_event, dispatch_uid="games-invitations")
