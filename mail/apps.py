from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailConfig(AppConfig):
    name = "mail"
    label = "mail"
    verbose_name = _("Game mail")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the games hook and the anymail inbound signal)
        from .bounced_invitations import PREFIX, game_invitation_bounced
        from .bounces import bounced_mail_register

        bounced_mail_register(PREFIX, game_invitation_bounced)
