from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "alta_site.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from . import schema  # noqa: F401  (registers the OpenAPI extension)
