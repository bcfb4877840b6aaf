from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DevmailConfig(AppConfig):
    name = "alta_site.devmail"
    label = "devmail"
    verbose_name = _("Local mailbox")
