from django.apps import AppConfig


class DevmailConfig(AppConfig):
    name = "alta_site.devmail"
    label = "devmail"
    verbose_name = "Local mailbox"
