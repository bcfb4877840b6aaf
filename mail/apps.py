from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    label = "mail"
    verbose_name = "Game mail"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the games hook and the anymail inbound signal)
