from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "alta_site.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from . import schema, signals  # noqa: F401  (register the OpenAPI extension, the sign-in receivers)
