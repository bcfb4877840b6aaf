from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "alta_site.accounts"
    label = "accounts"
    verbose_name = "Accounts"
